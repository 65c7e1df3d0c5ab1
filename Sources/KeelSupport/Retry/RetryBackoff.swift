import Foundation

/// How often and how long to wait before trying a failed operation again: the one retry
/// schedule of Keel, used by KeelNetworking's `RetryPolicy` (HTTP rules on top) and by
/// KeelLists' `PagingConfiguration.retryBackoff` (page loads).
///
/// Retry `n` (1 for the first retry) waits `ceiling × (1 − jitter × (1 − r))`, where
/// `ceiling = min(maximumDelay, baseDelay × multiplier^(n−1))` and `r` in `0…1` comes from
/// the random source the caller injects. `jitter` 1 is full jitter (`random(0, ceiling)`),
/// 0 waits exactly `ceiling`.
///
/// ```swift
/// let backoff = RetryBackoff(maximumRetries: 3, baseDelay: .seconds(1), jitter: 1)
/// backoff.delay(beforeRetry: 2, random: 0.5)  // 1 s: half of the 2 s ceiling
/// ```
///
/// Nonsensical settings never crash: ``delay(beforeRetry:random:)`` clamps them, and
/// `invalidSetting` (package) names the first one for owners that refuse them up front.
public struct RetryBackoff: Hashable, Sendable {
    /// The most retries after the first attempt (0 never retries; 2 means up to 3 attempts).
    public var maximumRetries: Int
    /// The ceiling of the first retry's wait.
    public var baseDelay: Duration
    /// The factor each later ceiling grows by (at least 1).
    public var multiplier: Double
    /// The longest wait.
    public var maximumDelay: Duration
    /// The randomised fraction (0…1) of each wait: 0 waits exactly the ceiling, 1 is full
    /// jitter (anything from zero to the ceiling).
    public var jitter: Double

    /// Creates a schedule.
    public init(
        maximumRetries: Int = 2, baseDelay: Duration = .seconds(1), multiplier: Double = 2,
        maximumDelay: Duration = .seconds(30), jitter: Double = 1
    ) {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = jitter
    }

    /// A schedule that never retries.
    package static var never: RetryBackoff { RetryBackoff(maximumRetries: 0) }

    /// Whether retry number `retry` (1 for the first retry) is allowed.
    package func allowsRetry(_ retry: Int) -> Bool {
        retry >= 1 && retry <= maximumRetries
    }

    /// The most waits before retry `retry` (1-based) can be: the exponential ceiling, capped.
    package func ceiling(beforeRetry retry: Int) -> Duration {
        let cap = max(maximumDelay, .zero)
        let base = max(baseDelay, .zero)
        let factor = multiplier.isFinite ? max(multiplier, 1) : 1
        let exponent = retry <= 1 ? 0 : min(retry, 1_001) - 1
        let growth = pow(factor, Double(exponent))
        guard growth.isFinite, base.seconds * growth < cap.seconds else { return cap }
        return base * growth
    }

    /// The wait before retry number `retry` (1-based), with `random` (0…1, clamped) picking the
    /// jittered part: `random` 1 waits the whole ceiling.
    public func delay(beforeRetry retry: Int, random: Double) -> Duration {
        let ceiling = ceiling(beforeRetry: retry)
        let spread = jitter.isFinite ? min(max(jitter, 0), 1) : 0
        let unit = random.isFinite ? min(max(random, 0), 1) : 1
        let factor = 1 - spread * (1 - unit)
        return factor >= 1 ? ceiling : ceiling * factor
    }

    /// The reason the schedule is inconsistent, or `nil` when it is valid: retries ≥ 0,
    /// delays ≥ 0, a finite multiplier ≥ 1 and jitter in 0…1.
    package var invalidSetting: String? {
        if maximumRetries < 0 { return "maximumRetries must not be negative (got \(maximumRetries))" }
        if baseDelay < .zero { return "baseDelay must not be negative (got \(baseDelay))" }
        if maximumDelay < .zero { return "maximumDelay must not be negative (got \(maximumDelay))" }
        if !multiplier.isFinite || multiplier < 1 {
            return "multiplier must be at least 1 (got \(multiplier))"
        }
        if !jitter.isFinite || !(0...1).contains(jitter) { return "jitter must be in 0…1 (got \(jitter))" }
        return nil
    }
}
