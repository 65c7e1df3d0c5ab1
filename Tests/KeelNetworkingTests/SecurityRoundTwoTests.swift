import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signs with a header of its own name: the interceptor declares it, so it never follows a
/// redirect to another origin.
private struct SignatureProvider: AuthenticationProvider {
    func credential() async throws -> String { "sig-123" }
    func refresh(old: String) async throws -> String { "sig-456" }
    func apply(_ credential: String, to request: inout URLRequest) {
        request.setValue(credential, forHTTPHeaderField: "X-Tenant-Signature-V2")
    }
}

@Suite("Credential headers, paths, part headers and plain http (pure)")
struct CredentialHeaderRuleTests {
    @Test(
        "The credential-header set: the standard names, the X-…-Key/Token/Secret family, declared names",
        arguments: [
            ("Authorization", true), ("proxy-authorization", true), ("Cookie", true), ("X-API-Key", true),
            ("X-Auth-Token", true), ("X-Amz-Security-Token", true), ("X-CSRF-Token", true),
            ("Ocp-Apim-Subscription-Key", true), ("X-Forwarded-Authorization", true),
            ("X-Goog-Api-Key", true),
            ("Private-Token", true), ("X-Refresh-Token", true), ("x-client-secret", true), ("Api-Key", true),
            ("X-Session-Id", true), ("Accept", false), ("Content-Type", false), ("X-Request-Id", false),
            ("User-Agent", false), ("X-Key", false), ("Sec-WebSocket-Key", false),
        ])
    func credentialHeaders(name: String, expected: Bool) {
        #expect(CredentialHeaders.default.contains(name) == expected, "\(name)")
    }

    @Test("Declared names join the set, in any case; the redactor hides what the redirect policy strips")
    func declaredAndShared() {
        let headers = CredentialHeaders(declaring: ["X-Tenant-Sig"])
        #expect(headers.contains("x-tenant-sig"))
        #expect(!CredentialHeaders.default.contains("X-Tenant-Sig"))
        var redactor = Redactor()
        redactor.credentialHeaders = headers
        let redacted = Dictionary(
            uniqueKeysWithValues: redactor.redact(headers: [
                "X-Tenant-Sig": "s", "Ocp-Apim-Subscription-Key": "o",
                "X-Forwarded-Authorization": "Bearer f",
                "Private-Token": "p", "Accept": "a",
            ]).map { ($0.name, $0.value) })
        #expect(redacted["Accept"] == "a")
        for name in [
            "X-Tenant-Sig", "Ocp-Apim-Subscription-Key", "X-Forwarded-Authorization", "Private-Token",
        ] {
            #expect(redacted[name] == Redactor.placeholder, "\(name)")
        }
    }

