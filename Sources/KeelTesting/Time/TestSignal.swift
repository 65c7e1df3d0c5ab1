import KeelSupport

/// Wakes the tasks that wait for a condition on shared test state each time that state
/// changes: the signal-driven alternative to polling with ``eventually(timeout:_:)``.
///
/// A test double calls ``signal()`` after every change it makes to what tests read (a count, a
/// list of calls); a test awaits ``wait(timeout:until:)``, which checks its condition once,
/// then again after each signal. Nothing polls and nothing needs spare CPU: on a busy machine
/// the wait simply ends later, when the awaited work has run.
///
/// ```swift
/// let loads = TestSignal()
/// // in the fake: record the call, then `loads.signal()`
/// #expect(await loads.wait { loader.loadCount == 1 })
/// ```
public final class TestSignal: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Waiters woken (by their deadline or cancellation) before they registered.
        var woken: Set<UInt64> = []
    }

    private let state = Locked(State())

    /// Creates a signal nobody waits on.
    public init() {}

    /// Says that the watched state changed: every waiter checks its condition again.
    public func signal() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.generation &+= 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until `condition` holds, checking it now and after each ``signal()``; returns
    /// whether it held.
    ///
    /// `timeout` only guards against a hang (a signal that never comes because the behaviour
    /// under test is broken): it is real time, long past the few milliseconds of work any wait
    /// here stands for, so that the awaited work may wait its turn behind every other test on
    /// a loaded machine. The wait also ends, returning `false`, when the task is cancelled (a
    /// test at its time limit). `condition` runs on the caller's actor.
    public nonisolated(nonsending) func wait(
        timeout: Duration = .seconds(300), until condition: () async -> Bool
    ) async -> Bool {
        // Clamped as KeelSupport's waits are: `.seconds(Int64.max)` ("no timeout") used to trap
        // in `Task.sleep(until:)`.
        let deadline = ContinuousClock.now.advanced(by: timeout.clampedForWaiting)
        while true {
            let seen = state.withLock { $0.generation }
            if await condition() { return true }
            guard !Task.isCancelled, ContinuousClock.now < deadline else { return false }
            await change(after: seen, deadline: deadline)
        }
    }

    /// Returns after the first signal past generation `seen`, at `deadline`, or on cancellation.
    private func change(after seen: UInt64, deadline: ContinuousClock.Instant) async {
        let id = state.withLock { state -> UInt64 in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let timer = Task.detached { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self?.wake(id)
        }
        defer { timer.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.generation != seen || state.woken.remove(id) != nil { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            wake(id)
        }
        state.withLock { _ = $0.woken.remove(id) }
    }

    /// Resumes waiter `id` if it waits, or marks it woken so that it does not start waiting.
    private func wake(_ id: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
            state.woken.insert(id)
            return nil
        }
        waiter?.resume()
    }
}
