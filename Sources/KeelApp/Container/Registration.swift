import KeelSupport

/// A registered factory and, for caching scopes, its instance.
@usableFromInline
final class Registration: @unchecked Sendable {
    // Invariant: every stored property is a `let` of Sendable type except `published`, which
    // is read and written only while the owning container's state lock is held (a
    // registration belongs to exactly one container: override copies make fresh ones).
    enum Factory: Sendable {
        case sync(@Sendable (Resolver) throws -> any Sendable)
        case async(@Sendable (Resolver) async throws -> any Sendable)
    }

    enum Instance {
        case empty
        case value(any Sendable)
        case weak(WeakReference)
        /// A single-flight creation in progress; concurrent resolvers wait for it.
        case creating(Creation)
    }

    /// How a scope behaves, decided once: `ServiceScope` is a string, and comparing strings on
    /// every resolve cost a transient resolve three `String ==` (and their lazy statics).
    @usableFromInline
    enum Kind {
        case transient, weak, graph
        /// Singleton, cached and every custom scope: one instance until reset.
        case caching
    }

    let key: AnyServiceKey
    let scope: ServiceScope
    @usableFromInline let kind: Kind
    /// The synchronous factory with its service type intact (a ``TypedFactory``), `nil` for
    /// async factories: a transient resolve calls it with no existential and no cast.
    @usableFromInline let typedFactory: (any AnyObject & Sendable)?
    /// The caching scope's instance for the fast path (a ``Published``), once published.
    @usableFromInline @exclusivity(unchecked) var published: AnyObject?
    let owner: String?
    let eager: Bool
    let factory: Factory
    /// Casts a weakly held object back to the service type (which is `Sendable`).
    let revive: @Sendable (AnyObject) -> (any Sendable)?
    let instance = Locked(Instance.empty)
    /// Bumped by every reset: a resolve publishes its instance only if no reset happened since.
    let generation = AtomicInt(0)
    /// A top-level resolver kept for the next transient resolve (the bits of a retained
    /// `Unmanaged<Resolver>`, 0 when none): allocating and freeing one per resolve was about
    /// a fifth of a transient resolve. It is taken and given back with atomic exchanges, so
    /// one resolve at a time holds it, and given back only when nothing else holds it.
    let spareResolver = AtomicInt(0)

