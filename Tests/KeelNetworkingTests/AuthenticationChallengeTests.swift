import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `401` carrying `WWW-Authenticate` must come back as `.status(401)` at once: Linux's
/// URLSession, left to its default handling, holds such a task until the call's deadline.
/// Every call here has a 60 s deadline, far longer than any of them may take, so a regression
/// shows as a timeout error (or a hang guard), never as a slow pass.
@Suite("401 with WWW-Authenticate")
struct AuthenticationChallengeTests {
    static let challenges = [
        #"Basic realm="api""#, #"Bearer realm="api", error="invalid_token""#, "Bearer",
        #"Digest realm="api", nonce="abc", qop="auth""#, #"Basic realm="a", Bearer realm="b""#,
    ]

    func client(_ server: LocalHTTPServer, interceptors: [any APIInterceptor] = []) -> APIClient {
        APIClient(
            configuration: .init(
                baseURL: server.baseURL, interceptors: interceptors, retryPolicy: nil,
                timeout: .seconds(60), allowsInsecureHTTP: true),
            transport: URLSessionTransport())
    }

    @Test("Each challenge scheme arrives as .status(401) with its header", arguments: challenges)
    func challengeArrivesAsStatus(_ challenge: String) async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/me") { _ in
            .json(#"{"error":"unauthorized"}"#, status: 401, headers: ["WWW-Authenticate": challenge])
        }
        let error = try await #require(throws: APIError.self) {
            try await client(server).send(Endpoint<Void>(.get, "me"))
        }
        guard case .status(let code, let headers, _, _) = error else {
            Issue.record("expected .status(401), got \(error)")
            return
        }
        #expect(code == 401)
        #expect(headers.header("WWW-Authenticate") == challenge)
        #expect(server.requests.count == 1)
    }

    @Test("A Basic challenge keeps the 401's body on Linux (it arrives before the challenge)")
    func bodyKept() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/me") { _ in
            .json(
                #"{"error":"unauthorized"}"#, status: 401,
                headers: ["WWW-Authenticate": #"Basic realm="api""#])
        }
        let error = try await #require(throws: APIError.self) {
            try await client(server).send(Endpoint<Void>(.get, "me"))
        }
        #if canImport(FoundationNetworking)
            guard case .status(401, _, let body, false) = error else {
                Issue.record("expected .status(401), got \(error)")
                return
            }
            #expect(body == Data(#"{"error":"unauthorized"}"#.utf8))
        #else
            #expect(error.statusCode == 401)
        #endif
    }

    @Test(
        "AuthenticationInterceptor refreshes on a challenged 401 and the retry succeeds",
        arguments: challenges)
    func interceptorRefreshes(_ challenge: String) async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/me") { request in
            if request.header("Authorization") == "Bearer new" { return .json(#"{"id":1,"name":"me"}"#) }
            return .json("{}", status: 401, headers: ["WWW-Authenticate": challenge])
        }
        let provider = TestTokenProvider()
        let auth = AuthenticationInterceptor(
            provider: provider,
            scope: CredentialScope(origins: [Origin(server.baseURL)!], allowsInsecureHTTP: true))
        let user = try await client(server, interceptors: [auth]).send(Endpoint<User>(.get, "me"))
        #expect(user == User(id: 1, name: "me"))
        #expect(provider.refreshes.current == 1)
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer old", "Bearer new"])
    }

    @Test("A 407 with Proxy-Authenticate from an origin server is a status too")
    func proxyChallenge() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/me") { _ in
            .init(status: 407, headers: ["Proxy-Authenticate": #"Basic realm="proxy""#])
        }
        let error = try await #require(throws: APIError.self) {
            try await client(server).send(Endpoint<Void>(.get, "me"))
        }
        #expect(error.statusCode == 407)
    }

    @Test("Challenge answers: HTTP schemes are declined with their response, trust stays the platform's")
    func answers() {
        #expect(ChallengeAnswer(method: NSURLAuthenticationMethodHTTPBasic) == .declineAndReturnResponse)
        #expect(ChallengeAnswer(method: NSURLAuthenticationMethodHTTPDigest) == .declineAndReturnResponse)
        #expect(ChallengeAnswer(method: NSURLAuthenticationMethodDefault) == .declineAndReturnResponse)
        #expect(ChallengeAnswer(method: NSURLAuthenticationMethodNTLM) == .declineAndReturnResponse)
        #expect(ChallengeAnswer(method: NSURLAuthenticationMethodNegotiate) == .declineAndReturnResponse)
        #expect(ChallengeAnswer(method: "NSURLAuthenticationMethodServerTrust") == .platform)
        #expect(ChallengeAnswer(method: "NSURLAuthenticationMethodClientCertificate") == .platform)
        #if canImport(Security)
            #expect(
                ChallengeAnswer.platformMethods == [
                    NSURLAuthenticationMethodServerTrust, NSURLAuthenticationMethodClientCertificate,
                ])
        #endif
    }
}
