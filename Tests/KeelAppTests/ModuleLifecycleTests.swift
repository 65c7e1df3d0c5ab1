import KeelTesting
import Testing

@testable import KeelApp

@Suite("ModuleRegistry lifecycle")
struct ModuleLifecycleTests {
    @Test("M1: start respects dependencies, ties by priority then id; stop is the exact reverse")
    func ordering() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        // A → B → C (A depends on B, B on C), D independent with a higher priority, E and F tie.
        for module in [
            TestModule("A", dependencies: ["B"], log: log), TestModule("B", dependencies: ["C"], log: log),
            TestModule("C", log: log), TestModule("D", priority: 5, log: log), TestModule("F", log: log),
            TestModule("E", log: log),
        ] {
            try await registry.add(module)
        }
        try await registry.startAll()
        let starts: [ModuleID] = ["D", "C", "B", "A", "E", "F"]
        #expect(await log.calls == starts.map { "start \($0)" })
        await registry.stopAll()
        #expect(await log.calls.suffix(6) == starts.reversed().map { "stop \($0)" })
        let lifecycle = await registry.lifecycleLog
        #expect(lifecycle.prefix(2) == [.starting("D"), .started("D")])
        #expect(lifecycle.suffix(2) == [.stopping("D"), .stopped("D")])
        #expect(await registry.state(of: "A") == .stopped)
    }

    @Test("M2: a cycle throws before any module starts")
    func cycle() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(TestModule("A", dependencies: ["B"], log: log))
        try await registry.add(TestModule("B", dependencies: ["A"], log: log))
        try await registry.add(TestModule("C", log: log))
        await #expect(throws: ModuleError.cycle(["A", "B", "A"])) { try await registry.startAll() }
        #expect(await log.calls.isEmpty)
    }

    @Test("M2: a missing dependency is named with the module that needs it")
    func missing() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(TestModule("A", dependencies: ["B"], log: log))
        await #expect(throws: ModuleError.missingDependency("B", requiredBy: "A")) {
            try await registry.startAll()
        }
        #expect(await log.calls.isEmpty)
        await #expect(throws: ModuleError.duplicateModule("A")) {
            try await registry.add(TestModule("A", log: log))
        }
    }

    @Test("M3: a failed start rolls back in reverse and names the failing module")
    func rollback() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(TestModule("A", log: log))
        try await registry.add(TestModule("B", dependencies: ["A"], log: log))
        try await registry.add(TestModule("C", dependencies: ["B"], log: log, failStart: true))
        await #expect(throws: ModuleError.startFailed("C", reason: "boom")) { try await registry.startAll() }
        #expect(await log.calls == ["start A", "start B", "start C", "stop B", "stop A"])
        #expect(await registry.state(of: "A") == .stopped)
        #expect(await registry.state(of: "B") == .stopped)
        #expect(await registry.state(of: "C") == .failed("boom"))
    }

    @Test("M3b: the rollback stops a module that a not-yet-started one depends on")
    func rollbackWithPendingDependent() async throws {
        // Used to (after the stop-during-start fix): C, yet to start, counted as A's dependent,
        // so the rollback's stop(A) was refused and swallowed and A stayed started.
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(TestModule("A", log: log))
        try await registry.add(TestModule("B", log: log, failStart: true))
        try await registry.add(TestModule("C", dependencies: ["A"], log: log))
        await #expect(throws: ModuleError.startFailed("B", reason: "boom")) { try await registry.startAll() }
        #expect(await log.calls == ["start A", "start B", "stop A"])
        #expect(await registry.state(of: "A") == .stopped)
        #expect(await registry.state(of: "C") != .started)
    }

    @Test("M4: concurrent startAll calls run each start once; stopping a stopped module is a no-op")
    func coalescing() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(TestModule("A", log: log, startWork: { await Task.yield() }))
        try await registry.add(TestModule("B", dependencies: ["A"], log: log))
        async let first = registry.startAll()
        async let second = registry.startAll()
        let reports = try await [first, second]
        #expect(reports[0] == reports[1])
        try await registry.startAll()
        #expect(await log.calls == ["start A", "start B"])
        try await registry.stop("B")
        try await registry.stop("B")
        #expect(await log.calls == ["start A", "start B", "stop B"])
        await #expect(throws: ModuleError.notFound("Z")) { try await registry.stop("Z") }
    }

    @Test("stopping a module a started module depends on is refused")
    func dependents() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(TestModule("A", log: log))
        try await registry.add(TestModule("B", dependencies: ["A"], log: log))
        try await registry.startAll()
        await #expect(throws: ModuleError.hasDependents("A", dependents: ["B"])) {
            try await registry.stop("A")
        }
        await #expect(throws: ModuleError.hasDependents("A", dependents: ["B"])) {
            try await registry.unload("A")
        }
    }

    @Test("M9: the start report lists each module's duration and flags slow ones")
    func profiling() async throws {
        let clock = TestClock()
        let log = CallLog()
        let registry = ModuleRegistry(startBudget: .milliseconds(100), clock: clock)
        try await registry.add(TestModule("fast", log: log))
        try await registry.add(
            TestModule(
                "slow", log: log, startBudget: .milliseconds(50),
                startWork: { await clock.advance(by: .milliseconds(80)) }))
        let report = try await registry.startAll()
        #expect(report.entries.map(\.id) == ["fast", "slow"])
        #expect(report.entries.map(\.duration) == [.zero, .milliseconds(80)])
        #expect(report.slowModules == ["slow"])
        #expect(report.total == .milliseconds(80))
    }
}
