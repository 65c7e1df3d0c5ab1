import Testing

@testable import KeelApp

@Suite("ServiceContainer scopes")
struct ServiceContainerScopeTests {
    func container(_ scope: ServiceScope, runs: RunCount = RunCount()) throws -> ServiceContainer {
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: scope) { _ in Counter(id: runs.increment()) }
        return container
    }

    @Test("D1: transient makes a new instance each time")
    func transient() throws {
        let container = try container(.transient)
        #expect(try container.resolve(ServiceKeys.counter) !== container.resolve(ServiceKeys.counter))
    }

    @Test("D1: singleton is the same instance, also across tasks, and ignores reset")
    func singleton() async throws {
        let container = try container(.singleton)
        let first = try resolveSync(container, ServiceKeys.counter)
        let other = try await Task.detached { try resolveSync(container, ServiceKeys.counter) }.value
        #expect(first === other)
        container.reset(.singleton)
        #expect(try resolveSync(container, ServiceKeys.counter) === first)
    }

    @Test("D1: cached is the same instance until reset")
    func cached() throws {
        let container = try container(.cached)
        let first = try container.resolve(ServiceKeys.counter)
        #expect(try container.resolve(ServiceKeys.counter) === first)
        container.reset(.cached)
        #expect(try container.resolve(ServiceKeys.counter) !== first)
    }

    @Test("D1: weak is shared while held and released when no strong reference remains")
    func weak() throws {
        let runs = RunCount()
        let container = try container(.weak, runs: runs)
        var held: Counter? = try container.resolve(ServiceKeys.counter)
        #expect(try container.resolve(ServiceKeys.counter) === held)
        #expect(runs.count == 1)
        weak let released = held
        held = nil
        #expect(released == nil)
        _ = try container.resolve(ServiceKeys.counter)
        #expect(runs.count == 2)
    }

    @Test("D1: graph is shared within one resolution tree and new across trees")
    func graph() throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .graph) { _ in Counter(id: 0) }
        try container.register(ServiceKeys.engine) { try Engine(counter: $0.resolve(ServiceKeys.counter)) }
        try container.register(ServiceKeys.car) {
            try Car(engine: $0.resolve(ServiceKeys.engine), counter: $0.resolve(ServiceKeys.counter))
        }
        let car = try container.resolve(ServiceKeys.car)
        #expect(car.engine.counter === car.counter)
        #expect(try container.resolve(ServiceKeys.car).counter !== car.counter)
    }

    @Test("D1: graph is shared across containers in one tree (a dependency owned by the parent)")
    func graphAcrossParent() throws {
        let parent = ServiceContainer()
        try parent.register(ServiceKeys.counter, scope: .graph) { _ in Counter(id: 0) }
        try parent.register(ServiceKeys.engine) { try Engine(counter: $0.resolve(ServiceKeys.counter)) }
        let child = parent.child()
        try child.register(ServiceKeys.car) {
            try Car(engine: $0.resolve(ServiceKeys.engine), counter: $0.resolve(ServiceKeys.counter))
        }
        let car = try child.resolve(ServiceKeys.car)
        #expect(car.engine.counter === car.counter)
        #expect(try child.resolve(ServiceKeys.car).counter !== car.counter)
    }

    @Test("D1: concurrent branches of one async tree share the graph instance")
    func graphConcurrentBranches() async throws {
        let runs = RunCount()
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .graph) { _ in Counter(id: runs.increment()) }
        try container.registerAsync(ServiceKeys.text) { resolver in
            let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<8 {
                    group.addTask { ObjectIdentifier(try await resolver.resolve(ServiceKeys.counter)) }
                }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            return "\(ids.count)"
        }
        #expect(try await container.resolve(ServiceKeys.text) == "1")
        #expect(try await container.resolve(ServiceKeys.text) == "1")
    }

    @Test("D1: a custom session scope resets on its own")
    func session() throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .session) { _ in Counter(id: 0) }
        try container.register(ServiceKeys.namedCounter, scope: .cached) { _ in Counter(id: 1) }
        let session = try container.resolve(ServiceKeys.counter)
        let cached = try container.resolve(ServiceKeys.namedCounter)
        container.reset(.session)
        #expect(try container.resolve(ServiceKeys.counter) !== session)
        #expect(try container.resolve(ServiceKeys.namedCounter) === cached)
    }

    @Test("named keys are distinct; duplicates throw unless replaced; registrations are listed")
    func keys() throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .singleton, owner: "core") { _ in Counter(id: 1) }
        try container.register(ServiceKeys.namedCounter, scope: .singleton, eager: true) { _ in Counter(id: 2)
        }
        #expect(try container.resolve(ServiceKeys.counter).id == 1)
        #expect(try container.resolve(ServiceKeys.namedCounter).id == 2)
        #expect(throws: ResolutionError.alreadyRegistered(key: "Counter")) {
            try container.register(ServiceKeys.counter) { _ in Counter(id: 3) }
        }
        try container.register(ServiceKeys.counter, replace: true) { _ in Counter(id: 3) }
        #expect(try container.resolve(ServiceKeys.counter).id == 3)
        #expect(container.registrations.map(\.key.description) == ["Counter", "Counter[\"named\"]"])
        #expect(container.registrations.map(\.owner) == [nil, nil])
        #expect(container.unregister(ServiceKeys.counter))
    }

    @Test("child containers fall back to the parent; overrides stay in the child")
    func children() throws {
        let parent = ServiceContainer()
        try parent.register(ServiceKeys.text) { _ in "parent" }
        try parent.register(ServiceKeys.counter, scope: .singleton) { _ in Counter(id: 1) }
        let child = parent.child()
        try child.register(ServiceKeys.text) { _ in "child" }
        #expect(try child.resolve(ServiceKeys.text) == "child")
        #expect(try parent.resolve(ServiceKeys.text) == "parent")
        #expect(try child.resolve(ServiceKeys.counter) === parent.resolve(ServiceKeys.counter))
    }

    @Test("D7: the container is Sendable and works as a global let")
    func global() throws {
        try globalServices.register(ServiceKeys.text, replace: true) { _ in "global" }
        #expect(try globalServices.resolve(ServiceKeys.text) == "global")
    }
}
