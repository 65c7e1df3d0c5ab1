import Testing

@testable import KeelApp

struct ServiceA: Sendable {}
struct ServiceB: Sendable {}

@Suite("ServiceContainer diagnostics and overrides")
struct ServiceContainerDiagnosticsTests {
    @Test("D3: a cycle A → B → A is reported with its path, no stack overflow")
    func cycle() async throws {
        let container = ServiceContainer()
        try container.register(ServiceKey<ServiceA>(), scope: .singleton) { resolver in
            _ = try resolver.resolve(ServiceKey<ServiceB>())
            return ServiceA()
        }
        try container.register(ServiceKey<ServiceB>()) { resolver in
            _ = try resolver.resolve(ServiceKey<ServiceA>())
            return ServiceB()
        }
        #expect(throws: ResolutionError.cycle(["ServiceA", "ServiceB", "ServiceA"])) {
            try container.resolve(ServiceKey<ServiceA>())
        }
        await #expect(throws: ResolutionError.cycle(["ServiceB", "ServiceA", "ServiceB"])) {
            try await container.resolve(ServiceKey<ServiceB>())
        }
    }

    @Test("D3: async cycles are found too")
    func asyncCycle() async throws {
        let container = ServiceContainer()
        try container.registerAsync(ServiceKey<ServiceA>(), scope: .singleton) { resolver in
            _ = try await resolver.resolve(ServiceKey<ServiceB>())
            return ServiceA()
        }
        try container.registerAsync(ServiceKey<ServiceB>(), scope: .singleton) { resolver in
            _ = try await resolver.resolve(ServiceKey<ServiceA>())
            return ServiceB()
        }
        await #expect(throws: ResolutionError.cycle(["ServiceA", "ServiceB", "ServiceA"])) {
            try await container.resolve(ServiceKey<ServiceA>())
        }
    }

    @Test("D4: a missing registration names the resolution path")
    func missing() throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.car) { resolver in
            Car(engine: try resolver.resolve(ServiceKeys.engine), counter: Counter(id: 0))
        }
        try container.register(ServiceKeys.engine) { resolver in
            Engine(counter: try resolver.resolve(ServiceKeys.counter))
        }
        #expect(throws: ResolutionError.notRegistered(key: "Counter", path: ["Car", "Engine", "Counter"])) {
            try container.resolve(ServiceKeys.car)
        }
        #expect(throws: ResolutionError.notRegistered(key: "ServiceA", path: ["ServiceA"])) {
            try container.resolve(ServiceKey<ServiceA>())
        }
    }

    static let shared: ServiceContainer = {
        let container = ServiceContainer()
        try? container.register(ServiceKeys.text, scope: .singleton) { _ in "real" }
        return container
    }()

    @Test("D5: parallel tests overriding the same key each see their own", arguments: 0..<8)
    func isolation(index: Int) async throws {
        let value = try await Self.shared.withOverrides(
            { overrides in
                try overrides.register(ServiceKeys.text, scope: .singleton, replace: true) { _ in
                    "override \(index)"
                }
            },
            operation: {
                await Task.yield()
                let child = Task { try resolveSync(Self.shared, ServiceKeys.text) }
                return try await child.value
            })
        #expect(value == "override \(index)")
        #expect(try resolveSync(Self.shared, ServiceKeys.text) == "real")
    }

    @Test("D5: a task started inside withOverrides keeps the override after the scope ends")
    func overrideOutlivesScope() async throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.text) { _ in "real" }
        let task = try await container.withOverrides(
            { try $0.register(ServiceKeys.text, replace: true) { _ in "override" } },
            operation: {
                Task {
                    try await Task.sleep(for: .milliseconds(20))
                    return try resolveSync(container, ServiceKeys.text)
                }
            })
        #expect(try resolveSync(container, ServiceKeys.text) == "real")
        #expect(try await task.value == "override")
        #expect(try resolveSync(container, ServiceKeys.text) == "real")
    }

    @Test("D10: validate resolves every eager registration and reports all failures at once")
    func validate() async throws {
        struct Broken: Error {}
        let runs = RunCount()
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter, scope: .singleton, eager: true) { _ in
            Counter(id: runs.increment())
        }
        try container.register(ServiceKeys.engine, eager: true) {
            Engine(counter: try $0.resolve(ServiceKeys.namedCounter))
        }
        try container.registerAsync(ServiceKeys.text, eager: true) { _ in throw Broken() }
        try container.register(ServiceKeys.car) { _ in throw Broken() }
        do {
            try await container.validate()
            Issue.record("expected failures")
        } catch let error as ContainerValidationError {
            #expect(error.failures.map(\.key) == ["Engine", "String[\"text\"]"])
            #expect(
                error.failures[0].error as? ResolutionError
                    == .notRegistered(key: "Counter[\"named\"]", path: ["Engine", "Counter[\"named\"]"]))
        }
        #expect(runs.count == 1)
    }
}
