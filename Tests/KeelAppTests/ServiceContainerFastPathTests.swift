import Testing

@testable import KeelApp

/// The resolve fast paths (a published instance read through its typed box, a transient
/// factory called through its typed box) keep every scope's semantics.
@Suite("ServiceContainer fast paths")
struct ServiceContainerFastPathTests {
    @Test("a parent's cached instance, resolved through a child, is the parent's until the parent resets")
    func parentPublishedInstance() throws {
        let runs = RunCount()
        let parent = ServiceContainer()
        try parent.register(ServiceKeys.counter, scope: .cached) { _ in Counter(id: runs.increment()) }
        let child = parent.child()
        let first = try child.resolve(ServiceKeys.counter)
        #expect(try parent.resolve(ServiceKeys.counter) === first)
        #expect(try child.resolve(ServiceKeys.counter) === first)
        #expect(runs.count == 1)
        parent.reset(.cached)
        let second = try child.resolve(ServiceKeys.counter)
        #expect(second !== first)
        #expect(try parent.resolve(ServiceKeys.counter) === second)
        #expect(runs.count == 2)
    }

    @Test("replacing or unregistering a cached registration drops its published instance")
    func replaceDropsPublished() throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .singleton) { _ in Counter(id: 1) }
        #expect(try container.resolve(ServiceKeys.counter).id == 1)
        try container.register(ServiceKeys.counter, scope: .singleton, replace: true) { _ in Counter(id: 2) }
        #expect(try container.resolve(ServiceKeys.counter).id == 2)
        container.unregister(ServiceKeys.counter)
        #expect(throws: ResolutionError.self) { try container.resolve(ServiceKeys.counter) }
        try container.register(ServiceKeys.counter, scope: .singleton) { _ in Counter(id: 3) }
        #expect(try container.resolve(ServiceKeys.counter).id == 3)
    }

    @Test("a transient dependency is new for every parent, through a child and inside a factory")
    func transientDependencies() throws {
        let runs = RunCount()
        let parent = ServiceContainer()
        try parent.register(ServiceKeys.counter) { _ in Counter(id: runs.increment()) }
        let child = parent.child()
        try child.register(ServiceKeys.engine) { try Engine(counter: $0.resolve(ServiceKeys.counter)) }
        let engines = try (0..<3).map { _ in try child.resolve(ServiceKeys.engine) }
        #expect(Set(engines.map(\.counter.id)) == [1, 2, 3])
        #expect(try child.resolve(ServiceKeys.counter).id == 4)
    }

    @Test("an override's published instance never leaks into the original container")
    func overridePublishedStaysInTheCopy() async throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .singleton) { _ in Counter(id: 1) }
        let overridden = try await container.withOverrides {
            try $0.register(ServiceKeys.counter, scope: .singleton, replace: true) { _ in Counter(id: 2) }
        } operation: {
            try await container.resolve(ServiceKeys.counter)
        }
        #expect(overridden.id == 2)
        #expect(try await container.resolve(ServiceKeys.counter).id == 1)
    }

    @Test("keys made separately with the same type and name are one key; another type or name is not")
    func separatelyMadeKeys() throws {
        let container = ServiceContainer()
        try container.register(ServiceKey<Counter>("made" + "here")) { _ in Counter(id: 7) }
        let again = ServiceKey<Counter>(String("madehere".reversed().reversed()))
        #expect(again == ServiceKey<Counter>("madehere"))
        #expect(again.erased.hashValue == ServiceKey<Counter>("madehere").erased.hashValue)
        #expect(try container.resolve(again).id == 7)
        #expect(throws: ResolutionError.self) { try container.resolve(ServiceKey<Counter>("madeHere")) }
        #expect(ServiceKey<Counter>("x").erased != ServiceKey<Engine>("x").erased)
        #expect(again.description == "Counter[\"madehere\"]")
    }

    @Test("a value-type service larger than an existential's inline buffer round-trips both paths")
    func largeValueService() throws {
        let container = ServiceContainer()
        let key = ServiceKey<[Int]>("large")
        let named = ServiceKey<LargeValue>("cached")
        try container.register(key) { _ in Array(0..<100) }
        try container.register(named, scope: .cached) { _ in LargeValue(a: 1, b: 2, c: 3, d: 4, e: "five") }
        #expect(try container.resolve(key).count == 100)
        #expect(try container.resolve(named) == LargeValue(a: 1, b: 2, c: 3, d: 4, e: "five"))
        #expect(try container.resolve(named) == LargeValue(a: 1, b: 2, c: 3, d: 4, e: "five"))
    }
}

struct LargeValue: Sendable, Equatable {
    var a, b, c, d: Int
    var e: String
}
