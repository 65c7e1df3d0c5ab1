import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider with a fixed token that never needs refreshing.
struct FixedTokenProvider: AuthenticationProvider {
    var token = "secret-token"
    func credential() async throws -> String { token }
    func refresh(old: String) async throws -> String { token }
}

@Suite("Origins, credential scopes and redirect decisions (pure)")
struct OriginRuleTests {
    @Test(
        "Origins compare scheme, host and port, with default ports filled in",
        arguments: [
            ("https://api.example.com/v1", "https://api.example.com:443/other", true),
            ("https://API.example.com", "https://api.example.com.", true),
            ("http://api.example.com", "http://api.example.com:80/x", true),
            ("https://api.example.com", "http://api.example.com", false),
            ("https://api.example.com", "https://api.example.com:8443", false),
            ("https://api.example.com", "https://cdn.example.com", false),
            ("http://127.0.0.1:8080", "http://localhost:8080", false),
        ])
    func origins(a: String, b: String, same: Bool) throws {
        let left = try #require(Origin(URL(string: a)!))
        let right = try #require(Origin(URL(string: b)!))
        #expect((left == right) == same, "\(left) vs \(right)")
    }

    @Test("An origin needs a scheme, a host and a known or explicit port")
    func invalidOrigins() {
        #expect(Origin(URL(string: "/relative/path")!) == nil)
        #expect(Origin(scheme: "ftp", host: "example.com") == nil)
        #expect(Origin(scheme: "ftp", host: "example.com", port: 21)?.port == 21)
        #expect(Origin(scheme: "https", host: "") == nil)
        #expect(Origin(scheme: "https", host: "a", port: 70_000) == nil)
    }

    /// Foundation names an IPv6 host `[::1]` in `URLComponents.host` (Linux) and `::1` in
    /// `URL.host`, so an origin built from either form must be the same; a host that is only
    /// the root dot is empty. (Before `WebAuthority` was shared, `Origin(scheme:host:)` kept
    /// `::1` unbracketed — not equal to the `[::1]` read from a URL on Linux — and accepted
    /// `.` as a host.)
    @Test("IPv6 hosts compare with or without brackets; default ports agree with WebAuthority")
    func ipv6AndDefaultPorts() throws {
        let fromURL = try #require(Origin(URL(string: "http://[::1]:8080/upload")!))
        #expect(Origin(scheme: "http", host: "::1", port: 8080) == fromURL)
        #expect(Origin(scheme: "http", host: "[::1]", port: 8080) == fromURL)
        #expect(Origin(URL(string: "https://[::1]:443/")!) == Origin(URL(string: "https://[::1]/")!))
        #expect(Origin(scheme: "https", host: ".") == nil)
        for (a, b) in [
            ("https://a.com/files/1", "https://a.com:443/files/1"), ("http://a.com/x", "http://A.COM.:80/y"),
        ] {
            #expect(UploadResume.isSameOrigin(URL(string: a)!, URL(string: b)!), "\(a) vs \(b)")
        }
        #expect(!UploadResume.isSameOrigin(URL(string: "https://a.com/")!, URL(string: "https://a.com:80/")!))
        #expect(!UploadResume.isSameOrigin(URL(string: "http://a.com/")!, URL(string: "https://a.com:80/")!))
    }

    @Test(
        "The default scope: the base URL's origin, https only",
        arguments: [
            ("https://api.example.com/v1", "https://api.example.com/v1/users", true),
            ("https://api.example.com/v1", "https://api.example.com:443/elsewhere", true),
            ("https://api.example.com/v1", "https://evil.example.net/steal", false),
            ("https://api.example.com/v1", "https://api.example.com:444/v1", false),
            ("https://api.example.com/v1", "http://api.example.com/v1", false),
            ("http://api.example.com/v1", "http://api.example.com/v1/users", false),
        ])
    func defaultScope(base: String, target: String, allowed: Bool) {
        let scope = CredentialScope.baseURL
        #expect(scope.allows(URL(string: target)!, baseURL: URL(string: base)!) == allowed)
    }

