import KeelSupport

/// A URL as the router sees it, split by Keel's own parser (never `URL(string:)`).
///
/// `scheme://host/a/b?x=1#top` gives scheme `scheme`, segments `["host", "a", "b"]` (the host is
/// the first segment), query `x = ["1"]` and fragment `top`. Empty segments are dropped, so
/// `a//b/` and `a/b` are the same path; each segment is percent-decoded on its own, so an
/// encoded `%2F` stays inside its segment. A URL without `://` has no scheme (`/a/b`, `a/b`).
public struct RouteURL: Hashable, Sendable {
    /// The text as given.
    public let text: String
    /// The scheme, lowercased; `nil` when the URL has none.
    public let scheme: String?
    /// The host (if any) and path segments, percent-decoded, empty ones dropped.
    public let segments: [String]
    /// The query.
    public let query: QueryParameters
    /// The fragment after `#`, percent-decoded.
    package let fragment: String?

    /// Parses `text`.
    ///
    /// - Parameter plusAsSpace: decode `+` in the query as a space (form encoding).
    /// - Throws: ``RouteURLError`` naming the offset of a bad scheme or escape.
    public init(_ text: String, plusAsSpace: Bool = true) throws {
        // One pass over UTF-8 bytes: every delimiter is ASCII, so byte indices are valid
        // String indices, and nothing walks grapheme clusters on the hot path.
        self.text = text
        let utf8 = text.utf8
        let end = utf8.endIndex
        func offset(_ index: String.Index) -> Int { text.distance(from: text.startIndex, to: index) }
        var index = utf8.startIndex
        var scheme: String?
        var rest = utf8.startIndex
        while index != end {
            let byte = utf8[index]
            if byte == UInt8(ascii: ":") {
                let slash1 = utf8.index(after: index)
                if slash1 != end, utf8[slash1] == UInt8(ascii: "/") {
                    let slash2 = utf8.index(after: slash1)
                    if slash2 != end, utf8[slash2] == UInt8(ascii: "/") {
                        let candidate = text[text.startIndex..<index]
                        guard isValidScheme(candidate) else {
                            throw RouteURLError(
                                url: text, offset: 0, reason: .invalidScheme(String(candidate)))
                        }
                        let hasUppercase = candidate.utf8.contains {
                            $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")
                        }
                        scheme = hasUppercase ? candidate.lowercased() : String(candidate)
                        rest = utf8.index(after: slash2)
                    }
                }
                break
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            index = utf8.index(after: index)
        }
        self.scheme = scheme
        // Path up to `?` or `#`, split on `/`.
        var segments: [String] = []
        var segmentStart = rest
        index = rest
        var pathEnd = end
        while index != end {
            let byte = utf8[index]
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                pathEnd = index
                break
            }
            if byte == UInt8(ascii: "/") {
                try Self.appendSegment(text, segmentStart..<index, to: &segments, offset: offset)
                segmentStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        try Self.appendSegment(text, segmentStart..<pathEnd, to: &segments, offset: offset)
        self.segments = segments
        // Query up to `#`, then the fragment.
        var query = QueryParameters()
        var fragment: String?
        if pathEnd != end {
            var fragmentStart: String.Index?
            if utf8[pathEnd] == UInt8(ascii: "#") {
                fragmentStart = utf8.index(after: pathEnd)
            } else {
                let queryStart = utf8.index(after: pathEnd)
                let queryEnd = utf8[queryStart...].firstIndex(of: UInt8(ascii: "#")) ?? end
                query = try QueryParameters.parse(text, queryStart..<queryEnd, plusAsSpace: plusAsSpace)
                if queryEnd != end { fragmentStart = utf8.index(after: queryEnd) }
            }
            if let fragmentStart {
                switch PercentEncoding.decode(text[fragmentStart...]) {
                case .success(let decoded): fragment = decoded
                case .failure(let failure):
                    throw RouteURLError(
                        url: text, offset: offset(fragmentStart) + failure.offset,
                        reason: .invalidPercentEncoding)
                }
            }
        }
        self.query = query
        self.fragment = fragment
    }

    private static func appendSegment(
        _ text: String, _ range: Range<String.Index>, to segments: inout [String],
        offset: (String.Index) -> Int
    ) throws {
        if range.isEmpty { return }
        switch PercentEncoding.decode(text[range]) {
        case .success(let decoded) where !decoded.isEmpty: segments.append(decoded)
        case .success: return
        case .failure(let failure):
            throw RouteURLError(
                url: text, offset: offset(range.lowerBound) + failure.offset, reason: .invalidPercentEncoding)
        }
    }

    /// For an `http`/`https` URL whose authority `WebAuthority` reads, this URL with its first
    /// segment replaced by the server it names — the host, lowercased and without a trailing
    /// dot, with the port when it is not the scheme's default — so hosts match as hosts do
    /// (`https://Example.COM:443/p` is `https://example.com/p`); otherwise this URL.
    package var normalizingWebHost: RouteURL {
        guard let scheme, ExternalURLPolicy.webSchemes.contains(scheme),
            let text = WebAuthority.authority(ofURL: self.text[...]), let authority = WebAuthority(text)
        else { return self }
        return replacingFirstSegment(with: authority.hostAndPort(forScheme: scheme))
    }

    /// This URL with its first segment replaced (an `http`/`https` authority by its host,
    /// `ExternalURLPolicy.admit(_:)`); the text, query and fragment stay as given.
    package func replacingFirstSegment(with segment: String) -> RouteURL {
        var segments = segments
        if segments.isEmpty { segments = [segment] } else { segments[0] = segment }
        return RouteURL(text: text, scheme: scheme, segments: segments, query: query, fragment: fragment)
    }

    private init(text: String, scheme: String?, segments: [String], query: QueryParameters, fragment: String?)
    {
        self.text = text
        self.scheme = scheme
        self.segments = segments
        self.query = query
        self.fragment = fragment
    }

    /// The normalised form: scheme, segments and query, re-encoded.
    package var normalized: String {
        var result = scheme.map { $0 + "://" } ?? "/"
        result += segments.map(PercentEncoding.encode).joined(separator: "/")
        if !query.isEmpty { result += "?" + query.encoded }
        return result
    }

    /// The text as given.
    package var description: String { text }
}

/// Why a URL could not be parsed, and where.
public struct RouteURLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    package enum Reason: Hashable, Sendable {
        /// The text before `://` is not a scheme.
        case invalidScheme(String)
        /// A `%` not followed by two hex digits, or escapes that are not UTF-8.
        case invalidPercentEncoding
    }

    /// The URL text.
    package let url: String
    /// The character offset (from 0) of the problem.
    package let offset: Int
    /// What was wrong.
    package let reason: Reason

    /// Creates an error.
    package init(url: String, offset: Int, reason: Reason) {
        self.url = url
        self.offset = offset
        self.reason = reason
    }

    /// ``url`` with its user info masked and its query values and fragment shown as `…`, for
    /// the description (the offset still counts in the URL as received).
    private var shown: String { URLQueryValues.hidden(in: UserInfoRedaction.redact(url)) }

    /// A message naming the URL (its user info masked, its query values and fragment hidden),
    /// the offset and the reason.
    public var description: String {
        switch reason {
        case .invalidScheme(let scheme):
            return "invalid URL \"\(shown)\" at offset \(offset): invalid scheme \"\(scheme)\""
        case .invalidPercentEncoding:
            return "invalid URL \"\(shown)\" at offset \(offset): malformed percent escape"
        }
    }
}
