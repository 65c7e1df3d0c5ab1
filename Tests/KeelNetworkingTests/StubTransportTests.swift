import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("StubTransport")
struct StubTransportTests {
    static let sampleUser = Endpoint<User>(
        .get, "users/1", sampleResponse: .json(#"{"id":1,"name":"Sample"}"#))

    @Test("13. Returns the endpoint's sample response after the configured latency")
    func sampleWithLatency() async throws {
        let clock = TestClock()
        let stub = StubTransport(latency: .seconds(2), clock: clock)
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: stub, allowsInsecureHTTP: true, clock: clock
        )
        let task = Task { try await client.send(Self.sampleUser) }
        #expect(await clock.waitForSleepers(2))
        await clock.advance(by: .milliseconds(1999))
        #expect(stub.requests.count == 1)
        await clock.advance(by: .milliseconds(1))
        #expect(try await task.value == User(id: 1, name: "Sample"))
    }

    @Test("13. Injected errors reach the caller as typed transport errors")
    func errorInjection() async throws {
        let stub = StubTransport()
        stub.injectFailure(URLError(.notConnectedToInternet))
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: stub, retryPolicy: nil,
            allowsInsecureHTTP: true)
        let error = try await #require(throws: APIError.self) { try await client.send(Self.sampleUser) }
        guard case .transport(let urlError) = error else {
            Issue.record("expected .transport, got \(error)")
            return
        }
        #expect(urlError.code == .notConnectedToInternet)
        #expect(try await client.send(Self.sampleUser).name == "Sample")
    }

    @Test("Routes reply in order, see request bodies, and per-route delays apply")
    func routesAndBodies() async throws {
        let stub = StubTransport()
        stub.route(.post, "/echo") { request in
            .response(status: 200, headers: ["Content-Type": "application/json"], body: request.body)
        }
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: stub, allowsInsecureHTTP: true)
        let user = try await client.send(
            Endpoint<User>(.post, "echo", body: .json(User(id: 5, name: "E"))))
        #expect(user == User(id: 5, name: "E"))
        #expect(stub.requests.first?.header("Content-Type") == "application/json")
        #expect(try JSONDecoder().decode(User.self, from: stub.requests[0].body) == user)
    }

    @Test("An endpoint without a sample and without a route gets 404")
    func noSample() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: StubTransport(), allowsInsecureHTTP: true)
        let error = try await #require(throws: APIError.self) {
            try await client.send(Endpoint<Void>(.get, "nothing"))
        }
        #expect(error.statusCode == 404)
    }

    @Test("The raw variant returns the body and response; response(_:) reports the attempts")
    func rawAndResponse() async throws {
        let stub = StubTransport()
        stub.route(
            .get, "/raw", .status(503),
            .response(status: 200, headers: ["X-A": "1"], body: Data("hello".utf8)))
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: stub,
            retryPolicy: RetryPolicy(random: { 0 }), allowsInsecureHTTP: true)
        let (data, response) = try await client.data(for: Endpoint<Void>(.get, "raw"))
        #expect(data == Data("hello".utf8))
        #expect(response.value(forHTTPHeaderField: "X-A") == "1")
        stub.route(.get, "/text", .response(status: 200, headers: [:], body: Data("hi".utf8)))
        let text = try await client.response(
            Endpoint<String>(target: .path("text"), decoding: .text))
        #expect(text.value == "hi")
        #expect(text.attempts == 1)
        #expect(stub.requests.count == 3)
    }
}
