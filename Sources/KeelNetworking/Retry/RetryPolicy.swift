import Foundation
import KeelSupport

// The retry schedule is part of this module's API, so importing the module is enough to use it.
@_exported import struct KeelSupport.RetryBackoff

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client's built-in retry rules (on by default), asked after every interceptor: HTTP
/// rules on top of KeelSupport's one retry schedule, `backoff`.
///
/// - At most `backoff.maximumRetries` retries (2) after the first attempt.
/// - Only idempotent requests, or any request carrying an `Idempotency-Key` header.
/// - Statuses 408, 429, 500, 502, 503, 504 and transient transport errors (lost or refused
///   connections, DNS, timeouts): the rules the offline queue shares. Other statuses (`501`,
///   `505`…) and errors that will not pass (a bad URL, an untrusted certificate) are final.
/// - Delay: the backoff's exponential schedule with full jitter (by default),
///   `random(0, min(cap, base × 2^(n-1)))` for retry `n`; a valid `Retry-After` replaces it,
///   capped at `maximumRetryAfter`.
public struct RetryPolicy: APIInterceptor {
    /// The default schedule: up to 2 retries, 500 ms base doubling to at most 30 s, full jitter.
    @usableFromInline package static let defaultBackoff = RetryBackoff(
        maximumRetries: 2, baseDelay: .milliseconds(500), multiplier: 2, maximumDelay: .seconds(30), jitter: 1
    )

    /// How many retries, and the wait before each (when no `Retry-After` says otherwise).
    package var backoff: RetryBackoff
    /// Statuses worth retrying.
    package var retryableStatusCodes: Set<Int>
    /// Transport errors worth retrying.
    package var retryableURLErrors: Set<URLError.Code>
    /// The most a `Retry-After` delay is honoured for; longer requests are shortened to it.
    package var maximumRetryAfter: Duration
    /// A random number in `0...1` for the backoff's jitter (inject a constant in tests).
    package var random: @Sendable () -> Double
    /// The wall-clock time `Retry-After` dates are measured from.
    package var now: @Sendable () -> Date

    /// Creates a policy; the defaults are the documented rules.
    ///
    /// - Parameters:
    ///   - backoff: how many retries, and the wait before each (when no `Retry-After` says
    ///     otherwise).
    ///   - retryableStatusCodes: statuses worth retrying.
    ///   - retryableURLErrors: transport errors worth retrying.
    ///   - maximumRetryAfter: the most a `Retry-After` delay is honoured for; longer requests are
    ///     shortened to it.
    ///   - random: a random number in `0...1` for the backoff's jitter (inject a constant in
    ///     tests).
    ///   - now: the current date, against which an HTTP-date `Retry-After` is measured (inject
    ///     a fixed one in tests).
    public init(
        backoff: RetryBackoff = RetryPolicy.defaultBackoff,
        retryableStatusCodes: Set<Int> = RetryPolicy.transientStatusCodes,
        retryableURLErrors: Set<URLError.Code> = RetryPolicy.transientURLErrors,
        maximumRetryAfter: Duration = .seconds(60),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.backoff = backoff
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableURLErrors = retryableURLErrors
        self.maximumRetryAfter = maximumRetryAfter
        self.random = random
        self.now = now
    }

    /// The default rules.
    @usableFromInline package static var `default`: RetryPolicy { RetryPolicy() }

    /// Never retries.
    package static var never: RetryPolicy { RetryPolicy(backoff: .never) }

    /// The statuses retried by default (``TransientFailures/standardStatusCodes``).
    @usableFromInline package static let transientStatusCodes: Set<Int> = TransientFailures
        .standardStatusCodes

    /// Transport errors that usually pass: lost or refused connections, DNS, timeouts
    /// (``TransientFailures/standardURLErrors``).
    @usableFromInline package static let transientURLErrors: Set<URLError.Code> =
        TransientFailures.standardURLErrors

    /// Decides on a retry from the failure and the call's context.
    public func retry(_ request: URLRequest, failure: AttemptFailure, context: RequestContext) async
        -> RetryDecision
    {
        let retry = context.retryCount + 1
        guard backoff.allowsRetry(retry) else { return .doNotRetry }
        let idempotent = context.isIdempotent || request.value(forHTTPHeaderField: "Idempotency-Key") != nil
        guard idempotent, isRetryable(failure.error) else { return .doNotRetry }
        return .retry(after: delay(forRetry: retry, response: failure.response))
    }

    /// The policy's transience rules: its statuses and transport errors.
    package var transientFailures: TransientFailures {
        TransientFailures(statusCodes: retryableStatusCodes, urlErrors: retryableURLErrors)
    }

    /// Whether the error is one the policy retries (``TransientFailures/isTransient(_:)`` over
    /// its statuses and transport errors).
    package func isRetryable(_ error: APIError) -> Bool {
        transientFailures.isTransient(error)
    }

    /// The delay before retry number `retry` (1-based): `Retry-After` when valid, else backoff.
    package func delay(forRetry retry: Int, response: HTTPURLResponse?) -> Duration {
        if let value = response?.value(forHTTPHeaderField: "Retry-After"),
            let requested = try? RetryAfter.delay(from: value, now: now())
        {
            return min(requested, maximumRetryAfter)
        }
        return backoffDelay(forRetry: retry)
    }

    /// The backoff's wait before retry number `retry` (1-based), jitter drawn from ``random``.
    package func backoffDelay(forRetry retry: Int) -> Duration {
        backoff.delay(beforeRetry: retry, random: random())
    }
}