    @Test(
        "A cross-origin 307/308 that would re-send a non-idempotent body is refused; idempotent ones follow",
        arguments: [
            ("POST", "https://b.test/y", "refuse"), ("PATCH", "https://b.test/y", "refuse"),
            ("post", "https://b.test/y", "refuse"), ("PUT", "https://b.test/y", "strip"),
            ("GET", "https://b.test/y", "strip"), ("DELETE", "https://b.test/y", "strip"),
            ("POST", "https://a.test/z", "keep"),
        ])
    func bodyRedirects(method: String, target: String, expected: String) throws {
        var proposed = URLRequest(url: URL(string: target)!)
        proposed.httpMethod = method
        proposed.httpBody = Data("password=hunter2".utf8)
        let result = RedirectPolicy.default.request(
            redirecting: proposed, from: URL(string: "https://a.test/x")!)
        switch (result, expected) {
        case (.failure(let refusal), "refuse"): #expect(refusal.reason.contains(method.uppercased()))
        case (.success, "strip"), (.success, "keep"): break
        default: Issue.record("\(method) → \(target): \(result), expected \(expected)")
        }
        let allowing = RedirectPolicy(followsCrossOriginBodyRedirects: true)
        #expect(
            (try? allowing.request(redirecting: proposed, from: URL(string: "https://a.test/x")!).get())
                != nil)
    }

    @Test(
        "Dot segments that climb above the base path, or are encoded or behind a backslash, are refused",
        arguments: [
            "users/../../admin", "../admin", "users/%2e%2e/%2E%2E/admin", "users/.%2e/../x", "..",
            "a/b/../../..",
            "users/..\\..\\admin", "users/.\\x", "a/%2E/b", "x/%2e", "users/..%5Cadmin",
            "users/..%2f..%2fadmin",
            "x/%2e%2e%2Fadmin", "x/a%2f..",
        ])
    func traversalRefused(path: String) async throws {
        let transport = StubTransport()
        let client = APIClient(baseURL: URL(string: "https://api.test/v1")!, transport: transport)
        let error = try await #require(throws: APIError.self) {
            try await client.send(Endpoint<Void>(.get, path))
        }
        guard case .invalidRequest(let field, _) = error else {
            Issue.record("expected .invalidRequest, got \(error)")
            return
        }
        #expect(field == "path")
        #expect(transport.requests.isEmpty)
    }

    @Test(
        "Dot segments inside the base path are resolved before sending",
        arguments: [
            ("users/./42", "/v1/users/42"), ("users/x/../42", "/v1/users/42"), ("a/b/..", "/v1/a/"),
            ("files/a..b", "/v1/files/a..b"), ("files/.well", "/v1/files/.well"),
            ("a b/%2F/100%", "/v1/a%20b/%2F/100%25"),
        ])
    func traversalResolved(path: String, expected: String) async throws {
        let transport = StubTransport()
        transport.route(.get) { _ in .status(204) }
        let client = APIClient(baseURL: URL(string: "https://api.test/v1")!, transport: transport)
        try await client.send(Endpoint<Void>(.get, path))
        let url = try #require(transport.requests.last?.urlRequest.url)
        #expect(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath == expected)
    }

    /// Seeded random paths built from the pieces traversal is made of: every one is refused
    /// with a typed error or sent under the base path with no dot segment in any spelling.
    @Test("Random paths never leave the base path and never carry a dot segment")
    func traversalFuzz() async throws {
        let transport = StubTransport()
        transport.route(.get) { _ in .status(204) }
        let client = APIClient(baseURL: URL(string: "https://api.test/v1")!, transport: transport)
        let pieces = [
            ".", "..", "/", "//", "%2e", "%2E", "%2e%2e", "\\", "%5c", "%5C", "a", "b", "%", "%zz", "%2f",
            "?", "#",
            " ", "é", "\u{0}", "...", ".a", "a.", "~",
        ]
        var random = SeededRandomNumberGenerator(seed: 0x6b65_656c)
        for _ in 0..<2_000 {
            let path = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                pieces.randomElement(using: &random)!
            }
            .joined()
            transport.removeRecordedRequests()
            do {
                try await client.send(Endpoint<Void>(.get, path))
            } catch let error as APIError {
                guard case .invalidRequest = error else {
                    Issue.record("\(path.debugDescription): \(error)")
                    continue
                }
                continue
            }
            let url = try #require(transport.requests.last?.urlRequest.url, "\(path.debugDescription)")
            let sent = try #require(
                URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath)
            #expect(sent == "/v1" || sent.hasPrefix("/v1/"), "\(path.debugDescription) → \(sent)")
            for segment in sent.split(separator: "/", omittingEmptySubsequences: false) {
                let decoded = (segment.removingPercentEncoding ?? String(segment)).replacingOccurrences(
                    of: "\\", with: "/")
                for part in decoded.split(separator: "/", omittingEmptySubsequences: false) {
                    #expect(part != "." && part != "..", "\(path.debugDescription) → \(sent)")
                }
            }
        }
    }

    @Test("\\(pathSegment:) keeps an app value inside one segment; `..` as a value is refused")
    func pathSegments() async throws {
        let transport = StubTransport()
        transport.route(.get) { _ in .status(204) }
        let client = APIClient(baseURL: URL(string: "https://api.test/v1")!, transport: transport)
        let id = "a/b?x=1#y z"
        try await client.send(Endpoint<Void>(.get, "users/\(pathSegment: id)"))
        let url = try #require(transport.requests.last?.urlRequest.url)
        #expect(url.absoluteString == "https://api.test/v1/users/a%2Fb%3Fx%3D1%23y%20z")
        // A value that is, or decodes to, a dot segment is refused, not sent: a server that
        // decodes `%2F` would otherwise resolve `..%2F..%2Fadmin` to `/admin`.
        for value in ["..", ".", "../../admin", "..\\x", "./x"] {
            await #expect(throws: APIError.self) {
                try await client.send(Endpoint<Void>(.get, "users/\(pathSegment: value)"))
            }
        }
    }

    @Test("CR, LF and NUL never start a new part header, whatever field they are in")
    func partHeaders() throws {
        var form = MultipartFormData(boundary: "b")
        form.append(
            Data("x".utf8), name: "f\r\nX-Injected: 1", fileName: "a\r\nX-Injected: 2\"\0.txt",
            mimeType: "text/plain\r\nX-Injected: 3")
        form.append(Data("y".utf8), name: "g", fileName: "b.txt", mimeType: "text/plain\nX-Injected: 4\r\0")
        let text = String(decoding: try form.encodedData(), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        #expect(!lines.contains { $0.hasPrefix("X-Injected") })
        #expect(!text.unicodeScalars.contains { $0 == "\0" || $0 == "\n" && !text.contains("\r\n") })
        // Every header line is one of the two the encoder writes.
        for line in lines where line.contains(":") {
            #expect(line.hasPrefix("Content-Disposition: ") || line.hasPrefix("Content-Type: "), "\(line)")
        }
        // No bare CR or LF anywhere in the headers.
        let heads = text.components(separatedBy: "\r\n\r\n").dropLast()
        for head in heads {
            let scalars = head.replacingOccurrences(of: "\r\n", with: "").unicodeScalars
            #expect(!scalars.contains("\r") && !scalars.contains("\n") && !scalars.contains("\0"))
        }
    }

    @Test("Plain http needs the client's opt-in; https and the opt-in work")
    func plainHTTP() async throws {
        let transport = StubTransport()
        transport.route(.get) { _ in .status(204) }
        let refusing = APIClient(baseURL: URL(string: "http://api.test/v1")!, transport: transport)
        let error = try await #require(throws: APIError.self) {
            try await refusing.send(Endpoint<Void>(.get, "x"))
        }
        guard case .invalidRequest(let field, let reason) = error else {
            Issue.record("expected .invalidRequest, got \(error)")
            return
        }
        #expect(field == "baseURL" && reason.contains("allowsInsecureHTTP"))
        let secure = APIClient(baseURL: URL(string: "https://api.test/v1")!, transport: transport)
        await #expect(throws: APIError.self) {
            _ = try await secure.send(Endpoint<User>(.get, url: URL(string: "http://other.test/x")!))
        }
        #expect(transport.requests.isEmpty)
        let opted = APIClient(
            baseURL: URL(string: "http://api.test/v1")!, transport: transport, allowsInsecureHTTP: true)
        try await opted.send(Endpoint<Void>(.get, "x"))
        #expect(transport.requests.count == 1)
    }

    @Test("The default transport keeps no cookies and no URL cache")
    func noCookieJar() {
        let configuration = URLSessionTransport.defaultConfiguration()
        #expect(configuration.httpCookieStorage == nil)
        #expect(configuration.httpShouldSetCookies == false)
        #expect(configuration.urlCache == nil)
        #expect(URLSessionTransport().session.configuration.httpShouldSetCookies == false)
    }
}

