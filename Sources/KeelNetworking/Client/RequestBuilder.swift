import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns an endpoint into a `URLRequest` and a transport body, naming the field at fault.
struct RequestBuilder {
    /// The client whose settings apply (held, not copied: a copy of its configuration per call
    /// cost more than the rest of building a remembered request).
    let client: APIClient
    /// Whether the request goes out on the client's own session, whose unlifted credential
    /// (``APIClient/unliftedSessionCredential``) refuses it; a background download's session
    /// has none of the client session's headers.
    var usesClientSession = true
    private var configuration: APIClient.Configuration { client.configuration }
    /// The base URL parsed once per client.
    private var base: BaseURL? { client.base }

    /// A base URL split into the parts every relative path is joined to.
    struct BaseURL: Sendable {
        let url: URL
        let components: URLComponents
        let path: String
        /// The URLs of the relative paths joined so far (without a query), so a client calling
        /// the same endpoints assembles and parses each URL once.
        let joined = BoundedMemo<String, URL>(limit: 512)
        /// The requests built so far without a body, so a client sending the same request again
        /// sets up (and has Foundation normalise) its method, headers and timeout once.
        let templates = BoundedMemo<RequestTemplateKey, URLRequest>(limit: 256)
        /// Whether the base is an http(s) URL with a host, checked once: `nil` until checked.
        let checked = Locked<Bool>(false)