    @Test("Explicit scopes: listed origins only; http only when allowed; no base URL means none")
    func explicitScopes() throws {
        let api = try #require(Origin(scheme: "https", host: "api.example.com"))
        let uploads = try #require(Origin(scheme: "https", host: "uploads.example.com"))
        let local = try #require(Origin(scheme: "http", host: "127.0.0.1", port: 8080))
        let scope = CredentialScope.origins([api, uploads])
        #expect(scope.allows(URL(string: "https://uploads.example.com/put")!, baseURL: nil))
        #expect(!scope.allows(URL(string: "https://cdn.example.com/put")!, baseURL: nil))
        #expect(
            !CredentialScope.origins([local]).allows(URL(string: "http://127.0.0.1:8080/x")!, baseURL: nil))
        #expect(
            CredentialScope.origins([local], allowsInsecureHTTP: true).allows(
                URL(string: "http://127.0.0.1:8080/x")!, baseURL: nil))
        #expect(!CredentialScope.baseURL.allows(URL(string: "https://api.example.com")!, baseURL: nil))
        let insecureBase = CredentialScope(allowsInsecureHTTP: true)
        #expect(
            insecureBase.allows(
                URL(string: "http://127.0.0.1:8080/a")!, baseURL: URL(string: "http://127.0.0.1:8080")!))
        #expect(
            !insecureBase.allows(
                URL(string: "http://localhost:8080/a")!, baseURL: URL(string: "http://127.0.0.1:8080")!))
    }

    @Test(
        "Redirect decisions: same origin kept, other origins stripped, downgrades and odd schemes refused",
        arguments: [
            ("https://a.test/x", "https://a.test/y", "keep"),
            ("https://a.test/x", "https://a.test:443/y", "keep"),
            ("https://a.test/x", "https://b.test/y", "strip"),
            ("https://a.test/x", "https://a.test:8443/y", "strip"),
            ("http://a.test/x", "https://a.test/y", "strip"),
            ("http://127.0.0.1:1/x", "http://localhost:1/y", "strip"),
            ("https://a.test/x", "http://a.test/y", "refuse"),
            ("https://a.test/x", "http://b.test/y", "refuse"),
            ("http://a.test/x", "file:///etc/passwd", "refuse"),
            ("http://a.test/x", "ftp://a.test/y", "refuse"),
        ])
    func redirects(from: String, to: String, expected: String) {
        let decision = RedirectPolicy.default.decide(from: URL(string: from)!, to: URL(string: to)!)
        switch (decision, expected) {
        case (.follow(let strips), "keep"): #expect(!strips)
        case (.follow(let strips), "strip"): #expect(strips)
        case (.refuse, "refuse"): break
        default: Issue.record("\(from) → \(to): \(decision), expected \(expected)")
        }
    }

    @Test("A policy allowing downgrades follows https → http but still strips credentials")
    func allowedDowngrade() {
        let decision = RedirectPolicy(allowsHTTPSDowngrade: true).decide(
            from: URL(string: "https://a.test/x")!, to: URL(string: "http://a.test/y")!)
        #expect(decision == .follow(strippingCredentials: true))
    }

    @Test("The redirected request loses exactly the credential headers")
    func strippedRequest() throws {
        var proposed = URLRequest(url: URL(string: "https://b.test/y")!)
        proposed.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        proposed.setValue("session=1", forHTTPHeaderField: "cookie")
        proposed.setValue("Basic x", forHTTPHeaderField: "Proxy-Authorization")
        proposed.setValue("application/json", forHTTPHeaderField: "Accept")
        for name in [
            "X-API-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-CSRF-Token", "Ocp-Apim-Subscription-Key",
            "X-Forwarded-Authorization", "X-Goog-Api-Key", "Private-Token", "x-tenant-secret",
            "X-Declared-Sig",
        ] {
            proposed.setValue("secret-\(name)", forHTTPHeaderField: name)
        }
        let next = try RedirectPolicy.default.request(
            redirecting: proposed, from: URL(string: "https://a.test/x")!, declared: ["x-declared-sig"]
        )
        .get()
        #expect(next.allHTTPHeaderFields == ["Accept": "application/json"])
        #expect(next.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(next.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(next.value(forHTTPHeaderField: "Proxy-Authorization") == nil)
        #expect(next.value(forHTTPHeaderField: "Accept") == "application/json")
    }
}

