/// Why a set of start-up tasks cannot run; found before any task starts.
public enum BootstrapValidationError: Error, Equatable, CustomStringConvertible {
    /// Two tasks share an identifier.
    case duplicateID(AppBootstrapTaskID)
    /// A task depends on an identifier no task has.
    case unknownDependency(task: AppBootstrapTaskID, dependency: AppBootstrapTaskID)
    /// A task depends on itself.
    case selfDependency(AppBootstrapTaskID)
    /// Tasks depend on each other in a cycle; the path starts and ends with the same task.
    case cycle([AppBootstrapTaskID])

    /// A one-line explanation (`cycle: a → b → a`).
    public var description: String {
        switch self {
        case .duplicateID(let id): "duplicate start-up task '\(id)'"
        case .unknownDependency(let task, let dependency):
            "start-up task '\(task)' depends on unknown task '\(dependency)'"
        case .selfDependency(let id): "start-up task '\(id)' depends on itself"
        case .cycle(let path):
            "start-up tasks depend on each other in a cycle: " + path.map(\.rawValue).joined(separator: " → ")
        }
    }
}

/// The dependency graph of validated tasks, by declaration index.
struct BootstrapGraph: Sendable {
    /// For each task, the indices of its dependencies (unique).
    let dependencies: [[Int]]
    /// For each task, the indices of the tasks depending on it.
    let dependents: [[Int]]
    /// A topological order (Kahn's algorithm, ties by declaration order).
    let topologicalOrder: [Int]

    /// Validates `ids` and their dependencies: duplicates, unknown and self dependencies, cycles.
    init(ids: [AppBootstrapTaskID], dependencies declared: [[AppBootstrapTaskID]]) throws {
        var index: [AppBootstrapTaskID: Int] = [:]
        for (position, id) in ids.enumerated() {
            guard index[id] == nil else { throw BootstrapValidationError.duplicateID(id) }
            index[id] = position
        }
        var dependencies = [[Int]](repeating: [], count: ids.count)
        var dependents = [[Int]](repeating: [], count: ids.count)
        for (position, list) in declared.enumerated() {
            var seen = Set<Int>()
            for dependency in list {
                guard dependency != ids[position] else {
                    throw BootstrapValidationError.selfDependency(dependency)
                }
                guard let target = index[dependency] else {
                    throw BootstrapValidationError.unknownDependency(
                        task: ids[position], dependency: dependency)
                }
                if seen.insert(target).inserted {
                    dependencies[position].append(target)
                    dependents[target].append(position)
                }
            }
        }
        // Kahn's algorithm; what remains unprocessed lies on or behind a cycle.
        var remaining = dependencies.map(\.count)
        var ready = (0..<ids.count).filter { remaining[$0] == 0 }
        var order: [Int] = []
        order.reserveCapacity(ids.count)
        var cursor = 0
        while cursor < ready.count {
            let node = ready[cursor]
            cursor += 1
            order.append(node)
            for dependent in dependents[node] {
                remaining[dependent] -= 1
                if remaining[dependent] == 0 { ready.append(dependent) }
            }
        }
        if order.count < ids.count {
            throw BootstrapValidationError.cycle(
                Self.findCycle(remaining: remaining, dependencies: dependencies).map { ids[$0] })
        }
        self.dependencies = dependencies
        self.dependents = dependents
        topologicalOrder = order
    }

    /// Walks dependencies from an unprocessed task until a task repeats: that loop is a cycle.
    private static func findCycle(remaining: [Int], dependencies: [[Int]]) -> [Int] {
        guard var node = remaining.indices.first(where: { remaining[$0] > 0 }) else { return [] }
        var path: [Int] = []
        var position: [Int: Int] = [:]
        while position[node] == nil {
            position[node] = path.count
            path.append(node)
            // Some dependency of an unprocessed node is itself unprocessed.
            guard let next = dependencies[node].first(where: { remaining[$0] > 0 }) else { return path }
            node = next
        }
        // path[start...] follows dependencies: a depends on b … depends on a. Report it in
        // dependency order starting from the first declared member.
        return Array(path[position[node]!...]) + [node]
    }
}
