import Foundation
import KeelSupport
import KeelTesting
import Testing

@testable import KeelNetworking

/// The real clock's deadline race hands a value that lost the race to `discard`. It used to be
/// dropped as it was: a WebSocket whose handshake completed just after its deadline, past the
/// last cancellation check, stayed open and unread.
@Suite struct DeadlineDiscardTests {
    /// An operation that waits for `gate` however it is cancelled, then returns `value`.
    private final class Gate: Sendable {
        let opened = Locked<CheckedContinuation<Void, Never>?>(nil)
        let signal = TestSignal()

        func wait() async {
            await withCheckedContinuation { continuation in
                opened.withLock { $0 = continuation }
                signal.signal()
            }
        }

        func open() { opened.withLock { $0?.resume() } }
    }

    @Test("A value after the real-clock deadline goes to discard")
    func lateValueAfterDeadline() async throws {
        let gate = Gate()
        let discarded = Locked<[String]>([])
        let task = Task {
            try await withDeadline(
                .milliseconds(1), clock: ContinuousClock(),
                discard: { value in
                    discarded.withLock { $0.append(value) }
                    gate.signal.signal()
                }
            ) {
                await gate.wait()
                return "late"
            }
        }
        #expect(await gate.signal.wait { gate.opened.current != nil })
        await #expect(throws: TimeoutError.self) { try await task.value }
        #expect(discarded.current.isEmpty)
        gate.open()
        #expect(await gate.signal.wait { discarded.current == ["late"] })
    }

    @Test("A value after the caller was cancelled goes to discard")
    func lateValueAfterCancellation() async throws {
        let gate = Gate()
        let discarded = Locked<[String]>([])
        let task = Task {
            try await withDeadline(
                .seconds(3600), clock: ContinuousClock(),
                discard: { value in
                    discarded.withLock { $0.append(value) }
                    gate.signal.signal()
                }
            ) {
                await gate.wait()
                return "orphan"
            }
        }
        #expect(await gate.signal.wait { gate.opened.current != nil })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        gate.open()
        #expect(await gate.signal.wait { discarded.current == ["orphan"] })
    }

    @Test("A value in time is returned, not discarded")
    func valueInTime() async throws {
        let discarded = Locked(0)
        let value = try await withDeadline(
            .seconds(3600), clock: ContinuousClock(),
            discard: { (_: Int) in discarded.withLock { $0 += 1 } }, operation: { 11 })
        #expect(value == 11)
        #expect(discarded.current == 0)
    }
}
