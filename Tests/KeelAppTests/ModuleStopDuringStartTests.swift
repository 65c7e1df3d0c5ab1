import KeelSupport
import KeelTesting
import Testing

@testable import KeelApp

@Suite("Module stop and stopAll during startAll")
struct ModuleStopDuringStartTests {
    /// A registry with `a` and `b` (depends on `a`), whose start is held until `opened`.
    func makeRegistry(
        log: CallLog, signal: TestSignal, began: Locked<Bool>, opened: Locked<Bool>, extra: Bool = false
    ) async throws -> ModuleRegistry {
        let registry = ModuleRegistry()
        try await registry.add(TestModule("a", log: log))
        try await registry.add(
            TestModule(
                "b", dependencies: ["a"], log: log,
                startWork: {
                    began.set(true)
                    signal.signal()
                    _ = await signal.wait(timeout: .seconds(60)) { opened.current }
                }))
        if extra { try await registry.add(TestModule("c", dependencies: ["b"], log: log)) }
        return registry
    }

    /// Bug: the dependents check counted only started modules, so `stop("a")` while `b`
    /// (which depends on `a`) was inside `start()` returned normally; `b` then finished
    /// starting on top of a stopped `a`.
    @Test("stop of a module whose dependent is starting throws hasDependents")
    func stopWhileDependentStarts() async throws {
        let log = CallLog()
        let signal = TestSignal()
        let began = Locked(false)
        let opened = Locked(false)
        let registry = try await makeRegistry(log: log, signal: signal, began: began, opened: opened)
        let run = Task { try await registry.startAll() }
        #expect(await signal.wait(timeout: .seconds(60)) { began.current })
        await #expect(throws: ModuleError.hasDependents("a", dependents: ["b"])) {
            try await registry.stop("a")
        }
        opened.set(true)
        signal.signal()
        _ = try await run.value
        #expect(await registry.state(of: "a") == .started)
        #expect(await registry.state(of: "b") == .started)
        #expect(await log.calls == ["start a", "start b"])
    }

    /// A dependent the run has yet to start counts too: `p` depends on `a` and on the slow
    /// `s`, so it is still pending while `s` starts after `a`.
    @Test("stop of a module whose dependent is yet to start throws hasDependents")
    func stopWhileDependentPending() async throws {
        let log = CallLog()
        let signal = TestSignal()
        let began = Locked(false)
        let opened = Locked(false)
        let registry = ModuleRegistry()
        try await registry.add(TestModule("a", priority: 1, log: log))
        try await registry.add(
            TestModule(
                "s", log: log,
                startWork: {
                    began.set(true)
                    signal.signal()
                    _ = await signal.wait(timeout: .seconds(60)) { opened.current }
                }))
        try await registry.add(TestModule("p", dependencies: ["a", "s"], log: log))
        let run = Task { try await registry.startAll() }
        #expect(await signal.wait(timeout: .seconds(60)) { began.current })
        await #expect(throws: ModuleError.hasDependents("a", dependents: ["p"])) {
            try await registry.stop("a")
        }
        opened.set(true)
        signal.signal()
        _ = try await run.value
        #expect(await log.calls == ["start a", "start s", "start p"])
    }

    /// Bug: `stopAll()` during `startAll()` stopped the modules started so far while the run
    /// went on to start the ones that depend on them (`c` started on a stopped `b`).
    @Test("stopAll during startAll lets the starting module finish, then stops everything")
    func stopAllDuringStart() async throws {
        let log = CallLog()
        let signal = TestSignal()
        let began = Locked(false)
        let opened = Locked(false)
        let waiting = Locked(false)
        let registry = try await makeRegistry(
            log: log, signal: signal, began: began, opened: opened, extra: true)
        await registry.observeTransitionWaits { _ in
            waiting.set(true)
            signal.signal()
        }
        let run = Task { try await registry.startAll() }
        #expect(await signal.wait(timeout: .seconds(60)) { began.current })
        let stopping = Task { await registry.stopAll() }
        #expect(await signal.wait(timeout: .seconds(60)) { waiting.current })
        opened.set(true)
        signal.signal()
        await stopping.value
        await #expect(throws: ModuleError.stoppedDuringStart("c")) { _ = try await run.value }
        #expect(await log.calls == ["start a", "start b", "stop b", "stop a"])
        for id: ModuleID in ["a", "b"] { #expect(await registry.state(of: id) == .stopped) }
        #expect(await registry.state(of: "c") == .registered)
    }
}
