import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Why there is no loopback WebSocket test on Linux: FoundationNetworking declares
// `URLSessionWebSocketTask` but drives it through libcurl, and Debian bookworm's libcurl 7.88.1
// is built without WebSocket support (`curl --version` lists no ws/wss protocol). On this
// toolchain (Swift 6.3.1) a task for `ws://127.0.0.1:<port>/echo` never reaches the server:
// `sendPing` fails with NSURLErrorDomain -1005 and `receive` with
// `Error Domain=NSURLErrorDomain Code=-1002 … NSLocalizedDescription=WebSockets not supported by
// libcurl` (URLError.unsupportedURL), closeCode 0, state completed. So the URLSession binding and
// `APIClient.webSocket(for:pingInterval:pongTimeout:backoff:)` are Apple-only (type-checked for
// iOS); what the client decides — the upgrade request through the interceptors and the
// credential scope, a fresh one per reconnection, and the typed close codes — is tested here over
// a scripted connection, and the keep-alive and reconnection in `WebSocketRunnerTests`.

@Suite("WebSocket client: upgrade requests through the interceptors, reconnection, typed close codes")
struct WebSocketClientTests {
    /// Counts the connections it adapts.
    struct ConnectionCounter: APIInterceptor {
        let count = Locked(0)

        func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
            let number = count.withLock { value -> Int in
                value += 1
                return value
            }
            request.setValue("Bearer token-\(number)", forHTTPHeaderField: "Authorization")
        }
    }

    static func client(interceptors: [any APIInterceptor], clock: TestClock) -> APIClient {
        APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.example.com/v1"),
                defaultHeaders: ["X-Api-Key": "k3y"], interceptors: interceptors, retryPolicy: .never,
                credentialHeaders: CredentialHeaders(declaring: ["X-Api-Key"])),
            transport: StubTransport(), clock: clock)
    }

    @Test("Each connection's upgrade request is built and adapted afresh, as wss, with scoped credentials")
    func upgradeRequests() async throws {
        let clock = TestClock()
        let counter = ConnectionCounter()
        let client = Self.client(interceptors: [counter], clock: clock)
        let connector = WebSocketRunnerTests.Connector()
        let requests = Locked<[URLRequest]>([])
        let socket = client.webSocket(
            for: Endpoint<Data>(.get, target: .path("chat"), decoding: .data),
            machine: WebSocketMachine(
                pingInterval: .seconds(30), pongTimeout: .seconds(5), backoff: WebSocketRunnerTests.backoff),
            random: { 0 },
            connect: { request in
                requests.withLock { $0.append(request) }
                return try await connector.connect()
            })
        let collector = Task {
            var received: [WebSocketMessage] = []
            for try await message in socket.messages { received.append(message) }
            return received
        }
        #expect(await connector.signal.wait { connector.connection(0) != nil })
        let first = try #require(connector.connection(0))
        first.feed.yield(.text("hello"))
        // Open once the first ping is scheduled (the handshake's deadline may still be pending).
        #expect(await eventually { clock.nextDeadline == clock.now.advanced(by: .seconds(30)) })
        try await socket.send(.data(Data([7])))
        #expect(first.sent.current == [.data(Data([7]))])

        // The server goes away (a transient close): a new connection after the backoff's 1 s.
        first.feed.finish(throwing: WebSocketFailure.closed(.goingAway, reason: "restart"))
        #expect(await eventually { clock.nextDeadline == clock.now.advanced(by: .seconds(1)) })
        await clock.advance(by: .seconds(1))
        #expect(await connector.signal.wait { connector.connection(1) != nil })
        let second = try #require(connector.connection(1))
        second.feed.yield(.text("again"))

        // A final close code from the server ends the messages with it, typed.
        second.feed.finish(
            throwing: WebSocketFailure.closed(WebSocketCloseCode(rawValue: 4001), reason: "banned"))
        await #expect(
            throws: WebSocketEnd.closedByServer(WebSocketCloseCode(rawValue: 4001), reason: "banned")
        ) {
            _ = try await collector.value
        }

        let sent = requests.current
        #expect(sent.count == 2)
        #expect(
            sent.map { $0.url?.absoluteString } == [
                "wss://api.example.com/v1/chat", "wss://api.example.com/v1/chat",
            ])
        #expect(
            sent.map { $0.value(forHTTPHeaderField: "Authorization") } == [
                "Bearer token-1", "Bearer token-2",
            ])
        #expect(sent.allSatisfy { $0.value(forHTTPHeaderField: "X-Api-Key") == "k3y" })
    }

    @Test("A socket to another origin goes without the default credential headers")
    func credentialScope() async throws {
        let clock = TestClock()
        let client = Self.client(interceptors: [], clock: clock)
        let request = try await client.upgradeRequest(
            for: Endpoint<Data>(
                .get, target: .url(URL(string: "https://elsewhere.example/live")!), decoding: .data),
            timeout: .seconds(10))
        #expect(request.url?.absoluteString == "wss://elsewhere.example/live")
        #expect(request.value(forHTTPHeaderField: "X-Api-Key") == nil)
    }

    @Test("Close codes are typed: registered names, application codes, and which ones reconnect")
    func closeCodes() {
        #expect(WebSocketCloseCode.normalClosure.rawValue == 1000)
        #expect(WebSocketCloseCode(rawValue: 4001).isApplicationCode)
        #expect(!WebSocketCloseCode.normalClosure.isTransient)
        #expect(WebSocketCloseCode.goingAway.isTransient)
        #expect(!WebSocketCloseCode.abnormalClosure.isSendable)
        #expect(WebSocketCloseCode.policyViolation.description == "1008 (policy violation)")
    }
}
