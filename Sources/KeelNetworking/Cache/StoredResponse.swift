import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response as the HTTP cache keeps it: status, headers, body, when it was requested and
/// received, and the request headers its `Vary` names, each as a hash (so a stored entry
/// holds no request credential in plain text, even under `Vary: Authorization`).
package struct StoredResponse: Sendable, Equatable {
    /// The status code.
    package var status: Int {
        didSet {
            replies = ReplyMemo()
            timing = HTTPCacheRules.timing(of: self)
        }
    }
    /// The response headers (`Set-Cookie` and hop-by-hop fields removed).
    package var headers: [String: String] {
        didSet {
            cacheControl = CacheControl(headers.header("Cache-Control"))
            carriesCredential = Self.carriesCredential(headers, declared: [])
            (varyFieldNames, varyNamesCredential) = Self.varyFields(headers)
            replies = ReplyMemo()
            timing = HTTPCacheRules.timing(of: self)
        }
    }
    /// The body.
    package var body: Data
    /// When the request that produced (or last revalidated) the response was sent.
    package var requestTime: Date { didSet { timing = HTTPCacheRules.timing(of: self) } }
    /// When the response (or the `304` that last revalidated it) arrived.
    package var responseTime: Date { didSet { timing = HTTPCacheRules.timing(of: self) } }
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
        cacheControl = CacheControl(headers.header("Cache-Control"))
        carriesCredential = Self.carriesCredential(headers, declared: [])
        (varyFieldNames, varyNamesCredential) = Self.varyFields(headers)
        timing = Timing()
        timing = HTTPCacheRules.timing(of: self)
    }

    /// The response's `Cache-Control` directives, parsed once (every hit reads them).
    package private(set) var cacheControl: CacheControl
    /// Whether a header of the response hands out a credential (``carriesCredential(_:declared:)``
    /// without declared names), worked out with the headers: such an entry is never read from,
    /// or kept in, the shared partition.
    package private(set) var carriesCredential: Bool
    /// The header names `Vary` lists (lowercased, trimmed), read once with the headers: a hit
    /// on an entry with `Vary` checks them against the client's declared credential names.
    package private(set) var varyFieldNames: [String]
    /// Whether `Vary` names a header that carries a credential whatever the client declares
    /// (`Authorization`, `Cookie`, a name of a credential's shape).
    package private(set) var varyNamesCredential: Bool

    /// ``varyFieldNames`` and ``varyNamesCredential`` of `headers`.
    static func varyFields(_ headers: [String: String]) -> ([String], Bool) {
        guard let vary = headers.header("Vary") else { return ([], false) }
        let names = vary.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return (names, names.contains { CredentialHeaders.default.contains($0) })
    }
    /// The freshness lifetimes and corrected initial age (RFC 9111 §4.2), worked out whenever
    /// the status, headers or times change: parsing `Date`, `Expires` and `Age` on every hit
    /// cost more than the rest of the freshness rules.
    package private(set) var timing: Timing

    /// What ``HTTPCacheRules`` derives from a stored response alone.
    package struct Timing: Sendable, Equatable {
        /// The freshness lifetime in a private cache, in seconds.
        var lifetime: TimeInterval = 0
        /// The freshness lifetime in a shared cache (`s-maxage` counts), in seconds.
        var sharedLifetime: TimeInterval = 0
        /// The age when the response arrived (RFC 9111 §4.2.3), in seconds.
        var correctedInitialAge: TimeInterval = 0
    }

    /// The last response head built from this entry, reused while its `Age` is the same.
    private var replies = ReplyMemo()

    /// Equal when everything stored is (the memo of built heads aside).
    package static func == (lhs: StoredResponse, rhs: StoredResponse) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body
            && lhs.requestTime == rhs.requestTime && lhs.responseTime == rhs.responseTime
            && lhs.varyHashes == rhs.varyHashes
    }

    /// The stored response as the transport would have returned it for `url`, with `age` (in
    /// seconds) as its `Age` header. A hit builds the `HTTPURLResponse` once per entry, URL and
    /// age: building one costs more than the rest of a memory hit.
    func reply(url: URL, age: Int64) -> TransportResponse? {
        if let found = replies.lookup(url: url, age: age) {
            return TransportResponse(response: found, data: body)
        }
        var headers = headers
        if let existing = headers.headerKey("Age") { headers.removeValue(forKey: existing) }
        headers["Age"] = String(age)
        guard let reply = TransportResponse(url: url, statusCode: status, headers: headers, data: body) else {
            return nil
        }
        replies.remember(reply.response, url: url, age: age)
        return reply
    }

    /// Headers never stored: credentials the server sets, and fields about one connection.
    static let unstoredHeaders: Set<String> = [
        "set-cookie", "set-cookie2", "connection", "keep-alive", "transfer-encoding", "upgrade",
        "proxy-authenticate", "proxy-authentication-info", "te", "trailer",
    ]

    /// Endings (of ``SecretNames``' normalised form) of response header names that hand out a
    /// credential: `X-Auth-Token`, `X-CSRF-Token`, `X-Session-Id`, `X-API-Key`…. Narrower than
    /// the request rule on purpose: `Access-Control-Allow-Credentials`, `Signature` or an
    /// `X-Cache-Key` describe a response, they are not one caller's secret.
    static let credentialEndings = [
        "token", "sessionid", "secret", "apikey", "password", "authorization", "subscriptionkey",
    ]

    /// Whether `headers` hand out a credential: a response header of a credential's name
    /// (``credentialEndings``, `Cookie`, or a name in `declared`, lowercased), other than the
    /// ones never stored (`Set-Cookie`).
    package static func carriesCredential(_ headers: [String: String], declared: Set<String>) -> Bool {
        headers.keys.contains { name in
            let lowered = name.lowercased()
            if unstoredHeaders.contains(lowered) || lowered.hasPrefix("access-control-") { return false }
            if declared.contains(lowered) || lowered == "cookie" { return true }
            let normalised = SecretNames.normalised(lowered)
            return credentialEndings.contains { normalised.reversed().starts(with: $0.utf8.reversed()) }
        }
    }

    /// `headers` without the fields a cache must not keep: ``unstoredHeaders`` and the fields
    /// `Connection` names, which are about this connection only (RFC 9111 §3.1, RFC 9110 §7.6.1).
    package static func storable(_ headers: [String: String]) -> [String: String] {
        var connectionOptions: Set<String> = []
        for (name, value) in headers where name.lowercased() == "connection" {
            for option in value.split(separator: ",") {
                connectionOptions.insert(option.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        return headers.filter { name, _ in
            let lowered = name.lowercased()
            return !unstoredHeaders.contains(lowered) && !connectionOptions.contains(lowered)
        }
    }
}

/// One entry's last built response head: shared by the copies of a `StoredResponse` (the
/// cache hands out copies), replaced whenever the status or headers change.
private final class ReplyMemo: Sendable {
    private let last = Locked<(url: URL, age: Int64, response: HTTPURLResponse)?>(nil)

    func lookup(url: URL, age: Int64) -> HTTPURLResponse? {
        last.withLock { last in
            guard let last, last.age == age, last.url == url else { return nil }
            return last.response
        }
    }

    func remember(_ response: HTTPURLResponse, url: URL, age: Int64) {
        last.withLock { $0 = (url, age, response) }
    }
}
