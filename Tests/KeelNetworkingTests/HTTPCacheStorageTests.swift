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
    /// Where the cache keeps responses, and for whom.
    @Suite("HTTP cache storage and credential scopes")
    struct HTTPCacheStorageTests {
        @Test("Disk entries are 0600 files in 0700 folders, named by hashes, holding neither URL nor cookies")
        func filesArePrivate() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/secret-path") { _ in
                .init(
                    headers: ["Cache-Control": "max-age=60", "Set-Cookie": "session=s3cr3t"],
                    body: Data("b".utf8))
            }
            _ = try await fixture.client.response(
                Endpoint<Data>(
                    .get, target: .path("/secret-path"), query: [URLQueryItem(name: "search", value: "abc")],
                    decoding: .data))
            let files = fixture.files()
            #expect(files.count == 1)
            for file in files {
                let url = fixture.folder.appendingPathComponent(file)
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
                let folderAttributes = try FileManager.default.attributesOfItem(
                    atPath: url.deletingLastPathComponent().path)
                #expect((folderAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
                #expect(!file.contains("secret"))
                let contents = String(decoding: try Data(contentsOf: url), as: UTF8.self)
                #expect(!contents.contains("secret-path"))
                #expect(!contents.contains("search=abc"))
                #expect(!contents.contains("s3cr3t"))
            }
        }

        @Test("A new cache over the same folder serves from disk without a request")
        func diskSurvivesRelaunch() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/d") { _ in
                .init(headers: ["Cache-Control": "max-age=60"], body: Data("disk".utf8))
            }
            _ = try await fixture.get("/d")
            let clock = fixture.clock
            let reopened = try HTTPCache(directory: fixture.folder, shared: false, now: { clock.now })
            let client = CacheFixture.client(server: fixture.server, cache: reopened)
            #expect(try await fixture.get("/d", using: client) == ("disk", .cacheFresh))
            #expect(fixture.count("/d") == 1)
        }

        @Test(
            "A corrupt entry is a miss: the file is removed and the network answers",
            arguments: ["truncate", "flip", "garbage"])
        func corruptEntryIsMiss(_ damage: String) async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/k") { _ in
                .init(headers: ["Cache-Control": "max-age=60"], body: Data("kept".utf8))
            }
            _ = try await fixture.get("/k")
            let file = fixture.folder.appendingPathComponent(try #require(fixture.files().first))
            var bytes = try Data(contentsOf: file)
            switch damage {
            case "truncate": bytes = bytes.prefix(bytes.count / 2)
            case "flip": bytes[bytes.count - 40] ^= 0xFF
            default: bytes = Data("not a cache file".utf8)
            }
            try bytes.write(to: file)
            fixture.cache.removeAllFromMemory()
            #expect(try await fixture.get("/k") == ("kept", .network))
            #expect(fixture.count("/k") == 2)
        }

        @Test("The disk layer keeps under its size limit, dropping the least recently used")
        func diskLimit() async throws {
            let fixture = try CacheFixture(diskCapacity: 3_000, memoryCapacity: 0)
            for name in ["a", "b", "c"] {
                fixture.server.route("GET", "/\(name)") { _ in
                    .init(headers: ["Cache-Control": "max-age=600"], body: Data(repeating: 65, count: 1_000))
                }
            }
            _ = try await fixture.get("/a")
            _ = try await fixture.get("/b")
            _ = try await fixture.get("/a")  // a is now more recent than b
            _ = try await fixture.get("/c")
            #expect(fixture.cache.sizes.disk <= 3_000)
            #expect(try await fixture.get("/a").1 == .cacheFresh)
            #expect(try await fixture.get("/b").1 == .network)
        }

        @Test("The memory layer keeps under its limit too")
        func memoryLimit() async throws {
            let fixture = try CacheFixture(diskCapacity: 0, memoryCapacity: 2_000)
            for name in ["a", "b"] {
                fixture.server.route("GET", "/\(name)") { _ in
                    .init(headers: ["Cache-Control": "max-age=600"], body: Data(repeating: 65, count: 1_000))
                }
            }
            _ = try await fixture.get("/a")
            _ = try await fixture.get("/b")
            #expect(fixture.cache.sizes.memory <= 2_000)
            #expect(try await fixture.get("/b").1 == .cacheFresh)
            #expect(try await fixture.get("/a").1 == .network)
        }

        @Test("A credentialed request without a scope is not stored unless public")
        func credentialsWithoutScope() async throws {
            let fixture = try CacheFixture()
            let alice = ["Authorization": "Bearer alice"]
            fixture.server.route("GET", "/me") { request in
                .init(
                    headers: ["Cache-Control": "max-age=60"],
                    body: Data((request.header("Authorization") ?? "").utf8))
            }
            fixture.server.route("GET", "/pub") { _ in
                .init(headers: ["Cache-Control": "public, max-age=60"], body: Data("pub".utf8))
            }
            _ = try await fixture.get("/me", headers: alice)
            #expect(try await fixture.get("/me", headers: alice) == ("Bearer alice", .network))
            #expect(fixture.files().isEmpty)
            _ = try await fixture.get("/pub", headers: alice)
            #expect(try await fixture.get("/pub", headers: alice) == ("pub", .cacheFresh))
        }

        @Test("Credentialed responses are stored per scope: another scope misses, sign-out clears")
        func perScope() async throws {
            let fixture = try CacheFixture(scope: "alice")
            let alice = ["Authorization": "Bearer alice"]
            let bobs = ["Authorization": "Bearer bob"]
            fixture.server.route("GET", "/me") { request in
                .init(
                    headers: ["Cache-Control": "private, max-age=600"],
                    body: Data((request.header("Authorization") ?? "").utf8))
            }
            _ = try await fixture.get("/me", headers: alice)
            #expect(try await fixture.get("/me", headers: alice) == ("Bearer alice", .cacheFresh))
            let bob = CacheFixture.client(server: fixture.server, cache: fixture.cache, scope: "bob")
            #expect(try await fixture.get("/me", headers: bobs, using: bob) == ("Bearer bob", .network))
            let anonymous = CacheFixture.client(server: fixture.server, cache: fixture.cache)
            #expect(try await fixture.get("/me", using: anonymous) == ("", .network))
            // Scope folders are hashes, not account names.
            #expect(fixture.files().allSatisfy { !$0.contains("alice") && !$0.contains("bob") })
            fixture.cache.removeAll(scope: "alice")
            #expect(try await fixture.get("/me", headers: alice) == ("Bearer alice", .network))
            #expect(try await fixture.get("/me", headers: bobs, using: bob) == ("Bearer bob", .cacheFresh))
        }

        @Test("Two clients configured with one cache share it")
        func sharedBetweenClients() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/s") { _ in
                .init(headers: ["Cache-Control": "max-age=60"], body: Data("s".utf8))
            }
            _ = try await fixture.get("/s")
            let other = CacheFixture.client(server: fixture.server, cache: fixture.cache)
            #expect(try await fixture.get("/s", using: other) == ("s", .cacheFresh))
            #expect(fixture.count("/s") == 1)
        }

        @Test("removeAll empties memory and disk")
        func removeAll() async throws {
            let fixture = try CacheFixture()
            fixture.server.route("GET", "/z") { _ in
                .init(headers: ["Cache-Control": "max-age=60"], body: Data("z".utf8))
            }
            _ = try await fixture.get("/z")
            fixture.cache.removeAll()
            #expect(fixture.files().isEmpty)
            #expect(try await fixture.get("/z") == ("z", .network))
        }

        @Test("A cache folder that is a file is a typed error")
        func unusableDirectory() throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "keel-cache-file-\(UUID().uuidString)")
            try Data("x".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(throws: HTTPCacheError.self) { try HTTPCache(directory: file) }
        }
    }

    /// The cache policies, with the network path injected.
    @Suite("Cache policies")
    struct CachePolicyTests {
        func fixture(policy: CachePolicy = .standard, monitor: NetworkMonitor? = nil) throws -> CacheFixture {
            let fixture = try CacheFixture(policy: policy, monitor: monitor)
            let version = Counter()
            fixture.server.route("GET", "/p") { _ in
                .init(
                    headers: ["Cache-Control": "max-age=10", "ETag": #""e""#],
                    body: Data("p\(version.next())".utf8))
            }
            return fixture
        }

        @Test("cacheFirst serves a stale entry without a request; networks on a miss")
        func cacheFirst() async throws {
            let fixture = try fixture(policy: .cacheFirst)
            #expect(try await fixture.get("/p") == ("p1", .network))
            fixture.clock.advance(100)
            #expect(try await fixture.get("/p") == ("p1", .cacheStale))
            #expect(fixture.count("/p") == 1)
        }

        @Test("cacheOnly: stored (stale) or notCached, never a request")
        func cacheOnly() async throws {
            let fixture = try fixture()
            await #expect(throws: APIError.self) { try await fixture.get("/p", policy: .cacheOnly) }
            #expect(fixture.count("/p") == 0)
            _ = try await fixture.get("/p")
            fixture.clock.advance(100)
            #expect(try await fixture.get("/p", policy: .cacheOnly) == ("p1", .cacheStale))
            #expect(fixture.count("/p") == 1)
        }

        @Test("networkOnly always asks the server, even while fresh")
        func networkOnly() async throws {
            let fixture = try fixture(policy: .networkOnly)
            _ = try await fixture.get("/p")
            #expect(try await fixture.get("/p") == ("p2", .network))
            #expect(fixture.count("/p") == 2)
            #expect(fixture.server.requests.last?.header("If-None-Match") == #""e""#)
        }

        @Test("networkFirst: the network when it answers, the cache when it fails")
        func networkFirstFallsBack() async throws {
            let fixture = try fixture(policy: .networkFirst)
            _ = try await fixture.get("/p")
            fixture.clock.advance(100)
            fixture.server.stop()
            #expect(try await fixture.get("/p") == ("p1", .cacheStale))
        }

        @Test("networkFirst offline (injected path): the cache without trying the network")
        func networkFirstOffline() async throws {
            let path = ManualNetworkPathSource(NetworkPath(status: .satisfied))
            let fixture = try fixture(
                policy: .networkFirst, monitor: NetworkMonitor(source: path, clock: TestClock()))
            #expect(try await fixture.get("/p") == ("p1", .network))
            path.signalChange(to: NetworkPath(status: .unsatisfied))
            #expect(try await fixture.get("/p") == ("p1", .cacheFresh))
            fixture.clock.advance(100)
            #expect(try await fixture.get("/p") == ("p1", .cacheStale))
            #expect(fixture.count("/p") == 1)
            path.signalChange(to: NetworkPath(status: .satisfied))
            #expect(try await fixture.get("/p") == ("p2", .network))
        }

        @Test("staleWhileRevalidate (one value): stale at once, refreshed in the background")
        func staleWhileRevalidateSingle() async throws {
            let fixture = try fixture(policy: .staleWhileRevalidate)
            _ = try await fixture.get("/p")
            fixture.clock.advance(100)
            #expect(try await fixture.get("/p") == ("p1", .cacheStale))
            #expect(await eventually { fixture.count("/p") == 2 })
        }

        @Test("responses(_:) yields the stored value, then the network's")
        func responsesStream() async throws {
            let fixture = try fixture()
            _ = try await fixture.get("/p")
            fixture.clock.advance(100)
            var seen: [(String, ResponseSource)] = []
            for try await reply in fixture.client.responses(
                Endpoint<Data>(.get, target: .path("/p"), decoding: .data))
            {
                seen.append((String(decoding: reply.value, as: UTF8.self), reply.source))
            }
            #expect(seen.count == 2)
            #expect(seen.first.map { $0 == ("p1", .cacheStale) } == true)
            #expect(seen.last.map { $0 == ("p2", .network) } == true)
        }

        @Test("responses(_:) with nothing stored yields the network value only")
        func responsesStreamMiss() async throws {
            let fixture = try fixture()
            var seen: [ResponseSource] = []
            for try await reply in fixture.client.responses(
                Endpoint<Data>(.get, target: .path("/p"), decoding: .data))
            {
                seen.append(reply.source)
            }
            #expect(seen == [.network])
        }

        @Test("An endpoint's policy overrides the client's")
        func endpointOverride() async throws {
            let fixture = try fixture(policy: .networkOnly)
            _ = try await fixture.get("/p")
            #expect(try await fixture.get("/p", policy: .standard) == ("p1", .cacheFresh))
            #expect(fixture.count("/p") == 1)
        }
    }
}
