import KeelSupport

/// Orders modules by their dependencies before anything starts, with the one dependency graph
/// start-up tasks use too.
enum ModuleGraph {
    struct Node {
        let id: ModuleID
        let dependencies: [ModuleID]
        let priority: Int
    }

    /// A start order: dependencies first; among ready modules, higher priority, then id.
    ///
    /// - Throws: `ModuleError/missingDependency(_:requiredBy:)` or `ModuleError/cycle(_:)`
    ///   (a module depending on itself is the cycle `[A, A]`), checked in id order.
    static func order(_ nodes: [Node]) throws -> [ModuleID] {
        let sorted = nodes.sorted { $0.id < $1.id }
        let graph: DependencyGraph<ModuleID>
        do {
            graph = try DependencyGraph(ids: sorted.map(\.id), dependencies: sorted.map(\.dependencies))
        } catch let error as DependencyGraphError<ModuleID> {
            switch error {
            case .duplicate(let id): throw ModuleError.duplicateModule(id)
            case .selfDependency(let id): throw ModuleError.cycle([id, id])
            case .unknownDependency(let module, let dependency):
                throw ModuleError.missingDependency(dependency, requiredBy: module)
            case .cycle(let path): throw ModuleError.cycle(path)
            }
        }
        return graph.order(priorities: sorted.map(\.priority)).map { sorted[$0].id }
    }
}

/// How long each module took to start, in start order.
public struct ModuleStartReport: Hashable, Sendable {
    /// One module's start.
    public struct Entry: Hashable, Sendable {
        /// The module.
        public let id: ModuleID
        /// How long `start()` took.
        public let duration: Duration
        /// The budget it was measured against.
        package let budget: Duration
        /// Whether it took longer than its budget.
        public var isSlow: Bool { duration > budget }
    }

    /// The modules started by the run, in order.
    public let entries: [Entry]

    /// The modules over budget.
    package var slowModules: [ModuleID] { entries.filter(\.isSlow).map(\.id) }

    /// The sum of the start times.
    package var total: Duration { entries.reduce(.zero) { $0 + $1.duration } }
}
