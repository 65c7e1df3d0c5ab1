import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SerialLoopbackTests {
    /// RFC 9111 against a loopback server that counts requests: each test backs one row of the
    /// README's conformance table.
    @Suite("HTTP cache conformance (loopback, counting requests)")
    struct HTTPCacheConformanceTests {
        @Test("max-age: a fresh hit makes no request")
        func freshHitMakesNoRequest() async throws {
            let fixture = try CacheFixture()
            let counter = Counter()
            fixture.server.route("GET", "/a") { _ in
                .init(
                    headers: ["Cache-Control": "max-age=60"],
                    body: Data("v\(counter.next())".utf8))
            }
            #expect(try await fixture.get("/a") == ("v1", .network))
            fixture.clock.advance(59)
            #expect(try await fixture.get("/a") == ("v1", .cacheFresh))
            #expect(fixture.count("/a") == 1)
        }

        /// Both used to be ignored: the stale response was revalidated over the network.
        @Test("A request's max-stale takes a stale response without a request; min-fresh goes to the server")
        func requestMaxStaleAndMinFresh() async throws {
            let fixture = try CacheFixture()
            let counter = Counter()
            fixture.server.route("GET", "/s") { _ in
                .init(headers: ["Cache-Control": "max-age=10"], body: Data("s\(counter.next())".utf8))
            }
            #expect(try await fixture.get("/s") == ("s1", .network))
            fixture.clock.advance(30)
            #expect(
                try await fixture.get("/s", headers: ["Cache-Control": "max-stale=60"]) == ("s1", .cacheStale)
            )
            #expect(fixture.count("/s") == 1)
            #expect(
                try await fixture.get("/s", headers: ["Cache-Control": "min-fresh=5"]) == ("s2", .network))
            fixture.clock.advance(7)
            #expect(
                try await fixture.get("/s", headers: ["Cache-Control": "min-fresh=5"]) == ("s3", .network))
            #expect(fixture.count("/s") == 3)
        }

        @Test("Stale with an ETag: one conditional request (If-None-Match); 304 returns the stored body")
        func staleMakesOneConditionalRequest() async throws {
            let fixture = try CacheFixture()
            fixture.server.route(
                "GET", "/e",
                handler: validatingRoute(etag: #""v1""#, headers: ["Cache-Control": "max-age=10"]) { "body" })
            #expect(try await fixture.get("/e") == ("body", .network))
            fixture.clock.advance(11)
            #expect(try await fixture.get("/e") == ("body", .revalidated))
            #expect(fixture.count("/e") == 2)
            #expect(fixture.server.requests.last?.header("If-None-Match") == #""v1""#)
        }

        @Test("Stale with Last-Modified: If-Modified-Since")
        func ifModifiedSince() async throws {
            let fixture = try CacheFixture()
            let modified = fixture.clock.httpDate(-10)
            fixture.server.route(
                "GET", "/m",
                handler: validatingRoute(lastModified: modified, headers: ["Cache-Control": "max-age=1"]) {
                    "m"
                })
            _ = try await fixture.get("/m")
            fixture.clock.advance(5)
            #expect(try await fixture.get("/m") == ("m", .revalidated))
            #expect(fixture.server.requests.last?.header("If-Modified-Since") == modified)
        }

        @Test("A 304 updates the stored headers: the new max-age makes the next call fresh")
        func notModifiedUpdatesHeaders() async throws {
            let fixture = try CacheFixture()
            let age = Locked("max-age=10")
            fixture.server.route("GET", "/u") { request in
                if request.header("If-None-Match") == #""v1""# {
                    age.set("max-age=100")
                    return .init(status: 304, headers: ["ETag": #""v1""#, "Cache-Control": "max-age=100"])
                }
                return .init(headers: ["ETag": #""v1""#, "Cache-Control": age.current], body: Data("u".utf8))
            }
            _ = try await fixture.get("/u")
            fixture.clock.advance(20)
            #expect(try await fixture.get("/u") == ("u", .revalidated))
            fixture.clock.advance(90)
            #expect(try await fixture.get("/u") == ("u", .cacheFresh))
            #expect(fixture.count("/u") == 2)
        }

        @Test("Expires: fresh until the date, then to the network")
        func expires() async throws {
            let fixture = try CacheFixture()
            let expires = fixture.clock.httpDate(30)
            fixture.server.route("GET", "/x") { _ in
                .init(headers: ["Expires": expires], body: Data("x".utf8))
            }
            _ = try await fixture.get("/x")
            fixture.clock.advance(20)
            #expect(try await fixture.get("/x") == ("x", .cacheFresh))
            fixture.clock.advance(20)
            #expect(try await fixture.get("/x") == ("x", .network))
            #expect(fixture.count("/x") == 2)
        }

        @Test(
            "An Expires outside RFC 9110's three forms is already expired; the forms and any case are read"
        )
        func invalidExpiresFormats() async throws {
            let fixture = try CacheFixture()
            let future = fixture.clock.now.addingTimeInterval(3600)
            let imf = RetryAfter.httpDateString(future)  // "Tue, 14 Nov 2023 23:13:20 GMT"
            let invalid = [
                imf.replacingOccurrences(of: "GMT", with: "UTC"), imf.replacingOccurrences(of: ",", with: ""),
                imf.replacingOccurrences(of: " ", with: "  "), "0",
            ]
            let valid = [imf, imf.uppercased()]
            for (index, expires) in (invalid + valid).enumerated() {
                fixture.server.route("GET", "/e\(index)") { _ in
                    .init(headers: ["Expires": expires], body: Data("e".utf8))
                }
                _ = try await fixture.get("/e\(index)")
                let source = try await fixture.get("/e\(index)").1
                #expect(source == (index < invalid.count ? .network : .cacheFresh), "\(expires)")
            }
        }

        @Test("Fields the Connection header names are not stored, nor served from the cache")
        func connectionListedFieldsNotStored() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/c") { _ in
                .init(
                    headers: [
                        "Cache-Control": "max-age=60", "Connection": "X-Hop", "X-Hop": "1", "X-Kept": "2",
                    ],
                    body: Data("c".utf8))
            }
            _ = try await fixture.get("/c")
            let cached = try await fixture.client.response(
                Endpoint<Data>(.get, target: .path("/c"), decoding: .data))
            #expect(cached.source == .cacheFresh)
            #expect(cached.response.value(forHTTPHeaderField: "X-Kept") == "2")
            #expect(cached.response.value(forHTTPHeaderField: "X-Hop") == nil)
        }

        @Test("Age from the server counts: max-age=60 with Age: 50 is stale 11 s later")
        func ageHeader() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/g") { _ in
                .init(headers: ["Cache-Control": "max-age=60", "Age": "50"], body: Data("g".utf8))
            }
            _ = try await fixture.get("/g")
            fixture.clock.advance(5)
            #expect(try await fixture.get("/g") == ("g", .cacheFresh))
            fixture.clock.advance(6)
            #expect(try await fixture.get("/g") == ("g", .network))
            #expect(fixture.count("/g") == 2)
        }

        @Test("Heuristic freshness: Last-Modified 1000 s old gives 100 s")
        func heuristic() async throws {
            let fixture = try CacheFixture()
            let modified = fixture.clock.httpDate(-1000)
            fixture.server.route("GET", "/h") { _ in
                .init(headers: ["Last-Modified": modified], body: Data("h".utf8))
            }
            _ = try await fixture.get("/h")
            fixture.clock.advance(90)
            #expect(try await fixture.get("/h") == ("h", .cacheFresh))
            #expect(fixture.count("/h") == 1)
        }

        @Test("s-maxage is ignored by the app's (private) cache")
        func sharedMaxAgeIgnored() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/s") { _ in
                .init(headers: ["Cache-Control": "s-maxage=600"], body: Data("s".utf8))
            }
            _ = try await fixture.get("/s")
            _ = try await fixture.get("/s")
            #expect(fixture.count("/s") == 2)
        }

        @Test("no-store is never written, to memory or disk")
        func noStore() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/n") { _ in
                .init(headers: ["Cache-Control": "no-store, max-age=60"], body: Data("n".utf8))
            }
            _ = try await fixture.get("/n")
            #expect(try await fixture.get("/n") == ("n", .network))
            #expect(fixture.count("/n") == 2)
            #expect(fixture.files().isEmpty)
            #expect(fixture.cache.sizes == (0, 0))
        }

        @Test("no-cache: every use is revalidated, even while fresh")
        func noCache() async throws {
            let fixture = try CacheFixture()
            fixture.server.route(
                "GET", "/c",
                handler: validatingRoute(etag: #""c""#, headers: ["Cache-Control": "no-cache, max-age=600"]) {
                    "c"
                })
            _ = try await fixture.get("/c")
            #expect(try await fixture.get("/c") == ("c", .revalidated))
            #expect(fixture.count("/c") == 2)
        }

        @Test("Request Cache-Control: no-cache revalidates a fresh response")
        func requestNoCache() async throws {
            let fixture = try CacheFixture()
            fixture.server.route(
                "GET", "/r",
                handler: validatingRoute(etag: #""r""#, headers: ["Cache-Control": "max-age=600"]) { "r" })
            _ = try await fixture.get("/r")
            #expect(
                try await fixture.get("/r", headers: ["Cache-Control": "no-cache"]) == ("r", .revalidated))
            #expect(fixture.count("/r") == 2)
        }

        @Test("must-revalidate: a stale response is not served when the server fails")
        func mustRevalidate() async throws {
            let fixture = try CacheFixture()
            let failing = Locked(false)
            fixture.server.route("GET", "/mr") { _ in
                failing.current
                    ? .init(status: 503)
                    : .init(
                        headers: ["Cache-Control": "max-age=1, must-revalidate, stale-if-error=600"],
                        body: Data("mr".utf8))
            }
            _ = try await fixture.get("/mr")
            failing.set(true)
            fixture.clock.advance(5)
            let error = try await #require(throws: APIError.self) { try await fixture.get("/mr") }
            #expect(error.statusCode == 503)
        }

        @Test("stale-if-error: a stale response answers a 503 inside the window, not after it")
        func staleIfError() async throws {
            let fixture = try CacheFixture()
            let failing = Locked(false)
            fixture.server.route("GET", "/se") { _ in
                failing.current
                    ? .init(status: 503)
                    : .init(headers: ["Cache-Control": "max-age=1, stale-if-error=60"], body: Data("se".utf8))
            }
            _ = try await fixture.get("/se")
            failing.set(true)
            fixture.clock.advance(30)
            #expect(try await fixture.get("/se") == ("se", .cacheStale))
            fixture.clock.advance(60)
            let error = try await #require(throws: APIError.self) { try await fixture.get("/se") }
            #expect(error.statusCode == 503)
            #expect(fixture.count("/se") == 3)
        }

        @Test("stale-while-revalidate: stale answers at once and one background request refreshes it")
        func staleWhileRevalidate() async throws {
            let fixture = try CacheFixture()
            let version = Counter()
            fixture.server.route("GET", "/w") { _ in
                .init(
                    headers: ["Cache-Control": "max-age=10, stale-while-revalidate=60"],
                    body: Data("w\(version.next())".utf8))
            }
            _ = try await fixture.get("/w")
            fixture.clock.advance(20)
            #expect(try await fixture.get("/w") == ("w1", .cacheStale))
            #expect(await eventually { fixture.count("/w") == 2 })
            // The background answer is stored (fresh again): served without another request.
            #expect(await eventually { (try? await fixture.get("/w").0) == "w2" })
            #expect(fixture.count("/w") == 2)
        }

        @Test("Vary: a different selected header goes to the network")
        func varyMismatch() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/v") { request in
                .init(
                    headers: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"],
                    body: Data((request.header("Accept-Language") ?? "-").utf8))
            }
            #expect(try await fixture.get("/v", headers: ["Accept-Language": "en"]) == ("en", .network))
            #expect(try await fixture.get("/v", headers: ["Accept-Language": "en"]) == ("en", .cacheFresh))
            #expect(try await fixture.get("/v", headers: ["Accept-Language": "fr"]) == ("fr", .network))
            #expect(fixture.count("/v") == 2)
        }

        @Test("Only cacheable statuses are stored: a 500 without freshness is not, a 404 is")
        func cacheableStatuses() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/500") { _ in .init(status: 500) }
            fixture.server.route("GET", "/404") { _ in
                .init(status: 404, headers: ["Cache-Control": "max-age=60"])
            }
            for _ in 0..<2 {
                await #expect(throws: APIError.self) { try await fixture.get("/500") }
                await #expect(throws: APIError.self) { try await fixture.get("/404") }
            }
            #expect(fixture.count("/500") == 2)
            #expect(fixture.count("/404") == 1)
        }

        @Test("Only GET is served from the cache: a HEAD or POST goes to the server")
        func methods() async throws {
            let fixture = try CacheFixture()
            fixture.server.route(nil, "/p") { _ in
                .init(headers: ["Cache-Control": "max-age=60"], body: Data("p".utf8))
            }
            _ = try await fixture.get("/p")
            _ = try await fixture.client.send(Endpoint<Void>(.head, "p"))
            _ = try await fixture.client.send(Endpoint<Void>(.post, "p"))
            #expect(fixture.count("/p") == 3)
        }

        @Test(
            "A successful unsafe request invalidates the stored GET (and its Location); a failed one does not"
        )
        func unsafeInvalidates() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/items") { _ in
                .init(headers: ["Cache-Control": "max-age=600"], body: Data("list".utf8))
            }
            fixture.server.route("GET", "/items/2") { _ in
                .init(headers: ["Cache-Control": "max-age=600"], body: Data("two".utf8))
            }
            let fail = Locked(true)
            fixture.server.route("POST", "/items") { _ in
                fail.current ? .init(status: 500) : .init(status: 201, headers: ["Location": "/items/2"])
            }
            _ = try await fixture.get("/items")
            _ = try await fixture.get("/items/2")
            await #expect(throws: APIError.self) {
                try await fixture.client.send(Endpoint<Void>(.post, "items"))
            }
            #expect(try await fixture.get("/items") == ("list", .cacheFresh))
            fail.set(false)
            try await fixture.client.send(Endpoint<Void>(.post, "items"))
            #expect(try await fixture.get("/items") == ("list", .network))
            #expect(try await fixture.get("/items/2") == ("two", .network))
        }
    }
}
