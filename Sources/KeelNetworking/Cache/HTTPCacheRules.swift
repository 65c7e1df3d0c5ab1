import Foundation
import KeelSupport

/// The decisions of an HTTP cache (RFC 9111), pure: whether a response may be stored,
/// how long it stays fresh, how old it is, whether a stored one answers a request, how to
/// revalidate it and what a `304` changes, and which unsafe requests invalidate it. Every
/// time comes in as an argument, so each rule is tested with fixed dates.
///
/// The cache is a private one (RFC 9111 §1: a single user's) unless `shared` says otherwise:
/// `s-maxage` and `proxy-revalidate` count only in a shared cache, and `private` responses
/// are stored only in a private one.
package enum HTTPCacheRules {
    /// Status codes heuristically cacheable by default (RFC 9110 §15.1).
    package static let heuristicallyCacheable: Set<Int> = [
        200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501,
    ]
    /// The most heuristic freshness a response gets (10 % of its age since `Last-Modified`,
    /// at most a day, RFC 9111 §4.2.2).
    package static let heuristicCap: TimeInterval = 86_400

    /// Why a response is not stored, or `nil` when it may be (RFC 9111 §3).
    package static func refusal(
        method: String, requestHeaders: [String: String], status: Int, responseHeaders: [String: String],
        shared: Bool = false
    ) -> String? {
        guard method.uppercased() == "GET" else { return "only GET responses are stored" }
        guard (200..<600).contains(status), status != 206, status != 304 else {
            return "status \(status) is not stored"
        }
        let request = requestControl(requestHeaders)
        let response = CacheControl(responseHeaders.header("Cache-Control"))
        if request.noStore || response.noStore { return "no-store" }
        if shared, response.isPrivate { return "private response in a shared cache" }
        if responseHeaders.header("Vary")?.contains("*") == true { return "Vary: *" }
        let explicit =
            response.maxAge != nil || (shared && response.sharedMaxAge != nil)
            || responseHeaders.header("Expires") != nil || response.isPublic
            || (!shared && response.isPrivate)
        guard explicit || heuristicallyCacheable.contains(status) else {
            return "status \(status) needs explicit freshness to be stored"
        }
        return nil
    }

    /// The request's directives: `Cache-Control`, or `Pragma: no-cache` when it has none
    /// (RFC 9111 §5.4).
    package static func requestControl(_ headers: [String: String]) -> CacheControl {
        if let field = headers.header("Cache-Control") { return CacheControl(field) }
        var control = CacheControl()
        if headers.header("Pragma")?.lowercased().contains("no-cache") == true { control.noCache = true }
        return control
    }

    /// How long `response` is fresh for, in seconds (RFC 9111 §4.2.1): `s-maxage` (shared
    /// only), `max-age`, `Expires` − `Date`, else heuristically 10 % of `Date` −
    /// `Last-Modified` (capped) for a heuristically cacheable status or a `public` response.
    package static func freshnessLifetime(of response: StoredResponse, shared: Bool = false) -> TimeInterval {
        shared ? response.timing.sharedLifetime : response.timing.lifetime
    }

    /// The response's current age at `now`, in seconds (RFC 9111 §4.2.3).
    package static func currentAge(of response: StoredResponse, now: Date) -> TimeInterval {
        let residentTime = max(0, now.timeIntervalSince(response.responseTime))
        return response.timing.correctedInitialAge + residentTime
    }

    /// The freshness lifetimes and corrected initial age of `response`: what depends only on
    /// what is stored, worked out when it changes rather than on every hit.
    static func timing(of response: StoredResponse) -> StoredResponse.Timing {
        let date = dateValue(of: response)
        // A list-valued `Age` (lines from two hops joined) counts its first member (§5.1).
        let age = response.headers.header("Age").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)[0]
        }
        let ageValue = TimeInterval(CacheControl.seconds(age?.trimmingCharacters(in: .whitespaces)))
        let apparentAge = max(0, response.responseTime.timeIntervalSince(date))
        let responseDelay = max(0, response.responseTime.timeIntervalSince(response.requestTime))
        return StoredResponse.Timing(
            lifetime: lifetime(of: response, date: date, shared: false),
            sharedLifetime: lifetime(of: response, date: date, shared: true),
            correctedInitialAge: max(apparentAge, ageValue + responseDelay))
    }

    private static func lifetime(of response: StoredResponse, date: Date, shared: Bool) -> TimeInterval {
        let control = response.cacheControl
        if shared, let sharedMaxAge = control.sharedMaxAge { return TimeInterval(sharedMaxAge) }
        if let maxAge = control.maxAge { return TimeInterval(maxAge) }
        if let expires = response.headers.header("Expires") {
            // An invalid date (`0`, `-1`) means already expired.
            guard let expiry = RetryAfter.httpDate(expires, now: response.responseTime) else { return 0 }
            return max(0, expiry.timeIntervalSince(date))
        }
        if heuristicallyCacheable.contains(response.status) || control.isPublic,
            let text = response.headers.header("Last-Modified"),
            let modified = RetryAfter.httpDate(text, now: response.responseTime)
        {
            return min(heuristicCap, max(0, date.timeIntervalSince(modified) / 10))
        }
        return 0
    }

    /// The response's `Date`, or when it arrived if it has none (or an invalid one).
    static func dateValue(of response: StoredResponse) -> Date {
        response.headers.header("Date").flatMap { RetryAfter.httpDate($0, now: response.responseTime) }
            ?? response.responseTime
    }

    /// The `Vary` hashes of `requestHeaders` for a response with `responseHeaders`; `nil` for
    /// `Vary: *`.
    package static func varyHashes(requestHeaders: [String: String], responseHeaders: [String: String])
        -> [String: String]?
    {
        guard let vary = responseHeaders.header("Vary") else { return [:] }
        var hashes: [String: String] = [:]
        for name in vary.split(separator: ",") {
            let field = name.trimmingCharacters(in: .whitespaces).lowercased()
            if field == "*" { return nil }
            guard !field.isEmpty else { continue }
            hashes[field] = hash(requestHeaders.header(field))
        }
        return hashes
    }

    /// A request header value as stored for `Vary`: whitespace around commas normalised, hashed.
    static func hash(_ value: String?) -> String {
        guard let value else { return SHA256.hex("\u{0}absent") }
        // Most values have no comma and no white space to trim: hashed as they are (the same
        // text the general rule gives them, so stored hashes still match).
        let plain =
            !value.utf8.contains(UInt8(ascii: ","))
            && !(value.unicodeScalars.first.map(CharacterSet.whitespaces.contains) ?? false)
            && !(value.unicodeScalars.last.map(CharacterSet.whitespaces.contains) ?? false)
        let normalised =
            plain
            ? value
            : value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                separator: ",")
        return SHA256.hex("=" + normalised)
    }

    /// Whether `requestHeaders` select `response` (RFC 9111 §4.1): every header its `Vary`
    /// names has the same value (or is absent in both).
    package static func varyMatches(_ response: StoredResponse, requestHeaders: [String: String]) -> Bool {
        var hashes: [String: String] = [:]
        return varyMatches(response, requestHeaders: requestHeaders, hashes: &hashes)
    }

    /// ``varyMatches(_:requestHeaders:)`` keeping each request header's hash in `hashes` (by
    /// lowercased name), so a request compared with several entries hashes each value once.
    static func varyMatches(
        _ response: StoredResponse, requestHeaders: [String: String], hashes: inout [String: String]
    ) -> Bool {
        guard let stored = response.varyHashes else { return false }
        for (name, storedHash) in stored {
            let requestHash: String
            if let known = hashes[name] {
                requestHash = known
            } else {
                requestHash = hash(requestHeaders.header(name))
                hashes[name] = requestHash
            }
            guard requestHash == storedHash else { return false }
        }
        return true
    }

    /// What a stored response can do for a request.
    package enum Use: Equatable, Sendable {
        /// Fresh: answer without contacting the server.
        case fresh
        /// Stale, inside `stale-while-revalidate`: answer now and revalidate in the background.
        case staleWhileRevalidating
        /// Revalidate before use; `staleIfError` says whether the stale response may answer
        /// when the server cannot be reached or answers 500, 502, 503 or 504.
        case revalidate(staleIfError: Bool)
        /// Not usable (`Vary` does not match): go to the network as if nothing were stored.
        case unusable
    }

    /// How `response` may answer a request with `requestHeaders` at `now` (RFC 9111 §4,
    /// §4.2.4, RFC 5861), honouring the request's `no-cache`, `max-age`, `min-fresh` and
    /// `max-stale` (§5.2.1).
    package static func use(
        of response: StoredResponse, requestHeaders: [String: String], now: Date, shared: Bool = false
    ) -> Use {
        guard varyMatches(response, requestHeaders: requestHeaders) else { return .unusable }
        return freshness(of: response, requestHeaders: requestHeaders, now: now, shared: shared)
    }

    /// ``use(of:requestHeaders:now:shared:)`` for a response the request is known to select
    /// (its `Vary` already matched): never ``Use/unusable``.
    static func freshness(
        of response: StoredResponse, requestHeaders: [String: String], now: Date, shared: Bool = false
    ) -> Use {
        let control = response.cacheControl
        let request = requestControl(requestHeaders)
        let lifetime = freshnessLifetime(of: response, shared: shared)
        let age = currentAge(of: response, now: now)
        let staleness = age - lifetime
        // In a shared cache `proxy-revalidate`, and `s-maxage` (which implies it, RFC 9111
        // §5.2.2.10), forbid stale answers as `must-revalidate` does.
        let mustRevalidate =
            control.mustRevalidate || (shared && (control.proxyRevalidate || control.sharedMaxAge != nil))
        let staleIfError =
            !mustRevalidate && !control.noCache
            && [control.staleIfError, request.staleIfError].contains {
                $0.map { staleness <= TimeInterval($0) } ?? false
            }
        if control.noCache || request.noCache { return .revalidate(staleIfError: false) }
        if let maxAge = request.maxAge, age > TimeInterval(maxAge) {
            return .revalidate(staleIfError: staleIfError)
        }
        // `min-fresh` asks for headroom: a response fresh for fewer seconds than that is
        // revalidated, and never served stale in the background either (RFC 9111 §5.2.1.3).
        let headroom = request.minFresh.map(TimeInterval.init) ?? 0
        if age + headroom < lifetime { return .fresh }
        guard request.minFresh == nil else { return .revalidate(staleIfError: staleIfError) }
        // `max-stale` accepts that much staleness, but never past `must-revalidate`
        // (RFC 9111 §5.2.1.2, §5.2.2.2).
        if !mustRevalidate, let maxStale = request.maxStale,
            maxStale == CacheControl.unboundedStaleness || staleness <= TimeInterval(maxStale)
        {
            return .fresh
        }
        if !mustRevalidate, let window = control.staleWhileRevalidate, staleness <= TimeInterval(window) {
            return .staleWhileRevalidating
        }
        return .revalidate(staleIfError: staleIfError)
    }

    /// How a stored response answers a request the app made conditional itself.
    package enum ConditionalAnswer: Equatable, Sendable {
        /// The condition is false: answer `304 Not Modified`.
        case notModified
        /// The condition is true: answer with the stored response.
        case full
    }

    /// RFC 9111 §4.3.2 with RFC 9110 §13.2.2's order: `If-None-Match` (`*`, or a list of entity
    /// tags compared weakly with the stored `ETag`) decides when present; otherwise a valid
    /// `If-Modified-Since` is compared with the stored `Last-Modified` (its `Date`, or when it
    /// arrived, when it has none). A stored response that is not a 2xx answers as it is
    /// (`.full`). `nil` when the request is not conditional, or its `If-None-Match` cannot be
    /// read (the server then decides).
    package static func conditionalAnswer(requestHeaders: [String: String], stored: StoredResponse)
        -> ConditionalAnswer?
    {
        let validated =
            requestHeaders.hasHeader("If-None-Match") || requestHeaders.hasHeader("If-Modified-Since")
        guard validated else { return nil }
        // Preconditions apply only to what would be a 2xx (RFC 9110 §13.2.1): a stored 404 or
        // 301 answers as it is.
        guard (200..<300).contains(stored.status) else { return .full }
        if let noneMatch = requestHeaders.header("If-None-Match") {
            guard let tags = entityTags(noneMatch) else { return nil }
            guard let tags else { return .notModified }  // `*`: a representation exists
            guard let current = stored.headers.header("ETag").flatMap({ entityTags($0) ?? nil })?.first else {
                return .full
            }
            // Byte for byte (`==` on strings would equate canonically equivalent text).
            return tags.contains { $0.opaque.utf8.elementsEqual(current.opaque.utf8) } ? .notModified : .full
        }
        guard let text = requestHeaders.header("If-Modified-Since") else { return nil }
        guard let since = RetryAfter.httpDate(text, now: stored.responseTime) else { return .full }
        let modified =
            stored.headers.header("Last-Modified").flatMap {
                RetryAfter.httpDate($0, now: stored.responseTime)
            }
            ?? dateValue(of: stored)
        return modified <= since ? .notModified : .full
    }

    /// The entity tags of an `If-None-Match` or `ETag` value (`W/"a", "b"`): `.some(nil)` for
    /// `*`, `nil` when the text is not a list of entity tags. Commas may sit inside the quotes.
    static func entityTags(_ text: String) -> [(weak: Bool, opaque: Substring)]?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return .some(nil) }
        var tags: [(weak: Bool, opaque: Substring)] = []
        var rest = Substring(trimmed)
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            if rest.isEmpty { break }
            let weak = rest.hasPrefix("W/")
            if weak { rest = rest.dropFirst(2) }
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
            tags.append((weak, rest[rest.startIndex...close]))
            rest = rest[rest.index(after: close)...]
            let next = rest.drop { $0 == " " || $0 == "\t" }
            guard next.isEmpty || next.first == "," else { return nil }
            rest = next
        }
        return tags.isEmpty ? nil : .some(tags)
    }

    /// The bytes a `Range` request asks of a stored complete response (RFC 9110 §14.1.2), when
    /// the cache can serve them as a `206`: one `bytes=first-last`, `bytes=first-` or
    /// `bytes=-suffix` range within the body, no `If-Range`, and a stored `200` whose body is the
    /// representation's bytes (no `Content-Encoding`). `nil` otherwise: the server answers
    /// (several ranges, an unsatisfiable or malformed one, a stored response of another kind).
    package static func servableRange(requestHeaders: [String: String], stored: StoredResponse) -> Range<Int>?
    {
        guard let value = requestHeaders.header("Range"), !requestHeaders.hasHeader("If-Range"),
            stored.status == 200, !stored.body.isEmpty,
            stored.headers.header("Content-Encoding").map({ $0.lowercased() == "identity" }) ?? true
        else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 64, trimmed.lowercased().hasPrefix("bytes=") else { return nil }
        let spec = trimmed.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        func number(_ text: String) -> Int? {
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                return nil
            }
            return Int(text)
        }
        let length = stored.body.count
        if first.isEmpty {
            guard let suffix = number(last), suffix > 0 else { return nil }
            return max(0, length - suffix)..<length
        }
        guard let start = number(first), start < length else { return nil }
        if last.isEmpty { return start..<length }
        guard let end = number(last), end >= start else { return nil }
        return start..<(min(end, length - 1) + 1)
    }

    /// The fields a `304` carries from the stored response (RFC 9110 §15.4.5).
    package static let notModifiedFields: Set<String> = [
        "cache-control", "content-location", "date", "etag", "expires", "vary",
    ]

    /// Whether a stored response is fresh at `now`, whatever the request.
    package static func isFresh(_ response: StoredResponse, now: Date, shared: Bool = false) -> Bool {
        currentAge(of: response, now: now) < freshnessLifetime(of: response, shared: shared)
    }

    /// The validators to send when revalidating `response` (RFC 9111 §4.3.1): `If-None-Match`
    /// with its `ETag`, `If-Modified-Since` with its `Last-Modified`; empty when it has neither.
    package static func conditionalHeaders(for response: StoredResponse) -> [String: String] {
        var headers: [String: String] = [:]
        if let tag = response.headers.header("ETag") { headers["If-None-Match"] = tag }
        if let modified = response.headers.header("Last-Modified") { headers["If-Modified-Since"] = modified }
        return headers
    }

    /// `stored` updated by a `304` (RFC 9111 §4.3.4): its headers replaced by the 304's (except
    /// `Content-Length` and the unstored ones), its times the revalidation's, its body kept.
    package static func updated(
        _ stored: StoredResponse, with notModifiedHeaders: [String: String], requestTime: Date,
        responseTime: Date
    ) -> StoredResponse {
        var result = stored
        let excluded: Set<String> = ["content-length", "content-encoding", "content-range"]
        // Merged apart and assigned once: every change to a stored response's headers parses
        // its dates again.
        var headers = stored.headers
        for (name, value) in StoredResponse.storable(notModifiedHeaders)
        where !excluded.contains(name.lowercased()) {
            if let existing = headers.headerKey(name) { headers.removeValue(forKey: existing) }
            headers[name] = value
        }
        result.headers = headers
        result.requestTime = requestTime
        result.responseTime = responseTime
        return result
    }

    /// The methods that never invalidate (RFC 9110 §9.2.1's safe methods).
    static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "TRACE"]

    /// The URLs whose stored responses an unsafe request to `url` invalidates once answered
    /// with `status` (RFC 9111 §4.4): none for a safe method or an error status; otherwise the
    /// target and the same-origin `Location` and `Content-Location`.
    package static func invalidatedURLs(
        method: String, url: URL, status: Int, responseHeaders: [String: String]
    ) -> [URL] {
        guard !safeMethods.contains(method.uppercased()), (200..<400).contains(status) else { return [] }
        var urls = [url]
        for field in ["Location", "Content-Location"] {
            guard let value = responseHeaders.header(field),
                let target = URL(string: value, relativeTo: url)?.absoluteURL,
                let origin = Origin(url), Origin(target) == origin
            else { continue }
            urls.append(target)
        }
        return urls
    }
}
