import Foundation
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A route that answers its first `immediate` requests at once and holds every later one at a
/// gate the test opens, saying (through `arrived`) when one is held.
final class HeldRoute: Sendable {
    let gate = ServerGate()
    let arrived = TestSignal()
    private let held = Locked(0)
    private let calls = Counter()
    let immediate: Int

    init(immediate: Int) { self.immediate = immediate }

    /// How many requests are held (or were) at the gate.
    var heldCount: Int { held.current }

    /// The handler: `answer(n)` for the n-th request, after the gate for those past `immediate`.
    func handler(_ answer: @escaping @Sendable (Int) -> LocalHTTPServer.Response) -> LocalHTTPServer.Handler {
        { [self] _ in
            let call = calls.next()
            if call > immediate {
                held.withLock { $0 += 1 }
                arrived.signal()
                _ = gate.wait()
            }
            return answer(call)
        }
    }
}

extension SerialLoopbackTests {
    /// The r11 review's cache, download and cancellation findings.
    @Suite("HTTP cache review r11 (loopback)")
    struct CacheReviewElevenTests {
        // MARK: F1: .cacheOnly never reaches the network

        @Test("cacheOnly: a POST, a DELETE and a conditional GET throw notCached and send nothing")
        func cacheOnlySendsNothing() async throws {
            // Used to: every non-GET (and a GET the app made conditional) went to the server
            // whatever the policy, so an app's offline mode still sent its writes.
            let fixture = try CacheFixture(policy: .cacheOnly)
            fixture.server.route(nil, "/orders") { _ in .init(status: 201, body: Data("made".utf8)) }
            let post = Endpoint<Data>(
                .post, target: .path("/orders"),
                body: .data(Data("{}".utf8), contentType: "application/json"),
                decoding: .data)
            let postError = await #expect(throws: APIError.self) { try await fixture.client.response(post) }
            guard case .notCached = postError else {
                Issue.record("expected notCached, got \(String(describing: postError))")
                return
            }
            let delete = Endpoint<Data>(
                .delete, target: .path("/orders"), cachePolicy: .cacheOnly, decoding: .data)
            let standard = CacheFixture.client(
                server: fixture.server, cache: fixture.cache, policy: .standard)
            let deleteError = await #expect(throws: APIError.self) { try await standard.response(delete) }
            guard case .notCached = deleteError else {
                Issue.record("expected notCached, got \(String(describing: deleteError))")
                return
            }
            let conditional = await #expect(throws: APIError.self) {
                try await fixture.get("/orders", headers: ["If-None-Match": #""x""#])
            }
            guard case .notCached = conditional else {
                Issue.record("expected notCached, got \(String(describing: conditional))")
                return
            }
            #expect(fixture.server.requests.isEmpty, "nothing reached the server")
        }

        @Test("cacheOnly: streams, downloads, file uploads and event streams send nothing either")
        func cacheOnlyStreamsSendNothing() async throws {
            // Used to: only the cached call path honoured `.cacheOnly`; `bytes(for:)`,
            // `download`, a file `transfer` and `events` went to the server in offline mode.
            let fixture = try CacheFixture(policy: .cacheOnly)
            fixture.server.route(nil, "/data") { _ in .init(body: Data("payload".utf8)) }
            let get = Endpoint<Data>(.get, target: .path("/data"), decoding: .data)
            func isNotCached(_ error: (any Error)?) -> Bool {
                if case .notCached? = error as? APIError { return true }
                return false
            }
            let bytes = await #expect(throws: APIError.self) { try await fixture.client.bytes(for: get) }
            #expect(isNotCached(bytes))
            let destination = fixture.folder.appendingPathComponent("download.bin")
            let download = await #expect(throws: APIError.self) {
                try await fixture.client.download(get, to: destination)
            }
            #expect(isNotCached(download))
            #expect(!FileManager.default.fileExists(atPath: destination.path))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("keel-upload-\(UUID())")
            try Data("upload".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let upload = Endpoint<Data>(
                .put, target: .path("/data"), body: .file(file, contentType: "application/octet-stream"),
                decoding: .data)
            let transfer = await #expect(throws: APIError.self) {
                try await fixture.client.transfer(upload).value
            }
            #expect(isNotCached(transfer))
            var ended: (any Error)?
            do {
                for try await _ in fixture.client.events(for: get) {}
            } catch { ended = error }
            guard case .requestRefused? = ended as? EventStreamEnd else {
                Issue.record("expected requestRefused, got \(String(describing: ended))")
                return
            }
            #expect(fixture.server.requests.isEmpty, "nothing reached the server")
            // The endpoint's own policy sends it anyway.
            let live = Endpoint<Data>(
                .get, target: .path("/data"), cachePolicy: .networkOnly, decoding: .data)
            #expect(try await fixture.client.download(live, to: destination) == 7)
        }

