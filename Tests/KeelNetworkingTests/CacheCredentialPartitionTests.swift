import Foundation
import KeelNetworking
import KeelNetworkingTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which cache partition holds a response when the credential is not one the configuration
/// names: a provider's own session header, a cookie the session adds, URL user info.
@Suite("HTTP cache partitions follow every credential")
struct CacheCredentialPartitionTests {
    /// A provider that authenticates with a header of no credential shape.
    struct SessionHeaderProvider: AuthenticationProvider {
        let session: String
        func credential() async throws -> String { session }
        func refresh(old: String) async throws -> String { session }
        func apply(_ credential: String, to request: inout URLRequest) {
            request.setValue(credential, forHTTPHeaderField: "X-Session")
        }
    }

    static let base = URL(string: "https://api.test")!

    static func client(
        _ stub: StubTransport, cache: HTTPCache, scope: String?, session: String? = nil
    ) -> APIClient {
        let interceptors: [any APIInterceptor] =
            session.map { [AuthenticationInterceptor(provider: SessionHeaderProvider(session: $0))] } ?? []
        return APIClient(
            configuration: .init(
                baseURL: base, interceptors: interceptors, retryPolicy: nil, cache: cache, cacheScope: scope),
            transport: stub)
    }

    static func body(_ client: APIClient, _ target: EndpointTarget) async throws -> String {
        let reply = try await client.response(Endpoint<Data>(.get, target: target, decoding: .data))
        return String(decoding: reply.value, as: UTF8.self)
    }

    @Test("A provider's X-Session header keeps Alice's /me in her scope: Bob gets his own")
    func providerHeaderIsACredential() async throws {
        // The premise: nothing about the name says credential; only the provider declares it.
        #expect(!CredentialHeaders().contains("X-Session"))
        let stub = StubTransport()
        stub.route(.get, "/me") { request in
            .json("\"\(request.header("X-Session") ?? "")\"", headers: ["Cache-Control": "max-age=600"])
        }
        let cache = try HTTPCache(directory: nil)
        let alice = Self.client(stub, cache: cache, scope: "alice", session: "alice-session")
        let bob = Self.client(stub, cache: cache, scope: "bob", session: "bob-session")
        #expect(try await Self.body(alice, .path("/me")) == "\"alice-session\"")
        // It used to land in `.shared` (the request counted as uncredentialed), and Bob's
        // client answered from it with Alice's body, never asking the server.
        #expect(try await Self.body(bob, .path("/me")) == "\"bob-session\"")
        #expect(stub.requests.count == 2)
        let url = Self.base.appendingPathComponent("me")
        #expect(cache.response(for: url, in: .shared) == nil)
        #expect(cache.response(for: url, in: .scope("alice")) != nil)
        // Sign-out removes it (it used to survive in `.shared`).
        cache.removeAll(scope: "alice")
        #expect(cache.response(for: url, in: .scope("alice")) == nil)
        #expect(try await Self.body(alice, .path("/me")) == "\"alice-session\"")
        #expect(stub.requests.count == 3)
    }

    @Test("A response that varies on Cookie is kept under the scope, never shared")
    func varyCookieIsNotShared() async throws {
        let stub = StubTransport()
        stub.route(
            .get, "/feed", .json("\"mine\"", headers: ["Cache-Control": "max-age=600", "Vary": "Cookie"]))
        let cache = try HTTPCache(directory: nil)
        let alice = Self.client(stub, cache: cache, scope: "alice")
        _ = try await Self.body(alice, .path("/feed"))
        let url = Self.base.appendingPathComponent("feed")
        // It used to be stored in `.shared`: the session's cookie was invisible to the client.
        #expect(cache.response(for: url, in: .shared) == nil)
        #expect(cache.response(for: url, in: .scope("alice")) != nil)
    }

    @Test("A declared credential named in Vary keeps the response out of the shared partition")
    func varyDeclaredIsNotShared() async throws {
        let stub = StubTransport()
        stub.route(
            .get, "/t",
            .json("\"t\"", headers: ["Cache-Control": "max-age=600", "Vary": "Accept, x-tenant-sig"]))
        let cache = try HTTPCache(directory: nil)
        let client = APIClient(
            configuration: .init(
                baseURL: Self.base, retryPolicy: nil,
                credentialHeaders: CredentialHeaders(declaring: ["X-Tenant-Sig"]), cache: cache),
            transport: stub)
        _ = try await Self.body(client, .path("/t"))
        // It used to be stored in `.shared`.
        #expect(cache.response(for: Self.base.appendingPathComponent("t"), in: .shared) == nil)
    }

    @Test("Without a scope a private response is not stored at all")
    func privateWithoutScope() async throws {
        let stub = StubTransport()
        stub.route(.get, "/p", .json("\"p\"", headers: ["Cache-Control": "private, max-age=600"]))
        let cache = try HTTPCache(directory: nil)
        let client = Self.client(stub, cache: cache, scope: nil)
        _ = try await Self.body(client, .path("/p"))
        _ = try await Self.body(client, .path("/p"))
        // It used to be stored in `.shared` and the second call answered from it.
        #expect(cache.response(for: Self.base.appendingPathComponent("p"), in: .shared) == nil)
        #expect(stub.requests.count == 2)
    }

    @Test("A URL with user info is a credentialed request")
    func userInfoIsACredential() async throws {
        let stub = StubTransport()
        stub.route(.get, "/ui", .json("\"u\"", headers: ["Cache-Control": "max-age=600"]))
        let cache = try HTTPCache(directory: nil)
        let client = Self.client(stub, cache: cache, scope: nil)
        let url = URL(string: "https://u:pw@api.test/ui")!
        _ = try await Self.body(client, .url(url))
        // It used to be stored in `.shared`, open to every client on the cache.
        #expect(cache.response(for: url, in: .shared) == nil)
    }
}
