import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The test doubles apps' tests build on: a double that answers differently from what the
/// test registered lets a test pass without exercising what it names.
@Suite("Test doubles: route precedence, paths, default headers, HEAD, endless waits")
struct TestDoubleReviewTests {
    struct Profile: Decodable, Equatable, Sendable {
        var name: String
    }

    static let profile = Endpoint<Profile>(.get, "profile")

    static func client(_ stub: StubTransport) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.test")!, transport: stub, retryPolicy: .never)
    }

    @Test func aPathReStubbedPartWayThroughATestTakesTheNewAnswer() async throws {
        let stub = StubTransport()
        let client = Self.client(stub)
        stub.route(.get, "/profile", .json(#"{"name":"A"}"#))
        #expect(try await client.send(Self.profile) == Profile(name: "A"))
        // The first route used to keep answering, so the 500 a test asked for never happened.
        stub.route(.get, "/profile", .status(500))
        await #expect(throws: APIError.self) { try await client.send(Self.profile) }
        // A catch-all registered first does not shadow a later specific route either.
        let other = StubTransport()
        other.route { _ in .status(404) }
        other.route(.get, "/profile", .json(#"{"name":"B"}"#))
        #expect(try await Self.client(other).send(Self.profile) == Profile(name: "B"))
    }

    @Test func aRouteWithATrailingSlashMatchesOnlyThatPath() async throws {
        let stub = StubTransport()
        let client = Self.client(stub)
        stub.route(.get, "/users/", .json(#"{"name":"slash"}"#))
        stub.route(.get, "/users", .json(#"{"name":"bare"}"#))
        // `URL.path` drops the slash, so the first route could never match.
        #expect(try await client.send(Endpoint<Profile>(.get, "users/")) == Profile(name: "slash"))
        #expect(try await client.send(Endpoint<Profile>(.get, "users")) == Profile(name: "bare"))
        #expect(stub.requests.map(\.path) == ["/users/", "/users"])
    }

    @Test func aCallersContentTypeInAnyCaseReplacesTheDefault() async throws {
        let reply = StubTransport.Reply.json("{}", headers: ["content-type": "application/problem+json"])
        guard case .response(_, let headers, _) = reply else {
            Issue.record("expected a response")
            return
        }
        // Both `content-type` and `Content-Type` used to be set; which one the response
        // carried changed from process to process.
        #expect(headers == ["content-type": "application/problem+json"])
        let response = LocalHTTPServer.Response.json("{}", headers: ["CONTENT-TYPE": "text/x"])
        #expect(response.headers == ["CONTENT-TYPE": "text/x"])
        #expect(LocalHTTPServer.Response.json("{}").headers == ["Content-Type": "application/json"])
    }

    @Test func anEndlessTimeoutWaitsInsteadOfTrapping() async {
        let signal = TestSignal()
        let waiter = Task { await signal.wait(timeout: .seconds(Int64.max)) { Task.isCancelled } }
        // `Task.sleep(until:)` trapped on the unclamped deadline; cancellation ends the wait.
        waiter.cancel()
        _ = await waiter.value
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        #expect(await clock.waitForSleepers(1, timeout: .seconds(Int64.max)))
        await clock.advance(by: .seconds(1))
        try? await sleeper.value
    }

    /// Sends `requests` on one connection to `server` and returns everything read until the
    /// server closes it.
    static func exchange(_ requests: String, with server: LocalHTTPServer) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(server.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        let bytes = Array(requests.utf8)
        #expect(bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) } == bytes.count)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    @Test func aHeadRequestToAStreamedRouteGetsNoBody() throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/stream") { _ in
            .chunked { send in _ = send(Data("chunk".utf8)) }
        }
        let text = Self.exchange(
            "HEAD /stream HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", with: server)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
        #expect(!text.contains("chunk"))
    }

    @Test func aHeadRequestGetsTheHeadWithoutTheBody() throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        // A route for GET answers HEAD too (it used to be a 404), without the body.
        server.route("GET", "/file") { _ in LocalHTTPServer.Response(status: 200, body: Data("hello".utf8)) }
        let text = Self.exchange(
            "HEAD /file HTTP/1.1\r\nHost: x\r\n\r\nGET /file HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            with: server)
        let responses = text.components(separatedBy: "HTTP/1.1 200 OK\r\n").dropFirst()
        #expect(responses.count == 2)
        // The HEAD answer used to carry the five body bytes in front of the GET's answer.
        let head = try #require(responses.first)
        #expect(head.contains("Content-Length: 5\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"))
        #expect(text.hasSuffix("\r\n\r\nhello"))
    }
}
