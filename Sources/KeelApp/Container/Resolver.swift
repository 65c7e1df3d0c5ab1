import KeelSupport

/// What a factory resolves its own dependencies through: it carries the resolution path
/// (for cycle and missing-registration reports) and the graph-scope instances of one tree.
public final class Resolver: Sendable {
    let container: ServiceContainer
    let path: [AnyServiceKey]
    private let graph: Locked<[AnyServiceKey: any Sendable]>

    init(container: ServiceContainer, path: [AnyServiceKey], graph: Locked<[AnyServiceKey: any Sendable]>) {
        self.container = container
        self.path = path
        self.graph = graph
    }

    /// Resolves a dependency synchronously.
    ///
    /// - Throws: ``ResolutionError``, or the factory's error.
    public func resolve<Service>(_ key: ServiceKey<Service>) throws -> Service {
        let (registration, owner, next) = try step(key.erased)
        return try cast(try registration.resolve(next.with(owner)), key)
    }

    /// Resolves a dependency, awaiting async and main-actor factories.
    public func resolve<Service>(_ key: ServiceKey<Service>) async throws -> Service {
        let (registration, owner, next) = try step(key.erased)
        return try cast(try await registration.resolveAsync(next.with(owner)), key)
    }

    private func step(_ key: AnyServiceKey) throws -> (Registration, ServiceContainer, Resolver) {
        if path.contains(key) { throw ResolutionError.cycle((path + [key]).map(\.description)) }
        guard let (registration, owner) = container.lookup(key) else {
            throw ResolutionError.notRegistered(key: key.description, path: (path + [key]).map(\.description))
        }
        return (registration, owner, Resolver(container: container, path: path + [key], graph: graph))
    }

    private func with(_ owner: ServiceContainer) -> Resolver {
        owner === container ? self : Resolver(container: owner, path: path, graph: graph)
    }

    func graphInstance(for key: AnyServiceKey, create: () throws -> any Sendable) throws -> any Sendable {
        if let existing = graphValue(for: key) { return existing }
        return storeGraph(try create(), for: key)
    }

    func graphValue(for key: AnyServiceKey) -> (any Sendable)? {
        graph.withLock { $0[key] }
    }

    /// Stores the tree's instance unless a concurrent branch stored one first; returns the kept one.
    func storeGraph(_ value: any Sendable, for key: AnyServiceKey) -> any Sendable {
        graph.withLock { storage in
            if let existing = storage[key] { return existing }
            storage[key] = value
            return value
        }
    }
}

func cast<Service>(_ value: any Sendable, _ key: ServiceKey<Service>) throws -> Service {
    guard let service = value as? Service else {
        // Unreachable through the typed API: registrations are keyed by the service type.
        throw ResolutionError.notRegistered(key: key.description, path: [key.description])
    }
    return service
}
