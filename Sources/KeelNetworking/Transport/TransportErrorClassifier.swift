import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Gives transport failures that FoundationNetworking reports as `URLError` −1 ("unknown",
/// curl's message as the description) the specific code they mean, so callers and the
/// ``RetryPolicy`` can act on them. A pure function of the error; the original error is kept
/// under `NSUnderlyingErrorKey` and its message as the description.
package enum TransportErrorClassifier {
    /// Message fragments (lower-cased) and the code each means, first match wins.
    static let rules: [(fragment: String, code: URLError.Code)] = [
        // The body ended before its Content-Length or final chunk.
        ("transfer closed with", .networkConnectionLost),
        ("partial file", .networkConnectionLost),
        ("connection died", .networkConnectionLost),
        ("connection reset", .networkConnectionLost),
        ("recv failure", .networkConnectionLost),
        ("empty reply from server", .networkConnectionLost),
        ("failure when receiving data", .networkConnectionLost),
        // The peer closed the connection while the request was being sent (an upload cut off).
        ("send failure", .networkConnectionLost),
        ("broken pipe", .networkConnectionLost),
        // TLS: the server's certificate is not trusted.
        ("certificate has expired", .serverCertificateHasBadDate),
        ("certificate is not yet valid", .serverCertificateHasBadDate),
        ("self-signed certificate", .serverCertificateUntrusted),
        ("self signed certificate", .serverCertificateUntrusted),
        ("unable to get local issuer certificate", .serverCertificateUntrusted),
        ("certificate verify failed", .serverCertificateUntrusted),
        ("ssl certificate problem", .serverCertificateUntrusted),
        ("no alternative certificate subject name", .serverCertificateHasUnknownRoot),
        ("ssl peer certificate", .serverCertificateUntrusted),
        ("ssl", .secureConnectionFailed),
        ("tls", .secureConnectionFailed),
        // A head or body that does not parse as HTTP.
        ("header without colon", .badServerResponse),
        // FoundationNetworking's own head parser rejected a line curl passed on.
        ("failed writing header", .badServerResponse),
        ("weird server reply", .badServerResponse),
        ("invalid status line", .badServerResponse),
        ("unsupported http version", .badServerResponse),
        ("http/0.9", .badServerResponse),
        ("nul byte in header", .badServerResponse),
        ("chunk", .badServerResponse),
        ("content-length", .badServerResponse),
        ("too large response headers", .badServerResponse),
        ("header size", .badServerResponse),
        ("malformed", .badServerResponse),
        ("invalid response header", .badServerResponse),
        ("bad content encoding", .cannotDecodeContentData),
        ("content encoding", .cannotDecodeContentData),
        ("error while processing content unencoding", .cannotDecodeContentData),
        ("maximum file size exceeded", .dataLengthExceedsMaximum),
    ]

    /// `error` with a specific code when it is −1 and its message says what happened (or
    /// −1002 "unsupported URL" for what is really a malformed response, such as "Unsupported
    /// HTTP version in response"); otherwise `error` unchanged.
    package static func classify(_ error: URLError) -> URLError {
        let message = Self.message(of: error)
        let reclassifiable =
            error.code == .unknown
            || (error.code == .unsupportedURL && message.lowercased().contains("response"))
        guard reclassifiable, let code = code(forMessage: message) else { return error }
        var info = error.userInfo
        info[NSUnderlyingErrorKey] = error as NSError
        info[NSLocalizedDescriptionKey] = message
        return URLError(code, userInfo: info)
    }

    /// The code a curl message means, or `nil` when no rule matches.
    package static func code(forMessage message: String) -> URLError.Code? {
        let lowered = message.lowercased()
        return rules.first { lowered.contains($0.fragment) }?.code
    }

    /// The most specific message: the error's description, with the underlying error's.
    static func message(of error: URLError) -> String {
        var parts = [error.localizedDescription]
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
            parts.append(underlying.localizedDescription)
        }
        return parts.joined(separator: " | ")
    }
}
