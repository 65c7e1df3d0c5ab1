import Foundation

extension Duration {
    /// Whether `components` holds the duration: its seconds are an `Int64`, and the standard
    /// library traps computing them for a longer duration (`.seconds(Int64.max) * 2` is a
    /// valid `Duration`).
    private var fitsComponents: Bool {
        self > .seconds(Int64.min) && self < .seconds(Int64.max)
    }

    /// The duration in seconds as a `Double`.
    package var seconds: Double {
        guard fitsComponents else { return self / .seconds(1) }
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }

    /// The duration in whole nanoseconds, saturating at the bounds of `Int64`.
    package var nanoseconds: Int64 {
        guard fitsComponents else { return self < .zero ? .min : .max }
        let (s, attoseconds) = components
        let (scaled, overflow) = s.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return s < 0 ? .min : .max }
        return scaled.addingReportingOverflow(attoseconds / 1_000_000_000).overflow
            ? (s < 0 ? .min : .max) : scaled + attoseconds / 1_000_000_000
    }

    /// The duration in whole milliseconds (toward zero), saturating at the bounds of `Int64`:
    /// `.seconds(Int64.max)` and longer are `Int64.max`, never a trap.
    package var milliseconds: Int64 {
        guard fitsComponents else { return self < .zero ? .min : .max }
        let (s, attoseconds) = components
        let (scaled, overflow) = s.multipliedReportingOverflow(by: 1000)
        if overflow { return s < 0 ? .min : .max }
        return scaled.addingSaturated(attoseconds / 1_000_000_000_000_000)
    }

    /// A duration from a number of seconds, never trapping: NaN, zero or negative input
    /// becomes zero; input beyond ``maximumClampedSeconds`` (`1e20`, `+infinity`) becomes that
    /// maximum (292 years), so an "endless" value stays endless rather than becoming zero.
    package static func clampedSeconds(_ value: Double) -> Duration {
        guard value > 0 else { return .zero }  // NaN compares false
        return .nanoseconds(Int64(min(value, maximumClampedSeconds) * 1e9))
    }

    /// The most seconds ``clampedSeconds(_:)`` gives: its nanoseconds still fit an `Int64`.
    package static let maximumClampedSeconds = 9.2e9

    /// The longest wait handed to a clock: 100 years. A deadline much further out (an
    /// "endless" `.seconds(Int64.max)`) traps in the runtime when `ContinuousClock` converts it
    /// for the system timer, so every wait Keel starts is clamped to this, which never ends in
    /// practice.
    package static let longestWait: Duration = .seconds(3_153_600_000)

    /// This duration, at most ``longestWait``.
    package var clampedForWaiting: Duration { min(self, Self.longestWait) }
}

/// An injected clock reduced to what timing code needs: the time elapsed since this value was
/// made, and sleeping. Wraps any `Clock<Duration>`, opening the existential once, so code that
/// holds `any Clock<Duration>` measures durations without generics. The one elapsed-time helper:
/// the image pipeline's rate limiter and memory cache, and the API client's deadlines and
/// refresh budget, all use it.
package struct ElapsedClock: Sendable {
    /// The time elapsed on the clock since this value was made.
    package let elapsed: @Sendable () -> Duration
    /// Sleeps on the clock.
    package let sleep: @Sendable (Duration) async throws -> Void

    /// Starts measuring on `clock` now.
    package init(_ clock: any Clock<Duration>) {
        self = Self.make(clock)
    }

    private init(
        elapsed: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.elapsed = elapsed
        self.sleep = sleep
    }

    private static func make<C: Clock<Duration>>(_ clock: C) -> ElapsedClock {
        let start = clock.now
        return ElapsedClock(
            elapsed: { start.duration(to: clock.now) },
            sleep: { duration in try await KeelSupport.sleep(for: duration, on: clock) })
    }
}

/// Races `operation` against a deadline on `clock`.
///
/// Returns the operation's result, or throws ``TimeoutError`` once `timeout` has passed on the
/// clock — even when the operation ignores cancellation (it is cancelled and left behind).
/// A value the operation produces after that (or after the caller was cancelled) reaches
/// nobody: `discard` gets it, to close what it holds.
package func withTimeout<T: Sendable>(
    _ timeout: Duration,
    clock: some Clock<Duration>,
    discard: (@Sendable (T) -> Void)? = nil,
    operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let box = Locked<CheckedContinuation<T, any Error>?>(nil)
    let operationTask = Locked<Task<Void, Never>?>(nil)
    let timerTask = Locked<Task<Void, Never>?>(nil)
    @Sendable func resume(_ result: Result<T, any Error>) {
        let continuation = box.withLock { value -> CheckedContinuation<T, any Error>? in
            defer { value = nil }
            return value
        }
        if let continuation {
            continuation.resume(with: result)
        } else if case .success(let late) = result {
            discard?(late)
        }
    }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            box.set(continuation)
            if Task.isCancelled {
                resume(.failure(CancellationError()))
                return
            }
            operationTask.set(
                Task {
                    let result: Result<T, any Error>
                    do {
                        result = .success(try await operation())
                    } catch {
                        result = .failure(error)
                    }
                    // The timer goes before the caller resumes: a caller that went on with the
                    // timer still asleep saw a sleeper that was already moot (on a test clock, a
                    // sleeper count that a test waiting for the next sleep mistook for it).
                    timerTask.current?.cancel()
                    resume(result)
                })
            let timer = Task {
                do {
                    try await clock.sleep(
                        until: clock.now.advanced(by: timeout.clampedForWaiting), tolerance: nil)
                    resume(.failure(TimeoutError(timeout: timeout)))
                    operationTask.current?.cancel()
                } catch {}
            }
            timerTask.set(timer)
            // An operation that finished before the timer was stored could not cancel it (it
            // found none): the timer would sleep out the whole timeout, a sleeper a test clock
            // still counts. Its result is in, so the timer goes now.
            if box.current == nil { timer.cancel() }
        }
    } onCancel: {
        operationTask.current?.cancel()
        timerTask.current?.cancel()
        resume(.failure(CancellationError()))
    }
}

/// Thrown by ``withTimeout(_:clock:operation:)`` when the deadline passes first.
package struct TimeoutError: Error, Equatable, CustomStringConvertible {
    /// The timeout that elapsed.
    package let timeout: Duration

    /// Creates the error for a given timeout.
    package init(timeout: Duration) {
        self.timeout = timeout
    }

    /// A readable description.
    package var description: String {
        "timed out after \(timeout)"
    }
}

/// Sleeps for `duration` on `clock` (works for `any Clock<Duration>` values, and with the iOS 16
/// SDK, where the generic `sleep(for:)` is unavailable).
/// Longer than ``Duration/longestWait`` sleeps that long.
package func sleep(for duration: Duration, on clock: some Clock<Duration>) async throws {
    try await clock.sleep(until: clock.now.advanced(by: duration.clampedForWaiting), tolerance: nil)
}
