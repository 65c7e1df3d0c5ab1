import KeelSupport
import KeelTesting
import Testing

@testable import KeelApp

@Suite("Module unload and stop during a transition")
struct ModuleTransitionTests {
    /// Bug: `unload` during `start()` saw "not started", skipped the stop and removed the
    /// module; the start then finished, the module counted as started and `stop()` never ran.
    @Test("unload during a module's start waits for the start, then stops and removes it")
    func unloadDuringStart() async throws {
        let log = CallLog()
        let signal = TestSignal()
        let began = Locked(false)
        let opened = Locked(false)
        let waiting = Locked(false)
        let registry = ModuleRegistry()
        try await registry.add(
            TestModule(
                "slow", log: log,
                startWork: {
                    began.set(true)
                    signal.signal()
                    _ = await signal.wait(timeout: .seconds(60)) { opened.current }
                }))
        await registry.observeTransitionWaits { _ in
            waiting.set(true)
            signal.signal()
        }
        let run = Task { try await registry.startAll() }
        #expect(await signal.wait(timeout: .seconds(60)) { began.current })
        let unload = Task { try await registry.unload("slow") }
        // The unload reached the registry while the start is still running.
        let waited = await signal.wait(timeout: .seconds(60)) { waiting.current }
        opened.set(true)
        signal.signal()
        _ = try await run.value
        try await unload.value
        #expect(waited)
        #expect(await log.calls == ["start slow", "stop slow"])
        #expect(await registry.state(of: "slow") == nil)
        await registry.stopAll()
        #expect(await log.calls == ["start slow", "stop slow"])
        #expect(await registry.lifecycleLog.filter { $0 == .unloaded("slow") }.count == 1)
    }
}
