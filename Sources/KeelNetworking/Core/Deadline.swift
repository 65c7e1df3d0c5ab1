import KeelSupport

/// Races `operation` against `timeout` on `clock`, throwing `TimeoutError` when the deadline
/// passes first and `CancellationError` as soon as the caller is cancelled.
///
/// On the real `ContinuousClock` the deadline is an entry in ``DeadlineScheduler`` instead of
/// a sleeping task per request (the timer task was most of the client's overhead); any other
/// clock (a test clock) goes through KeelSupport's `withTimeout`.
///
/// A value the operation produces after the race was lost (the deadline passed or the caller
/// was cancelled first) reaches nobody: `discard` gets it, to close what it holds.
func withDeadline<T: Sendable>(
    _ timeout: Duration,
    clock: any Clock<Duration>,
    discard: (@Sendable (T) -> Void)? = nil,
    operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    guard clock is ContinuousClock else {
        let local = clock
        return try await withTimeout(timeout, clock: local, discard: discard, operation: operation)
    }
    // The race itself is not generic: the value travels in a box beside it, so a call looks up
    // no generic metadata for the race's state, lock and continuation (they were a third of
    // the race's cost on a cache hit).
    let race = DeadlineRace()
    let box = DeadlineValue<T>()
    try await withTaskCancellationHandler {
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
            race.start(continuation, timeout: timeout) {
                let value = try await operation()
                box.value = value
                guard let discard else { return nil }
                return { discard(value) }
            }
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
    // Set before the race finished with success, which resumed this task: always there.
    guard let value = box.value else { throw CancellationError() }
    return value
}

/// The operation's value, written by the operation before it finishes the race and read by the
/// caller after the race resumed it (the race's lock orders the two).
private final class DeadlineValue<T: Sendable>: @unchecked Sendable {
    var value: T?
}

/// The shared state of one race: whoever finishes first resumes the caller.
private final class DeadlineRace: Sendable {
    private struct State {
        var continuation: UnsafeContinuation<Void, any Error>?
        var operation: Task<Void, Never>?
        var timer: UInt64?
        var finished = false
    }

    /// Guards everything.
    private let state = Locked(State())

    /// Runs `operation` against the deadline. What the operation returns runs when its
    /// success lost the race: it hands the late value to the caller's discard.
    func start(
        _ continuation: UnsafeContinuation<Void, any Error>, timeout: Duration,
        operation: @escaping @Sendable () async throws -> (@Sendable () -> Void)?
    ) {
        let alreadyFinished = state.withLock { state -> Bool in
            if state.finished { return true }
            state.continuation = continuation
            return false
        }
        if alreadyFinished {
            continuation.resume(throwing: CancellationError())
            return
        }
        let deadline = ContinuousClock.now.advanced(by: timeout.clampedForWaiting)
        let body: @Sendable () async -> Void = { [self] in
            do {
                let discardLateValue = try await operation()
                if !finish(.success(())) { discardLateValue?() }
            } catch {
                finish(.failure(error))
            }
        }
        // On Linux the operation starts on this thread and runs until it first suspends (an
        // answer already at hand finishes without a thread hop); the toolchain's iOS 16 SDK
        // has no `Task.immediate`, so Apple platforms start it as a normal task.
        #if os(Linux)
            let task = Task.immediate(operation: body)
        #else
            let task = Task(operation: body)
        #endif
        let finishedAlready = state.withLock { state -> Bool in
            state.operation = task
            return state.finished
        }
        if finishedAlready {
            task.cancel()
            return
        }
        let timer = DeadlineScheduler.shared.schedule(at: deadline) { [self] in
            finish(.failure(TimeoutError(timeout: timeout)))
        }
        let cancelNow = state.withLock { state -> Bool in
            state.timer = timer
            return state.finished
        }
        if cancelNow {
            DeadlineScheduler.shared.cancel(timer)
            task.cancel()
        }
    }

    /// Resumes the caller with `result` unless the race is already over; `false` when it was.
    @discardableResult
    func finish(_ result: Result<Void, any Error>) -> Bool {
        let (continuation, operation, timer) = state.withLock { state in
            defer {
                state.finished = true
                state.continuation = nil
            }
            return state.finished ? (nil, nil, nil) : (state.continuation, state.operation, state.timer)
        }
        guard let continuation else { return false }
        if let timer { DeadlineScheduler.shared.cancel(timer) }
        if case .failure = result { operation?.cancel() }
        continuation.resume(with: result)
        return true
    }
}
