import KeelSupport

/// What a factory resolves its own dependencies through: it carries the resolution path
/// (for cycle and missing-registration reports) and the graph-scope instances of one tree.
///
/// A resolve allocates one resolver and nothing else: the path is the chain of `parent`
/// links (walked only by nested resolves and error reports), and the tree's graph-scope
/// instances live in the root resolver, guarded by a shared striped lock, so a resolve that
/// never touches the graph scope pays for neither an array nor a lock of its own.
public final class Resolver: @unchecked Sendable {
    // Invariant: `creation` is written once, before the resolver's factory runs and before
    // any other thread or resolver can reach it (or cleared by `prepareForReuse()`); the
    // other mutable state, `graph`, is read and written only on the root
    // resolver of a tree and only inside `Resolver.graphLock(for:)` of that root, or
    // reset by `prepareForReuse()` while the resolver is uniquely referenced (a recycled
    // top-level resolver, see `Registration.recycle`; the atomic exchange that hands it to
    // the next resolve orders that reset before any later access).
    let container: ServiceContainer
    /// The key this resolver's factory is building (the last element of the path).
    let key: AnyServiceKey
    /// The resolver of the service that asked for this one; `nil` at the top of the tree.
    @usableFromInline let parent: Resolver?
    /// Made on the first graph-scope instance: most trees never hold one, and a resolver
    /// without a table is cheaper to make and to free.
    private var graph: [AnyServiceKey: any Sendable]?
    /// The caching or weak-scope creation this resolver's factory runs, if any: set before the
    /// factory runs (so before any resolver below it exists) and never changed after. Weak:
    /// the registration holds a creation while it runs, and an async creation's task holds
    /// this resolver, so a strong reference would keep the task and its value alive.
    weak var creation: Creation?

    @usableFromInline
    init(container: ServiceContainer, key: AnyServiceKey, parent: Resolver? = nil) {
        self.container = container
        self.key = key
        self.parent = parent
    }

    /// The resolution path from the top-level key to this one.
    var path: [AnyServiceKey] {
        var keys: [AnyServiceKey] = []
        var node: Resolver? = self
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }

    /// Resolves a dependency synchronously.
    ///
    /// - Throws: `ResolutionError`, or the factory's error.
    public func resolve<Service>(_ key: ServiceKey<Service>) throws -> Service {
        let (registration, next) = try step(key.erased)
        if registration.kind == .transient, let typed = registration.typedFactory {
            return try TypedFactory<Service>.unbox(typed).make(next)
        }
        return try cast(try registration.resolve(next), key.erased)
    }

    /// Resolves a dependency, awaiting async and main-actor factories.
    public func resolve<Service>(_ key: ServiceKey<Service>) async throws -> Service {
        let (registration, next) = try step(key.erased)
        return try cast(try await registration.resolveAsync(next), key.erased)
    }

    private func step(_ key: AnyServiceKey) throws -> (Registration, Resolver) {
        var node: Resolver? = self
        while let current = node {
            if current.key == key { throw ResolutionError.cycle((path + [key]).map(\.description)) }
            node = current.parent
        }
        guard let (registration, owner) = container.lookup(key) else {
            throw ResolutionError.notRegistered(key: key.description, path: (path + [key]).map(\.description))
        }
        return (registration, Resolver(container: owner, key: key, parent: self))
    }

    // MARK: Graph scope

    /// The top of this resolver's tree, which holds the tree's graph-scope instances.
    private var root: Resolver {
        var node = self
        while let parent = node.parent { node = parent }
        return node
    }

    /// Striped locks for the graph stores: a tree takes one only when it resolves a
    /// graph-scope service, instead of every resolve allocating a lock of its own. Each guards
    /// the `graph` of the roots that hash to it, so it holds no value itself.
    private static let graphLocks: [Locked<Void>] = (0..<16).map { _ in Locked() }

    private static func graphLock(for root: Resolver) -> Locked<Void> {
        // Heap addresses are 16-byte aligned: the bits above the alignment pick the stripe.
        graphLocks[Int((UInt(bitPattern: ObjectIdentifier(root)) >> 4) & 15)]
    }

    /// Forgets the graph-scope instances of the tree this resolver was the root of, before it
    /// serves another top-level resolve. Only called while nothing else references it.
    func prepareForReuse() {
        graph = nil
        creation = nil
    }

    func graphInstance(for key: AnyServiceKey, create: () throws -> any Sendable) throws -> any Sendable {
        if let existing = graphValue(for: key) { return existing }
        return storeGraph(try create(), for: key)
    }

    func graphValue(for key: AnyServiceKey) -> (any Sendable)? {
        let root = self.root
        return Self.graphLock(for: root).withLock { root.graph?[key] }
    }

    /// Stores the tree's instance unless a concurrent branch stored one first; returns the kept one.
    func storeGraph(_ value: any Sendable, for key: AnyServiceKey) -> any Sendable {
        let root = self.root
        return Self.graphLock(for: root).withLock {
            if let existing = root.graph?[key] { return existing }
            root.graph = root.graph ?? [:]
            root.graph?[key] = value
            return value
        }
    }
}

/// Takes the erased key, not `ServiceKey<Service>`: unspecialised callers would otherwise look
/// up `ServiceKey<Service>`'s generic metadata on every resolve.
@usableFromInline
func cast<Service>(_ value: any Sendable, _ key: AnyServiceKey) throws -> Service {
    guard let service = value as? Service else {
        // Unreachable through the typed API: registrations are keyed by the service type.
        throw ResolutionError.notRegistered(key: key.description, path: [key.description])
    }
    return service
}
