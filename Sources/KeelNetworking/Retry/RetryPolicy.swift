import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client's built-in retry rules (on by default), asked after every interceptor.
///
/// - At most ``maximumRetries`` retries (2).
/// - Only idempotent requests, or any request carrying an `Idempotency-Key` header.
/// - Statuses 408, 429, 500, 502, 503, 504 and transient transport errors.
/// - Delay: exponential backoff with full jitter, `random(0, min(cap, base × 2^(n-1)))` for
///   retry `n`; a valid `Retry-After` replaces it, capped at ``maximumRetryAfter``.
public struct RetryPolicy: APIInterceptor {
    /// The most retries for one call.
    public var maximumRetries: Int
    /// Statuses worth retrying.
    public var retryableStatusCodes: Set<Int>
    /// Transport errors worth retrying.
    public var retryableURLErrors: Set<URLError.Code>
    /// The backoff base (the ceiling of the first retry's delay).
    public var baseDelay: Duration
    /// The most a backoff delay can be.
    public var maximumDelay: Duration
    /// The most a `Retry-After` delay is honoured for; longer requests are shortened to it.
    public var maximumRetryAfter: Duration
    /// A random number in `0...1` for the jitter (inject a constant in tests).
    public var random: @Sendable () -> Double
    /// The wall-clock time `Retry-After` dates are measured from.
    public var now: @Sendable () -> Date

    /// Creates a policy; the defaults are the documented rules.
    public init(
        maximumRetries: Int = 2,
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableURLErrors: Set<URLError.Code> = RetryPolicy.transientURLErrors,
        baseDelay: Duration = .milliseconds(500),
        maximumDelay: Duration = .seconds(30),
        maximumRetryAfter: Duration = .seconds(60),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.maximumRetries = maximumRetries
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableURLErrors = retryableURLErrors
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
        self.random = random
        self.now = now
    }

    /// The default rules.
    public static var `default`: RetryPolicy { RetryPolicy() }

    /// Never retries.
    public static var never: RetryPolicy { RetryPolicy(maximumRetries: 0) }

    /// Transport errors that usually pass: lost or refused connections, DNS, timeouts.
    public static let transientURLErrors: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .notConnectedToInternet, .cannotConnectToHost,
        .cannotFindHost, .dnsLookupFailed, .cannotLoadFromNetwork, .badServerResponse,
        .dataNotAllowed, .callIsActive, .internationalRoamingOff, .secureConnectionFailed,
    ]

    /// Decides on a retry from the failure and the call's context.
    public func retry(_ request: URLRequest, failure: AttemptFailure, context: RequestContext) async
        -> RetryDecision
    {
        let retry = context.retryCount + 1
        guard retry <= maximumRetries else { return .doNotRetry }
        let idempotent = context.isIdempotent || request.value(forHTTPHeaderField: "Idempotency-Key") != nil
        guard idempotent, isRetryable(failure.error) else { return .doNotRetry }
        return .retry(after: delay(forRetry: retry, response: failure.response))
    }

    /// Whether the error is one the policy retries.
    public func isRetryable(_ error: APIError) -> Bool {
        switch error {
        case .status(let code, _, _, _): return retryableStatusCodes.contains(code)
        case .transport(let error): return retryableURLErrors.contains(error.code)
        default: return false
        }
    }

    /// The delay before retry number `retry` (1-based): `Retry-After` when valid, else backoff.
    public func delay(forRetry retry: Int, response: HTTPURLResponse?) -> Duration {
        if let value = response?.value(forHTTPHeaderField: "Retry-After"),
            let requested = try? RetryAfter.delay(from: value, now: now())
        {
            return min(requested, maximumRetryAfter)
        }
        return backoff(forRetry: retry)
    }

    /// Full-jitter exponential backoff for retry number `retry` (1-based).
    public func backoff(forRetry retry: Int) -> Duration {
        let exponent = max(0, min(retry - 1, 30))
        let ceiling = min(maximumDelay, baseDelay * (1 << exponent))
        let fraction = min(1, max(0, random()))
        return ceiling * fraction
    }
}