extension SerialLoopbackTests {
    @Suite("Credentials stay with their origin")
    struct CredentialOriginTests {
        @Test("An absolute URL on another host gets no bearer token (stub transport)")
        func absoluteURLElsewhere() async throws {
            let stub = StubTransport()
            stub.route(.get, "/v1/me", .json(#"{"id":1,"name":"me"}"#))
            stub.route(.get, "/me", .json(#"{"id":1,"name":"me"}"#))
            let client = APIClient(
                baseURL: URL(string: "https://api.test/v1")!, transport: stub,
                interceptors: [AuthenticationInterceptor(provider: FixedTokenProvider())], retryPolicy: nil,
                allowsInsecureHTTP: true)
            _ = try await client.send(Endpoint<User>(.get, "me"))
            _ = try await client.send(Endpoint<User>(.get, url: URL(string: "https://evil.test/me")!))
            _ = try await client.send(Endpoint<User>(.get, url: URL(string: "http://api.test/v1/me")!))
            let sent = stub.requests.map { ($0.urlRequest.url?.host ?? "", $0.header("Authorization")) }
            #expect(sent.count == 3)
            #expect(sent[0].1 == "Bearer secret-token")
            #expect(sent[1].1 == nil, "the token went to \(sent[1].0)")
            #expect(sent[2].1 == nil, "the token went over plain http")
        }

        @Test("A plain http base URL gets no credential unless the scope allows http")
        func plainHTTPBase() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/me") { _ in .json(#"{"id":1,"name":"me"}"#) }
            for (scope, expected) in [
                (CredentialScope.baseURL, nil),
                (CredentialScope(allowsInsecureHTTP: true), "Bearer secret-token"),
            ] {
                let client = APIClient(
                    baseURL: fixture.server.url("/api"), transport: URLSessionTransport(),
                    interceptors: [AuthenticationInterceptor(provider: FixedTokenProvider(), scope: scope)],
                    retryPolicy: nil, allowsInsecureHTTP: true)
                _ = try await client.send(Endpoint<User>(.get, "me"))
                #expect(fixture.server.requests.last?.header("Authorization") == expected)
            }
        }

        @Test(
            "A cross-origin redirect (127.0.0.1:A → localhost:B) arrives without Authorization, Cookie or Proxy-Authorization"
        )
        func crossOriginRedirect() async throws {
            let origins = try TwoLoopbackOrigins()
            defer { origins.stop() }
            let (home, other) = (origins.home, origins.other)
            let target = other.url("/land", host: "localhost")
            home.route("GET", "/api/go") { _ in
                .init(status: 302, headers: ["Location": target.absoluteString])
            }
            home.route("GET", "/api/same") { _ in .init(status: 302, headers: ["Location": "/api/me"]) }
            home.route("GET", "/api/me") { _ in .json(#"{"id":1,"name":"home"}"#) }
            other.route("GET", "/land") { _ in .json(#"{"id":2,"name":"other"}"#) }
            let client = APIClient(
                configuration: .init(
                    baseURL: home.url("/api"),
                    defaultHeaders: [
                        "Accept": "application/json", "Cookie": "session=abc",
                        "Proxy-Authorization": "Basic eA==", "X-API-Key": "k1", "X-Auth-Token": "t1",
                        "X-Amz-Security-Token": "a1", "X-CSRF-Token": "c1", "Ocp-Apim-Subscription-Key": "o1",
                        "X-Forwarded-Authorization": "Bearer f1", "X-Tenant-Sig": "declared",
                    ],
                    interceptors: [
                        AuthenticationInterceptor(
                            provider: FixedTokenProvider(), scope: CredentialScope(allowsInsecureHTTP: true))
                    ],
                    retryPolicy: nil,
                    credentialHeaders: CredentialHeaders(declaring: ["X-Tenant-Sig"]),
                    credentialScope: CredentialScope(allowsInsecureHTTP: true), allowsInsecureHTTP: true),
                transport: URLSessionTransport())

            let landed = try await client.send(Endpoint<User>(.get, "go"))
            #expect(landed.name == "other")
            let first = try #require(home.requests.last)
            #expect(first.header("Authorization") == "Bearer secret-token")
            let redirected = try #require(other.requests.last)
            #expect(redirected.header("Authorization") == nil, "the token reached the other origin")
            #expect(redirected.header("Cookie") == nil)
            #expect(redirected.header("Proxy-Authorization") == nil)
            #expect(redirected.header("Accept") == "application/json")
            for name in [
                "X-API-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-CSRF-Token",
                "Ocp-Apim-Subscription-Key",
                "X-Forwarded-Authorization", "X-Tenant-Sig",
            ] {
                #expect(first.header(name) != nil, "\(name) did not reach the home origin")
                #expect(redirected.header(name) == nil, "\(name) reached the other origin")
            }

            // A same-origin redirect keeps the credential.
            let same = try await client.send(Endpoint<User>(.get, "same"))
            #expect(same.name == "home")
            #expect(home.requests.last?.path == "/api/me")
            #expect(home.requests.last?.header("Authorization") == "Bearer secret-token")
        }

        @Test("An endpoint URL on the other loopback origin gets no token")
        func otherLoopbackOrigin() async throws {
            let origins = try TwoLoopbackOrigins()
            defer { origins.stop() }
            let (home, other) = (origins.home, origins.other)
            other.route("GET", "/x") { _ in .json(#"{"id":2,"name":"other"}"#) }
            let client = APIClient(
                configuration: .init(
                    baseURL: home.url("/api"),
                    defaultHeaders: ["Accept": "application/json", "X-API-Key": "k1", "X-Auth-Token": "t1"],
                    interceptors: [
                        AuthenticationInterceptor(
                            provider: FixedTokenProvider(), scope: CredentialScope(allowsInsecureHTTP: true))
                    ], retryPolicy: nil, credentialScope: CredentialScope(allowsInsecureHTTP: true),
                    allowsInsecureHTTP: true),
                transport: URLSessionTransport())
            _ = try await client.send(Endpoint<User>(.get, url: other.url("/x", host: "localhost")))
            _ = try await client.send(Endpoint<User>(.get, url: other.url("/x")))
            #expect(other.requests.count == 2)
            #expect(other.requests.allSatisfy { $0.header("Authorization") == nil })
            // Default headers that are credentials stay with the scope; the others go everywhere.
            #expect(
                other.requests.allSatisfy {
                    $0.header("X-API-Key") == nil && $0.header("X-Auth-Token") == nil
                })
            #expect(other.requests.allSatisfy { $0.header("Accept") == "application/json" })
        }

        @Test("A redirect to a non-http scheme is refused with a typed error")
        func refusedRedirect() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/away") { _ in
                .init(status: 302, headers: ["Location": "ftp://127.0.0.1:1/x"])
            }
            let error = try await #require(throws: APIError.self) {
                try await fixture.client.send(Endpoint<User>(.get, "away"))
            }
            guard case .redirectRefused(let from, let to, _) = error else {
                Issue.record("expected .redirectRefused, got \(error)")
                return
            }
            #expect(from.path == "/api/away")
            #expect(to.scheme == "ftp")
        }
    }
}
