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

    @Test("A handshake that completes after its deadline is closed, not left open")
    func lateHandshakeIsClosed() async throws {
        // The handshake used to run on past its deadline: the runner moved on to a reconnection,
        // and the connection that opened late was dropped without a close, left open and unread.
        let clock = TestClock()
        let client = Self.client(interceptors: [], clock: clock)
        let signal = TestSignal()
        let gate = Locked<CheckedContinuation<Void, Never>?>(nil)
        let late = WebSocketRunnerTests.FakeConnection(signal: signal)
        let attempts = Locked(0)
        let socket = client.webSocket(
            for: Endpoint<Data>(.get, target: .path("chat"), timeout: .seconds(10), decoding: .data),
            machine: WebSocketMachine(
                pingInterval: .seconds(30), pongTimeout: .seconds(5), backoff: WebSocketRunnerTests.backoff),
            random: { 0 },
            connect: { _ in
                let attempt = attempts.withLock { count -> Int in
                    count += 1
                    return count
                }
                guard attempt == 1 else { throw URLError(.cannotConnectToHost) }
                // The server answers only once the test opens the gate, whatever the deadline.
                await withCheckedContinuation { continuation in
                    gate.withLock { $0 = continuation }
                    signal.signal()
                }
                return late
            })
        let collector = Task { for try await _ in socket.messages {} }
        #expect(await signal.wait { gate.current != nil })
        #expect(await eventually { clock.nextDeadline == clock.now.advanced(by: .seconds(10)) })
        await clock.advance(by: .seconds(10))
        // The deadline passed; now the server answers.
        gate.withLock { $0?.resume() }
        #expect(await signal.wait { late.closedWith.current != nil })
        #expect(late.closedWith.current == .goingAway)
        socket.close()
        collector.cancel()
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

/// What keeps a WebSocket's credentials to their origin, on Linux: the declared names travel
/// with the upgrade request, the session's redirect delegate strips them for a registered task,
/// and a client whose transport is not a `URLSessionTransport` keeps one Keel session for its
/// sockets. (The `URLSessionWebSocketTask` binding itself is Apple-only, see above.)
@Suite("WebSocket credentials across redirects")
struct WebSocketRedirectCredentialTests {
    /// Declares `X-Tenant` a credential and sets it, as an app's own authentication does.
    struct TenantInterceptor: APIInterceptor {
        func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
            request.setValue("tenant-7", forHTTPHeaderField: "X-Tenant")
            context.declareCredentialHeaders(["X-Tenant"])
        }
    }

    /// The upgrade request used to be returned without the names the interceptors declared
    /// (`adaptedRequest` dropped `context.credentialHeaders`), so nothing could strip them.
    @Test("The upgrade request comes with the credential headers the configuration and interceptors declared")
    func upgradeCarriesDeclaredNames() async throws {
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.example.com/v1"), interceptors: [TenantInterceptor()],
                retryPolicy: .never, credentialHeaders: CredentialHeaders(declaring: ["X-Session"])),
            transport: StubTransport())
        let upgrade = try await client.upgrade(
            for: Endpoint<Data>(.get, target: .path("chat"), decoding: .data), timeout: .seconds(10))
        #expect(upgrade.request.url?.absoluteString == "wss://api.example.com/v1/chat")
        #expect(upgrade.request.value(forHTTPHeaderField: "X-Tenant") == "tenant-7")
        let names = Set(upgrade.credentialHeaders.map { $0.lowercased() })
        #expect(names.isSuperset(of: ["x-tenant", "x-session"]))
    }

    /// A task the transport does not run itself (a WebSocket) used to be judged with an empty
    /// declared set: a header the interceptors declared followed a redirect to another origin.
    @Test(
        "A registered task's declared credentials are stripped on a redirect to another origin, kept on its own"
    )
    func registeredTaskRedirect() throws {
        let transport = URLSessionTransport()
        let task = transport.session.dataTask(
            with: URLRequest(url: URL(string: "https://api.example.com/live")!))
        defer { task.cancel() }
        var proposed = URLRequest(url: URL(string: "https://elsewhere.example/live")!)
        proposed.setValue("tenant-7", forHTTPHeaderField: "X-Tenant")
        proposed.setValue("t", forHTTPHeaderField: "X-Trace")
        // Not registered: only the policy's own names are credentials.
        let unregistered = try transport.redirect(task, to: proposed).get()
        #expect(unregistered.value(forHTTPHeaderField: "X-Tenant") == "tenant-7")

        transport.registerDeclared(task, headers: ["x-tenant"])
        let registered = try transport.redirect(task, to: proposed).get()
        #expect(registered.value(forHTTPHeaderField: "X-Tenant") == nil)
        #expect(registered.value(forHTTPHeaderField: "X-Trace") == "t")

        var sameOrigin = proposed
        sameOrigin.url = URL(string: "https://api.example.com/elsewhere")
        #expect(
            try transport.redirect(task, to: sameOrigin).get().value(forHTTPHeaderField: "X-Tenant")
                == "tenant-7")

        var downgrade = proposed
        downgrade.url = URL(string: "http://api.example.com/live")
        #expect(throws: RedirectPolicy.Refusal.self) { try transport.redirect(task, to: downgrade).get() }
    }

    /// Sockets of a client whose transport is not a `URLSessionTransport` used to get a bare
    /// `URLSession` each (no redirect policy, no pins, never invalidated).
    @Test("A client keeps one Keel session for its sockets: its own transport's, or one default transport")
    func fallbackTransport() {
        let own = URLSessionTransport(redirectPolicy: RedirectPolicy(followsCrossOriginRedirects: false))
        let direct = APIClient(baseURL: URL(string: "https://api.example.com"), transport: own)
        #expect(direct.webSocketTransport() === own)

        let stubbed = APIClient(baseURL: URL(string: "https://api.example.com"), transport: StubTransport())
        let fallback = stubbed.webSocketTransport()
        #expect(stubbed.webSocketTransport() === fallback)
        #expect(fallback.redirectPolicy == RedirectPolicy())
        let other = APIClient(baseURL: URL(string: "https://api.example.com"), transport: StubTransport())
        #expect(other.webSocketTransport() !== fallback)
    }
}