        init?(_ url: URL?) {
            guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
                return nil
            }
            // Percent-encoded, as sent: relative paths are joined to it in that form.
            var path = components.percentEncodedPath
            while path.hasSuffix("/") { path.removeLast() }
            self.url = url
            self.components = components
            self.path = path
        }
    }

    /// A prepared request; `temporaryFile` is removed when the call ends; `checkedFile` is
    /// an app's file body as it was checked, open, for the transport to read.
    struct Prepared {
        var request: URLRequest
        var body: TransportRequest.Body
        var temporaryFile: URL?
        var checkedFile: CheckedUploadFile?
    }

    func build<Response>(_ endpoint: Endpoint<Response>, timeout: Duration) async throws -> Prepared {
        if usesClientSession, let name = client.unliftedSessionCredential {
            throw APIError.invalidRequest(
                field: "httpAdditionalHeaders[\(name)]",
                reason:
                    "the session adds this credential to every request and to redirects to any origin: "
                    + "set it in the client's defaultHeaders, or declare it in the transport's RedirectPolicy(credentialHeaders:)"
            )
        }
        // The method is part of the request line: one with a space or CR/LF would rewrite it.
        if let problem = HeaderValidation.methodProblem(endpoint.method.rawValue) {
            throw APIError.invalidRequest(field: "method", reason: problem)
        }
        // A backstop only: Linux truncates this to whole seconds; the client enforces the
        // real limit itself.
        let timeoutInterval = (timeout.seconds.rounded(.up) + 1).clamped(to: 1...1e9)
        // A request without a body is the same `URLRequest` whenever the endpoint's target,
        // query, method and headers and the timeout are (the client's settings never change):
        // the one built, checked and validated before is reused.
        var key: RequestTemplateKey?
        if case .none = endpoint.requestBody, let base {
            let candidate = RequestTemplateKey(
                target: endpoint.target, query: endpoint.query, method: endpoint.method,
                timeout: timeoutInterval, headers: endpoint.headers)
            if let known = base.templates[candidate] {
                return Prepared(request: known, body: .none, temporaryFile: nil)
            }
            key = candidate
        }
        let url = try url(for: endpoint)
        var headers = configuration.defaultHeaders
        // Default headers that carry credentials go only to the credential scope's origins:
        // an absolute-URL endpoint on another host gets the rest. (An endpoint's own headers
        // are the app's explicit choice for that request.)
        // (Only when a default header carries one: judging the origin parses the URL again.)
        if headers.keys.contains(where: { configuration.credentialHeaders.contains($0) }),
            !configuration.credentialScope.allows(url, baseURL: configuration.baseURL)
        {
            for name in headers.keys where configuration.credentialHeaders.contains(name) {
                headers[name] = nil
            }
        }
        for (name, value) in endpoint.headers {
            for key in headers.keys where key.isHeaderName(name) { headers[key] = nil }
            headers[name] = value
        }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        request.timeoutInterval = timeoutInterval
        var prepared = Prepared(request: request, body: .none, temporaryFile: nil)
        let contentType = try await body(endpoint.requestBody, into: &prepared)
        if let contentType, !headers.hasHeader("Content-Type") { headers["Content-Type"] = contentType }
        for (name, value) in headers {
            if let problem = HeaderValidation.problem(name: name, value: value) {
                throw APIError.invalidRequest(field: "headers[\(name)]", reason: problem)
            }
        }
        // One assignment: the names are already unique ignoring case, and setting them one by
        // one costs a case-insensitive search of the request's headers each time.
        prepared.request.allHTTPHeaderFields = headers
        if let key { base?.templates[key] = prepared.request }
        return prepared
    }

    private func url<Response>(for endpoint: Endpoint<Response>) throws -> URL {
        switch endpoint.target {
        case .url(let url):
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
                throw APIError.invalidRequest(
                    field: "url", reason: "'\(APIError.describe(url: url))' is not a valid URL")
            }
            try checkHTTP(components, field: "url", url: url)
            return try Self.appending(endpoint.query, to: &components, field: "url")
        case .path(let path):
            guard let base = configuration.baseURL else {
                throw APIError.invalidRequest(
                    field: "baseURL",
                    reason: "relative path '\(APIError.describe(urlText: path))' needs a base URL")
            }
            // Parsed once per client (`self.base`); only a base that failed to parse is `nil`.
            guard let parsed = self.base else {
                throw APIError.invalidRequest(
                    field: "baseURL", reason: "'\(APIError.describe(url: base))' is not a valid URL")
            }
            var components = parsed.components
            if !parsed.checked.current {
                try checkHTTP(components, field: "baseURL", url: base)
                parsed.checked.set(true)
            }
            // A colon is rare in a path: the generic substring search runs only then.
            if path.utf8.contains(UInt8(ascii: ":")), path.utf8.firstRange(of: "://".utf8) != nil {
                throw APIError.invalidRequest(
                    field: "path",
                    reason: "'\(APIError.describe(urlText: path))' is an absolute URL; use EndpointTarget.url"
                )
            }
            if let bad = path.first(where: { $0 == "?" || $0 == "#" || $0.isNewline || $0 == "\0" }) {
                throw APIError.invalidRequest(
                    field: "path",
                    reason:
                        "'\(APIError.describe(urlText: path))' contains '\(bad.unicodeScalars.first.map { "U+\(String($0.value, radix: 16))" } ?? "")'; put queries in Endpoint.query"
                )
            }
            if endpoint.query.isEmpty, let known = parsed.joined[path] { return known }
            let basePath = parsed.path
            let relative = try Self.resolvingDotSegments(
                Self.percentEncodingPath(path.drop(while: { $0 == "/" })), field: "path")
            components.percentEncodedPath =
                relative.isEmpty ? (basePath.isEmpty ? "/" : basePath) : basePath + "/" + relative
            let url = try Self.appending(endpoint.query, to: &components, field: "path")
            if endpoint.query.isEmpty { parsed.joined[path] = url }
            return url
        }
    }

    private func checkHTTP(_ components: URLComponents, field: String, url: URL) throws {
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw APIError.invalidRequest(
                field: field, reason: "'\(APIError.describe(url: url))' is not an http or https URL")
        }
        guard let host = components.host, !host.isEmpty else {
            throw APIError.invalidRequest(
                field: field, reason: "'\(APIError.describe(url: url))' has no host")
        }
        if scheme == "http", !configuration.allowsInsecureHTTP {
            throw APIError.invalidRequest(
                field: field,
                reason:
                    "'\(APIError.describe(url: url))' is plain http, sent unencrypted; use https or set Configuration.allowsInsecureHTTP"
            )
        }
    }

    /// Characters a path keeps as they are (RFC 3986 `pchar` and `/`); `%` is kept only where
    /// it starts an escape.
    private static let pathCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/")

    /// `path` as it goes on the wire: escapes already in it (`%2F`, what
    /// `\(pathSegment:)` writes) are kept, every other character outside a path's set is
    /// percent-encoded (`a b` → `a%20b`, a lone `%` → `%25`).
    static func percentEncodingPath(_ path: Substring) -> Substring {
        let scalars = Array(path.unicodeScalars)
        var result = ""
        result.reserveCapacity(path.utf8.count)
        var index = 0
        func isHex(_ at: Int) -> Bool {
            at < scalars.count && scalars[at].properties.isASCIIHexDigit
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%", isHex(index + 1), isHex(index + 2) {
                result.unicodeScalars.append(contentsOf: scalars[index...(index + 2)])
                index += 3
                continue
            }
            if scalar != "%", scalar.isASCII, pathCharacters.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                var escaped: [UInt8] = []
                for byte in String(scalar).utf8 { Hex.appendPercentEscape(byte, to: &escaped) }
                result += String(decoding: escaped, as: UTF8.self)
            }
            index += 1
        }
        return Substring(result)
    }

    /// `path` (percent-encoded) with its `.` and `..` segments resolved (RFC 3986 §5.2.4),
    /// so an app value in a path (`"users/\(id)"` with `id = "../../admin"`) never reaches
    /// another route: a `..` that would climb above the base path is an error, and so is any
    /// segment that becomes a dot segment only once a server decodes it or splits it at a
    /// backslash (`%2e%2e`, `..%2f..`, `..\`) — servers and proxies disagree about those.
    static func resolvingDotSegments(_ path: Substring, field: String) throws -> String {
        var kept: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let kind: DotSegment = segment == "." ? .current : segment == ".." ? .parent : .none
            if kind == .none, Self.hidesDotSegment(segment) {
                throw APIError.invalidRequest(
                    field: field,
                    reason: "'\(path)' has a segment that decodes to a dot segment ('\(segment)')")
            }
            switch kind {
            case .parent:
                guard !kept.isEmpty else {
                    throw APIError.invalidRequest(
                        field: field, reason: "'\(path)' climbs above the base path with '..'")
                }
                kept.removeLast()
                // A final `..` or `.` leaves the path a directory, as RFC 3986 does.
                if index == segments.count - 1 { kept.append("") }
            case .current:
                if index == segments.count - 1 { kept.append("") }
            case .none:
                kept.append(segment)
            }
        }
        return kept.joined(separator: "/")
    }

    private enum DotSegment { case none, current, parent }

    /// Whether `segment`, with `%2e`, `%2f` and `%5c` decoded and split at `/` and `\`, has a
    /// `.` or `..` part.
    private static func hidesDotSegment(_ segment: Substring) -> Bool {
        // Bytes, not `StringProtocol.contains(_:)`: Foundation's substring search costs more
        // than the rest of building a request.
        guard
            segment.utf8.contains(where: {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\")
            })
        else { return false }
        var decoded = ""
        var rest = segment[...]
        while let first = rest.first {
            if first == "%", rest.count >= 3 {
                switch rest.prefix(3).lowercased() {
                case "%2e": decoded.append(".")
                case "%2f", "%5c": decoded.append("/")
                default: decoded.append(contentsOf: rest.prefix(3))
                }
                rest = rest.dropFirst(3)
                continue
            }
            decoded.append(first == "\\" ? "/" : first)
            rest = rest.dropFirst()
        }
        return decoded.split(separator: "/", omittingEmptySubsequences: false).contains {
            $0 == "." || $0 == ".."
        }
    }

    private static func appending(_ query: [URLQueryItem], to components: inout URLComponents, field: String)
        throws -> URL
    {
        if !query.isEmpty {
            var rendered = components.percentEncodedQuery.map { [$0] } ?? []
            rendered.append(FormEncoding.encode(query))
            components.percentEncodedQuery = rendered.joined(separator: "&")
        }
        guard let url = components.url else {
            throw APIError.invalidRequest(field: field, reason: "the URL could not be assembled")
        }
        return url
    }

    /// Fills in the transport body; returns the content type the body implies.
    private func body(_ body: RequestBody, into prepared: inout Prepared) async throws -> String? {
        switch body {
        case .none:
            return nil
        case .data(let data, let contentType):
            prepared.body = .data(data)
            return contentType
        case .json(let value, let encoder):
            do {
                prepared.body = .data(try (encoder ?? configuration.encoder).encode(value))
            } catch {
                throw APIError.invalidRequest(field: "body", reason: "JSON encoding failed: \(error)")
            }
            return "application/json"
        case .form(let items):
            prepared.body = .data(Data(FormEncoding.encode(items).utf8))
            return "application/x-www-form-urlencoded; charset=utf-8"
        case .multipart(let form):
            let threshold = configuration.multipartMemoryThreshold
            let directory = configuration.temporaryDirectory
            let encoded =
                try form.contentLength() < Int64(threshold)
                ? .data(try form.encodedData(maximumBytes: threshold))
                : try await offCooperativePool { isCancelled in
                    // Cancelling the call stops the copy at its next chunk and removes the file.
                    try form.encode(
                        memoryThreshold: threshold, temporaryDirectory: directory, isCancelled: isCancelled)
                }
            switch encoded {
            case .data(let data): prepared.body = .data(data)
            case .file(let url):
                prepared.body = .file(url)
                prepared.temporaryFile = url
            }
            return form.contentType
        case .file(let url, let contentType):
            // A FIFO or a device passes `isReadableFile`, then blocks or never ends the upload.
            // The checked descriptor stays open and is what the transport reads: a check of the
            // path followed by a read of the path again let a file renamed over it in between (a
            // FIFO, `/dev/zero`, another file) be what was sent.
            prepared.checkedFile = try CheckedUploadFile(url, field: "body.file")
            prepared.body = .file(url)
            return contentType
        }
    }
}

