import KeelSupport

/// A dependency container: typed keys, scopes, sync and async factories, child containers
/// and task-local test overrides. `Sendable`, so it can be a global `let`:
///
/// ```swift
/// let services = ServiceContainer()
/// try services.register(ServiceKeys.analytics, scope: .singleton) { _ in ConsoleAnalytics() }
/// let analytics = try services.resolve(ServiceKeys.analytics)
/// ```
///
/// Registering and resolving are safe from any thread at the same time. A caching scope
/// creates its instance exactly once, also when many threads or tasks resolve it first
/// together (async factories are single-flight: every caller awaits the one creation).
public final class ServiceContainer: Sendable {
    /// Registrations. Each one carries its published instance (``Registration/published``),
    /// guarded by this lock too, so one lock and one lookup find either, and replacing or
    /// resetting a registration drops its instance in the same step.
    struct State {
        var registrations: [AnyServiceKey: Registration] = [:]
    }

    let state: Locked<State>
    /// The container lookups fall back to.
    package let parent: ServiceContainer?

    /// Creates an empty container, optionally a child of `parent`.
    public init(parent: ServiceContainer? = nil) {
        self.parent = parent
        state = Locked(State())
    }

    private init(parent: ServiceContainer?, registrations: [AnyServiceKey: Registration]) {
        self.parent = parent
        state = Locked(State(registrations: registrations))
    }

    /// A child container: its registrations win, everything else falls back to this one.
    package func child() -> ServiceContainer {
        ServiceContainer(parent: self)
    }

    // MARK: Registering

    /// Registers a synchronous factory.
    ///
    /// - Parameters:
    ///   - eager: resolve it in ``validate()``.
    ///   - replace: replace an existing registration instead of throwing.
    /// - Throws: `ResolutionError/alreadyRegistered(key:)`.
    public func register<Service>(
        _ key: ServiceKey<Service>, scope: ServiceScope = .transient, owner: String? = nil,
        eager: Bool = false,
        replace: Bool = false, factory: @escaping @Sendable (Resolver) throws -> Service
    ) throws {
        let typed = TypedFactory(factory)
        try add(
            Registration(
                key: key.erased, scope: scope, owner: owner, eager: eager,
                factory: .sync { try typed.make($0) }, typedFactory: typed, revive: { $0 as? Service }),
            replace: replace)
    }

    /// Registers an async factory; resolve it with `try await`.
    public func registerAsync<Service>(
        _ key: ServiceKey<Service>, scope: ServiceScope = .transient, owner: String? = nil,
        eager: Bool = false,
        replace: Bool = false, factory: @escaping @Sendable (Resolver) async throws -> Service
    ) throws {
        try add(
            Registration(
                key: key.erased, scope: scope, owner: owner, eager: eager,
                factory: .async { try await factory($0) }, typedFactory: nil,
                revive: { $0 as? Service }),
            replace: replace)
    }

    /// Registers a factory that runs on the main actor; resolve it with `try await` from
    /// anywhere (the container hops to the main actor, it never traps).
    package func registerOnMainActor<Service>(
        _ key: ServiceKey<Service>, scope: ServiceScope = .transient, owner: String? = nil,
        eager: Bool = false,
        replace: Bool = false, factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
    ) throws {
        try registerAsync(key, scope: scope, owner: owner, eager: eager, replace: replace) { resolver in
            try await MainActor.run { try factory(resolver) }
        }
    }

    private func add(_ registration: Registration, replace: Bool) throws {
        // Under `withOverrides`, registering goes to the task's copy, as resolves do.
        let target = overrideTarget()
        if target !== self { return try target.add(registration, replace: replace) }
        try state.withLock { state in
            if !replace, state.registrations[registration.key] != nil {
                throw ResolutionError.alreadyRegistered(key: registration.key.description)
            }
            state.registrations[registration.key] = registration
        }
    }

    /// Removes the registration for `key`; returns whether there was one.
    @discardableResult
    public func unregister<Service>(_ key: ServiceKey<Service>) -> Bool {
        let target = overrideTarget()
        if target !== self { return target.unregister(key) }
        return state.withLock { state in
            state.registrations.removeValue(forKey: key.erased) != nil
        }
    }

    /// Removes every registration made by `owner` in one step; returns how many.
    @discardableResult
    package func unregisterAll(owner: String) -> Int {
        let target = overrideTarget()
        if target !== self { return target.unregisterAll(owner: owner) }
        return state.withLock { state in
            let keys = state.registrations.values.filter { $0.owner == owner }.map(\.key)
            for key in keys { state.registrations[key] = nil }
            return keys.count
        }
    }

    /// Drops the instances of `scope` so the next resolve creates new ones. ``ServiceScope/singleton``
    /// is never reset; `.cached` and each custom scope reset on their own. Under
    /// ``withOverrides(_:operation:)`` it resets the task's copy, the one its resolves use.
    public func reset(_ scope: ServiceScope) {
        guard scope != .singleton else { return }
        // It used to reset the original (visible to every parallel test) and leave the copy's
        // instances, so code under test kept resolving the pre-reset one.
        let target = overrideTarget()
        if target !== self { return target.reset(scope) }
        let affected = state.current.registrations.values.filter { $0.scope == scope }
        // The registration's own instance first, then (under the container's lock) the
        // published copy and the generation, so a resolve that overlaps the reset cannot
        // publish an instance from before it. The two locks are never nested.
        for registration in affected { registration.reset() }
        state.withLock { _ in
            for registration in affected {
                registration.generation.add(1)
                registration.published = nil
            }
        }
    }