        @Test("responses(_:) sends a POST once and yields only the network's answer")
        func responsesSendsPostOnce() async throws {
            // Used to: the `.cacheOnly` step sent the POST too: two orders, two `.network` values.
            let fixture = try CacheFixture()
            let orders = Counter()
            fixture.server.route("POST", "/orders") { _ in
                .init(status: 201, body: Data("order \(orders.next())".utf8))
            }
            var seen: [(String, ResponseSource)] = []
            for try await reply in fixture.client.responses(
                Endpoint<Data>(
                    .post, target: .path("/orders"),
                    body: .data(Data("{}".utf8), contentType: "application/json"),
                    decoding: .data))
            {
                seen.append((String(decoding: reply.value, as: UTF8.self), reply.source))
            }
            #expect(seen.count == 1)
            #expect(seen.first.map { $0 == ("order 1", .network) } == true)
            #expect(fixture.count("/orders") == 1)
        }

        // MARK: F5: a response that began before removeAll is not stored after it

        @Test("A call in flight across removeAll(scope:) does not store the signed-out account's response")
        func foregroundStoreAfterSignOutDropped() async throws {
            // Used to: the answer arriving after sign-out was written back under the scope.
            let fixture = try CacheFixture(scope: "alice")
            let route = HeldRoute(immediate: 0)
            fixture.server.route(
                "GET", "/feed",
                handler: route.handler { _ in
                    .init(headers: ["Cache-Control": "private, max-age=600"], body: Data("alice's feed".utf8))
                })
            defer { route.gate.open() }
            let call = Task { try await fixture.get("/feed") }
            #expect(await route.arrived.wait { route.heldCount == 1 })
            fixture.cache.removeAll(scope: "alice")
            route.gate.open()
            #expect(try await call.value == ("alice's feed", .network))
            let error = await #expect(throws: APIError.self) {
                try await fixture.get("/feed", policy: .cacheOnly)
            }
            guard case .notCached = error else {
                Issue.record("expected notCached, got \(String(describing: error))")
                return
            }
            #expect(
                fixture.files().allSatisfy { !$0.hasPrefix("s-") },
                "no scope folder entry: \(fixture.files())")

