import Testing

@testable import KeelApp

@Suite("ServiceContainer concurrency")
struct ServiceContainerConcurrencyTests {
    @Test("D2: 1 000 concurrent sync first resolves run the factory exactly once")
    func syncExactlyOnce() async throws {
        let runs = RunCount()
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .singleton) { _ in Counter(id: runs.increment()) }
        let ids = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<1_000 {
                group.addTask { (try? resolveSync(container, ServiceKeys.counter).id) ?? -1 }
            }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(runs.count == 1)
        #expect(ids == [1])
    }

    @Test("D2: 1 000 concurrent async first resolves share one creation")
    func asyncExactlyOnce() async throws {
        let runs = RunCount()
        let container = ServiceContainer()
        try container.registerAsync(ServiceKeys.counter, scope: .singleton) { _ in
            await Task.yield()
            return Counter(id: runs.increment())
        }
        let ids = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<1_000 {
                group.addTask { (try? await container.resolve(ServiceKeys.counter).id) ?? -1 }
            }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(runs.count == 1)
        #expect(ids == [1])
    }

    @Test("a failed async creation is retried by the next resolve")
    func asyncRetry() async throws {
        let runs = RunCount()
        let container = ServiceContainer()
        struct Flaky: Error {}
        try container.registerAsync(ServiceKeys.counter, scope: .cached) { _ in
            if runs.increment() == 1 { throw Flaky() }
            return Counter(id: runs.count)
        }
        await #expect(throws: Flaky.self) { try await container.resolve(ServiceKeys.counter) }
        #expect(try await container.resolve(ServiceKeys.counter).id == 2)
        #expect(try resolveSync(container, ServiceKeys.counter).id == 2)
    }

    @Test("an async registration resolved synchronously before creation asks for await")
    func requiresAsync() throws {
        let container = ServiceContainer()
        try container.registerAsync(ServiceKeys.text) { _ in "async" }
        #expect(throws: ResolutionError.requiresAsync(key: "String[\"text\"]")) {
            try container.resolve(ServiceKeys.text)
        }
    }

    @Test("D6: a main-actor factory resolves with await from a non-isolated context")
    func mainActorFactory() async throws {
        let container = ServiceContainer()
        try container.registerOnMainActor(ServiceKeys.screen, scope: .singleton) { _ in
            MainActor.assertIsolated()
            return ScreenModel(title: "home")
        }
        let model = try await Task.detached { try await container.resolve(ServiceKeys.screen) }.value
        let title = await MainActor.run { model.title }
        #expect(title == "home")
        let again = try await container.resolve(ServiceKeys.screen)
        #expect(model === again)
    }

    @Test("D8: concurrent register and resolve on different keys are race-free")
    func registerResolveRace() async throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .singleton) { _ in Counter(id: 0) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<2_000 {
                    try? container.register(ServiceKey<Int>("k\(index)")) { _ in index }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for index in 0..<2_000 {
                        #expect((try? resolveSync(container, ServiceKeys.counter).id) == 0)
                        if let value = try? resolveSync(container, ServiceKey<Int>("k\(index)")) {
                            #expect(value == index)
                        }
                    }
                }
            }
        }
        #expect(container.registrations.count == 2_001)
    }
}
