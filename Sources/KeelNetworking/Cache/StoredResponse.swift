import Foundation

/// A response as the HTTP cache keeps it: status, headers, body, when it was requested and
/// received, and the request headers its `Vary` names, each as a hash (so a stored entry
/// holds no request credential in plain text, even under `Vary: Authorization`).
package struct StoredResponse: Sendable, Equatable, Codable {
    /// The status code.
    package var status: Int
    /// The response headers (`Set-Cookie` and hop-by-hop fields removed).
    package var headers: [String: String]
    /// The body.
    package var body: Data
    /// When the request that produced (or last revalidated) the response was sent.
    package var requestTime: Date
    /// When the response (or the `304` that last revalidated it) arrived.
    package var responseTime: Date
    /// For each header `Vary` names (lowercased), the SHA-256 of the request's value (`""`
    /// hashed when absent); `nil` when `Vary: *`, which matches no later request.
    package var varyHashes: [String: String]?

    /// Creates a stored response.
    package init(
        status: Int, headers: [String: String], body: Data, requestTime: Date, responseTime: Date,
        varyHashes: [String: String]? = [:]
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.varyHashes = varyHashes
    }

    /// The response's `Cache-Control` directives.
    package var cacheControl: CacheControl { CacheControl(headers.header("Cache-Control")) }

    /// Headers never stored: credentials the server sets, and fields about one connection.
    static let unstoredHeaders: Set<String> = [
        "set-cookie", "set-cookie2", "connection", "keep-alive", "transfer-encoding", "upgrade",
        "proxy-authenticate", "proxy-authentication-info", "te", "trailer",
    ]

    /// `headers` without the fields a cache must not keep.
    package static func storable(_ headers: [String: String]) -> [String: String] {
        headers.filter { !unstoredHeaders.contains($0.key.lowercased()) }
    }
}