    /// This container's registrations (not its parent's), ordered by key.
    package var registrations: [ServiceRegistrationInfo] {
        let target = overrideTarget()
        if target !== self { return target.registrations }
        return state.current.registrations.values.map(\.info).sorted {
            $0.key.description < $1.key.description
        }
    }

    // MARK: Resolving

    /// Resolves `key` synchronously.
    ///
    /// - Throws: `ResolutionError/notRegistered(key:path:)`, `ResolutionError/cycle(_:)`,
    ///   `ResolutionError/requiresAsync(key:)`, or the factory's error.
    @inlinable
    public func resolve<Service>(_ key: ServiceKey<Service>) throws -> Service {
        // Inlinable, so an app's call is specialised for its service type: a published
        // instance and a transient factory are read through typed boxes, with no existential,
        // no dynamic cast and no generic metadata lookup (the container bench measures a
        // resolve per scope).
        let (registration, owner, published) = try overrideTarget().find(key.erased)
        if let published { return Published<Service>.unbox(published) }
        if registration.kind == .transient, let typed = registration.typedFactory {
            // The top-level resolver is recycled when the factory kept no reference to it.
            var resolver = registration.takeSpareResolver() ?? owner.resolver(for: key.erased)
            let service = try TypedFactory<Service>.unbox(typed).make(resolver)
            registration.recycle(&resolver)
            return service
        }
        return try resolveUncached(key, registration, owner)
    }

    /// Resolves `key`, awaiting async and main-actor factories.
    @inlinable
    public func resolve<Service>(_ key: ServiceKey<Service>) async throws -> Service {
        let (registration, owner, published) = try overrideTarget().find(key.erased)
        if let published { return Published<Service>.unbox(published) }
        if registration.kind == .transient, let typed = registration.typedFactory {
            return try TypedFactory<Service>.unbox(typed).make(owner.resolver(for: key.erased))
        }
        return try await resolveUncachedAsync(key, registration, owner)
    }

    /// Runs the registration's factory (or its scope's store) and publishes a caching
    /// scope's new instance.
    @usableFromInline
    func resolveUncached<Service>(
        _ key: ServiceKey<Service>, _ registration: Registration, _ owner: ServiceContainer
    ) throws -> Service {
        let generation = registration.generation.load()
        let value: Service = try cast(registration.resolve(owner.resolver(for: key.erased)), key.erased)
        owner.publish(value, for: registration, generation: generation)
        return value
    }

    /// ``resolveUncached(_:_:_:)``, awaiting an async factory.
    @usableFromInline
    func resolveUncachedAsync<Service>(
        _ key: ServiceKey<Service>, _ registration: Registration, _ owner: ServiceContainer
    ) async throws -> Service {
        let generation = registration.generation.load()
        let value: Service = try cast(
            await registration.resolveAsync(owner.resolver(for: key.erased)), key.erased)
        owner.publish(value, for: registration, generation: generation)
        return value
    }

    /// Publishes a caching scope's instance for the fast path, unless the registration was
    /// replaced or reset since the resolve began.
    func publish<Service: Sendable>(_ value: Service, for registration: Registration, generation: Int) {
        guard registration.kind == .caching else { return }
        let box = Published(value)
        state.withLock { state in
            guard state.registrations[registration.key] === registration,
                registration.generation.load() == generation
            else { return }
            registration.published = box
        }
    }

    /// The registration for `key` here or in the nearest parent that has one, with the
    /// container that owns it and its published instance: one lock and one lookup per
    /// container asked.
    @usableFromInline
    func find(_ key: AnyServiceKey) throws -> (Registration, ServiceContainer, AnyObject?) {
        var container: ServiceContainer? = self
        while let current = container {
            let found = current.state.withLock { state -> (Registration, AnyObject?)? in
                guard let registration = state.registrations[key] else { return nil }
                return (registration, registration.published)
            }
            if let (registration, published) = found { return (registration, current, published) }
            // A parent overridden in this task tree is looked up in its stand-in: resolves
            // through a child used to reach the original parent's registrations.
            container = current.parent?.overrideTarget()
        }
        throw ResolutionError.notRegistered(key: key.description, path: [key.description])
    }

    /// Finds the registration here or in a parent, with the container that owns it.
    func lookup(_ key: AnyServiceKey) -> (Registration, ServiceContainer)? {
        var container: ServiceContainer? = self
        while let current = container {
            if let registration = current.state.withLock({ $0.registrations[key] }) {
                return (registration, current)
            }
            container = current.parent?.overrideTarget()
        }
        return nil
    }

    @usableFromInline
    func resolver(for key: AnyServiceKey) -> Resolver {
        Resolver(container: self, key: key)
    }

    /// A copy of this container with the same registrations and no instances.
    func freshCopy() -> ServiceContainer {
        ServiceContainer(parent: parent, registrations: state.current.registrations.mapValues { $0.fresh() })
    }

    // MARK: Validation

    /// Resolves every eager registration (awaiting async ones) and reports every failure
    /// together.
    ///
    /// - Throws: `ContainerValidationError` listing each failed key and its error.
    public func validate() async throws {
        let target = overrideTarget()
        if target !== self { return try await target.validate() }
        let eager = state.current.registrations.values.filter(\.eager).sorted {
            $0.key.description < $1.key.description
        }
        var failures: [ContainerValidationError.Failure] = []
        for registration in eager {
            do {
                _ = try await registration.resolveAsync(resolver(for: registration.key))
            } catch {
                failures.append(.init(key: registration.key.description, error: error))
            }
        }
        if !failures.isEmpty { throw ContainerValidationError(failures: failures) }
    }
}
