/// Orders modules by their dependencies before anything starts.
enum ModuleGraph {
    struct Node {
        let id: ModuleID
        let dependencies: [ModuleID]
        let priority: Int
    }

    /// A start order: dependencies first; among ready modules, higher priority, then id.
    ///
    /// - Throws: ``ModuleError/missingDependency(_:requiredBy:)`` or ``ModuleError/cycle(_:)``.
    static func order(_ nodes: [Node]) throws -> [ModuleID] {
        let byID = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for node in nodes.sorted(by: { $0.id < $1.id }) {
            for dependency in node.dependencies where byID[dependency] == nil {
                throw ModuleError.missingDependency(dependency, requiredBy: node.id)
            }
        }
        if let cycle = findCycle(byID) { throw ModuleError.cycle(cycle) }
        var remaining = Dictionary(
            nodes.map { ($0.id, Set($0.dependencies)) }, uniquingKeysWith: { $0.union($1) })
        var order: [ModuleID] = []
        while !remaining.isEmpty {
            let ready = remaining.filter { $0.value.isEmpty }.keys.compactMap { byID[$0] }
            guard
                let next = ready.min(by: { lhs, rhs in
                    lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.id < rhs.id
                })
            else { break }
            order.append(next.id)
            remaining[next.id] = nil
            for key in remaining.keys { remaining[key]?.remove(next.id) }
        }
        return order
    }

    /// The first cycle found walking modules in id order, as the path around it.
    private static func findCycle(_ byID: [ModuleID: Node]) -> [ModuleID]? {
        var done = Set<ModuleID>()
        var stack: [ModuleID] = []
        func visit(_ id: ModuleID) -> [ModuleID]? {
            if let index = stack.firstIndex(of: id) { return Array(stack[index...]) }
            if done.contains(id) { return nil }
            stack.append(id)
            for dependency in byID[id]?.dependencies ?? [] {
                if let cycle = visit(dependency) { return cycle }
            }
            stack.removeLast()
            done.insert(id)
            return nil
        }
        for id in byID.keys.sorted() {
            if let cycle = visit(id) { return cycle }
        }
        return nil
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
        public let budget: Duration
        /// Whether it took longer than its budget.
        public var isSlow: Bool { duration > budget }
    }

    /// The modules started by the run, in order.
    public let entries: [Entry]

    /// The modules over budget.
    public var slowModules: [ModuleID] { entries.filter(\.isSlow).map(\.id) }

    /// The sum of the start times.
    public var total: Duration { entries.reduce(.zero) { $0 + $1.duration } }
}
