/// Nodes that depend on other nodes, validated once: the one graph behind start-up tasks
/// (`AppBootstrapper`) and modules (`ModuleRegistry`).
///
/// Nodes are addressed by their index in the order given. Validation reports the first
/// problem in that order — a repeated id, then for each node and each of its dependencies in
/// declaration order a dependency on itself or on an unknown id, then a cycle — so the same
/// input always gives the same error.
@usableFromInline package struct DependencyGraph<ID: Hashable & Sendable>: Sendable {
    /// The nodes' ids, in the order given.
    @usableFromInline package let ids: [ID]
    /// For each node, the indices of its dependencies, each once, in declaration order.
    @usableFromInline package let dependencies: [[Int]]
    /// For each node, the indices of the nodes depending on it, in ascending order.
    @usableFromInline package let dependents: [[Int]]

    /// Validates the nodes `ids`, node `i` depending on the ids in `dependencies[i]` (a missing
    /// entry means none).
    ///
    /// - Throws: ``DependencyGraphError`` of `ID` (untyped: typed throws from a generic
    ///   initialiser crash the compiler's SIL generation for iOS).
    @inlinable
    package init(ids: [ID], dependencies declared: [[ID]]) throws {
        var index: [ID: Int] = [:]
        index.reserveCapacity(ids.count)
        for (position, id) in ids.enumerated() {
            guard index.updateValue(position, forKey: id) == nil else {
                throw DependencyGraphError.duplicate(id)
            }
        }
        var dependencies = [[Int]](repeating: [], count: ids.count)
        var dependents = [[Int]](repeating: [], count: ids.count)
        // The last node that listed each node as a dependency: a repeated dependency is
        // skipped in constant time (a search of the node's list made a wide node quadratic).
        var listedBy = [Int](repeating: -1, count: ids.count)
        for (position, id) in ids.enumerated() where position < declared.count {
            dependencies[position].reserveCapacity(declared[position].count)
            for dependency in declared[position] {
                guard let target = index[dependency] else {
                    throw DependencyGraphError.unknownDependency(node: id, dependency: dependency)
                }
                guard target != position else { throw DependencyGraphError.selfDependency(id) }
                if listedBy[target] != position {
                    listedBy[target] = position
                    dependencies[position].append(target)
                    dependents[target].append(position)
                }
            }
        }
        self.ids = ids
        self.dependencies = dependencies
        self.dependents = dependents
        if let cycle = Self.cycle(dependencies: dependencies, dependents: dependents) {
            throw DependencyGraphError.cycle(cycle.map { ids[$0] })
        }
    }

    /// A topological order: every node after its dependencies; among nodes whose
    /// dependencies are all placed, the higher priority first, then the lower index.
    ///
    /// - Parameter priorities: one per node; all equal when `nil`.
    @inlinable
    package func order(priorities: [Int]? = nil) -> [Int] {
        var remaining = dependencies.map(\.count)
        var ready = DependencyReadyQueue(priorities: priorities ?? [Int](repeating: 0, count: ids.count))
        for node in ids.indices where remaining[node] == 0 { ready.push(node) }
        var order: [Int] = []
        order.reserveCapacity(ids.count)
        while let node = ready.pop() {
            order.append(node)
            for dependent in dependents[node] {
                remaining[dependent] -= 1
                if remaining[dependent] == 0 { ready.push(dependent) }
            }
        }
        return order
    }

    /// The cycle the graph holds, if any: a closed path in dependency order (`[a, b, a]`: a
    /// depends on b, which depends on a), starting at its member of lowest index.
    ///
    /// Kahn's algorithm removes every node not on or behind a cycle; from the first node left,
    /// following the first dependency that is left reaches a node twice, and that loop is the
    /// cycle.
    @inlinable
    static func cycle(dependencies: [[Int]], dependents: [[Int]]) -> [Int]? {
        var remaining = dependencies.map(\.count)
        var stack = remaining.indices.filter { remaining[$0] == 0 }
        var placed = 0
        while let node = stack.popLast() {
            placed += 1
            for dependent in dependents[node] {
                remaining[dependent] -= 1
                if remaining[dependent] == 0 { stack.append(dependent) }
            }
        }
        guard placed < dependencies.count,
            var node = remaining.indices.first(where: { remaining[$0] > 0 })
        else { return nil }
        var path: [Int] = []
        var position: [Int: Int] = [:]
        while position[node] == nil {
            position[node] = path.count
            path.append(node)
            // A node left by Kahn's algorithm has a dependency that was left too.
            node = dependencies[node].first { remaining[$0] > 0 }!
        }
        let loop = path[position[node]!...]
        let start = loop.indices.min { loop[$0] < loop[$1] }!
        return Array(loop[start...] + loop[..<start]) + [loop[start]]
    }
}

/// Why nodes do not form a valid dependency graph.
@usableFromInline package enum DependencyGraphError<ID: Hashable & Sendable>: Error, Hashable, Sendable {
    /// Two nodes share an id.
    case duplicate(ID)
    /// A node depends on itself.
    case selfDependency(ID)
    /// `node` depends on an id no node has.
    case unknownDependency(node: ID, dependency: ID)
    /// Nodes depend on each other in a circle: a closed path in dependency order starting at
    /// its first member in node order (`[a, b, a]`).
    case cycle([ID])
}

/// Nodes ready to start or to be placed: the highest priority first, then the lowest index
/// (a binary heap). Inlinable, like the graph: the start-up runner pushes and pops once per
/// task, and a call into another module per operation cost a tenth of its overhead per task.
@usableFromInline package struct DependencyReadyQueue: Sendable {
    @usableFromInline let priorities: [Int]
    @usableFromInline var heap: [Int] = []

    /// An empty queue over nodes with these priorities (one per node index).
    @inlinable
    package init(priorities: [Int]) {
        self.priorities = priorities
    }

    @inlinable
    func before(_ a: Int, _ b: Int) -> Bool {
        priorities[a] != priorities[b] ? priorities[a] > priorities[b] : a < b
    }

    /// Adds `node`.
    @inlinable
    package mutating func push(_ node: Int) {
        heap.append(node)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the node to go first, or `nil` when empty.
    @inlinable
    package mutating func pop() -> Int? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var best = parent
            if left < heap.count, before(heap[left], heap[best]) { best = left }
            if right < heap.count, before(heap[right], heap[best]) { best = right }
            if best == parent { break }
            heap.swapAt(parent, best)
            parent = best
        }
        return top
    }
}