            // The same with removeAll() (every partition).
            let second = try CacheFixture(scope: "bob")
            let held = HeldRoute(immediate: 0)
            second.server.route(
                "GET", "/feed",
                handler: held.handler { _ in
                    .init(headers: ["Cache-Control": "private, max-age=600"], body: Data("bob's feed".utf8))
                })
            defer { held.gate.open() }
            let other = Task { try await second.get("/feed") }
            #expect(await held.arrived.wait { held.heldCount == 1 })
            second.cache.removeAll()
            held.gate.open()
            _ = try await other.value
            await #expect(throws: APIError.self) { try await second.get("/feed", policy: .cacheOnly) }
        }

        @Test("A background revalidation answered after removeAll(scope:) writes nothing back")
        func backgroundRevalidationAfterSignOutDropped() async throws {
            // Used to: the stale-while-revalidate refresh stored alice's feed again after sign-out.
            let fixture = try CacheFixture(scope: "alice")
            let route = HeldRoute(immediate: 1)
            fixture.server.route(
                "GET", "/feed",
                handler: route.handler { call in
                    .init(
                        headers: ["Cache-Control": "private, max-age=1, stale-while-revalidate=60"],
                        body: Data("feed \(call)".utf8))
                })
            defer { route.gate.open() }
            let ended = TestSignal()
            let endings = Locked(0)
            fixture.cache.revalidationEnded.set {
                endings.withLock { $0 += 1 }
                ended.signal()
            }
            #expect(try await fixture.get("/feed") == ("feed 1", .network))
            // `private`: kept under the account's scope, which sign-out clears.
            #expect(fixture.cache.response(for: fixture.server.url("/feed"), in: .scope("alice")) != nil)
            fixture.clock.advance(2)
            #expect(try await fixture.get("/feed") == ("feed 1", .cacheStale))
            #expect(await route.arrived.wait { route.heldCount == 1 })
            fixture.cache.removeAll(scope: "alice")
            route.gate.open()
            #expect(await ended.wait { endings.current == 1 })
            let error = await #expect(throws: APIError.self) {
                try await fixture.get("/feed", policy: .cacheOnly)
            }
            guard case .notCached = error else {
                Issue.record("expected notCached, got \(String(describing: error))")
                return
            }
        }

        // MARK: F7: cancellation is not a network failure

        @Test("networkFirst: a cancelled call throws CancellationError, not the stored value")
        func cancelledNetworkFirstDoesNotFallBack() async throws {
            // Used to: URLError(.cancelled) counted as "the network failed" and the stale entry
            // was returned to a cancelled task as a success.
            let fixture = try CacheFixture(policy: .networkFirst)
            let route = HeldRoute(immediate: 1)
            fixture.server.route(
                "GET", "/n",
                handler: route.handler { call in
                    .init(headers: ["Cache-Control": "max-age=10"], body: Data("n\(call)".utf8))
                })
            defer { route.gate.open() }
            #expect(try await fixture.get("/n") == ("n1", .network))
            let call = Task { try await fixture.get("/n") }
            #expect(await route.arrived.wait { route.heldCount == 1 })
            call.cancel()
            let result = await call.result
            #expect(throws: CancellationError.self) { try result.get() }
        }

        @Test("stale-if-error: a cancelled revalidation throws CancellationError, not the stored value")
        func cancelledStaleIfErrorDoesNotFallBack() async throws {
            // Used to: as above, through the `.standard` policy's stale-if-error path.
            let fixture = try CacheFixture()
            let route = HeldRoute(immediate: 1)
            fixture.server.route(
                "GET", "/s",
                handler: route.handler { call in
                    .init(
                        headers: ["Cache-Control": "max-age=1, stale-if-error=600"],
                        body: Data("s\(call)".utf8))
                })
            defer { route.gate.open() }
            #expect(try await fixture.get("/s") == ("s1", .network))
            fixture.clock.advance(5)
            let call = Task { try await fixture.get("/s") }
            #expect(await route.arrived.wait { route.heldCount == 1 })
            call.cancel()
            let result = await call.result
            #expect(throws: CancellationError.self) { try result.get() }
        }

        // MARK: F3: a redirected answer is not stored under the redirecting URL

        @Test("A GET redirected by a 302 is not cached under the URL that redirected")
        func redirectedResponseNotStoredUnderOriginalURL() async throws {
            // Used to: /latest's 302 to /v5 was forgotten and /v5's max-age kept /latest for an hour.
            let fixture = try CacheFixture()
            let target = Locked("/v5")
            fixture.server.route("GET", "/latest") { _ in
                .init(status: 302, headers: ["Location": target.current])
            }
            fixture.server.route("GET", "/v5") { _ in
                .init(headers: ["Cache-Control": "max-age=3600"], body: Data("v5".utf8))
            }
            fixture.server.route("GET", "/v6") { _ in
                .init(headers: ["Cache-Control": "max-age=3600"], body: Data("v6".utf8))
            }
            #expect(try await fixture.get("/latest") == ("v5", .network))
            target.set("/v6")
            #expect(try await fixture.get("/latest") == ("v6", .network))
            #expect(fixture.count("/latest") == 2)
        }

        // MARK: F2: a resumed download answered with the whole file

        @Test("A resume answered with a full 200 is held to the whole limit, not limit − offset")
        func resumedFullAnswerHeldToWholeLimit() async throws {
            // Used to: the cap was cut to 100 − 48 before the answer was known, so the new
            // 80-byte file failed with responseTooLarge(limit: 52) inside `interrupted` with the
            // same resume data, every time.
            let content = Data((0..<80).map { UInt8($0) })
            let files = try RangeFileServer(tag: #""a""#, content: content)
            let client = DownloadLoopbackTests.client(files.server)
            let file = DownloadLoopbackTests.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            files.cutNext()
            let resume: DownloadResumeData
            do {
                try await client.download(DownloadLoopbackTests.endpoint, to: file, maximumBytes: 100)
                Issue.record("the broken response did not interrupt the download")
                return
            } catch DownloadFailure.interrupted(let kept, _) {
                resume = kept
            }
            #expect(resume.bytesReceived == 48)
            let replaced = Data((0..<80).map { UInt8(255 - $0) })
            files.replace(tag: #""b""#, content: replaced)
            let length = try await client.download(
                DownloadLoopbackTests.endpoint, to: file, resume: resume, maximumBytes: 100)
            #expect(length == 80)
            #expect(try Data(contentsOf: file) == replaced)
        }

        @Test("A resume whose file is past the limit fails with responseTooLarge, not the same resume again")
        func resumePastLimitFailsTyped() async throws {
            // Used to: `interrupted(resume:)` handed back the same offset and validator, so the
            // documented retry sent the same ranged request and failed identically forever.
            let content = Data((0..<80).map { UInt8($0) })
            let files = try RangeFileServer(tag: #""a""#, content: content)
            let client = DownloadLoopbackTests.client(files.server)
            let file = DownloadLoopbackTests.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            files.cutNext()
            let resume = try await DownloadLoopbackTests.interrupted(client, to: file)
            #expect(resume.bytesReceived == 48)
            // A 206 for the rest of an 80-byte file, 60 bytes allowed.
            let ranged = await #expect(throws: APIError.self) {
                try await client.download(
                    DownloadLoopbackTests.endpoint, to: file, resume: resume, maximumBytes: 60)
            }
            #expect(ranged.map { if case .responseTooLarge(60) = $0 { true } else { false } } == true)
            #expect(!FileManager.default.fileExists(atPath: DownloadFile.partialURL(for: file).path))

            // A 200 with a whole file past the limit, to a resume.
            files.cutNext()
            let again = try await DownloadLoopbackTests.interrupted(client, to: file)
            files.replace(tag: #""b""#, content: Data(count: 200))
            let whole = await #expect(throws: APIError.self) {
                try await client.download(
                    DownloadLoopbackTests.endpoint, to: file, resume: again, maximumBytes: 100)
            }
            #expect(whole.map { if case .responseTooLarge(100) = $0 { true } else { false } } == true)
            #expect(!FileManager.default.fileExists(atPath: DownloadFile.partialURL(for: file).path))
        }
    }
}