extension SerialLoopbackTests {
    @Suite("Credentials stay with their origin, round two (two loopback origins)")
    struct CredentialRoundTwoTests {
        @Test(
            "A header the authentication provider sets, whatever its name, never follows a cross-origin redirect"
        )
        func providerHeaderStripped() async throws {
            let origins = try TwoLoopbackOrigins()
            defer { origins.stop() }
            let (home, other) = (origins.home, origins.other)
            let target = other.url("/land", host: "localhost")
            home.route("GET", "/api/go") { _ in
                .init(status: 302, headers: ["Location": target.absoluteString])
            }
            other.route("GET", "/land") { _ in .json(#"{"id":2,"name":"other"}"#) }
            let client = APIClient(
                configuration: .init(
                    baseURL: home.url("/api"),
                    interceptors: [
                        AuthenticationInterceptor(
                            provider: SignatureProvider(), scope: CredentialScope(allowsInsecureHTTP: true))
                    ], retryPolicy: nil, allowsInsecureHTTP: true),
                transport: URLSessionTransport())
            _ = try await client.send(Endpoint<User>(.get, "go"))
            #expect(home.requests.last?.header("X-Tenant-Signature-V2") == "sig-123")
            let landed = try #require(other.requests.last)
            #expect(
                landed.header("X-Tenant-Signature-V2") == nil,
                "the provider's header reached the other origin")
        }

        @Test("A cross-origin 307 after a POST is refused before the body reaches the other origin")
        func postBodyNotResent() async throws {
            let origins = try TwoLoopbackOrigins()
            defer { origins.stop() }
            let (home, other) = (origins.home, origins.other)
            let target = other.url("/land", host: "localhost")
            for status in [307, 308] {
                home.route("POST", "/api/go\(status)") { _ in
                    .init(status: status, headers: ["Location": target.absoluteString])
                }
            }
            other.route(nil, "/land") { _ in .json(#"{"id":2,"name":"other"}"#) }
            let client = APIClient(
                baseURL: home.url("/api"), transport: URLSessionTransport(), retryPolicy: nil,
                allowsInsecureHTTP: true)
            for status in [307, 308] {
                let error = try await #require(throws: APIError.self) {
                    try await client.send(
                        Endpoint<User>(
                            .post, "go\(status)", body: .form([URLQueryItem(name: "password", value: "p")])))
                }
                guard case .redirectRefused = error else {
                    Issue.record("\(status): expected .redirectRefused, got \(error)")
                    continue
                }
            }
            #expect(other.requests.isEmpty, "the POST body reached the other origin")
        }

        @Test("A Secure, path-scoped cookie set by a server is not sent back by the default transport")
        func cookiesOff() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            server.route("GET", "/only/set") { _ in
                .init(status: 204, headers: ["Set-Cookie": "sid=s3cr3t; Secure; Path=/only; HttpOnly"])
            }
            server.route("GET", "/elsewhere") { _ in .init(status: 204) }
            server.route("GET", "/only/again") { _ in .init(status: 204) }
            let client = APIClient(
                baseURL: server.baseURL, transport: URLSessionTransport(), retryPolicy: nil,
                allowsInsecureHTTP: true)
            try await client.send(Endpoint<Void>(.get, "only/set"))
            try await client.send(Endpoint<Void>(.get, "elsewhere"))
            try await client.send(Endpoint<Void>(.get, "only/again"))
            #expect(server.requests.allSatisfy { $0.header("Cookie") == nil })
        }

        @Test("`..` in a path never reaches a route above the base path on a real server")
        func traversalOnTheWire() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            server.route(nil, "/admin") { _ in .json(#"{"id":0,"name":"admin"}"#) }
            server.route(nil, "/v1/users/x") { _ in .json(#"{"id":1,"name":"user"}"#) }
            let client = APIClient(
                baseURL: server.url("/v1"), transport: URLSessionTransport(), retryPolicy: nil,
                allowsInsecureHTTP: true)
            let id = "../../admin"
            await #expect(throws: APIError.self) {
                try await client.send(Endpoint<User>(.get, "users/\(id)"))
            }
            await #expect(throws: APIError.self) {
                try await client.send(Endpoint<User>(.get, "users/\(pathSegment: id)"))
            }
            #expect(!server.requests.contains { $0.path == "/admin" })
        }
    }
}

@Suite("The redactor's second round of names and shapes")
struct RedactorRoundTwoTests {
    static let jwt =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"

