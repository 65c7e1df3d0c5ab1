import KeelSupport
import KeelTesting
import Testing

@testable import KeelApp

@Suite("AppBootstrapper after its only caller was cancelled")
struct BootstrapAbandonedRunTests {
    /// Bug: with one window, cancelling its `start()` cancelled the run, and the run's failure
    /// ("required start-up task 'database' cancelled") became the permanent outcome: every
    /// later `start()` threw it until relaunch. The later call here arrives while the
    /// cancelled run may still be winding down, and must get a fresh run.
    @Test("a later start() after the only caller was cancelled runs start-up again")
    func laterStartRunsAgain() async throws {
        let signal = TestSignal()
        let runs = Locked(0)
        let boot = AppBootstrapper(
            tasks: [
                BootstrapTask("database") { _ in
                    let run = runs.withLock { count -> Int in
                        count += 1
                        return count
                    }
                    signal.signal()
                    // The first run waits until it is cancelled (the wait ends on cancellation).
                    if run == 1 {
                        _ = await signal.wait(timeout: .seconds(60)) { false }
                        try Task.checkCancellation()
                    }
                }
            ], logger: quietLogger)
        let window = Task { try await boot.start() }
        #expect(await signal.wait(timeout: .seconds(60)) { runs.current == 1 })
        window.cancel()
        await #expect(throws: CancellationError.self) { try await window.value }
        let report = try await boot.start()
        #expect(report.succeeded)
        #expect(runs.current == 2)
        // That outcome is kept: no third run.
        #expect(try await boot.start().succeeded)
        #expect(runs.current == 2)
    }

    /// A run that ends successfully although its last caller left is kept as the outcome.
    @Test("an abandoned run that still succeeded is kept")
    func abandonedSuccessIsKept() async throws {
        let signal = TestSignal()
        let began = Locked(false)
        let runs = Locked(0)
        let opened = Locked(false)
        let boot = AppBootstrapper(
            tasks: [
                BootstrapTask("database") { _ in
                    runs.withLock { $0 += 1 }
                    began.set(true)
                    signal.signal()
                    // Ignores cancellation: finishes once opened (or the wait is cancelled).
                    _ = await signal.wait(timeout: .seconds(60)) { opened.current }
                }
            ], logger: quietLogger)
        let window = Task { try await boot.start() }
        #expect(await signal.wait(timeout: .seconds(60)) { began.current })
        window.cancel()
        await #expect(throws: CancellationError.self) { try await window.value }
        opened.set(true)
        signal.signal()
        #expect(try await boot.start().succeeded)
        #expect(runs.current == 1)
    }
}
