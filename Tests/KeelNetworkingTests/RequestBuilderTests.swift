import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Building requests from endpoints")
struct RequestBuilderTests {
    static let stub = StubTransport()

    static func client(base: String? = "https://api.test/v1/") -> APIClient {
        APIClient(
            baseURL: base.flatMap(URL.init(string:)), transport: stub, retryPolicy: nil,
            allowsInsecureHTTP: true, clock: TestClock())
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var base: String?
        var endpoint: Endpoint<Void>
        var field: String
        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(
            name: "relative path without a base URL", base: nil, endpoint: .init(.get, "users"),
            field: "baseURL"),
        Malformed(
            name: "base URL that is not http", base: "ftp://files.test", endpoint: .init(.get, "x"),
            field: "baseURL"),
        Malformed(
            name: "query inside the path", base: "https://api.test", endpoint: .init(.get, "users?id=1"),
            field: "path"),
        Malformed(
            name: "fragment inside the path", base: "https://api.test", endpoint: .init(.get, "users#top"),
            field: "path"),
        Malformed(
            name: "newline inside the path", base: "https://api.test", endpoint: .init(.get, "a\nb"),
            field: "path"),
        Malformed(
            name: "absolute URL as a path", base: "https://api.test",
            endpoint: .init(.get, "https://evil.test/x"), field: "path"),
        Malformed(
            name: "absolute URL without a host", base: nil,
            endpoint: Endpoint<Void>(
                target: .url(URL(string: "https:///nohost")!), decoding: .ignoringBody), field: "url"),
        Malformed(
            name: "absolute file URL", base: nil,
            endpoint: Endpoint<Void>(
                target: .url(URL(fileURLWithPath: "/etc/passwd")), decoding: .ignoringBody), field: "url"),
        Malformed(
            name: "header name with a space", base: "https://api.test",
            endpoint: .init(.get, "x", headers: ["Bad Name": "v"]), field: "headers[Bad Name]"),
        Malformed(
            name: "header value with CRLF (injection)", base: "https://api.test",
            endpoint: .init(.get, "x", headers: ["X-A": "v\r\nX-Injected: 1"]), field: "headers[X-A]"),
        Malformed(
            name: "file body that does not exist", base: "https://api.test",
            endpoint: .init(
                .put, "x", body: .file(URL(fileURLWithPath: "/no/such/file"), contentType: "text/plain")),
            field: "body.file"),
    ]

    @Test("Malformed input throws invalidRequest naming the field; nothing is sent", arguments: malformed)
    func malformedInput(_ testCase: Malformed) async throws {
        let stub = StubTransport()
        let client = APIClient(
            baseURL: testCase.base.flatMap(URL.init(string:)), transport: stub, retryPolicy: nil,
            allowsInsecureHTTP: true, clock: TestClock())
        let error = try await #require(throws: APIError.self) { try await client.send(testCase.endpoint) }
        guard case .invalidRequest(let field, let reason) = error else {
            Issue.record("expected .invalidRequest, got \(error)")
            return
        }
        #expect(field == testCase.field, "\(reason)")
        #expect(!reason.isEmpty)
        #expect(stub.requests.isEmpty)
    }