    @Test(
        "Secret names in every place a name appears",
        arguments: [
            "jwt", "pass", "sid", "SAMLResponse", "otpCode", "authCode", "pin", "passcode", "otp_code",
        ])
    func names(name: String) {
        let redactor = Redactor()
        #expect(Redactor.isSecretName(name), "\(name)")
        #expect(!redactor.redact(formEncoded: "\(name)=S3CRET&a=1").contains("S3CRET"))
        #expect(!redactor.redact(text: "\(name): S3CRET").contains("S3CRET"))
        let json = redactor.redact(json: Data(#"{"\#(name)":"S3CRET"}"#.utf8)) ?? ""
        #expect(!json.contains("S3CRET") && json.contains(Redactor.placeholder))
        #expect(!redactor.redact(urlText: "https://a.test/x?\(name)=S3CRET").contains("S3CRET"))
    }

    @Test("Ordinary names are left alone")
    func ordinaryNames() {
        for name in ["pinned", "passenger", "zipcode", "status", "sidebar", "name", "spin"] {
            #expect(!Redactor.isSecretName(name), "\(name)")
        }
    }

    @Test("JWTs are masked wherever they appear: text, JSON values under any name, queries, headers")
    func jwts() {
        let redactor = Redactor()
        let jwt = Self.jwt
        #expect(!redactor.redact(text: "user said \(jwt) in chat").contains("eyJ"))
        #expect(
            !(redactor.redact(json: Data(#"{"note":"\#(jwt)","list":["\#(jwt)"]}"#.utf8)) ?? "").contains(
                "eyJ"))
        #expect(!redactor.redact(urlText: "https://a.test/x?state=\(jwt)").contains("eyJ"))
        let headers = redactor.redact(headers: ["X-Debug": "ctx \(jwt)"])
        #expect(!headers[0].value.contains("eyJ"))
        #expect(redactor.redact(text: "eyJust.a.word") == "eyJust.a.word")
    }

    @Test("Header values are scrubbed: a Bearer credential under any header name")
    func headerValues() {
        let headers = Redactor().redact(headers: [
            "X-Forwarded-Authorization": "Bearer abc.def", "X-Trace": "Bearer xyz123", "Accept": "text/plain",
        ])
        let values = Dictionary(uniqueKeysWithValues: headers.map { ($0.name, $0.value) })
        #expect(values["X-Forwarded-Authorization"] == Redactor.placeholder)
        #expect(values["X-Trace"]?.contains("xyz123") == false)
        #expect(values["Accept"] == "text/plain")
    }

    @Test("URLs inside JSON strings, inline GraphQL arguments, ;-separated pairs")
    func nested() {
        let redactor = Redactor()
        let json =
            redactor.redact(
                json: Data(
                    #"{"next":"https://a.test/cb?code=C0DE&state=1","query":"mutation { login(user: \"ada\", password: \"hunter2\") { id } }","u":"https://a.test/x?token=T0K"}"#
                        .utf8)) ?? ""
        for secret in ["C0DE", "hunter2", "T0K"] { #expect(!json.contains(secret), "\(secret) in \(json)") }
        #expect(json.contains("ada"))
        #expect(!redactor.redact(formEncoded: "a=1;token=T0K;b=2").contains("T0K"))
        #expect(redactor.redact(formEncoded: "a=1;token=T0K;b=2").hasSuffix(";b=2"))
    }

    @Test("Free text: every cookie after Cookie:, user info in URLs, the tail after an escaped quote")
    func freeText() {
        let redactor = Redactor()
        let cookie = redactor.redact(text: "Cookie: theme=dark; session_key=K1; other=O2\nnext line")
        #expect(!cookie.contains("K1") && !cookie.contains("O2") && cookie.contains("next line"))
        let setCookie = redactor.redact(text: "Set-Cookie: a=A1; Path=/; Secure")
        #expect(!setCookie.contains("A1"))
        let userInfo = redactor.redact(
            text: "fetching https://ada:pa55w0rd@api.test/x and ftp://bob@files.test")
        #expect(!userInfo.contains("pa55w0rd") && !userInfo.contains("ada:") && !userInfo.contains("bob@"))
        #expect(userInfo.contains("api.test/x"))
        let escaped = redactor.redact(text: #"{"password": "abc\"def-TAIL", "user": "ada"}"#)
        #expect(!escaped.contains("TAIL") && !escaped.contains("abc"))
        #expect(escaped.contains("ada"))
    }
}
