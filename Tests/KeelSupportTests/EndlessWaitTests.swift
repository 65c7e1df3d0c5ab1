import KeelSupport
import Testing

/// An "endless" wait (`.seconds(Int64.max)`, which Keel's own docs use for "never") used to trap
/// in the runtime when `ContinuousClock` converted the deadline for the system timer: a bootstrap
/// task, route or request timeout that long crashed the app.
@Suite struct EndlessWaitTests {
    @Test func waitsAreClampedToAHundredYears() {
        #expect(Duration.seconds(Int64.max).clampedForWaiting == Duration.longestWait)
        #expect(Duration.longestWait == .seconds(100 * 365 * 24 * 3600))
        #expect(Duration.seconds(5).clampedForWaiting == .seconds(5))
        #expect(Duration.zero.clampedForWaiting == .zero)
    }

    @Test func anEndlessTimeoutOnTheRealClockReturnsTheValue() async throws {
        // The deadline's timer starts sleeping beside the operation; the operation ends only
        // after that sleep has begun (the timer task ran first on the pool, or the operation
        // yielded to it), so a trap would have happened by the time the value returns.
        let value = try await withTimeout(.seconds(Int64.max), clock: ContinuousClock()) {
            try await sleep(for: .milliseconds(20), on: ContinuousClock())
            return 4
        }
        #expect(value == 4)
    }

    @Test func anEndlessSleepIsCancellable() async {
        let sleeper = Task { try await sleep(for: .seconds(Int64.max), on: ContinuousClock()) }
        // Give the sleep time to start (if it ran the conversion, it trapped here).
        try? await sleep(for: .milliseconds(20), on: ContinuousClock())
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