extension DefaultStringInterpolation {
    /// Interpolates an app value as one path segment, percent-encoded: `/`, `?`, `#`, `%`, `\`
    /// and every other reserved or non-ASCII character is escaped, and a value that is
    /// `.` or `..` is escaped so the client rejects it rather than resolving it.
    ///
    /// ```swift
    /// let user = try await client.send(Endpoint<User>(.get, "users/\(pathSegment: id)"))
    /// ```
    public mutating func appendInterpolation(pathSegment value: some StringProtocol) {
        appendLiteral(FormEncoding.escapePathSegment(String(value)))
    }
}

/// `application/x-www-form-urlencoded` rendering shared by queries and form bodies.
enum FormEncoding {
    /// Unreserved characters (RFC 3986) stay; everything else is percent-encoded.
    private static let allowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = escape(item.name)
            guard let value = item.value else { return name }
            return name + "=" + escape(value)
        }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// One path segment: unreserved characters stay, the rest is percent-encoded; `.` and
    /// `..` become `%2E` and `%2E%2E`, which ``RequestBuilder`` treats as dot segments.
    static func escapePathSegment(_ text: String) -> String {
        if text == "." || text == ".." { return String(repeating: "%2E", count: text.count) }
        return escape(text)
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

/// A client's memo of values it would otherwise work out again on every call, bounded: a
/// client whose calls keep varying (paths built from ever-changing identifiers) starts over
/// after `limit` entries rather than growing.
final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let limit: Int
    private let values = Locked<[Key: Value]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// How many values are kept now.
    var count: Int { values.withLock { $0.count } }

    subscript(key: Key) -> Value? {
        get { values.withLock { $0[key] } }
        set {
            values.withLock { values in
                if values.count >= limit { values.removeAll(keepingCapacity: true) }
                values[key] = newValue
            }
        }
    }
}

/// What makes two requests without a body from one client the same: building a `URLRequest`
/// and having Foundation normalise its headers cost more than the rest of a cache hit.
struct RequestTemplateKey: Hashable, Sendable {
    var target: EndpointTarget
    var query: [URLQueryItem]
    var method: HTTPMethod
    var timeout: TimeInterval
    var headers: [String: String]
}
