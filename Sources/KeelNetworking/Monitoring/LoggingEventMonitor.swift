import Foundation
import KeelLogging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logs every request through an `AppLogger`, with secrets redacted by a ``Redactor``.
///
/// Attempts and responses log at `debug`, retries at `notice`, the outcome at `info` (or
/// `warning` for failures). Bodies are included only when `logsBodies` is set; requests can
/// also be logged as cURL commands.
///
/// Two layers protect what is logged. The redactor removes secrets it can name (tokens,
/// keys, passwords, user info) in every configuration. On top of that, only the method, the
/// URL's origin (`https://host:port`), status codes, sizes, durations and the kind of error
/// are public values; the URL's path and query (masked as a keyed hash, so a failing
/// endpoint can still be correlated), headers, bodies, cURL lines and error details are
/// private, so a configuration that redacts private values (staging, production) never
/// writes them to a sink.
public struct LoggingEventMonitor: APIEventMonitor {
    /// Where records go.
    package var logger: AppLogger
    /// What is hidden.
    package var redactor: Redactor
    /// Whether request and response bodies are logged (redacted).
    package var logsBodies: Bool
    /// Whether each attempt is logged as a cURL command instead of a summary.
    package var logsCURL: Bool

    /// Creates a monitor.
    public init(
        logger: AppLogger, redactor: Redactor = Redactor(), logsBodies: Bool = false, logsCURL: Bool = false
    ) {
        self.logger = logger
        self.redactor = redactor
        self.logsBodies = logsBodies
        self.logsCURL = logsCURL
    }

    /// This monitor also redacting the headers `credentialHeaders` declares (the client's
    /// configuration widens each of its logging monitors this way, so a header the app
    /// declared as a credential is never logged in clear).
    package func redacting(_ credentialHeaders: CredentialHeaders) -> LoggingEventMonitor {
        var copy = self
        copy.redactor.credentialHeaders = redactor.credentialHeaders.declaring(credentialHeaders.declared)
        return copy
    }

    /// `monitors` with every ``LoggingEventMonitor`` among them redacting `credentialHeaders`'
    /// declared names too.
    package static func redacting(
        _ credentialHeaders: CredentialHeaders, in monitors: [any APIEventMonitor]
    ) -> [any APIEventMonitor] {
        guard !credentialHeaders.declared.isEmpty else { return monitors }
        return monitors.map { monitor in
            (monitor as? LoggingEventMonitor)?.redacting(credentialHeaders) ?? monitor
        }
    }

    /// Logs the attempt.
    public func requestWillSend(_ request: URLRequest, body: TransportRequest.Body, attempt: Int) {
        guard logger.isEnabled(.debug) else { return }
        let method = request.httpMethod ?? "GET"
        if logsCURL {
            let command = CURLRenderer(redactor: redactor).render(request, body: logsBodies ? body : .none)
            logger.debug("attempt \(attempt): \(command, privacy: .private)")
            return
        }
        let (origin, rest) = redactor.redactedParts(url: request.url)
        var details = headerText(request.allHTTPHeaderFields ?? [:])
        if logsBodies, case .data(let data) = body {
            details +=
                " body: "
                + redactor.redact(body: data, contentType: request.value(forHTTPHeaderField: "Content-Type"))
        }
        logger.debug(
            "→ \(method, privacy: .public) \(origin, privacy: .public)\(rest, privacy: .private(mask: .hash)) attempt \(attempt)\(details, privacy: .private)"
        )
    }

    /// Logs the response head (and body when enabled).
    public func requestDidReceive(
        _ response: HTTPURLResponse, data: Data, for request: URLRequest, attempt: Int
    ) {
        guard logger.isEnabled(.debug) else { return }
        let method = request.httpMethod ?? "GET"
        let (origin, rest) = redactor.redactedParts(url: request.url)
        var details = headerText(APIClient.headers(of: response))
        if logsBodies {
            details +=
                " body: "
                + redactor.redact(body: data, contentType: response.value(forHTTPHeaderField: "Content-Type"))
        }
        logger.debug(
            "← \(response.statusCode) \(method, privacy: .public) \(origin, privacy: .public)\(rest, privacy: .private(mask: .hash)) (\(data.count) bytes)\(details, privacy: .private)"
        )
    }

    /// Logs the retry and its delay.
    public func requestWillRetry(_ request: URLRequest, attempt: Int, delay: Duration, failure: APIError) {
        let method = request.httpMethod ?? "GET"
        let (origin, rest) = redactor.redactedParts(url: request.url)
        let (kind, detail) = Self.summary(of: failure, redactor: redactor)
        logger.notice(
            "retrying \(method, privacy: .public) \(origin, privacy: .public)\(rest, privacy: .private(mask: .hash)) after attempt \(attempt) in \(delay): \(kind, privacy: .public)\(detail, privacy: .private)"
        )
    }

    /// Logs the outcome and duration.
    public func requestDidFinish(
        _ request: URLRequest?, outcome: RequestOutcome, attempts: Int, duration: Duration
    ) {
        let method = request?.httpMethod ?? "GET"
        let (origin, rest) = redactor.redactedParts(url: request?.url)
        switch outcome {
        case .success(let response):
            logger.info(
                "\(method, privacy: .public) \(origin, privacy: .public)\(rest, privacy: .private(mask: .hash)) → \(response.statusCode) in \(duration) (\(attempts) attempt(s))"
            )
        case .failure(let error):
            let (kind, detail) = Self.summary(of: error, redactor: redactor)
            logger.warning(
                "\(method, privacy: .public) \(origin, privacy: .public)\(rest, privacy: .private(mask: .hash)) failed in \(duration) (\(attempts) attempt(s)): \(kind, privacy: .public)\(detail, privacy: .private)"
            )
        }
    }

    /// An error cut into a public kind (no data from the request or response in it) and
    /// private details (the full description, which may quote URLs or decoded values).
    static func summary(of error: any Error, redactor: Redactor) -> (kind: String, detail: String) {
        let description = redactor.redact(text: String(describing: error))
        let kind: String
        if let api = error as? APIError {
            kind = Self.kind(of: api)
        } else if let url = error as? URLError {
            kind = "URLError \(url.code.rawValue)"
        } else if error is CancellationError {
            kind = "cancelled"
        } else {
            kind = String(describing: type(of: error))
        }
        return (kind, " — " + description)
    }

    /// The public kind of `error`: a fixed text per case (with the status or `URLError` code),
    /// never derived from its description, which may quote a path or URL.
    static func kind(of error: APIError) -> String {
        switch error {
        case .invalidRequest: "invalid request"
        case .status(let code, _, _, _): "status \(code)"
        case .transport(let error): "transport error \(error.code.rawValue)"
        case .decoding: "decoding failed"
        case .invalidResponse: "invalid response"
        case .timedOut: "timed out"
        case .cancelled: "cancelled by the transport"
        case .responseTooLarge: "response too large"
        case .redirectRefused: "redirect refused"
        case .notCached: "not cached"
        }
    }

    private func headerText(_ headers: [String: String]) -> String {
        guard !headers.isEmpty else { return "" }
        return " headers: "
            + redactor.redact(headers: headers).map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    }
}
