import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The original foundation's endpoints: types conforming to `APIEndpoint`, sent with
// `client.request(_:)`, decoded as the type the call site names.

/// The seed's GET endpoint, as its README writes it.
struct ProfileEndpoint: APIEndpoint {
    let path = "/user/profile"
    let method: HTTPMethod = .get
}

/// The seed's POST endpoint, as its README writes it.
struct LoginEndpoint: APIEndpoint {
    let path = "/user/login"
    let method: HTTPMethod = .post
    let body: Data?
}

/// An endpoint that sets every member the protocol has.
struct SearchEndpoint: APIEndpoint {
    let path = "search"
    let method: HTTPMethod = .put
    let headers = ["X-Trace": "t-9", "Content-Type": "text/plain"]
    let body: Data? = Data("find me".utf8)
}

/// An endpoint that declares only its path.
struct PathOnlyEndpoint: APIEndpoint {
    let path = "ping"
}

@Suite("APIEndpoint as a protocol")
struct EndpointProtocolTests {
    static let base = URL(string: "https://api.example.com")!

    @Test("A conforming type's path, method, headers and body reach the transport")
    func membersReachTheTransport() async throws {
        let stub = StubTransport()
        stub.route(.put, "/search") { _ in .response(status: 201, headers: [:], body: Data()) }
        let client = APIClient(
            baseURL: Self.base, transport: stub, allowsInsecureHTTP: true, clock: TestClock())
        let (_, response) = try await client.data(for: SearchEndpoint())
        #expect(response.statusCode == 201)
        let request = try #require(stub.requests.first)
        #expect(request.method == "PUT")
        #expect(request.urlRequest.url?.absoluteString == "https://api.example.com/search")
        #expect(request.header("X-Trace") == "t-9")
        #expect(request.header("Content-Type") == "text/plain")
        #expect(request.header("Accept") == "application/json")
        #expect(request.body == Data("find me".utf8))
    }

    @Test("request(_:) decodes the response as the type the call site names")
    func requestDecodes() async throws {
        let stub = StubTransport()
        stub.route(.get, "/user/profile") { _ in
            .response(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"id":3,"name":"Ada"}"#.utf8))
        }
        let client = APIClient(
            baseURL: Self.base, transport: stub, allowsInsecureHTTP: true, clock: TestClock())
        let profile: User = try await client.request(ProfileEndpoint())
        #expect(profile == User(id: 3, name: "Ada"))
        #expect(stub.requests.first?.urlRequest.url?.absoluteString == "https://api.example.com/user/profile")
        #expect(stub.requests.first?.method == "GET")
        #expect(stub.requests.first?.body.isEmpty == true)
    }

    @Test("A Data body is sent as JSON with the endpoint's method")
    func postBody() async throws {
        let stub = StubTransport()
        let credentials = Data(#"{"user":"ada","password":"pw"}"#.utf8)
        stub.route(.post, "/user/login") { request in
            .response(status: 200, headers: ["Content-Type": "application/json"], body: request.body)
        }
        let client = APIClient(
            baseURL: Self.base, transport: stub, allowsInsecureHTTP: true, clock: TestClock())
        let echoed: [String: String] = try await client.request(LoginEndpoint(body: credentials))
        #expect(echoed == ["user": "ada", "password": "pw"])
        let request = try #require(stub.requests.first)
        #expect(request.method == "POST")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.body == credentials)
    }

    @Test("Only the path is required: GET, no headers, no body, the client's defaults")
    func defaults() {
        #expect(PathOnlyEndpoint().method == .get)
        #expect(PathOnlyEndpoint().headers.isEmpty)
        #expect(PathOnlyEndpoint().body == nil)
        let endpoint = Endpoint<Data>(PathOnlyEndpoint(), decoding: .data)
        #expect(endpoint.target == .path("ping"))
        #expect(endpoint.query.isEmpty)
        guard case .none = endpoint.requestBody else {
            Issue.record("expected no body, got \(endpoint.requestBody)")
            return
        }
        #expect(endpoint.acceptableStatusCodes == .success)
        #expect(endpoint.timeout == nil)
        #expect(endpoint.isEffectivelyIdempotent)
        #expect(Endpoint<Data>(LoginEndpoint(body: nil), decoding: .data).isEffectivelyIdempotent == false)
    }

    @Test("An unacceptable status from a protocol endpoint is a typed status error")
    func statusError() async throws {
        let stub = StubTransport()
        stub.route(.get, "/user/profile") { _ in .response(status: 404, headers: [:], body: Data()) }
        let client = APIClient(
            baseURL: Self.base, transport: stub, retryPolicy: nil, allowsInsecureHTTP: true,
            clock: TestClock())
        let error = try await #require(throws: APIError.self) {
            let _: User = try await client.request(ProfileEndpoint())
        }
        guard case .status(404, _, _, _) = error else {
            Issue.record("expected .status(404), got \(error)")
            return
        }
    }

