import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SerialLoopbackTests {
    @Suite("Server-Sent Events over loopback")
    struct EventStreamLoopbackTests {
        @Test(
            "A dropped stream reconnects after the server's retry (on the client's clock) with Last-Event-ID; 204 ends it"
        )
        func resumesAfterDrop() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            let clock = TestClock()
            let client = APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), interceptors: [AttemptTokenInterceptor()],
                    retryPolicy: .never,
                    timeout: .seconds(60), allowsInsecureHTTP: true),
                transport: URLSessionTransport(), clock: clock)
            let calls = Locked(0)
            server.route("GET", "/api/scores") { request in
                let call = calls.withLock { value -> Int in
                    value += 1
                    return value
                }
                let headers = ["Content-Type": "text/event-stream; charset=utf-8"]
                switch call {
                case 1:
                    // A byte-order mark, a comment, CRLF line ends split across chunks, then the
                    // server closes the stream.
                    return .chunked(headers: headers) { send in
                        _ = send(Data([0xEF, 0xBB, 0xBF] + Array(": hello\r\nretry: 5000\r".utf8)))
                        _ = send(Data("\nid: 1\nevent: goal\ndata: one\ndata: 1-0\n\n".utf8))
                    }
                case 2:
                    return .chunked(headers: headers) { send in
                        _ = send(Data("data: two\n\n".utf8))
                    }
                default:
                    return .init(status: 204)
                }
            }
            let stream = client.events(
                for: Endpoint<Data>(.get, target: .path("scores"), decoding: .data),
                backoff: RetryBackoff(maximumRetries: 3, baseDelay: .milliseconds(1), jitter: 0))
            let received = Locked<[ServerSentEvent]>([])
            let signal = TestSignal()
            let listening = Task {
                defer { signal.signal() }
                for try await event in stream {
                    received.withLock { $0.append(event) }
                    signal.signal()
                }
            }

            #expect(await signal.wait { received.current.count == 1 })
            #expect(
                received.current.first == ServerSentEvent(type: "goal", data: "one\n1-0", lastEventID: "1"))

            // The server closed the stream: the reconnection waits the server's 5 s.
            #expect(await clock.waitForSleepers(1))
            let waitStarted = clock.now
            #expect(clock.nextDeadline == waitStarted.advanced(by: .seconds(5)))
            await clock.advance(by: .milliseconds(4_999))
            #expect(clock.sleeperCount == 1, "reconnected before the server's retry")
            #expect(calls.current == 1)
            await clock.advance(by: .milliseconds(1))
            #expect(await signal.wait { received.current.count == 2 })
            #expect(received.current.last == ServerSentEvent(type: "message", data: "two", lastEventID: "1"))

            // Dropped again; the third answer is 204: the sequence finishes normally.
            #expect(await clock.waitForSleepers(1))
            await clock.advance(by: .seconds(5))
            try await listening.value
            #expect(received.current.count == 2)

            let requests = server.requests
            #expect(requests.count == 3)
            #expect(requests.map { $0.header("Last-Event-ID") } == [nil, "1", "1"])
            #expect(requests.allSatisfy { $0.header("Accept") == "text/event-stream" })
            // Every connection is a call of its own through the interceptors.
            #expect(requests.allSatisfy { $0.header("X-Attempt-Token") == "token-1" })
        }

        @Test("A status other than 200 ends the stream with a typed end, without reconnecting")
        func statusEndsTheStream() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/gone") { _ in .init(status: 410) }
            await #expect(throws: EventStreamEnd.status(410)) {
                for try await _ in fixture.client.events(
                    for: Endpoint<Data>(.get, target: .path("gone"), decoding: .data))
                {}
            }
            #expect(fixture.server.requests.count == 1)
        }
    }
}
