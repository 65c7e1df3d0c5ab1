import Testing

@testable import KeelSupport

/// A random graph over nodes "n0" … : each node depends on up to four others.
private struct RandomGraph {
    var ids: [String]
    var dependencies: [[String]]
    var priorities: [Int]

    /// A DAG: every node depends only on nodes earlier in a random permutation.
    static func acyclic(_ random: inout SplitMix) -> RandomGraph {
        let count = Int.random(in: 1...40, using: &random)
        let ids = (0..<count).map { "n\($0)" }
        let rank = Array(0..<count).shuffled(using: &random)
        var dependencies = [[String]](repeating: [], count: count)
        for node in 0..<count {
            let earlier = (0..<count).filter { rank[$0] < rank[node] }
            guard !earlier.isEmpty else { continue }
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                dependencies[node].append(ids[earlier.randomElement(using: &random)!])
            }
        }
        let priorities = (0..<count).map { _ in Int.random(in: -2...2, using: &random) }
        return RandomGraph(ids: ids, dependencies: dependencies, priorities: priorities)
    }

    /// Any graph without self or unknown dependencies (cycles likely).
    static func arbitrary(_ random: inout SplitMix) -> RandomGraph {
        let count = Int.random(in: 2...12, using: &random)
        let ids = (0..<count).map { "n\($0)" }
        var dependencies = [[String]](repeating: [], count: count)
        for node in 0..<count {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let other = Int.random(in: 0..<count, using: &random)
                if other != node { dependencies[node].append(ids[other]) }
            }
        }
        return RandomGraph(
            ids: ids, dependencies: dependencies, priorities: Array(repeating: 0, count: count))
    }

    func index(_ id: String) -> Int { ids.firstIndex(of: id)! }

    /// Whether some node reaches itself, by depth-first search.
    var hasCycle: Bool {
        var state = [Int](repeating: 0, count: ids.count)  // 0 new, 1 on the path, 2 done
        func visit(_ node: Int) -> Bool {
            if state[node] == 1 { return true }
            if state[node] == 2 { return false }
            state[node] = 1
            for dependency in dependencies[node] where visit(index(dependency)) { return true }
            state[node] = 2
            return false
        }
        return ids.indices.contains { visit($0) }
    }

    /// The order by the rule, found the slow way: repeatedly pick, among the nodes whose
    /// dependencies are all placed, the highest priority, then the lowest index.
    var referenceOrder: [Int] {
        var placed: [Int] = []
        var left = Set(ids.indices)
        while true {
            let ready = left.filter { node in
                dependencies[node].allSatisfy { !left.contains(index($0)) }
            }
            guard
                let next = ready.min(by: {
                    priorities[$0] != priorities[$1] ? priorities[$0] > priorities[$1] : $0 < $1
                })
            else { return placed }
            placed.append(next)
            left.remove(next)
        }
    }
}

@Suite("DependencyGraph: the one graph of start-up tasks and modules")
struct DependencyGraphTests {
    @Test("Seeded random DAGs: valid, and ordered dependencies first, by priority then index")
    func randomAcyclicGraphs() throws {
        var random = SplitMix(seed: 0x4B45_454C)
        for _ in 0..<300 {
            let sample = RandomGraph.acyclic(&random)
            let graph = try DependencyGraph(ids: sample.ids, dependencies: sample.dependencies)
            let order = graph.order(priorities: sample.priorities)
            #expect(order == sample.referenceOrder)
            #expect(Set(order) == Set(sample.ids.indices))
            var position = [Int](repeating: 0, count: order.count)
            for (index, node) in order.enumerated() { position[node] = index }
            for node in sample.ids.indices {
                #expect(Set(graph.dependencies[node]) == Set(sample.dependencies[node].map(sample.index)))
                for dependency in graph.dependencies[node] { #expect(position[dependency] < position[node]) }
                for dependent in graph.dependents[node] {
                    #expect(graph.dependencies[dependent].contains(node))
                }
            }
        }
    }

    @Test("Seeded random graphs: a cycle is found exactly when there is one, as a closed path")
    func randomGraphsWithCycles() {
        var random = SplitMix(seed: 0x4359_434C)
        var cyclic = 0
        for _ in 0..<500 {
            let sample = RandomGraph.arbitrary(&random)
            do {
                _ = try DependencyGraph(ids: sample.ids, dependencies: sample.dependencies)
                #expect(!sample.hasCycle, "\(sample.dependencies)")
            } catch {
                guard case .cycle(let path) = error as? DependencyGraphError<String> else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                cyclic += 1
                #expect(sample.hasCycle)
                #expect(path.count >= 3 && path.first == path.last)
                #expect(Set(path.dropLast()).count == path.count - 1, "\(path)")
                for (node, dependency) in zip(path, path.dropFirst()) {
                    #expect(sample.dependencies[sample.index(node)].contains(dependency), "\(path)")
                }
                let members = path.dropLast().map(sample.index)
                #expect(members.first == members.min(), "starts at its lowest index: \(path)")
            }
        }
        #expect(cyclic > 100, "the sample holds enough cycles to mean something")
    }

    @Test("A cycle behind an acyclic prefix, and the same input gives the same cycle")
    func cycleIsDeterministic() {
        let ids = ["x", "a", "b", "c"]
        let dependencies = [["c"], ["b"], ["c"], ["a"]]
        for _ in 0..<3 {
            #expect(throws: DependencyGraphError.cycle(["a", "b", "c", "a"])) {
                try DependencyGraph(ids: ids, dependencies: dependencies)
            }
        }
        // It starts at its first member in node order, not by name.
        #expect(throws: DependencyGraphError.cycle(["b", "a", "b"])) {
            try DependencyGraph(ids: ["b", "a"], dependencies: [["a"], ["b"]]).order()
        }
    }

    @Test("Duplicates, then self and unknown dependencies in declaration order, before cycles")
    func validationOrder() throws {
        #expect(throws: DependencyGraphError.duplicate("a")) {
            try DependencyGraph(ids: ["a", "b", "a"], dependencies: [["ghost"]])
        }
        #expect(throws: DependencyGraphError.selfDependency("b")) {
            try DependencyGraph(ids: ["a", "b", "c"], dependencies: [["c"], ["b"], ["ghost"]])
        }
        #expect(throws: DependencyGraphError.unknownDependency(node: "a", dependency: "ghost")) {
            try DependencyGraph(ids: ["a", "b"], dependencies: [["b", "ghost"], ["b"]])
        }
        let graph = try DependencyGraph(ids: ["a", "b", "c"], dependencies: [["b", "b"], [], ["a", "b"]])
        #expect(graph.dependencies == [[1], [], [0, 1]])
        #expect(graph.dependents == [[2], [0, 2], []])
        #expect(graph.order() == [1, 0, 2])
        #expect(try DependencyGraph<String>(ids: [], dependencies: []).order().isEmpty)
    }

    @Test("The ready queue gives the highest priority first, then the lowest index")
    func readyQueue() {
        var random = SplitMix(seed: 7)
        for _ in 0..<100 {
            let priorities = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                Int.random(in: -3...3, using: &random)
            }
            var queue = DependencyReadyQueue(priorities: priorities)
            for node in priorities.indices.shuffled(using: &random) { queue.push(node) }
            var popped: [Int] = []
            while let node = queue.pop() { popped.append(node) }
            #expect(
                popped
                    == priorities.indices.sorted {
                        priorities[$0] != priorities[$1] ? priorities[$0] > priorities[$1] : $0 < $1
                    })
        }
    }
}
