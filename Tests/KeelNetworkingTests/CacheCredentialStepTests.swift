import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One step beside the cache's credential partitions, which followed credential headers, a
/// session's own credentials and URL user info: a token in the query and a credential the
/// server sent back in a response header both landed in the partition every client reads.
@Suite("The HTTP cache keeps query and response-header credentials out of the shared partition")
struct CacheCredentialStepTests {
    static let base = URL(string: "https://api.test")!

    static func client(_ stub: StubTransport, cache: HTTPCache, scope: String?) -> APIClient {
        APIClient(
            configuration: .init(baseURL: base, retryPolicy: nil, cache: cache, cacheScope: scope),
            transport: stub)
    }

    @Test(
        "A credential in the query keeps the response in the account's scope, gone at sign-out",
        arguments: ["access_token", "api_key", "X-Amz-Signature", "key", "sessionId", "sig", "pwd"])
    func queryCredentialIsScoped(name: String) async throws {
        let stub = StubTransport()
        stub.route(.get, "/me", .json("\"alice\"", headers: ["Cache-Control": "max-age=600"]))
        let cache = try HTTPCache(directory: nil)
        let alice = Self.client(stub, cache: cache, scope: "alice")
        let me = Endpoint<Data>(
            .get, target: .path("/me"), query: [URLQueryItem(name: name, value: "ALICE")], decoding: .data)
        let sent = try #require(try await alice.response(me).request.url)
        #expect(cache.response(for: sent, in: .shared) == nil)
        #expect(cache.response(for: sent, in: .scope("alice")) != nil)
        cache.removeAll(scope: "alice")
        #expect(cache.response(for: sent, in: .scope("alice")) == nil)
        // Without a scope it is not stored at all.
        let anonymous = Self.client(stub, cache: cache, scope: nil)
        _ = try await anonymous.response(me)
        #expect(cache.response(for: sent, in: .shared) == nil)
    }

    @Test("An ordinary query is still shared")
    func ordinaryQueryIsShared() async throws {
        let stub = StubTransport()
        stub.route(.get, "/search", .json("[]", headers: ["Cache-Control": "max-age=600"]))
        let cache = try HTTPCache(directory: nil)
        let client = Self.client(stub, cache: cache, scope: "alice")
        let search = Endpoint<Data>(
            .get, target: .path("/search"),
            query: [URLQueryItem(name: "q", value: "token"), URLQueryItem(name: "page", value: "2")],
            decoding: .data)
        let sent = try #require(try await client.response(search).request.url)
        #expect(cache.response(for: sent, in: .shared) != nil)
    }

    @Test(
        "A response carrying a credential header is never shared",
        arguments: ["X-Auth-Token", "X-CSRF-Token", "Authorization", "X-Session-Id"])
    func responseCredentialIsNotShared(header: String) async throws {
        let stub = StubTransport()
        stub.route(
            .get, "/session/anonymous",
            .json("{}", headers: ["Cache-Control": "max-age=600", header: "RESP-TOKEN"]))
        let cache = try HTTPCache(directory: nil)
        let url = Self.base.appendingPathComponent("session/anonymous")
        _ = try await Self.client(stub, cache: cache, scope: nil).response(
            Endpoint<Data>(.get, target: .path("/session/anonymous"), decoding: .data))
        #expect(cache.response(for: url, in: .shared) == nil)
        _ = try await Self.client(stub, cache: cache, scope: "alice").response(
            Endpoint<Data>(.get, target: .path("/session/anonymous"), decoding: .data))
        #expect(cache.response(for: url, in: .shared) == nil)
        #expect(cache.response(for: url, in: .scope("alice")) != nil)
    }

    /// The review of the fix: the request rule's shapes made `Access-Control-Allow-Credentials`
    /// (ending in "credentials") a credential, so a CORS-enabled API was never shared, or not
    /// cached at all without a scope.
    @Test(
        "Headers that describe a response are not credentials",
        arguments: ["Access-Control-Allow-Credentials", "Signature", "X-Cache-Key", "Set-Cookie"])
    func describingHeadersAreShared(header: String) async throws {
        let stub = StubTransport()
        stub.route(.get, "/catalog", .json("[]", headers: ["Cache-Control": "max-age=600", header: "true"]))
        let cache = try HTTPCache(directory: nil)
        _ = try await Self.client(stub, cache: cache, scope: nil).response(
            Endpoint<Data>(.get, target: .path("/catalog"), decoding: .data))
        #expect(cache.response(for: Self.base.appendingPathComponent("catalog"), in: .shared) != nil)
    }

    /// The review of the fix: a `304` handing out a credential header was merged into the
    /// shared entry and served to every account.
    @Test("A 304 that hands out a credential moves the entry out of the shared partition")
    func revalidationDoesNotShareACredential() async throws {
        let stub = StubTransport()
        let calls = Locked(0)
        stub.route(.get, "/feed") { request in
            calls.withLock { $0 += 1 }
            return request.header("If-None-Match") == nil
                ? .json("[1]", headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\""])
                : .status(
                    304, headers: ["Cache-Control": "max-age=600", "ETag": "\"v1\"", "X-Auth-Token": "ALICE"])
        }
        let cache = try HTTPCache(directory: nil)
        let alice = Self.client(stub, cache: cache, scope: "alice")
        let feed = Endpoint<Data>(.get, target: .path("/feed"), decoding: .data)
        _ = try await alice.response(feed)
        let url = Self.base.appendingPathComponent("feed")
        #expect(cache.response(for: url, in: .shared) != nil)
        _ = try await alice.response(feed)
        #expect(calls.current == 2)
        #expect(cache.response(for: url, in: .shared) == nil)
        #expect(cache.response(for: url, in: .scope("alice"))?.headers["X-Auth-Token"] == "ALICE")
        // Bob is asked of the server, not answered with Alice's token.
        let bob = Self.client(stub, cache: cache, scope: "bob")
        _ = try await bob.response(feed)
        #expect(calls.current == 3)
    }
}
