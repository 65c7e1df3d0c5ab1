import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Observes requests: attempts sent, responses received, retries and the final outcome.
///
/// Callbacks run synchronously on the calling task; keep them cheap. Every method has an
/// empty default, so a monitor implements only what it needs.
public protocol APIEventMonitor: Sendable {
    /// An attempt is about to be sent (after the interceptors adapted it).
    func requestWillSend(_ request: URLRequest, body: TransportRequest.Body, attempt: Int)
    /// An attempt got a response (any status).
    func requestDidReceive(_ response: HTTPURLResponse, data: Data, for request: URLRequest, attempt: Int)
    /// A failed attempt will be retried after `delay`.
    func requestWillRetry(_ request: URLRequest, attempt: Int, delay: Duration, failure: APIError)
    /// The call finished after `duration` (measured on the client's clock).
    func requestDidFinish(_ request: URLRequest?, outcome: RequestOutcome, attempts: Int, duration: Duration)
}

extension APIEventMonitor {
    /// Does nothing.
    public func requestWillSend(_ request: URLRequest, body: TransportRequest.Body, attempt: Int) {}
    /// Does nothing.
    public func requestDidReceive(
        _ response: HTTPURLResponse, data: Data, for request: URLRequest, attempt: Int
    ) {}
    /// Does nothing.
    public func requestWillRetry(_ request: URLRequest, attempt: Int, delay: Duration, failure: APIError) {}
    /// Does nothing.
    public func requestDidFinish(
        _ request: URLRequest?, outcome: RequestOutcome, attempts: Int, duration: Duration
    ) {}
}

/// How a call ended.
public enum RequestOutcome: Sendable {
    /// An acceptable response that decoded.
    case success(HTTPURLResponse)
    /// The error the call threw.
    case failure(any Error)

    /// Whether the call succeeded.
    package var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
