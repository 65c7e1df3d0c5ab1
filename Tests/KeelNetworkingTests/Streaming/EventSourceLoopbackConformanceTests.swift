import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Server-Sent Events reconnection requests")
struct EventStreamReconnectionRequestTests {
    /// A reconnection after a cross-origin redirect used to go to the other origin directly
    /// (the endpoint's credential headers dropped, but an interceptor's added again); now it
    /// goes to the endpoint's own URL and follows the redirect afresh.
    @Test("A reconnection goes to the final URL on the same origin, else to the endpoint's own URL")
    func reconnectionRequest() throws {
        let endpoint = Endpoint<Data>(
            .get, target: .path("stream"), query: [URLQueryItem(name: "room", value: "1")],
            headers: ["Authorization": "Bearer secret", "X-Api-Key": "k", "X-Trace": "t"], decoding: .data)
        let origin = Origin(URL(string: "https://api.example.com/v1")!)
        let same = APIClient.reconnection(
            of: endpoint, to: URL(string: "https://api.example.com/v2/stream?room=1")!, origin: origin)
        #expect(same.target == .url(URL(string: "https://api.example.com/v2/stream?room=1")!))
        #expect(same.query.isEmpty)  // the final URL carries it
        #expect(same.headers == endpoint.headers)

        for other in [
            "https://cdn.example.com/stream", "http://api.example.com/v2/stream",
            "https://api.example.com:8443/s",
        ] {
            let moved = APIClient.reconnection(of: endpoint, to: URL(string: other)!, origin: origin)
            #expect(moved.target == endpoint.target, "\(other)")
            #expect(moved.query == endpoint.query, "\(other)")
            #expect(moved.headers == endpoint.headers, "\(other)")
        }
        let unknown = APIClient.reconnection(
            of: endpoint, to: URL(string: "https://api.example.com/v2")!, origin: nil)
        #expect(unknown.target == endpoint.target)
    }
}

extension SerialLoopbackTests {
    /// Connection cases of WHATWG HTML §9.2.3 and the web-platform-tests `request-status-error`,
    /// `request-redirect`, `format-mime-valid-bogus` and `eventsource-reconnect` tests, against a
    /// loopback server through `APIClient.events(for:)`.
    @Suite("Server-Sent Events connection conformance over loopback")
    struct EventSourceLoopbackConformanceTests {
        static let headers = ["Content-Type": "text/event-stream"]