    @Test("A value that fails to encode names the body")
    func unencodableBody() async throws {
        let error = try await #require(throws: APIError.self) {
            try await Self.client().send(Endpoint<Void>(.post, "x", body: .json(Double.nan)))
        }
        guard case .invalidRequest("body", _) = error else {
            Issue.record("expected body error, got \(error)")
            return
        }
    }

    @Test("Paths join the base path; query items keep their order and are encoded strictly")
    func urlAssembly() async throws {
        let stub = StubTransport()
        let client = APIClient(
            baseURL: URL(string: "https://api.test/v1/?key=1")!, transport: stub, allowsInsecureHTTP: true,
            clock: TestClock())
        try await client.send(
            Endpoint<Void>(
                .get, "/users/a b",
                query: [
                    URLQueryItem(name: "z", value: "1+1=2"), URLQueryItem(name: "a", value: "ü"),
                    URLQueryItem(name: "e", value: ""),
                ],
                sampleResponse: SampleResponse()))
        let url = try #require(stub.requests.first?.urlRequest.url)
        #expect(url.absoluteString == "https://api.test/v1/users/a%20b?key=1&z=1%2B1%3D2&a=%C3%BC&e=")
    }

    @Test(
        "A path joined before gives the same URL again; a malformed one fails every time; queries still apply"
    )
    func joinedPathsAreRemembered() async throws {
        let stub = StubTransport()
        let client = APIClient(
            baseURL: URL(string: "https://api.test/v1/?key=1")!, transport: stub, allowsInsecureHTTP: true,
            clock: TestClock())
        for _ in 0..<3 {
            try await client.send(Endpoint<Void>(.get, "users/./a b/", sampleResponse: SampleResponse()))
            try await client.send(
                Endpoint<Void>(
                    .get, "users/./a b/", query: [URLQueryItem(name: "q", value: "1")],
                    sampleResponse: SampleResponse()))
            await #expect(throws: APIError.self) {
                try await client.send(Endpoint<Void>(.get, "a/%2e%2e/b", sampleResponse: SampleResponse()))
            }
        }
        let urls = stub.requests.compactMap { $0.urlRequest.url?.absoluteString }
        #expect(
            urls
                == Array(
                    repeating: [
                        "https://api.test/v1/users/a%20b/?key=1",
                        "https://api.test/v1/users/a%20b/?key=1&q=1",
                    ],
                    count: 3
                ).flatMap { $0 })
        // Many distinct paths: each still joins correctly after the remembered set starts over.
        for index in 0..<(600) {
            try await client.send(Endpoint<Void>(.get, "items/\(index)", sampleResponse: SampleResponse()))
        }
        #expect(stub.requests.last?.urlRequest.url?.absoluteString == "https://api.test/v1/items/599?key=1")
    }

    @Test("Bodies get their content type; endpoint headers override defaults case-insensitively")
    func headersAndBodies() async throws {
        let stub = StubTransport()
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test")!, defaultHeaders: ["accept": "text/plain"],
                allowsInsecureHTTP: true),
            transport: stub, clock: TestClock())
        try await client.send(
            Endpoint<Void>(
                .post, "form", headers: ["Accept": "application/json"],
                body: .form([URLQueryItem(name: "a", value: "1 2"), URLQueryItem(name: "b", value: "&")]),
                sampleResponse: SampleResponse()))
        let request = try #require(stub.requests.first)
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(request.header("Accept") == "application/json")
        #expect(request.urlRequest.allHTTPHeaderFields?.count == 2)
        #expect(String(decoding: request.body, as: UTF8.self) == "a=1%202&b=%26")
    }

    @Test("A request built again from the same endpoint is the same; any difference builds anew")
    func rebuiltRequests() async throws {
        let stub = StubTransport()
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test/v1")!, defaultHeaders: ["Accept": "application/json"],
                allowsInsecureHTTP: true),
            transport: stub, clock: TestClock())
        let sample = SampleResponse()
        let variants: [Endpoint<Void>] = [
            Endpoint(.get, "users/1", sampleResponse: sample),
            Endpoint(.get, "users/1", sampleResponse: sample),
            Endpoint(.get, "users/2", sampleResponse: sample),
            Endpoint(.head, "users/1", sampleResponse: sample),
            Endpoint(.get, "users/1", headers: ["X-Trace": "7"], sampleResponse: sample),
            Endpoint(.get, "users/1", headers: ["accept": "text/plain"], sampleResponse: sample),
            Endpoint(
                .get, "users/1", query: [URLQueryItem(name: "page", value: "2")], sampleResponse: sample),
            Endpoint(.get, "users/1", timeout: .seconds(5), sampleResponse: sample),
            Endpoint(
                .get, target: .url(URL(string: "https://other.test/users/1")!), sampleResponse: sample,
                decoding: .ignoringBody),
            Endpoint(.get, "users/1", sampleResponse: sample),
        ]
        for endpoint in variants { try await client.send(endpoint) }
        let sent = stub.requests.map(\.urlRequest)
        #expect(sent.count == variants.count)
        #expect(
            sent.map { $0.url?.absoluteString } == [
                "https://api.test/v1/users/1", "https://api.test/v1/users/1", "https://api.test/v1/users/2",
                "https://api.test/v1/users/1", "https://api.test/v1/users/1", "https://api.test/v1/users/1",
                "https://api.test/v1/users/1?page=2", "https://api.test/v1/users/1",
                "https://other.test/users/1",
                "https://api.test/v1/users/1",
            ])
        #expect(
            sent.map(\.httpMethod) == ["GET", "GET", "GET", "HEAD", "GET", "GET", "GET", "GET", "GET", "GET"])
        #expect(sent[4].value(forHTTPHeaderField: "X-Trace") == "7")
        #expect(sent[5].value(forHTTPHeaderField: "X-Trace") == nil)
        #expect(sent[5].value(forHTTPHeaderField: "Accept") == "text/plain")
        #expect(sent[9].value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(sent[9].allHTTPHeaderFields?.count == 1)
        #expect(sent[7].timeoutInterval == 6)
        #expect(sent[9].timeoutInterval != 6)
        // Invalid input is refused every time, not only the first.
        for _ in 0..<2 {
            await #expect(throws: APIError.self) {
                try await client.send(
                    Endpoint<Void>(.get, "users/1", headers: ["Bad Name": "x"], sampleResponse: sample))
            }
        }
    }

    @Test("Header names match ignoring ASCII case only")
    func headerNames() {
        let headers = ["content-TYPE": "text/plain", "X-\u{212A}ey": "kelvin"]
        #expect(headers.header("Content-Type") == "text/plain")
        #expect(headers.header("CONTENT-type") == "text/plain")
        #expect(headers.header("Content-Typ") == nil)
        #expect(headers.header("x-key") == nil)  // U+212A KELVIN SIGN is not an ASCII k
        #expect(headers.headerKey("content-type") == "content-TYPE")
        #expect("Accept".isHeaderName("aCCEPT"))
        #expect(!"Accept".isHeaderName("Accept "))
        #expect(!"a[".isHeaderName("A{"))  // 0x5B and 0x7B differ only in bit 5 but are not letters
    }

    @Test("A decode failure names the coding path and keeps the body")
    func decodingPath() async throws {
        let stub = StubTransport()
        stub.route(.get, "/u", .json(#"{"id":"seven","name":"x"}"#))
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: stub, allowsInsecureHTTP: true,
            clock: TestClock())
        let error = try await #require(throws: APIError.self) {
            try await client.send(Endpoint<User>(.get, "u"))
        }
        guard case .decoding(_, let body) = error else {
            Issue.record("expected .decoding, got \(error)")
            return
        }
        #expect(body == Data(#"{"id":"seven","name":"x"}"#.utf8))
        #expect(error.description.contains(".id"))
    }

    @Test("204 and empty bodies decode as Void and as nil optionals")
    func emptyResponses() async throws {
        let stub = StubTransport()
        stub.route(.delete, "/u", .status(204))
        stub.route(.get, "/maybe", .status(200))
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: stub, allowsInsecureHTTP: true,
            clock: TestClock())
        try await client.send(Endpoint<Void>(.delete, "u"))
        let maybe = try await client.send(Endpoint<User?>(.get, "maybe"))
        #expect(maybe == nil)
        let error = try await #require(throws: APIError.self) {
            try await client.send(Endpoint<User>(.get, "maybe"))
        }
        #expect(error.description.contains("empty"))
    }
}
