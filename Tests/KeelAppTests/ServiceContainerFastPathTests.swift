import KeelSupport
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

    @Test("a transient factory that keeps its resolver never gets it back; one that does not reuses it")
    func keptResolverIsNotReused() throws {
        let kept = Locked<[ObjectIdentifier]>([])
        let keptResolvers = Locked<[Resolver]>([])
        let seen = Locked<[ObjectIdentifier]>([])
        let keeps = ServiceKey<Counter>("keeps")
        let drops = ServiceKey<Counter>("drops")
        let container = ServiceContainer()
        try container.register(keeps) { resolver in
            kept.withLock { $0.append(ObjectIdentifier(resolver)) }
            keptResolvers.withLock { $0.append(resolver) }
            return Counter(id: 1)
        }
        try container.register(drops) { resolver in
            seen.withLock { $0.append(ObjectIdentifier(resolver)) }
            return Counter(id: 2)
        }
        for _ in 0..<5 {
            _ = try container.resolve(keeps)
            _ = try container.resolve(drops)
        }
        // Every kept resolver is still alive and distinct: none was handed out twice.
        #expect(Set(kept.current).count == 5)
        // A resolver nobody kept serves the next resolve.
        #expect(Set(seen.current).count == 1)
        // A kept resolver still resolves in its own container.
        #expect(try keptResolvers.current[0].resolve(drops).id == 2)
    }

    @Test("concurrent transient resolves each build their own tree (graph instances are not shared)")
    func concurrentTreesStayApart() async throws {
        let runs = RunCount()
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .graph) { _ in Counter(id: runs.increment()) }
        try container.register(ServiceKeys.engine) { try Engine(counter: $0.resolve(ServiceKeys.counter)) }
        try container.register(ServiceKeys.car) {
            try Car(engine: $0.resolve(ServiceKeys.engine), counter: $0.resolve(ServiceKeys.counter))
        }
        let ids = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var ids: [Int] = []
                    for _ in 0..<200 {
                        let car = try container.resolve(ServiceKeys.car)
                        #expect(car.engine.counter === car.counter)
                        ids.append(car.counter.id)
                    }
                    return ids
                }
            }
            var all: [Int] = []
            for try await part in group { all += part }
            return all
        }
        #expect(ids.count == 1_600)
        #expect(Set(ids).count == 1_600)
    }
}

struct LargeValue: Sendable, Equatable {
    var a, b, c, d: Int
    var e: String
}
