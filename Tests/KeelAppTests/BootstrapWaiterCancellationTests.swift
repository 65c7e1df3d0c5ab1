import KeelSupport
import KeelTesting
import Testing

@testable import KeelApp

@Suite("AppBootstrapper start() waiters")
struct BootstrapWaiterCancellationTests {
    /// Bug: the cancelled waiter cancelled the one shared run, so window A and every later
    /// `start()` failed with "required start-up task 'database' cancelled".
    @Test("a cancelled waiter stops only its own wait; the run goes on for the others")
    func cancelledWaiterLeavesTheRun() async throws {
        let signal = TestSignal()
        let began = Locked(false)
        let opened = Locked(false)
        let boot = AppBootstrapper(
            tasks: [
                BootstrapTask("database") { _ in
                    began.set(true)
                    signal.signal()
                    // Ends early, as a cancelled sleep would, if the run is cancelled.
                    _ = await signal.wait(timeout: .seconds(60)) { opened.current }
                    try Task.checkCancellation()
                }
            ], logger: quietLogger)
        let windowA = Task { try await boot.start() }
        #expect(await signal.wait(timeout: .seconds(60)) { began.current })
        let windowB = Task { try await boot.start() }
        windowB.cancel()
        let b = await windowB.result
        #expect(throws: CancellationError.self) { try b.get() }
        opened.set(true)
        signal.signal()
        let report = try await windowA.value
        #expect(report.succeeded)
        // A later call gets the same successful outcome.
        #expect(try await boot.start().succeeded)
    }

    /// When every waiter has gone, the run is cancelled (nobody is left to use it).
    @Test("the run is cancelled once its last waiter is cancelled")
    func lastWaiterCancelsTheRun() async throws {
        let signal = TestSignal()
        let began = Locked(false)
        let sawCancellation = Locked(false)
        let boot = AppBootstrapper(
            tasks: [
                BootstrapTask("database") { _ in
                    began.set(true)
                    signal.signal()
                    _ = await signal.wait(timeout: .seconds(60)) { false }
                    sawCancellation.set(Task.isCancelled)
                    signal.signal()
                    try Task.checkCancellation()
                }
            ], logger: quietLogger)
        let only = Task { try await boot.start() }
        #expect(await signal.wait(timeout: .seconds(60)) { began.current })
        only.cancel()
        await #expect(throws: CancellationError.self) { try await only.value }
        #expect(await signal.wait(timeout: .seconds(60)) { sawCancellation.current })
    }
}