    deinit {
        let bits = spareResolver.load()
        if bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) {
            Unmanaged<Resolver>.fromOpaque(pointer).release()
        }
    }

    /// The spare top-level resolver, if one is free (see ``spareResolver``).
    @usableFromInline
    func takeSpareResolver() -> Resolver? {
        let bits = spareResolver.load()
        guard bits != 0, spareResolver.compareExchange(expected: bits, desired: 0),
            let pointer = UnsafeRawPointer(bitPattern: bits)
        else { return nil }
        return Unmanaged<Resolver>.fromOpaque(pointer).takeRetainedValue()
    }

    /// Keeps `resolver` as the spare when the factory kept no reference to it (a stored or
    /// captured resolver is never reused) and no spare is kept already.
    @usableFromInline
    func recycle(_ resolver: inout Resolver) {
        guard resolver.parent == nil, isKnownUniquelyReferenced(&resolver) else { return }
        resolver.prepareForReuse()
        let retained = Unmanaged.passRetained(resolver)
        let bits = Int(bitPattern: retained.toOpaque())
        if !spareResolver.compareExchange(expected: 0, desired: bits) { retained.release() }
    }

    init(
        key: AnyServiceKey, scope: ServiceScope, owner: String?, eager: Bool, factory: Factory,
        typedFactory: (any AnyObject & Sendable)?, revive: @escaping @Sendable (AnyObject) -> (any Sendable)?
    ) {
        self.typedFactory = typedFactory
        self.key = key
        self.scope = scope
        switch scope {
        case .transient: kind = .transient
        case .weak: kind = .weak
        case .graph: kind = .graph
        default: kind = .caching
        }
        self.owner = owner
        self.eager = eager
        self.factory = factory
        self.revive = revive
    }

    /// The same registration with no instance (for override layers).
    func fresh() -> Registration {
        Registration(
            key: key, scope: scope, owner: owner, eager: eager, factory: factory, typedFactory: typedFactory,
            revive: revive)
    }

    var info: ServiceRegistrationInfo {
        let isAsync: Bool
        if case .async = factory { isAsync = true } else { isAsync = false }
        return ServiceRegistrationInfo(key: key, scope: scope, owner: owner, eager: eager, isAsync: isAsync)
    }

    func reset() {
        instance.withLock { state in
            if case .creating(let creation) = state {
                // A synchronous creation's result is dropped when it ends, as when the reset
                // used to wait for the creation's lock (resolvers blocked on it then create
                // anew).
                if creation.task == nil {
                    creation.resetRequested = true
                    return
                }
                // An async creation is forgotten: its task stores its value only while the
                // state still holds it, so a resolve that begins after the reset creates a
                // new instance; the creation's own waiters still get its value. (It used to
                // be left alone, and the pre-reset instance was kept and returned from then
                // on: the signed-out user's session object for the next user.)
                state = .empty
                return
            }
            state = .empty
        }
    }

    // MARK: Sync

    func resolve(_ resolver: Resolver) throws -> any Sendable {
        switch kind {
        case .transient:
            return try create(resolver)
        case .graph:
            return try resolver.graphInstance(for: key) { try create(resolver) }
        case .weak:
            return try singleFlight(resolver, cached: weakValue, keep: weakInstance)
        case .caching:
            return try singleFlight(resolver, cached: cachedValue, keep: { .value($0) })
        }
    }

    /// The live object a weak-scope state holds, if any.
    private func weakValue(_ state: Instance) -> (any Sendable)? {
        guard case .weak(let reference) = state, let object = reference.object else { return nil }
        return revive(object)
    }

    /// The instance a caching-scope state holds, if any.
    private func cachedValue(_ state: Instance) -> (any Sendable)? {
        guard case .value(let value) = state else { return nil }
        return value
    }

    /// What a weak scope keeps of a new value: a weak reference to an object, nothing of a value.
    private func weakInstance(_ value: any Sendable) -> Instance {
        type(of: value as Any) is AnyClass ? .weak(WeakReference(value as AnyObject)) : .empty
    }

    /// Returns the kept instance or creates it once: concurrent resolvers wait for the one
    /// creation. The factory runs outside the registration's lock (it used to run under it),
    /// so a resolver about to wait first checks that the creation does not wait for it.
    private func singleFlight(
        _ resolver: Resolver, cached: (Instance) -> (any Sendable)?, keep: (any Sendable) -> Instance
    ) throws -> any Sendable {
        enum Step {
            case found(any Sendable)
            case wait(Creation)
            case create(Creation)
        }
        while true {
            let step = try instance.withLock { state -> Step in
                if let value = cached(state) { return .found(value) }
                guard case .sync = factory else { throw ResolutionError.requiresAsync(key: key.description) }
                if case .creating(let creation) = state { return .wait(creation) }
                let creation = Creation(key: key)
                state = .creating(creation)
                return .create(creation)
            }
            switch step {
            case .found(let value):
                return value
            case .wait(let creation):
                let (held, outer) = Creation.held(by: resolver)
                if !held.isEmpty {
                    if let chain = Creation.beginWait(held: held, on: creation) {
                        throw ResolutionError.cycle(
                            (outer + resolver.path + chain.dropFirst()).map(\.description))
                    }
                }
                creation.waitUntilFinished()
                if !held.isEmpty { Creation.endWait(held: held, on: creation) }
            case .create(let creation):
                resolver.creation = creation
                defer { creation.finish() }
                do {
                    let value = try Creation.runSync(creation) { try create(resolver) }
                    instance.withLock { state in
                        guard case .creating(let current) = state, current === creation else { return }
                        state = creation.resetRequested ? .empty : keep(value)
                    }
                    return value
                } catch {
                    instance.withLock { state in
                        guard case .creating(let current) = state, current === creation else { return }
                        state = .empty
                    }
                    throw error
                }
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
        switch kind {
        case .transient:
            return try await make(resolver)
        case .graph:
            if let existing = resolver.graphValue(for: key) { return existing }
            let value = try await make(resolver)
            return resolver.storeGraph(value, for: key)
        case .weak:
            // Kept weakly as the synchronous path does: it used to make a new object on
            // every resolve.
            return try await singleFlightAsync(resolver, make, cached: weakValue, keep: weakInstance)
        case .caching:
            return try await singleFlightAsync(resolver, make, cached: cachedValue, keep: { .value($0) })
        }
    }

    /// ``singleFlight(_:cached:keep:)`` for an async factory: the creation is a task every
    /// concurrent resolver awaits.
    private func singleFlightAsync(
        _ resolver: Resolver, _ make: @escaping @Sendable (Resolver) async throws -> any Sendable,
        cached: (Instance) -> (any Sendable)?, keep: @escaping @Sendable (any Sendable) -> Instance
    ) async throws -> any Sendable {
        enum Step {
            case found(any Sendable)
            case wait(Creation)
            case created(Task<any Sendable, any Error>, Creation, held: [Creation])
        }
        let step = instance.withLock { state -> Step in
            if let value = cached(state) { return .found(value) }
            if case .creating(let creation) = state { return .wait(creation) }
            let creation = Creation(key: key)
            // What the caller runs waits for the new creation: recorded before its task
            // starts, so a cycle back to the caller is seen by the task's own wait.
            let held = Creation.held(by: resolver).held
            if !held.isEmpty { _ = Creation.beginWait(held: held, on: creation) }
            resolver.creation = creation
            let task = Task<any Sendable, any Error> { [weak creation] in
                do {
                    let value: any Sendable
                    if let creation {
                        value = try await Creation.runAsync(creation) { try await make(resolver) }
                    } else {
                        value = try await make(resolver)
                    }
                    self.instance.withLock { state in
                        guard case .creating(let current) = state, current === creation else { return }
                        state = keep(value)
                    }
                    return value
                } catch {
                    self.instance.withLock { state in
                        guard case .creating(let current) = state, current === creation else { return }
                        state = .empty
                    }
                    throw error
                }
            }
            creation.task = task
            state = .creating(creation)
            return .created(task, creation, held: held)
        }
        let creation: Creation
        switch step {
        case .found(let value): return value
        case .created(let task, let created, let held):
            guard !held.isEmpty else { return try await task.value }
            defer { Creation.endWait(held: held, on: created) }
            return try await task.value
        case .wait(let waited): creation = waited
        }
        guard let task = creation.task else {
            // Unreachable: an async factory's creations always have a task.
            throw ResolutionError.requiresAsync(key: key.description)
        }
        let (held, outer) = Creation.held(by: resolver)
        guard !held.isEmpty else { return try await task.value }
        if let chain = Creation.beginWait(held: held, on: creation) {
            throw ResolutionError.cycle((outer + resolver.path + chain.dropFirst()).map(\.description))
        }
        defer { Creation.endWait(held: held, on: creation) }
        return try await task.value
    }
}

/// A synchronous factory that keeps its service type.
@usableFromInline
final class TypedFactory<Service: Sendable>: Sendable {
    @usableFromInline let make: @Sendable (Resolver) throws -> Service

    init(_ make: @escaping @Sendable (Resolver) throws -> Service) {
        self.make = make
    }

    /// The factory behind a registration's ``Registration/typedFactory``.
    ///
    /// Unchecked: registrations are keyed by their service type (``AnyServiceKey`` holds the
    /// type's identity), so the factory under a `ServiceKey<Service>` always makes `Service`.
    @inlinable @inline(__always)
    static func unbox(_ object: AnyObject) -> TypedFactory {
        unsafeDowncast(object, to: TypedFactory.self)
    }
}

/// A caching scope's published instance, boxed with its type so the fast path returns it
/// without a dynamic cast.
@usableFromInline
final class Published<Service: Sendable>: Sendable {
    @usableFromInline let value: Service

    init(_ value: Service) {
        self.value = value
    }

    /// The instance behind a registration's ``Registration/published`` (unchecked for the
    /// same reason as ``TypedFactory/unbox(_:)``).
    @inlinable @inline(__always)
    static func unbox(_ object: AnyObject) -> Service {
        unsafeDowncast(object, to: Published.self).value
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
