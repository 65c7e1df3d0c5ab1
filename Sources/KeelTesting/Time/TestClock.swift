import Foundation
import KeelSupport

/// A manual clock for tests: time moves only when the test calls ``advance(by:)``.
///
/// Inject it wherever Keel takes `any Clock<Duration>`; sleeps suspend until the test advances
/// the clock past their deadline, so time-based behaviour is tested without real waiting.
///
/// ```swift
/// let clock = TestClock()
/// let task = Task { try await clock.sleep(for: .seconds(5)) }
/// await clock.waitForSleepers(1)         // the task has reached its sleep
/// await clock.advance(by: .seconds(5))   // the sleep returns
/// ```
///
/// Wait for the sleeper before advancing: on a busy machine the task may not have started
/// yet, and time moved before it sleeps leaves it waiting for the next advance.
public final class TestClock: Clock, Sendable {
    /// A point on the test clock's timeline: a duration since the clock was created.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// Time since the clock's origin.
        public var offset: Duration

        /// Creates an instant at `offset` from the origin.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Orders instants by offset.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }

    private let state: Locked<State>
    /// Signalled whenever a task starts sleeping, for ``waitForSleepers(_:timeout:)``.
    private let sleeperAdded = TestSignal()

    /// Creates a clock whose current instant is `now` (the origin by default).
    public init(now: Instant = Instant(offset: .zero)) {
        state = Locked(State(now: now))
    }

    /// The current instant.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The test clock resolves any duration exactly.
    public var minimumResolution: Duration { .zero }

    /// The earliest deadline a task sleeps until, if any task sleeps.
    package var nextDeadline: Instant? {
        state.withLock { $0.sleepers.values.map(\.deadline).min() }
    }

    /// How many tasks are sleeping on this clock right now.
    package var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until the clock is advanced to `deadline`; throws `CancellationError` if the
    /// task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64 in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { state in
                    if deadline <= state.now { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if resumeNow {
                    continuation.resume()
                } else if Task.isCancelled {
                    cancelSleeper(id)
                } else {
                    sleeperAdded.signal()
                }
            }
        } onCancel: {
            cancelSleeper(id)
        }
    }

    private func cancelSleeper(_ id: UInt64) {
        let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
        sleeper?.continuation.resume(throwing: CancellationError())
    }

    /// Moves time forward by `duration`, waking sleepers in deadline order.
    ///
    /// After waking each group of sleepers it yields so that woken tasks can run and schedule
    /// new sleeps, which are woken in the same call when they fall before the target.
    public func advance(by duration: Duration) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `target` (never backwards), waking sleepers in deadline order.
    package func advance(to target: Instant) async {
        while true {
            await settle()
            let due: [Sleeper] = state.withLock { state in
                let next = state.sleepers.values.map(\.deadline).filter { $0 <= target }.min()
                guard let next else {
                    if target > state.now { state.now = target }
                    return []
                }
                if next > state.now { state.now = next }
                let ids = state.sleepers.filter { $0.value.deadline <= next }.keys.sorted()
                return ids.compactMap { state.sleepers.removeValue(forKey: $0) }
            }
            if due.isEmpty { break }
            for sleeper in due { sleeper.continuation.resume() }
        }
        await settle()
    }

    /// Advances to the latest pending deadline, running every sleeper (and any sleeps they
    /// schedule in turn, up to `limit` rounds).
    public func run(limit: Int = 10_000) async {
        for _ in 0..<limit {
            await settle()
            let last = state.withLock { $0.sleepers.values.map(\.deadline).max() }
            guard let last else { return }
            await advance(to: last)
        }
    }

    /// Suspends until at least `count` tasks sleep on this clock, and returns whether they
    /// did: woken each time a task starts sleeping, not by polling, so a busy machine only
    /// makes the wait end later. `timeout` (real time) guards against a sleep that never comes;
    /// see ``TestSignal/wait(timeout:until:)``.
    @discardableResult
    public func waitForSleepers(_ count: Int, timeout: Duration = .seconds(300)) async -> Bool {
        await sleeperAdded.wait(timeout: timeout) { sleeperCount >= count }
    }

    private func settle() async {
        for _ in 0..<64 { await Task.yield() }
    }
}
