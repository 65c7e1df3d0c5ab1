import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adapts requests before they are sent and decides whether failed attempts are retried.
///
/// Interceptors run in order: the client's, then the endpoint's. Every `adapt` runs before each
/// attempt; after a failed attempt each `retry` is asked in the same order and the first
/// decision other than ``RetryDecision/doNotRetry`` wins (the client's ``RetryPolicy`` is asked
/// last).
public protocol APIInterceptor: Sendable {
    /// Changes the request before an attempt (add a token, sign it …). Throwing fails the call
    /// with that error without sending anything.
    func adapt(_ request: inout URLRequest, context: RequestContext) async throws

    /// Decides what happens after a failed attempt.
    func retry(_ request: URLRequest, failure: AttemptFailure, context: RequestContext) async -> RetryDecision
}

extension APIInterceptor {
    /// Leaves the request unchanged.
    public func adapt(_ request: inout URLRequest, context: RequestContext) async throws {}

    /// Does not ask for a retry.
    public func retry(_ request: URLRequest, failure: AttemptFailure, context: RequestContext) async
        -> RetryDecision
    {
        .doNotRetry
    }
}

/// What an interceptor decided after a failed attempt.
public enum RetryDecision: Sendable {
    /// Send the request again after `delay` (on the client's clock).
    case retry(after: Duration)
    /// Let the failure stand (or let the next interceptor decide).
    case doNotRetry
    /// Stop and fail the call with `error` instead (e.g. a failed token refresh).
    case fail(any Error)
}

/// A failed attempt as the interceptors see it.
public struct AttemptFailure: Sendable {
    /// The error the attempt would fail with.
    public var error: APIError
    /// The response, when the server answered.
    public var response: HTTPURLResponse?
    /// The response body, when the server answered.
    public var body: Data?

    /// Creates a failure description.
    public init(error: APIError, response: HTTPURLResponse? = nil, body: Data? = nil) {
        self.error = error
        self.response = response
        self.body = body
    }

    /// The HTTP status, when the server answered.
    package var statusCode: Int? {
        response?.statusCode
    }
}
