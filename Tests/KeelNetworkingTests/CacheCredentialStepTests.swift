import Foundation
import KeelNetworking
import KeelNetworkingTesting
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
        arguments: ["access_token", "api_key", "X-Amz-Signature", "key", "sessionId"])
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
}
