import Foundation
import KeelLogging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logs every request through an `AppLogger`, with secrets redacted by a ``Redactor``.
///
/// Attempts and responses log at `debug`, retries at `notice`, the outcome at `info` (or
/// `warning` for failures). Bodies are included only when ``logsBodies`` is set; requests can
/// also be logged as cURL commands.
public struct LoggingEventMonitor: APIEventMonitor {
    /// Where records go.
    public var logger: AppLogger
    /// What is hidden.
    public var redactor: Redactor
    /// Whether request and response bodies are logged (redacted).
    public var logsBodies: Bool
    /// Whether each attempt is logged as a cURL command instead of a summary.
    public var logsCURL: Bool

    /// Creates a monitor.
    public init(
        logger: AppLogger, redactor: Redactor = Redactor(), logsBodies: Bool = false, logsCURL: Bool = false
    ) {
        self.logger = logger
        self.redactor = redactor
        self.logsBodies = logsBodies
        self.logsCURL = logsCURL
    }

    /// Logs the attempt.
    public func requestWillSend(_ request: URLRequest, body: TransportRequest.Body, attempt: Int) {
        guard logger.isEnabled(.debug) else { return }
        if logsCURL {
            let command = CURLRenderer(redactor: redactor).render(request, body: logsBodies ? body : .none)
            logger.debug("attempt \(attempt): \(command, privacy: .public)")
            return
        }
        var text = "→ \(request.httpMethod ?? "GET") \(redactor.redact(url: request.url)) attempt \(attempt)"
        text += headerText(request.allHTTPHeaderFields ?? [:])
        if logsBodies, case .data(let data) = body {
            text +=
                " body: "
                + redactor.redact(body: data, contentType: request.value(forHTTPHeaderField: "Content-Type"))
        }
        logger.debug("\(text, privacy: .public)")
    }

    /// Logs the response head (and body when enabled).
    public func requestDidReceive(
        _ response: HTTPURLResponse, data: Data, for request: URLRequest, attempt: Int
    ) {
        guard logger.isEnabled(.debug) else { return }
        var text =
            "← \(response.statusCode) \(request.httpMethod ?? "GET") \(redactor.redact(url: request.url))"
        text += " (\(data.count) bytes)" + headerText(APIClient.headers(of: response))
        if logsBodies {
            text +=
                " body: "
                + redactor.redact(body: data, contentType: response.value(forHTTPHeaderField: "Content-Type"))
        }
        logger.debug("\(text, privacy: .public)")
    }

    /// Logs the retry and its delay.
    public func requestWillRetry(_ request: URLRequest, attempt: Int, delay: Duration, failure: APIError) {
        let target = "\(request.httpMethod ?? "GET") \(redactor.redact(url: request.url))"
        logger.notice(
            "retrying \(target, privacy: .public) after attempt \(attempt) in \(delay): \(failure.description, privacy: .public)"
        )
    }

    /// Logs the outcome and duration.
    public func requestDidFinish(
        _ request: URLRequest?, outcome: RequestOutcome, attempts: Int, duration: Duration
    ) {
        let target = "\(request?.httpMethod ?? "GET") \(redactor.redact(url: request?.url))"
        switch outcome {
        case .success(let response):
            logger.info(
                "\(target, privacy: .public) → \(response.statusCode) in \(duration) (\(attempts) attempt(s))"
            )
        case .failure(let error):
            logger.warning(
                "\(target, privacy: .public) failed in \(duration) (\(attempts) attempt(s)): \(String(describing: error), privacy: .public)"
            )
        }
    }

    private func headerText(_ headers: [String: String]) -> String {
        guard !headers.isEmpty else { return "" }
        return " headers: "
            + redactor.redact(headers: headers).map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    }
}