/// The cache exchange itself, under a transport that reports the caller's cancellation as
/// `URLError(.cancelled)` (F7): the client's deadline race already throws `CancellationError`
/// to the caller, but the attempt went on and handed the stored value to the event monitors.
@Suite("Cache exchange: cancellation is not a network failure")
struct CacheExchangeCancellationTests {
    static let url = URL(string: "https://api.example/feed")!

    /// A cache holding a stale response for ``url`` whose `stale-if-error` window is open.
    static func cache() throws -> HTTPCache {
        let cache = try HTTPCache(
            directory: nil, shared: false, now: { Date(timeIntervalSince1970: 1_700_000_100) })
        cache.store(
            StoredResponse(
                status: 200, headers: ["Cache-Control": "max-age=10, stale-if-error=600"],
                body: Data("old".utf8),
                requestTime: Date(timeIntervalSince1970: 1_700_000_000),
                responseTime: Date(timeIntervalSince1970: 1_700_000_000)),
            for: url, in: .shared)
        return cache
    }

    @Test(
        "networkFirst and stale-if-error: URLError(.cancelled) and APIError.transport(.cancelled) are rethrown",
        arguments: [CachePolicy.networkFirst, .standard], [0, 1])
    func cancelledIsRethrown(policy: CachePolicy, shape: Int) async throws {
        // Used to: every URLError counted as "the network failed", `.cancelled` included, and the
        // stored value came back as `.cacheStale`.
        let exchange = CachedExchange(cache: try Self.cache(), policy: policy, scope: nil, monitor: nil)
        let failure: any Error =
            shape == 0 ? URLError(.cancelled) : APIError.transport(URLError(.cancelled))
        await #expect(throws: (any Error).self) {
            _ = try await exchange.run(
                URLRequest(url: Self.url), credentialHeaders: .default, send: { _ in throw failure })
        }
        // A real network failure still falls back.
        let (reply, source) = try await exchange.run(
            URLRequest(url: Self.url), credentialHeaders: .default,
            send: { _ in throw URLError(.notConnectedToInternet) })
        #expect(reply.data == Data("old".utf8))
        #expect(source == .cacheStale)
    }
}

/// RFC 9111 §4.2.1 on repeated directives (F4).
@Suite("Cache-Control repeated directives")
struct CacheControlRepeatTests {
    @Test("A conflicting repeat of a freshness directive counts as 0 (stale), never the later, fresher value")
    func conflictingRepeatIsStale() {
        // Used to: the last occurrence won, so `max-age=0, max-age=86400` was fresh for a day.
        #expect(CacheControl("max-age=0, max-age=86400").maxAge == 0)
        #expect(CacheControl("max-age=86400, max-age=0").maxAge == 0)
        #expect(CacheControl("s-maxage=0, s-maxage=600").sharedMaxAge == 0)
        #expect(CacheControl("stale-while-revalidate=0, stale-while-revalidate=60").staleWhileRevalidate == 0)
        #expect(CacheControl("stale-if-error=5, stale-if-error=600").staleIfError == 0)
    }

    @Test("The same value repeated keeps it; one occurrence is unchanged")
    func identicalRepeatKept() {
        #expect(CacheControl("max-age=60, max-age=60").maxAge == 60)
        #expect(CacheControl("max-age=60").maxAge == 60)
        #expect(CacheControl("public, max-age=60, s-maxage=30").sharedMaxAge == 30)
    }

    @Test("Two Cache-Control lines joined by the transport: a response with them is not fresh for a day")
    func joinedLinesNotFresh() {
        let headers = ["Cache-Control": "max-age=0, max-age=86400"]
        let entry = StoredResponse(
            status: 200, headers: headers, body: Data(), requestTime: Date(timeIntervalSince1970: 0),
            responseTime: Date(timeIntervalSince1970: 0), varyHashes: [:])
        #expect(!HTTPCacheRules.isFresh(entry, now: Date(timeIntervalSince1970: 10), shared: false))
    }
}
