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
    private let registrationsByKey: Locked<[AnyServiceKey: Registration]>
    /// The container lookups fall back to.
    public let parent: ServiceContainer?

    /// Creates an empty container, optionally a child of `parent`.
    public init(parent: ServiceContainer? = nil) {
        self.parent = parent
        registrationsByKey = Locked([:])
    }

    private init(parent: ServiceContainer?, registrations: [AnyServiceKey: Registration]) {
        self.parent = parent
        registrationsByKey = Locked(registrations)
    }

    /// A child container: its registrations win, everything else falls back to this one.
    public func child() -> ServiceContainer {
        ServiceContainer(parent: self)
    }

    // MARK: Registering

    /// Registers a synchronous factory.
    ///
    /// - Parameters:
    ///   - eager: resolve it in ``validate()``.
    ///   - replace: replace an existing registration instead of throwing.
    /// - Throws: ``ResolutionError/alreadyRegistered(key:)``.
    public func register<Service>(
        _ key: ServiceKey<Service>, scope: ServiceScope = .transient, owner: String? = nil,
        eager: Bool = false,
        replace: Bool = false, factory: @escaping @Sendable (Resolver) throws -> Service
    ) throws {
        try add(
            Registration(
                key: key.erased, scope: scope, owner: owner, eager: eager, factory: .sync { try factory($0) },
                revive: { $0 as? Service }),
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
                factory: .async { try await factory($0) },
                revive: { $0 as? Service }),
            replace: replace)
    }

    /// Registers a factory that runs on the main actor; resolve it with `try await` from
    /// anywhere (the container hops to the main actor, it never traps).
    public func registerOnMainActor<Service>(
        _ key: ServiceKey<Service>, scope: ServiceScope = .transient, owner: String? = nil,
        eager: Bool = false,
        replace: Bool = false, factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
    ) throws {
        try registerAsync(key, scope: scope, owner: owner, eager: eager, replace: replace) { resolver in
            try await MainActor.run { try factory(resolver) }
        }
    }

    private func add(_ registration: Registration, replace: Bool) throws {
        try registrationsByKey.withLock { registrations in
            if !replace, registrations[registration.key] != nil {
                throw ResolutionError.alreadyRegistered(key: registration.key.description)
            }
            registrations[registration.key] = registration
        }
    }

    /// Removes the registration for `key`; returns whether there was one.
    @discardableResult
    public func unregister<Service>(_ key: ServiceKey<Service>) -> Bool {
        registrationsByKey.withLock { $0.removeValue(forKey: key.erased) != nil }
    }

    /// Removes every registration made by `owner` in one step; returns how many.
    @discardableResult
    public func unregisterAll(owner: String) -> Int {
        registrationsByKey.withLock { registrations in
            let keys = registrations.values.filter { $0.owner == owner }.map(\.key)
            for key in keys { registrations[key] = nil }
            return keys.count
        }
    }

    /// Drops the instances of `scope` so the next resolve creates new ones. ``ServiceScope/singleton``
    /// is never reset; `.cached` and each custom scope reset on their own.
    public func reset(_ scope: ServiceScope) {
        guard scope != .singleton else { return }
        for registration in registrationsByKey.current.values where registration.scope == scope {
            registration.reset()
        }
    }

    /// This container's registrations (not its parent's), ordered by key.
    public var registrations: [ServiceRegistrationInfo] {
        registrationsByKey.current.values.map(\.info).sorted { $0.key.description < $1.key.description }
    }

    // MARK: Resolving

    /// Resolves `key` synchronously.
    ///
    /// - Throws: ``ResolutionError/notRegistered(key:path:)``, ``ResolutionError/cycle(_:)``,
    ///   ``ResolutionError/requiresAsync(key:)``, or the factory's error.
    public func resolve<Service>(_ key: ServiceKey<Service>) throws -> Service {
        let target = overrideTarget()
        guard let (registration, owner) = target.lookup(key.erased) else {
            throw ResolutionError.notRegistered(key: key.description, path: [key.description])
        }
        // Fast path: a cached instance costs one lookup and one lock.
        if registration.scope.caches, let value = registration.cachedValue {
            return try cast(value, key)
        }
        return try cast(try registration.resolve(owner.resolver(for: key.erased)), key)
    }

    /// Resolves `key`, awaiting async and main-actor factories.
    public func resolve<Service>(_ key: ServiceKey<Service>) async throws -> Service {
        let target = overrideTarget()
        guard let (registration, owner) = target.lookup(key.erased) else {
            throw ResolutionError.notRegistered(key: key.description, path: [key.description])
        }
        if registration.scope.caches, let value = registration.cachedValue {
            return try cast(value, key)
        }
        return try cast(try await registration.resolveAsync(owner.resolver(for: key.erased)), key)
    }

    /// Finds the registration here or in a parent, with the container that owns it.
    func lookup(_ key: AnyServiceKey) -> (Registration, ServiceContainer)? {
        var container: ServiceContainer? = self
        while let current = container {
            if let registration = current.registrationsByKey.withLock({ $0[key] }) {
                return (registration, current)
            }
            container = current.parent
        }
        return nil
    }

    private func resolver(for key: AnyServiceKey) -> Resolver {
        Resolver(container: self, path: [key], graph: Locked([:]))
    }

    /// A copy of this container with the same registrations and no instances.
    func freshCopy() -> ServiceContainer {
        ServiceContainer(parent: parent, registrations: registrationsByKey.current.mapValues { $0.fresh() })
    }

    // MARK: Validation

    /// Resolves every eager registration (awaiting async ones) and reports every failure
    /// together.
    ///
    /// - Throws: ``ContainerValidationError`` listing each failed key and its error.
    public func validate() async throws {
        let eager = registrationsByKey.current.values.filter(\.eager).sorted {
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

extension Registration {
    /// The instance of a caching scope, if created.
    var cachedValue: (any Sendable)? {
        instance.withLock { state in
            if case .value(let value) = state { return value }
            return nil
        }
    }
}
