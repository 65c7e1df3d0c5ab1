/// A URL as the router sees it, split by Keel's own parser (never `URL(string:)`).
///
/// `scheme://host/a/b?x=1#top` gives scheme `scheme`, segments `["host", "a", "b"]` (the host is
/// the first segment), query `x = ["1"]` and fragment `top`. Empty segments are dropped, so
/// `a//b/` and `a/b` are the same path; each segment is percent-decoded on its own, so an
/// encoded `%2F` stays inside its segment. A URL without `://` has no scheme (`/a/b`, `a/b`).
public struct RouteURL: Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    /// The scheme, lowercased; `nil` when the URL has none.
    public let scheme: String?
    /// The host (if any) and path segments, percent-decoded, empty ones dropped.
    public let segments: [String]
    /// The query.
    public let query: QueryParameters
    /// The fragment after `#`, percent-decoded.
    public let fragment: String?

    /// Parses `text`.
    ///
    /// - Parameter plusAsSpace: decode `+` in the query as a space (form encoding).
    /// - Throws: ``RouteURLError`` naming the offset of a bad scheme or escape.
    public init(_ text: String, plusAsSpace: Bool = true) throws {
        self.text = text
        var rest = Substring(text)
        var offset = 0
        if let separator = rest.range(of: "://") {
            let scheme = rest[..<separator.lowerBound]
            guard isValidScheme(scheme) else {
                throw RouteURLError(url: text, offset: 0, reason: .invalidScheme(String(scheme)))
            }
            self.scheme = scheme.lowercased()
            offset = scheme.count + 3
            rest = rest[separator.upperBound...]
        } else {
            scheme = nil
        }
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            let fragmentOffset = offset + rest.distance(from: rest.startIndex, to: hash) + 1
            switch PercentEncoding.decode(rest[rest.index(after: hash)...]) {
            case .success(let decoded): fragment = decoded
            case .failure(let failure):
                throw RouteURLError(
                    url: text, offset: fragmentOffset + failure.offset, reason: .invalidPercentEncoding)
            }
            rest = rest[..<hash]
        }
        self.fragment = fragment
        var queryText: Substring = ""
        var queryOffset = 0
        if let question = rest.firstIndex(of: "?") {
            queryOffset = offset + rest.distance(from: rest.startIndex, to: question) + 1
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        var segments: [String] = []
        var position = offset
        for raw in rest.split(separator: "/", omittingEmptySubsequences: false) {
            defer { position += raw.count + 1 }
            if raw.isEmpty { continue }
            switch PercentEncoding.decode(raw) {
            case .success(let decoded) where !decoded.isEmpty: segments.append(decoded)
            case .success: continue
            case .failure(let failure):
                throw RouteURLError(url: text, offset: position + failure.offset, reason: .invalidPercentEncoding)
            }
        }
        self.segments = segments
        do {
            query = try QueryParameters.parse(queryText, plusAsSpace: plusAsSpace, offset: queryOffset)
        } catch let error as RouteURLError {
            throw RouteURLError(url: text, offset: error.offset, reason: error.reason)
        }
    }

    /// The normalised form: scheme, segments and query, re-encoded.
    public var normalized: String {
        var result = scheme.map { $0 + "://" } ?? "/"
        result += segments.map(PercentEncoding.encode).joined(separator: "/")
        if !query.isEmpty { result += "?" + query.encoded }
        return result
    }

    /// The text as given.
    public var description: String { text }
}

/// Why a URL could not be parsed, and where.
public struct RouteURLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Hashable, Sendable {
        /// The text before `://` is not a scheme.
        case invalidScheme(String)
        /// A `%` not followed by two hex digits, or escapes that are not UTF-8.
        case invalidPercentEncoding
    }

    /// The URL text.
    public let url: String
    /// The character offset (from 0) of the problem.
    public let offset: Int
    /// What was wrong.
    public let reason: Reason

    /// Creates an error.
    public init(url: String, offset: Int, reason: Reason) {
        self.url = url
        self.offset = offset
        self.reason = reason
    }

    /// A message naming the URL, the offset and the reason.
    public var description: String {
        switch reason {
        case .invalidScheme(let scheme):
            return "invalid URL \"\(url)\" at offset \(offset): invalid scheme \"\(scheme)\""
        case .invalidPercentEncoding:
            return "invalid URL \"\(url)\" at offset \(offset): malformed percent escape"
        }
    }
}
