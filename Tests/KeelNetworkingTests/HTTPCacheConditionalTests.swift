import Foundation
import KeelNetworking
import Testing

@testable import KeelNetworking

extension SerialLoopbackTests {
    /// A request the app made conditional itself (`If-None-Match`, `If-Modified-Since`) and a
    /// fresh stored response: RFC 9111 §4.3.2 has the cache evaluate the condition, answering
    /// `304` (with the stored `ETag`) or the stored response, and the server is not asked.
    @Suite("HTTP cache: conditional requests the app makes itself")
    struct HTTPCacheConditionalTests {
        static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

        static func stored(_ headers: [String: String]) -> StoredResponse {
            StoredResponse(
                status: 200,
                headers: headers.merging(["Date": RetryAfter.httpDateString(t0)]) { old, _ in old },
                body: Data("body".utf8), requestTime: t0, responseTime: t0)
        }

        static func date(_ offset: TimeInterval) -> String {
            RetryAfter.httpDateString(t0.addingTimeInterval(offset))
        }

        @Test(
            "If-None-Match decides when present: weak comparison, any of a list, *; else If-Modified-Since",
            arguments: [
                (
                    ["If-None-Match": #""a""#], ["ETag": #""a""#],
                    HTTPCacheRules.ConditionalAnswer?.some(.notModified)
                ),
                (["If-None-Match": #"W/"a""#], ["ETag": #""a""#], .notModified),
                (["If-None-Match": #""a""#], ["ETag": #"W/"a""#], .notModified),
                (["If-None-Match": #""x", "y,z" , "a""#], ["ETag": #""a""#], .notModified),
                (["If-None-Match": #""y,z""#], ["ETag": #""y,z""#], .notModified),
                (["If-None-Match": #""b""#], ["ETag": #""a""#], .full),
                (["If-None-Match": "*"], [:], .notModified),
                (["If-None-Match": #""a""#], [:], .full),
                (["If-None-Match": "a"], ["ETag": #""a""#], nil),
                (["If-None-Match": #""a" junk"#], ["ETag": #""a""#], nil),
                // If-None-Match wins over a disagreeing If-Modified-Since, either way.
                (
                    ["If-None-Match": #""a""#, "If-Modified-Since": date(-10_000)],
                    ["ETag": #""a""#, "Last-Modified": date(-5000)], .notModified
                ),
                (
                    ["If-None-Match": #""b""#, "If-Modified-Since": date(0)],
                    ["ETag": #""a""#, "Last-Modified": date(-5000)], .full
                ),
                (["If-Modified-Since": date(-100)], ["Last-Modified": date(-100)], .notModified),
                (["If-Modified-Since": date(-100)], ["Last-Modified": date(-50)], .full),
                // Without Last-Modified the stored Date counts; an invalid date is ignored.
                (["If-Modified-Since": date(10)], [:], .notModified),
                (["If-Modified-Since": date(-10)], [:], .full),
                (["If-Modified-Since": "yesterday"], ["Last-Modified": date(-100)], .full),
                ([:], ["ETag": #""a""#], nil),
                // Compared byte for byte: a decomposed é is another tag.
                (["If-None-Match": "\"caf\u{E9}\""], ["ETag": "\"cafe\u{301}\""], .full),
            ])
        func appConditionalAnswers(
            request: [String: String], response: [String: String], expected: HTTPCacheRules.ConditionalAnswer?
        ) {
            #expect(
                HTTPCacheRules.conditionalAnswer(requestHeaders: request, stored: Self.stored(response))
                    == expected)
        }

        @Test(
            "A matching validator gets a 304 from the cache with the stored ETag; a stale entry asks the server"
        )
        func appConditionalLoopback() async throws {
            let fixture = try CacheFixture()
            fixture.server.route(
                "GET", "/c",
                handler: validatingRoute(etag: #""v1""#, headers: ["Cache-Control": "max-age=60"]) { "c" }
            )
            _ = try await fixture.get("/c")
            func send(_ headers: [String: String]) async throws -> (Int, String?, ResponseSource, Data) {
                let endpoint = Endpoint<Data>(
                    .get, target: .path("/c"), headers: headers, acceptableStatusCodes: [200, 304],
                    decoding: .data)
                let reply = try await fixture.client.response(endpoint)
                return (
                    reply.response.statusCode, reply.response.value(forHTTPHeaderField: "ETag"), reply.source,
                    reply.data
                )
            }
            let notModified = try await send(["If-None-Match": #""v1""#])
            #expect(notModified.0 == 304 && notModified.1 == #""v1""# && notModified.2 == .cacheFresh)
            #expect(notModified.3.isEmpty)
            let full = try await send(["If-None-Match": #""v0""#])
            #expect(full.0 == 200 && full.2 == .cacheFresh && full.3 == Data("c".utf8))
            #expect(fixture.count("/c") == 1, "the cache answered both")
            fixture.clock.advance(120)
            let stale = try await send(["If-None-Match": #""v1""#])
            #expect(stale.0 == 304 && stale.2 == .network)
            #expect(fixture.count("/c") == 2)
        }

        @Test("A stored response that is not a 2xx answers a conditional request as it is")
        func nonSuccessIgnoresConditions() {
            var entry = Self.stored(["ETag": #""a""#, "Last-Modified": Self.date(-100)])
            for status in [404, 410, 301, 500] {
                entry.status = status
                #expect(
                    HTTPCacheRules.conditionalAnswer(requestHeaders: ["If-None-Match": "*"], stored: entry)
                        == .full)
                #expect(
                    HTTPCacheRules.conditionalAnswer(
                        requestHeaders: ["If-Modified-Since": Self.date(0)], stored: entry) == .full)
            }
        }

        @Test("Policies: network-first asks the server; cache-first answers from a stale entry too")
        func conditionalPolicies() async throws {
            let fixture = try CacheFixture()
            fixture.server.route(
                "GET", "/p",
                handler: validatingRoute(etag: #""v1""#, headers: ["Cache-Control": "max-age=60"]) {
                    "0123456789"
                })
            _ = try await fixture.get("/p")
            func send(_ headers: [String: String], _ policy: CachePolicy) async throws -> APIResponse<Data> {
                try await fixture.client.response(
                    Endpoint<Data>(
                        .get, target: .path("/p"), headers: headers,
                        acceptableStatusCodes: [200, 206, 304, 412],
                        cachePolicy: policy, decoding: .data))
            }
            let first = try await send(["If-None-Match": #""v1""#], .networkFirst)
            #expect(first.source == .network && fixture.count("/p") == 2)
            let originOnly = try await send(["If-Match": #""v1""#, "Range": "bytes=0-1"], .standard)
            #expect(originOnly.source == .network && fixture.count("/p") == 3)
            fixture.clock.advance(120)
            let stale = try await send(["If-None-Match": #""v1""#], .cacheFirst)
            #expect(stale.response.statusCode == 304 && stale.source == .cacheStale)
            // A range the cache cannot cut: the whole stored response, as a server may answer.
            let whole = try await send(["Range": "bytes=0-1,4-5"], .cacheOnly)
            #expect(whole.response.statusCode == 200 && whole.data == Data("0123456789".utf8))
            #expect(fixture.count("/p") == 3)
            await #expect(throws: APIError.self) { try await send(["If-Match": #""v1""#], .cacheOnly) }
        }

        @Test(
            "One byte range of a stored 200 is served as a 206; anything else is the server's",
            arguments: [
                (["Range": "bytes=0-1"], 200, [:], Range<Int>?.some(0..<2)),
                (["Range": "bytes=1-"], 200, [:], 1..<11),
                (["Range": "bytes=-3"], 200, [:], 8..<11),
                (["Range": "bytes=-30"], 200, [:], 0..<11),
                (["Range": "bytes=5-500"], 200, [:], 5..<11),
                (["Range": " Bytes = 2 - 3 "], 200, [:], nil),
                (["Range": "bytes= 2-3"], 200, [:], 2..<4),
                (["Range": "bytes=0-1,4-5"], 200, [:], nil),
                (["Range": "bytes=11-"], 200, [:], nil),
                (["Range": "bytes=3-2"], 200, [:], nil),
                (["Range": "bytes=-0"], 200, [:], nil),
                (["Range": "items=0-1"], 200, [:], nil),
                (["Range": "bytes=a-b"], 200, [:], nil),
                (["Range": "bytes=99999999999999999999-"], 200, [:], nil),
                (["Range": "bytes=0-1", "If-Range": #""a""#], 200, [:], nil),
                (["Range": "bytes=0-1"], 203, [:], nil),
                (["Range": "bytes=0-1"], 200, ["Content-Encoding": "gzip"], nil),
                ([:], 200, [:], nil),
            ])
        func servableRanges(
            request: [String: String], status: Int, headers: [String: String], expected: Range<Int>?
        ) {
            var entry = Self.stored(headers)
            entry.body = Data("01234567890".utf8)
            entry.status = status
            #expect(HTTPCacheRules.servableRange(requestHeaders: request, stored: entry) == expected)
        }

        @Test("A Range request gets a 206 of a fresh stored response; a stale one asks the server, unstored")
        func rangeLoopback() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/r") { request in
                if let range = request.header("Range") {
                    return .init(
                        status: 206, headers: ["Content-Range": "bytes 0-1/11", "X-Range": range],
                        body: Data("01".utf8))
                }
                return .init(
                    headers: ["Cache-Control": "max-age=60", "ETag": #""r""#], body: Data("01234567890".utf8))
            }
            _ = try await fixture.get("/r")
            func send(_ range: String) async throws -> APIResponse<Data> {
                try await fixture.client.response(
                    Endpoint<Data>(
                        .get, target: .path("/r"), headers: ["Range": range],
                        acceptableStatusCodes: [200, 206],
                        decoding: .data))
            }
            let part = try await send("bytes=2-4")
            #expect(part.response.statusCode == 206 && part.source == .cacheFresh)
            #expect(part.data == Data("234".utf8))
            #expect(part.response.value(forHTTPHeaderField: "Content-Range") == "bytes 2-4/11")
            #expect(part.response.value(forHTTPHeaderField: "ETag") == #""r""#)
            #expect(fixture.count("/r") == 1)
            fixture.clock.advance(120)
            let fromServer = try await send("bytes=0-1")
            #expect(fromServer.response.statusCode == 206 && fromServer.source == .network)
            #expect(fixture.count("/r") == 2)
            // The server's part did not replace the stored whole.
            let entry = try #require(fixture.cache.response(for: fixture.server.url("/r"), in: .shared))
            #expect(entry.status == 200 && entry.body == Data("01234567890".utf8))
        }
    }
}
