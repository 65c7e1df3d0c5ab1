import Foundation
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 9111's decisions, one table per rule, with fixed dates (no clock, no network).
@Suite("HTTP cache rules (RFC 9111)")
struct HTTPCacheRulesTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    static func date(_ offset: TimeInterval) -> String {
        RetryAfter.httpDateString(t0.addingTimeInterval(offset))
    }

    /// A response received at `t0` (requested at `t0`), `Date: t0` unless the headers say.
    static func stored(
        _ headers: [String: String], status: Int = 200, requestHeaders: [String: String] = [:]
    ) -> StoredResponse {
        var all = ["Date": date(0)]
        for (name, value) in headers { all[name] = value }
        return StoredResponse(
            status: status, headers: all, body: Data("body".utf8), requestTime: t0, responseTime: t0,
            varyHashes: HTTPCacheRules.varyHashes(requestHeaders: requestHeaders, responseHeaders: all))
    }

    func use(
        _ response: StoredResponse, at offset: TimeInterval, request: [String: String] = [:],
        shared: Bool = false
    )
        -> HTTPCacheRules.Use
    {
        HTTPCacheRules.use(
            of: response, requestHeaders: request, now: Self.t0.addingTimeInterval(offset), shared: shared)
    }

    @Test("Cache-Control parsing: case, quotes, commas in quotes, invalid and huge delta-seconds")
    func parsing() {
        let control = CacheControl(#"Max-Age=60, PRIVATE="Set-Cookie, X", no-cache, stale-if-error=5"#)
        #expect(control.maxAge == 60)
        #expect(control.isPrivate)
        #expect(control.noCache)
        #expect(control.staleIfError == 5)
        #expect(CacheControl("max-age=abc").maxAge == 0)
        #expect(CacheControl("max-age=\"30\"").maxAge == 30)
        #expect(CacheControl("max-age=99999999999999999999").maxAge == 2_147_483_648)
        #expect(CacheControl(nil) == CacheControl())
        #expect(CacheControl(String(repeating: "a,", count: 100_000)).maxAge == nil)
    }

    @Test("Cache-Control parsing: whitespace, tabs, quoted pairs, empty members, UTF-8")
    func parsingEdges() {
        let directives = CacheControl.directives(
            in: "\tno-store ,, max-age = \"6\\0\" ,X=\"a\\\\b\\\"c, d\", é=\"ü\",")
        #expect(directives.map(\.name) == ["no-store", "max-age", "x", "é"])
        #expect(directives.map(\.value) == [nil, "60", #"a\b"c, d"#, "ü"])
        #expect(CacheControl("max-age=\"6\\0\"").maxAge == 60)
        #expect(CacheControl(" , ,") == CacheControl())
    }

    @Test("A stored response parses Cache-Control once and rebuilds its head only when it changes")
    func storedResponseReplies() throws {
        var stored = StoredResponse(
            status: 200, headers: ["Cache-Control": "max-age=60", "Age": "3"], body: Data("x".utf8),
            requestTime: Self.t0, responseTime: Self.t0)
        #expect(stored.cacheControl.maxAge == 60)
        let url = URL(string: "https://example.com/a")!
        let first = try #require(stored.reply(url: url, age: 5))
        let again = try #require(stored.reply(url: url, age: 5))
        #expect(first.response === again.response)
        #expect(first.response.value(forHTTPHeaderField: "Age") == "5")
        let older = try #require(stored.reply(url: url, age: 6))
        #expect(older.response !== first.response)
        #expect(older.response.value(forHTTPHeaderField: "Age") == "6")
        let elsewhere = try #require(stored.reply(url: URL(string: "https://example.com/b")!, age: 6))
        #expect(elsewhere.response.url?.path == "/b")
        stored.headers["Cache-Control"] = "no-store"
        #expect(stored.cacheControl.noStore)
        #expect(stored.cacheControl.maxAge == nil)
        let changed = try #require(stored.reply(url: URL(string: "https://example.com/b")!, age: 6))
        #expect(changed.response !== elsewhere.response)
        #expect(changed.response.value(forHTTPHeaderField: "Cache-Control") == "no-store")
        stored.status = 203
        #expect(try #require(stored.reply(url: url, age: 6)).response.statusCode == 203)
    }

    @Test("Freshness and age follow every change to a stored response's headers, status and times")
    func timingFollowsChanges() {
        var response = Self.stored(["Cache-Control": "max-age=60"])
        #expect(HTTPCacheRules.freshnessLifetime(of: response) == 60)
        response.headers["Cache-Control"] = "max-age=5"
        #expect(HTTPCacheRules.freshnessLifetime(of: response) == 5)
        response.headers["Cache-Control"] = nil
        response.headers["Expires"] = Self.date(30)
        #expect(HTTPCacheRules.freshnessLifetime(of: response) == 30)
        response.headers["Date"] = Self.date(10)
        #expect(HTTPCacheRules.freshnessLifetime(of: response) == 20)
        response.headers["Age"] = "7"
        #expect(HTTPCacheRules.currentAge(of: response, now: Self.t0) == 7)
        response.responseTime = Self.t0.addingTimeInterval(100)
        // Apparent age 90, Age 7 plus the 100 s the request took: 107.
        #expect(HTTPCacheRules.currentAge(of: response, now: Self.t0.addingTimeInterval(100)) == 107)
        response.requestTime = Self.t0.addingTimeInterval(50)
        #expect(HTTPCacheRules.currentAge(of: response, now: Self.t0.addingTimeInterval(100)) == 90)
        response.headers = ["Last-Modified": Self.date(-1000), "Date": Self.date(0)]
        response.status = 299  // not heuristically cacheable
        #expect(HTTPCacheRules.freshnessLifetime(of: response) == 0)
        response.status = 200
        #expect(HTTPCacheRules.freshnessLifetime(of: response) == 100)
        let revalidated = HTTPCacheRules.updated(
            Self.stored(["Cache-Control": "max-age=60"]),
            with: ["Cache-Control": "max-age=600", "Date": Self.date(1001)],
            requestTime: Self.t0.addingTimeInterval(1000), responseTime: Self.t0.addingTimeInterval(1001))
        #expect(HTTPCacheRules.freshnessLifetime(of: revalidated) == 600)
        #expect(HTTPCacheRules.isFresh(revalidated, now: Self.t0.addingTimeInterval(1500)))
    }

    @Test("max-age: fresh before, stale after")
    func maxAge() {
        let response = Self.stored(["Cache-Control": "max-age=60"])
        #expect(use(response, at: 59) == .fresh)
        #expect(use(response, at: 60) == .revalidate(staleIfError: false))
    }

    @Test("s-maxage counts only in a shared cache and overrides max-age there")
    func sharedMaxAge() {
        let response = Self.stored(["Cache-Control": "max-age=10, s-maxage=100"])
        #expect(use(response, at: 50) == .revalidate(staleIfError: false))
        #expect(use(response, at: 50, shared: true) == .fresh)
        #expect(HTTPCacheRules.freshnessLifetime(of: response, shared: true) == 100)
    }

    @Test("Expires minus Date is the lifetime; an invalid Expires is already stale")
    func expires() {
        let response = Self.stored(["Expires": Self.date(120)])
        #expect(HTTPCacheRules.freshnessLifetime(of: response) == 120)
        #expect(use(response, at: 119) == .fresh)
        #expect(use(response, at: 121) == .revalidate(staleIfError: false))
        #expect(HTTPCacheRules.freshnessLifetime(of: Self.stored(["Expires": "0"])) == 0)
        // max-age wins over Expires.
        #expect(
            HTTPCacheRules.freshnessLifetime(
                of: Self.stored(["Expires": Self.date(120), "Cache-Control": "max-age=5"])) == 5)
    }

    @Test("Age counts toward the current age, as does the time since Date (RFC 9111 §4.2.3)")
    func age() {
        let response = Self.stored(["Cache-Control": "max-age=60", "Age": "50"])
        #expect(HTTPCacheRules.currentAge(of: response, now: Self.t0.addingTimeInterval(5)) == 55)
        #expect(use(response, at: 9) == .fresh)
        #expect(use(response, at: 11) == .revalidate(staleIfError: false))
        // A Date 30 s before arrival: apparent age 30.
        var late = Self.stored(["Cache-Control": "max-age=60", "Date": Self.date(-30)])
        #expect(HTTPCacheRules.currentAge(of: late, now: Self.t0) == 30)
        // The request's round trip counts too.
        late.requestTime = Self.t0.addingTimeInterval(-40)
        #expect(HTTPCacheRules.currentAge(of: late, now: Self.t0) == 40)
        // A list-valued Age (two proxies' lines joined) uses its first member (RFC 9111 §5.1);
        // it used to count as 0, so a response 50 s old looked new.
        let listed = Self.stored(["Cache-Control": "max-age=60", "Age": "50, 20"])
        #expect(HTTPCacheRules.currentAge(of: listed, now: Self.t0) == 50)
        #expect(HTTPCacheRules.currentAge(of: Self.stored(["Age": " 7 ,"]), now: Self.t0) == 7)
        #expect(HTTPCacheRules.currentAge(of: Self.stored(["Age": "x, 9"]), now: Self.t0) == 0)
    }

    @Test("Heuristic freshness: 10 % of Date − Last-Modified, capped at a day, for cacheable statuses")
    func heuristic() {
        let tenDays = Self.stored(["Last-Modified": Self.date(-1000)])
        #expect(HTTPCacheRules.freshnessLifetime(of: tenDays) == 100)
        let old = Self.stored(["Last-Modified": Self.date(-100 * 86_400)])
        #expect(HTTPCacheRules.freshnessLifetime(of: old) == 86_400)
        #expect(
            HTTPCacheRules.freshnessLifetime(
                of: Self.stored(["Last-Modified": Self.date(-1000)], status: 302)) == 0)
        #expect(HTTPCacheRules.freshnessLifetime(of: Self.stored([:])) == 0)
    }

    @Test("Storable: GET only, final statuses, no no-store, private only in a private cache, Vary * never")
    func storable() {
        func refusal(
            _ headers: [String: String], method: String = "GET", status: Int = 200,
            request: [String: String] = [:],
            shared: Bool = false
        ) -> String? {
            HTTPCacheRules.refusal(
                method: method, requestHeaders: request, status: status, responseHeaders: headers,
                shared: shared)
        }
        #expect(refusal([:]) == nil)
        #expect(refusal(["Cache-Control": "max-age=60"], method: "POST") != nil)
        #expect(refusal(["Cache-Control": "no-store"]) != nil)
        #expect(refusal(["Cache-Control": "max-age=60"], request: ["Cache-Control": "no-store"]) != nil)
        #expect(refusal(["Cache-Control": "private, max-age=60"]) == nil)
        #expect(refusal(["Cache-Control": "private, max-age=60"], shared: true) != nil)
        #expect(refusal(["Vary": "*"]) != nil)
        #expect(refusal([:], status: 206) != nil)
        #expect(refusal([:], status: 304) != nil)
        #expect(refusal([:], status: 500) != nil)
        #expect(refusal(["Cache-Control": "max-age=5"], status: 500) == nil)
        #expect(refusal([:], status: 404) == nil)
        #expect(refusal([:], status: 302) != nil)
    }

    @Test("no-cache (response or request, Pragma too) always revalidates, even when fresh")
    func noCache() {
        #expect(
            use(Self.stored(["Cache-Control": "no-cache, max-age=600"]), at: 1)
                == .revalidate(staleIfError: false))
        let fresh = Self.stored(["Cache-Control": "max-age=600"])
        #expect(use(fresh, at: 1, request: ["Cache-Control": "no-cache"]) == .revalidate(staleIfError: false))
        #expect(use(fresh, at: 1, request: ["Pragma": "no-cache"]) == .revalidate(staleIfError: false))
        #expect(
            use(fresh, at: 1, request: ["Cache-Control": "max-age=0"]) == .revalidate(staleIfError: false))
    }

    /// Both request directives used to be ignored: a `max-stale` request revalidated a stale
    /// response anyway, and a `min-fresh=60` request took a response one second from stale.
    @Test("Request max-stale accepts stale (not past must-revalidate/no-cache); min-fresh wants headroom")
    func requestStalenessDirectives() {
        let response = Self.stored(["Cache-Control": "max-age=10"])
        #expect(use(response, at: 30, request: ["Cache-Control": "max-stale=60"]) == .fresh)
        #expect(
            use(response, at: 80, request: ["Cache-Control": "max-stale=60"])
                == .revalidate(staleIfError: false))
        #expect(use(response, at: 100_000, request: ["Cache-Control": "max-stale"]) == .fresh)
        #expect(
            use(response, at: 30, request: ["Cache-Control": "max-stale=junk"])
                == .revalidate(staleIfError: false))
        let strict = Self.stored(["Cache-Control": "max-age=10, must-revalidate"])
        #expect(
            use(strict, at: 30, request: ["Cache-Control": "max-stale"]) == .revalidate(staleIfError: false))
        // s-maxage implies proxy-revalidate in a shared cache: no stale answer there.
        let sharedStrict = Self.stored(["Cache-Control": "s-maxage=10"])
        #expect(
            use(sharedStrict, at: 30, request: ["Cache-Control": "max-stale"], shared: true)
                == .revalidate(staleIfError: false))
        #expect(use(sharedStrict, at: 5, request: ["Cache-Control": "max-stale"], shared: false) == .fresh)
        let noCache = Self.stored(["Cache-Control": "max-age=10, no-cache"])
        #expect(
            use(noCache, at: 30, request: ["Cache-Control": "max-stale"]) == .revalidate(staleIfError: false))
        #expect(
            use(response, at: 30, request: ["Cache-Control": "max-stale, max-age=5"])
                == .revalidate(staleIfError: false))
        #expect(use(response, at: 5, request: ["Cache-Control": "min-fresh=4"]) == .fresh)
        #expect(
            use(response, at: 5, request: ["Cache-Control": "min-fresh=5"])
                == .revalidate(staleIfError: false))
        let window = Self.stored(["Cache-Control": "max-age=10, stale-while-revalidate=30"])
        #expect(
            use(window, at: 8, request: ["Cache-Control": "min-fresh=5"]) == .revalidate(staleIfError: false))
        #expect(CacheControl("max-stale").maxStale == CacheControl.unboundedStaleness)
        #expect(CacheControl("max-stale=7").maxStale == 7)
        #expect(CacheControl("min-fresh=3, min-fresh=4").minFresh == 0)
    }

    @Test("stale-while-revalidate serves stale inside its window; must-revalidate forbids it")
    func staleWhileRevalidate() {
        let response = Self.stored(["Cache-Control": "max-age=10, stale-while-revalidate=30"])
        #expect(use(response, at: 5) == .fresh)
        #expect(use(response, at: 35) == .staleWhileRevalidating)
        #expect(use(response, at: 45) == .revalidate(staleIfError: false))
        let strict = Self.stored(["Cache-Control": "max-age=10, stale-while-revalidate=30, must-revalidate"])
        #expect(use(strict, at: 15) == .revalidate(staleIfError: false))
    }

    @Test("stale-if-error allows stale on failure inside its window; must-revalidate forbids it")
    func staleIfError() {
        let response = Self.stored(["Cache-Control": "max-age=10, stale-if-error=60"])
        #expect(use(response, at: 30) == .revalidate(staleIfError: true))
        #expect(use(response, at: 80) == .revalidate(staleIfError: false))
        let strict = Self.stored(["Cache-Control": "max-age=10, stale-if-error=60, must-revalidate"])
        #expect(use(strict, at: 30) == .revalidate(staleIfError: false))
        #expect(
            use(
                Self.stored(["Cache-Control": "max-age=10"]), at: 30,
                request: ["Cache-Control": "stale-if-error=60"]) == .revalidate(staleIfError: true))
    }

    @Test("Vary: a stored response answers only requests with the same selected headers")
    func vary() {
        let response = Self.stored(
            ["Cache-Control": "max-age=60", "Vary": "Accept-Language, Accept"],
            requestHeaders: ["Accept-Language": "en", "Accept": "application/json"])
        #expect(
            use(response, at: 1, request: ["accept-language": "en", "Accept": "application/json"]) == .fresh)
        #expect(
            use(response, at: 1, request: ["Accept-Language": "fr", "Accept": "application/json"])
                == .unusable)
        #expect(use(response, at: 1, request: ["Accept": "application/json"]) == .unusable)
        // Hashes, not values, are stored.
        #expect(response.varyHashes?["accept-language"]?.count == 64)
        #expect(response.varyHashes?.values.contains("en") == false)
    }

    @Test("Validators: If-None-Match from ETag, If-Modified-Since from Last-Modified")
    func validators() {
        let response = Self.stored(["ETag": #""v1""#, "Last-Modified": Self.date(-100)])
        #expect(
            HTTPCacheRules.conditionalHeaders(for: response) == [
                "If-None-Match": #""v1""#, "If-Modified-Since": Self.date(-100),
            ])
        #expect(HTTPCacheRules.conditionalHeaders(for: Self.stored([:])).isEmpty)
    }

    @Test("A 304 replaces headers (not Content-Length), refreshes the times and keeps the body")
    func notModified() {
        let response = Self.stored([
            "Cache-Control": "max-age=10", "ETag": #""v1""#, "content-length": "4", "X-Old": "1",
        ])
        let later = Self.t0.addingTimeInterval(100)
        let updated = HTTPCacheRules.updated(
            response,
            with: [
                "cache-control": "max-age=60", "Content-Length": "0", "Set-Cookie": "a=b",
                "Date": Self.date(100),
            ],
            requestTime: later, responseTime: later)
        #expect(updated.body == response.body)
        #expect(updated.headers.header("Cache-Control") == "max-age=60")
        #expect(updated.headers.header("Content-Length") == "4")
        #expect(updated.headers.header("Set-Cookie") == nil)
        #expect(updated.headers.header("X-Old") == "1")
        #expect(
            HTTPCacheRules.use(of: updated, requestHeaders: [:], now: later.addingTimeInterval(30)) == .fresh)
    }

    @Test("Unsafe methods invalidate the target and same-origin Location/Content-Location on success only")
    func invalidation() {
        let url = URL(string: "https://api.test/items/1")!
        #expect(
            HTTPCacheRules.invalidatedURLs(method: "GET", url: url, status: 200, responseHeaders: [:]).isEmpty
        )
        #expect(
            HTTPCacheRules.invalidatedURLs(method: "POST", url: url, status: 500, responseHeaders: [:])
                .isEmpty)
        let urls = HTTPCacheRules.invalidatedURLs(
            method: "PUT", url: url, status: 204,
            responseHeaders: ["Location": "/items/2", "Content-Location": "https://evil.test/items/1"])
        #expect(urls == [url, URL(string: "https://api.test/items/2")!])
        #expect(
            HTTPCacheRules.invalidatedURLs(method: "DELETE", url: url, status: 302, responseHeaders: [:]) == [
                url
            ])
        // Two URLs without an origin were "the same origin" (nil == nil): a request whose
        // origin Keel cannot form invalidated whatever its Location named.
        let noOrigin = URL(string: "ftp://files.test/items/1")!
        #expect(
            HTTPCacheRules.invalidatedURLs(
                method: "PUT", url: noOrigin, status: 204, responseHeaders: ["Location": "ftp://other.test/x"]
            )
                == [noOrigin])
    }
}

@Suite("HTTP-date fast path")
struct HTTPDateFastPathTests {
    @Test("The hand-read IMF-fixdate agrees with the formatter on many dates")
    func agreesWithFormatter() {
        var seconds: TimeInterval = -2_000_000_000
        while seconds < 4_000_000_000 {
            let date = Date(timeIntervalSince1970: seconds.rounded())
            let text = RetryAfter.httpDateString(date)
            #expect(RetryAfter.imfFixdate(text) == date, "\(text)")
            seconds += 7_654_321.0
        }
        #expect(
            RetryAfter.imfFixdate("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777)
        )
        #expect(RetryAfter.imfFixdate("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(RetryAfter.imfFixdate("Sun, 06 Xyz 1994 08:49:37 GMT") == nil)
        #expect(RetryAfter.imfFixdate("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
    }
}
