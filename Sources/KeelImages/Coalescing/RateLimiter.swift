import KeelSupport

/// A token bucket: `burst` requests pass at once, then `rate` per second. A caller over the
/// limit sleeps on the injected clock until its token is due (callers queue in arrival order
/// because each takes the next token as it arrives).
final class RateLimiter: Sendable {
    private struct State {
        var tokens: Double
        var last: Duration
    }

    private let rate: Double
    private let burst: Double
    private let clock: ElapsedClock
    private let state: Locked<State>

    init(rate: Double, burst: Int, clock: ElapsedClock) {
        self.rate = max(rate, 0.001)
        self.burst = Double(max(1, burst))
        self.clock = clock
        state = Locked(State(tokens: Double(max(1, burst)), last: clock.elapsed()))
    }

    /// Takes a token, sleeping until one is available.
    func acquire() async throws {
        try Task.checkCancellation()
        let now = clock.elapsed()
        let wait = state.withLock { state -> Duration in
            let refill = (now - state.last).seconds * rate
            state.tokens = min(burst, state.tokens + refill)
            state.last = now
            state.tokens -= 1
            return state.tokens >= 0 ? .zero : .clampedSeconds(-state.tokens / rate)
        }
        guard wait > .zero else { return }
        do {
            try await clock.sleep(wait)
        } catch {
            state.withLock { $0.tokens += 1 }  // give the reserved token back
            throw error
        }
    }
}
