import Foundation
import KeelNetworkingTesting
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Credentials an app sets on the session (`httpAdditionalHeaders`) rather than as the
/// client's default headers. The transport lifts them out of the session so a redirect can
/// strip them, then put them back on every request whatever its URL: a direct call to another
/// origin, to a plain `http` URL or a WebSocket elsewhere got the token, where a default header
/// is held to the credential scope.
@Suite("Session-level credentials follow the client's credential scope")
struct SessionCredentialScopeTests {
    static func session(_ headers: [String: String]) -> URLSessionConfiguration {
        let session = URLSessionTransport.defaultConfiguration()
        session.httpAdditionalHeaders = headers
        return session
    }

    @Test("A session credential goes to the scope's origin, not directly to another origin")
    func sessionCredentialStaysOnItsOrigin() async throws {
        let origins = try TwoLoopbackOrigins()
        defer { origins.stop() }
        origins.home.route("GET", "/api/me") { _ in .json("{}") }
        origins.other.route("GET", "/x") { _ in .json("{}") }
        let client = APIClient(
            configuration: .init(
                baseURL: origins.home.url("/api"), retryPolicy: nil, allowsInsecureHTTP: true),
            transport: URLSessionTransport(
                configuration: Self.session(["Authorization": "Bearer SESSION-TOKEN"])))
        _ = try await client.send(Endpoint<Data>(.get, target: .path("me"), decoding: .data))
        #expect(origins.home.requests.last?.header("Authorization") == "Bearer SESSION-TOKEN")
        _ = try await client.send(
            Endpoint<Data>(.get, target: .url(origins.other.url("/x", host: "localhost")), decoding: .data))
        let elsewhere = try #require(origins.other.requests.last)
        #expect(elsewhere.header("Authorization") == nil)
    }

    @Test("A session credential of an https API does not go to a plain-http URL")
    func sessionCredentialNotOverPlainHTTP() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/me") { _ in .json("{}") }
        // The API is https; the same host over http (the loopback server) is another origin.
        let http = server.url("/api/me")
        let base = try #require(
            URL(
                string: server.url("/api").absoluteString.replacingOccurrences(
                    of: "http://", with: "https://")))
        let client = APIClient(
            configuration: .init(baseURL: base, retryPolicy: nil, allowsInsecureHTTP: true),
            transport: URLSessionTransport(configuration: Self.session(["X-API-Key": "SESSION-KEY"])))
        _ = try await client.send(Endpoint<Data>(.get, target: .url(http), decoding: .data))
        let request = try #require(server.requests.last)
        #expect(request.header("X-API-Key") == nil)
    }

    /// An app's own transport wrapping a URLSessionTransport (metrics, fault injection): the
    /// client cannot judge the session's credentials, so the session keeps its meaning.
    @Test("A transport wrapping the session keeps the session's credentials")
    func wrappedTransportKeepsSessionCredentials() async throws {
        struct Forwarding: Transport {
            let inner: URLSessionTransport
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                try await inner.send(request)
            }
            func stream(_ request: TransportRequest) async throws -> StreamedResponse {
                try await inner.stream(request)
            }
        }
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/me") { _ in .json("{}") }
        let client = APIClient(
            configuration: .init(baseURL: server.url("/api"), retryPolicy: nil, allowsInsecureHTTP: true),
            transport: Forwarding(
                inner: URLSessionTransport(configuration: Self.session(["Authorization": "Bearer T"]))))
        _ = try await client.send(Endpoint<Data>(.get, target: .path("me"), decoding: .data))
        #expect(server.requests.last?.header("Authorization") == "Bearer T")
    }

    @Test("A streamed call follows the same rule")
    func streamedCallFollowsTheScope() async throws {
        let origins = try TwoLoopbackOrigins()
        defer { origins.stop() }
        origins.other.route("GET", "/x") { _ in .json("{}") }
        let client = APIClient(
            configuration: .init(
                baseURL: origins.home.url("/api"), retryPolicy: nil, allowsInsecureHTTP: true),
            transport: URLSessionTransport(
                configuration: Self.session(["Authorization": "Bearer SESSION-TOKEN"])))
        let streamed = try await client.bytes(
            for: Endpoint<Data>(
                .get, target: .url(origins.other.url("/x", host: "localhost")), decoding: .data))
        streamed.body.cancel()
        #expect(origins.other.requests.last?.header("Authorization") == nil)
    }

    @Test("A session credential the transport does not know but the client declares is refused")
    func clientDeclaredSessionCredentialIsRefused() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/me") { _ in .json("{}") }
        let client = APIClient(
            configuration: .init(
                baseURL: server.url("/api"), retryPolicy: nil,
                credentialHeaders: CredentialHeaders(declaring: ["X-Tenant"]), allowsInsecureHTTP: true),
            transport: URLSessionTransport(configuration: Self.session(["X-Tenant": "tenant-alice"])))
        await #expect {
            _ = try await client.send(Endpoint<Data>(.get, target: .path("me"), decoding: .data))
        } throws: { error in
            guard case .invalidRequest(let field, _) = error as? APIError else { return false }
            return field == "httpAdditionalHeaders[X-Tenant]"
        }
        #expect(server.requests.isEmpty)
    }
}
