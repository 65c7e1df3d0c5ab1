import KeelSupport

/// A registered factory and, for caching scopes, its instance.
final class Registration: Sendable {
    enum Factory: Sendable {
        case sync(@Sendable (Resolver) throws -> any Sendable)
        case async(@Sendable (Resolver) async throws -> any Sendable)
    }

    enum Instance {
        case empty
        case value(any Sendable)
        case weak(WeakReference)
        /// An async single-flight creation in progress; concurrent resolvers await it.
        case creating(Task<any Sendable, any Error>)
    }

    let key: AnyServiceKey
    let scope: ServiceScope
    let owner: String?
    let eager: Bool
    let factory: Factory
    /// Casts a weakly held object back to the service type (which is `Sendable`).
    let revive: @Sendable (AnyObject) -> (any Sendable)?
    let instance = Locked(Instance.empty)
    /// Bumped by every reset: a resolve publishes its instance only if no reset happened since.
    let generation = AtomicInt(0)

    init(
        key: AnyServiceKey, scope: ServiceScope, owner: String?, eager: Bool, factory: Factory,
        revive: @escaping @Sendable (AnyObject) -> (any Sendable)?
    ) {
        self.key = key
        self.scope = scope
        self.owner = owner
        self.eager = eager
        self.factory = factory
        self.revive = revive
    }

    /// The same registration with no instance (for override layers).
    func fresh() -> Registration {
        Registration(key: key, scope: scope, owner: owner, eager: eager, factory: factory, revive: revive)
    }

    var info: ServiceRegistrationInfo {
        let isAsync: Bool
        if case .async = factory { isAsync = true } else { isAsync = false }
        return ServiceRegistrationInfo(key: key, scope: scope, owner: owner, eager: eager, isAsync: isAsync)
    }

    func reset() {
        instance.withLock { state in
            if case .creating = state { return }
            state = .empty
        }
    }

    // MARK: Sync

    func resolve(_ resolver: Resolver) throws -> any Sendable {
        switch scope {
        case .transient:
            return try create(resolver)
        case .graph:
            return try resolver.graphInstance(for: key) { try create(resolver) }
        case .weak:
            return try instance.withLock { state in
                if case .weak(let reference) = state, let object = reference.object,
                    let value = revive(object)
                {
                    return value
                }
                let value = try create(resolver)
                if type(of: value as Any) is AnyClass { state = .weak(WeakReference(value as AnyObject)) }
                return value
            }
        default:
            // Creating under the registration's own lock makes the factory run exactly once
            // however many threads resolve at the same time.
            return try instance.withLock { state in
                if case .value(let value) = state { return value }
                let value = try create(resolver)
                state = .value(value)
                return value
            }
        }
    }

    private func create(_ resolver: Resolver) throws -> any Sendable {
        guard case .sync(let make) = factory else {
            throw ResolutionError.requiresAsync(key: key.description)
        }
        return try make(resolver)
    }

    // MARK: Async

    func resolveAsync(_ resolver: Resolver) async throws -> any Sendable {
        guard case .async(let make) = factory else { return try resolve(resolver) }
        switch scope {
        case .transient, .weak:
            return try await make(resolver)
        case .graph:
            if let existing = resolver.graphValue(for: key) { return existing }
            let value = try await make(resolver)
            return resolver.storeGraph(value, for: key)
        default:
            let task = instance.withLock { state -> Task<any Sendable, any Error> in
                switch state {
                case .value(let value): return Task { value }
                case .creating(let task): return task
                case .empty, .weak:
                    let task = Task<any Sendable, any Error> {
                        do {
                            let value = try await make(resolver)
                            self.instance.withLock { $0 = .value(value) }
                            return value
                        } catch {
                            self.instance.withLock { $0 = .empty }
                            throw error
                        }
                    }
                    state = .creating(task)
                    return task
                }
            }
            return try await task.value
        }
    }
}

/// A weak reference that can cross threads.
final class WeakReference: Sendable {
    // `weak let` is not allowed before Swift 6.2's SE-0481; a lock guards the variable.
    private let storage: Locked<Weak>

    private struct Weak {
        weak var object: AnyObject?
    }

    init(_ object: AnyObject) {
        storage = Locked(Weak(object: object))
    }

    var object: AnyObject? { storage.withLock { $0.object } }
}
