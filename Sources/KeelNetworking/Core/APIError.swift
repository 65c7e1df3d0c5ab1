import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why an ``APIClient`` call failed. Cancelling the calling task throws `CancellationError`
/// instead (never `URLError.cancelled`).
public enum APIError: Error, Sendable, CustomStringConvertible {
    /// The request could not be built; `field` names what was wrong (`path`, `headers[X]`,
    /// `body`, `baseURL` …).
    case invalidRequest(field: String, reason: String)
    /// The server answered with a status outside the endpoint's acceptable codes. `body` is
    /// kept up to the client's `APIClient.Configuration(maximumKeptErrorBodyBytes:)`;
    /// `isBodyTruncated` says whether more was received.
    case status(code: Int, headers: [String: String], body: Data, isBodyTruncated: Bool)
    /// The transport failed (connection refused, lost, DNS, too many redirects …).
    case transport(URLError)
    /// The body did not decode; the `DecodingError` carries the coding path.
    case decoding(DecodingError, body: Data)
    /// The response was not usable: not HTTP, or a content type the endpoint cannot decode.
    case invalidResponse(reason: String, body: Data)
    /// The call did not finish within its timeout (enforced by the client to the millisecond).
    case timedOut(after: Duration)
    /// The transport reported a cancellation the caller did not ask for.
    case cancelled
    /// The response body grew past `limit` bytes (the client's
    /// `APIClient.Configuration(maximumResponseBodyBytes:)`, or a `Content-Length` announcing
    /// more); the transfer was stopped and its connection closed.
    case responseTooLarge(limit: Int)
    /// A redirect from `from` to `to` was not followed (an `https` → `http` downgrade, or a
    /// target that is not http(s)); `reason` says which.
    case redirectRefused(from: URL, to: URL, reason: String)
    /// The call's ``CachePolicy/cacheOnly`` policy found nothing stored for the URL.
    case notCached(URL)

    /// The status code for ``status(code:headers:body:isBodyTruncated:)``, else `nil`.
    package var statusCode: Int? {
        if case .status(let code, _, _, _) = self { return code }
        return nil
    }

    /// A message naming what went wrong.
    public var description: String {
        switch self {
        case .invalidRequest(let field, let reason):
            return "invalid request: \(field): \(reason)"
        case .status(let code, _, let body, let truncated):
            return "unacceptable status \(code) (\(body.count)\(truncated ? "+" : "") body bytes kept)"
        case .transport(let error):
            return "transport error \(error.code.rawValue): \(error.localizedDescription)"
        case .decoding(let error, let body):
            return "decoding failed: \(Self.describe(error)) (\(body.count) body bytes)"
        case .invalidResponse(let reason, _):
            return "invalid response: \(reason)"
        case .timedOut(let after):
            return "timed out after \(after)"
        case .cancelled:
            return "cancelled by the transport"
        case .responseTooLarge(let limit):
            return "response body larger than the limit of \(limit) bytes"
        case .redirectRefused(let from, let to, let reason):
            return "redirect from \(Self.describe(url: from)) to \(Self.describe(url: to)) refused: \(reason)"
        case .notCached(let url):
            return "nothing cached for \(url.path.isEmpty ? "/" : url.path)"
        }
    }

    /// An underlying error's text (a `URLError` names its failing URL in its user info) with
    /// every URL in it shown as ``describe(urlText:)`` shows one.
    package static func describe(errorText text: String) -> String {
        URLQueryValues.hidingURLs(in: text, url: describe(urlText:))
    }

    /// `url` as an error message shows it (``describe(urlText:)``).
    package static func describe(url: URL) -> String {
        describe(urlText: url.absoluteString)
    }

    /// A URL's text as an error message shows it: scheme, host, port and path, with user info
    /// replaced, each query item's value replaced (its name kept) and the fragment dropped, so
    /// a password or a token in a query never reaches a description or a log. Works on the
    /// text, so any string is accepted.
    package static func describe(urlText text: String) -> String {
        let cut = text.firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
        var head = String(text[..<cut])
        // User info sits between `scheme://` and the first `/` after it (a relative text has
        // none: an `@` later in a path is not user info).
        if let scheme = head.range(of: "://") {
            let authorityEnd = head[scheme.upperBound...].firstIndex(of: "/") ?? head.endIndex
            if let at = head[scheme.upperBound..<authorityEnd].lastIndex(of: "@") {
                head.replaceSubrange(scheme.upperBound...at, with: "<redacted>@")
            }
        }
        return URLQueryValues.hidden(in: head + text[cut...])
    }

    /// A readable decoding error: what failed, and where (the coding path).
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let rendered = context.codingPath.map { key in
                key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
            }.joined()
            return rendered.isEmpty ? "<root>" : rendered
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "type mismatch for \(type) at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "missing value of \(type) at \(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(path(context))"
        case .dataCorrupted(let context):
            return "corrupted data at \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