        /// A client on `server` with the default retry policy and a test clock.
        static func client(_ server: LocalHTTPServer, clock: TestClock) -> APIClient {
            APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), timeout: .seconds(60), allowsInsecureHTTP: true),
                transport: URLSessionTransport(), clock: clock)
        }

        static let backoff = RetryBackoff(maximumRetries: 3, baseDelay: .milliseconds(10), jitter: 0)

        /// A route answering its first request with `stream` as an event stream, and every later
        /// one with 204 (which ends the client's reconnecting).
        static func streamOnce(_ stream: String) -> LocalHTTPServer.Handler {
            let calls = Locked(0)
            return { _ in
                let call = calls.withLock { value -> Int in
                    value += 1
                    return value
                }
                guard call == 1 else { return .init(status: 204) }
                return .chunked(headers: headers) { send in _ = send(Data(stream.utf8)) }
            }
        }

        /// Collects a stream's events, signalling each, until it ends.
        final class Collector: Sendable {
            let received = Locked<[ServerSentEvent]>([])
            let signal = TestSignal()
            let task: Task<Void, any Error>

            init(_ events: AsyncThrowingStream<ServerSentEvent, any Error>) {
                let received = self.received
                let signal = self.signal
                task = Task {
                    defer { signal.signal() }
                    for try await event in events {
                        received.withLock { $0.append(event) }
                        signal.signal()
                    }
                }
            }

            /// Waits until `count` events have come (a hang guard's `false` otherwise).
            func wait(for count: Int) async -> Bool {
                await signal.wait { self.received.current.count >= count }
            }
        }

        @Test(
            "A refused status fails the connection once: the client's retry policy does not retry it",
            arguments: [503, 500, 404, 204])
        func statusIsNotRetried(_ status: Int) async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            server.route("GET", "/api/status") { _ in
                .init(
                    status: status, headers: Self.headers,
                    body: status == 204 ? Data() : Data("retry: 1\ndata: no\n\n".utf8))
            }
            // A real clock: were the retry policy asked, its short waits would pass and the
            // server would see three requests.
            let client = APIClient(
                configuration: .init(
                    baseURL: server.url("/api"),
                    retryPolicy: RetryPolicy(
                        backoff: RetryBackoff(maximumRetries: 2, baseDelay: .milliseconds(1), jitter: 0)),
                    timeout: .seconds(60), allowsInsecureHTTP: true),
                transport: URLSessionTransport())
            var received: [ServerSentEvent] = []
            var end: EventStreamEnd?
            do {
                for try await event in client.events(
                    for: Endpoint<Data>(.get, target: .path("status"), decoding: .data))
                {
                    received.append(event)
                }
            } catch let error as EventStreamEnd {
                end = error
            }
            #expect(received.isEmpty)
            #expect(end == (status == 204 ? nil : .status(status)))
            #expect(server.requests.count == 1)
        }

        @Test("A 200 of another content type fails the connection once")
        func bogusContentType() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            server.route("GET", "/api/bogus") { _ in
                .init(headers: ["Content-Type": "text/x-bogus"], body: Data("data: no\n\n".utf8))
            }
            let client = Self.client(server, clock: TestClock())
            await #expect(throws: EventStreamEnd.unexpectedContentType("text/x-bogus")) {
                for try await _ in client.events(
                    for: Endpoint<Data>(.get, target: .path("bogus"), decoding: .data))
                {}
            }
            #expect(server.requests.count == 1)
        }

        @Test(
            "A connection cut mid-body reconnects after retry with Last-Event-ID; after an id reset, without it"
        )
        func cutConnectionReconnects() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            let clock = TestClock()
            let calls = Locked(0)
            server.route("GET", "/api/live") { _ in
                let call = calls.withLock { value -> Int in
                    value += 1
                    return value
                }
                switch call {
                case 1:
                    // Head and half the body (exactly the first event), then the socket closes:
                    // the transfer fails.
                    let event = "retry: 2000\nid: 9\ndata: x\n\n"
                    let body = event + ":" + String(repeating: "p", count: event.utf8.count - 2) + "\n"
                    return .init(headers: Self.headers, body: Data(body.utf8), behavior: .closeMidBody)
                case 2:
                    return .chunked(headers: Self.headers) { send in _ = send(Data("id\ndata: y\n\n".utf8)) }
                default:
                    return .init(status: 204)
                }
            }
            let client = Self.client(server, clock: clock)
            let events = client.events(
                for: Endpoint<Data>(.get, target: .path("live"), decoding: .data), backoff: Self.backoff)
            let collector = Collector(events)
            // The first event, then the cut: the wait is the server's 2 s. (The request's own
            // deadline, on the same clock, ends with the head.)
            #expect(await collector.wait(for: 1))
            #expect(await clock.waitForSleepers(1))
            #expect(clock.nextDeadline == clock.now.advanced(by: .seconds(2)))
            await clock.advance(by: .seconds(2))
            #expect(await collector.wait(for: 2))
            #expect(await clock.waitForSleepers(1))
            await clock.advance(by: .seconds(2))
            try await collector.task.value
            let received = collector.received.current
            #expect(received == [ServerSentEvent(data: "x", lastEventID: "9"), ServerSentEvent(data: "y")])
            #expect(server.requests.map { $0.header("Last-Event-ID") } == [nil, "9", nil])
        }

        @Test("Last-Event-ID carries the last id as UTF-8, spaces kept")
        func nonASCIILastEventID() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            let clock = TestClock()
            server.route("GET", "/api/ids", handler: Self.streamOnce("id: é…\tx\ndata: a\n\n"))
            let client = Self.client(server, clock: clock)
            let collector = Collector(
                client.events(
                    for: Endpoint<Data>(.get, target: .path("ids"), decoding: .data), backoff: Self.backoff))
            #expect(await collector.wait(for: 1))
            #expect(await clock.waitForSleepers(1))
            await clock.advance(by: .seconds(1))
            try await collector.task.value
            #expect(collector.received.current == [ServerSentEvent(data: "a", lastEventID: "é…\tx")])
            #expect(server.requests.map { $0.header("Last-Event-ID") } == [nil, "é…\tx"])
        }

        @Test(
            "Redirects are followed and the reconnection goes to the final URL",
            arguments: [301, 302, 303, 307])
        func redirectsAreFollowed(_ status: Int) async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            let clock = TestClock()
            server.route("GET", "/api/old") { _ in
                .init(status: status, headers: ["Location": "/api/new?from=old"])
            }
            server.route("GET", "/api/new", handler: Self.streamOnce("id: 1\ndata: moved\n\n"))
            let client = Self.client(server, clock: clock)
            let events = client.events(
                for: Endpoint<Data>(.get, target: .path("old"), decoding: .data), backoff: Self.backoff)
            let collector = Collector(events)
            #expect(await collector.wait(for: 1))
            #expect(await clock.waitForSleepers(1))
            await clock.advance(by: .seconds(1))
            try await collector.task.value
            let received = collector.received.current
            #expect(received == [ServerSentEvent(data: "moved", lastEventID: "1")])
            let requests = server.requests
            #expect(requests.map(\.path) == ["/api/old", "/api/new", "/api/new"])
            #expect(requests.last?.query == "from=old")
            #expect(requests.last?.header("Last-Event-ID") == "1")
        }

        @Test("A refused redirect ends the stream once with requestRefused, without reconnecting")
        func refusedRedirect() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            let elsewhere = server.url("/elsewhere", host: "localhost")
            server.route("GET", "/api/away") { _ in
                .init(status: 302, headers: ["Location": elsewhere.absoluteString])
            }
            let client = APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), timeout: .seconds(60), allowsInsecureHTTP: true),
                transport: URLSessionTransport(
                    redirectPolicy: RedirectPolicy(followsCrossOriginRedirects: false)),
                clock: TestClock())
            var end: (any Error)?
            do {
                for try await _ in client.events(
                    for: Endpoint<Data>(.get, target: .path("away"), decoding: .data), backoff: Self.backoff)
                {}
            } catch {
                end = error
            }
            guard case .requestRefused(let reason)? = end as? EventStreamEnd else {
                Issue.record("ended with \(String(describing: end))")
                return
            }
            #expect(reason.contains("localhost"))
            #expect(server.requests.map(\.path) == ["/api/away"])
        }

        @Test(
            "A credential does not follow a cross-origin redirect, neither on the redirect nor on reconnection"
        )
        func crossOriginRedirectDropsCredentials() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            let clock = TestClock()
            // Another name for the same server: another origin to the client.
            let elsewhere = server.url("/elsewhere/stream", host: "localhost")
            server.route("GET", "/api/stream") { _ in
                .init(status: 307, headers: ["Location": elsewhere.absoluteString])
            }
            server.route("GET", "/elsewhere/stream", handler: Self.streamOnce("id: 4\ndata: hi\n\n"))
            let client = Self.client(server, clock: clock)
            let events = client.events(
                for: Endpoint<Data>(
                    .get, target: .path("stream"),
                    headers: ["Authorization": "Bearer secret", "Cookie": "session=1", "X-Trace": "t"],
                    decoding: .data),
                backoff: Self.backoff)
            let collector = Collector(events)
            #expect(await collector.wait(for: 1))
            #expect(await clock.waitForSleepers(1))
            await clock.advance(by: .seconds(1))
            try await collector.task.value
            let received = collector.received.current
            #expect(received == [ServerSentEvent(data: "hi", lastEventID: "4")])
            let requests = server.requests
            // The reconnection goes to the endpoint's URL and through the redirect again.
            #expect(
                requests.map(\.path) == [
                    "/api/stream", "/elsewhere/stream", "/api/stream", "/elsewhere/stream",
                ])
            #expect(requests.first?.header("Authorization") == "Bearer secret")
            for request in requests where request.path == "/elsewhere/stream" {
                #expect(request.header("Authorization") == nil)
                #expect(request.header("Cookie") == nil)
                #expect(request.header("X-Trace") == "t")
                #expect(request.header("Host")?.hasPrefix("localhost") == true)
            }
            #expect(requests.last?.header("Last-Event-ID") == "4")
        }

        /// Adds `X-Api-Key` to every request, as an app's interceptor does.
        struct APIKeyInterceptor: APIInterceptor {
            func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
                request.setValue("k-secret", forHTTPHeaderField: "X-Api-Key")
            }
        }

        /// The reconnection after a cross-origin redirect used to go to the other origin
        /// directly as a fresh request, so an interceptor adding `X-Api-Key` to every request
        /// sent the key there. Now it goes to the endpoint's URL and the transport strips the
        /// key on the redirect again.
        @Test(
            "An interceptor's X-Api-Key never reaches the origin a stream was redirected to, on reconnection too"
        )
        func crossOriginRedirectReconnectionKeepsInterceptorCredentials() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            let clock = TestClock()
            let elsewhere = server.url("/elsewhere/stream", host: "localhost")
            server.route("GET", "/api/stream") { _ in
                .init(status: 307, headers: ["Location": elsewhere.absoluteString])
            }
            server.route("GET", "/elsewhere/stream", handler: Self.streamOnce("id: 4\ndata: hi\n\n"))
            let client = APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), interceptors: [APIKeyInterceptor()], timeout: .seconds(60),
                    allowsInsecureHTTP: true),
                transport: URLSessionTransport(), clock: clock)
            let collector = Collector(
                client.events(
                    for: Endpoint<Data>(.get, target: .path("stream"), decoding: .data), backoff: Self.backoff
                ))
            #expect(await collector.wait(for: 1))
            #expect(await clock.waitForSleepers(1))
            await clock.advance(by: .seconds(1))
            try await collector.task.value
            let requests = server.requests
            let elsewhereRequests = requests.filter { $0.path == "/elsewhere/stream" }
            #expect(elsewhereRequests.count == 2)
            for request in elsewhereRequests {
                #expect(request.header("X-Api-Key") == nil)
                #expect(request.header("Host")?.hasPrefix("localhost") == true)
            }
            for request in requests where request.path == "/api/stream" {
                #expect(request.header("X-Api-Key") == "k-secret")
            }
        }
    }
}