    @Test("Endpoint<Response> is an APIEndpoint: its members read through the protocol")
    func endpointValueConforms() async throws {
        let value = Endpoint<User>(
            .post, "users", headers: ["X-A": "1"],
            body: .data(Data([1, 2]), contentType: "application/octet-stream"))
        let endpoint: any APIEndpoint = value
        #expect(endpoint.path == "users")
        #expect(endpoint.method == .post)
        #expect(endpoint.headers == ["X-A": "1"])
        #expect(endpoint.body == Data([1, 2]))
        let copy = Endpoint<User>(ProfileEndpoint())
        #expect(copy.target == .path("/user/profile"))
        #expect(copy.method == .get)
        let stub = StubTransport()
        stub.route(.get, "/user/profile") { _ in
            .response(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"id":1,"name":"B"}"#.utf8))
        }
        let client = APIClient(
            baseURL: Self.base, transport: stub, allowsInsecureHTTP: true, clock: TestClock())
        #expect(try await client.request(copy) == User(id: 1, name: "B"))
    }

    @Test("An Endpoint given as an APIEndpoint keeps its richer members: query, status codes, timeout")
    func endpointThroughTheProtocolKeepsItsMembers() async throws {
        let rich = Endpoint<User>(
            .put, "search", query: [URLQueryItem(name: "q", value: "a b")],
            body: .data(Data("find me".utf8), contentType: "text/plain"), acceptableStatusCodes: [200, 202],
            timeout: .seconds(3), isIdempotent: false)
        let copy = Endpoint<Data>(rich, decoding: .data)
        #expect(copy.query == rich.query)
        #expect(copy.acceptableStatusCodes == [200, 202])
        #expect(copy.timeout == .seconds(3))
        #expect(copy.isEffectivelyIdempotent == false)
        let stub = StubTransport()
        stub.route(.put, "/search") { _ in .response(status: 202, headers: [:], body: Data()) }
        let client = APIClient(
            baseURL: Self.base, transport: stub, allowsInsecureHTTP: true, clock: TestClock())
        let (_, response) = try await client.data(for: rich)
        #expect(response.statusCode == 202)
        let request = try #require(stub.requests.first)
        #expect(request.urlRequest.url?.absoluteString == "https://api.example.com/search?q=a%20b")
        #expect(request.header("Content-Type") == "text/plain")
    }
}

extension SerialLoopbackTests {
    @Suite("APIEndpoint conformers against a local HTTP server")
    struct EndpointProtocolLoopbackTests {
        @Test("A protocol endpoint's path, method, headers and body reach the server; the reply decodes")
        func loopback() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("POST", "/api/user/login") { request in
                .json(String(decoding: request.body, as: UTF8.self))
            }
            let body = Data(#"{"id":4,"name":"Lin"}"#.utf8)
            let user: User = try await fixture.client.request(LoginEndpoint(body: body))
            #expect(user == User(id: 4, name: "Lin"))
            let request = try #require(fixture.server.requests.last)
            #expect(request.method == "POST")
            #expect(request.path == "/api/user/login")
            #expect(request.header("Content-Type") == "application/json")
            #expect(request.body == body)
        }
    }
}
