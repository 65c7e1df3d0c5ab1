import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A WebSocket whose upgrade request can never succeed used to be retried with backoff like a
/// drop (1, 2, 4, 8, 16 s) and end as `reconnectBudgetExhausted(attempts: 6)`, the real error
/// lost; and a `wss://` endpoint URL, what `URLSessionWebSocketTask` takes, was refused as
/// "not an http or https URL".
@Suite("WebSocket: a request that cannot succeed ends at once; ws and wss endpoint URLs")
struct WebSocketRefusalTests {
    static func client(base: String? = "https://api.example.com/v1", insecure: Bool = false, clock: TestClock)
        -> APIClient
    {
        APIClient(
            configuration: .init(
                baseURL: base.flatMap(URL.init(string:)), defaultHeaders: ["X-Api-Key": "k3y"],
                retryPolicy: .never, credentialHeaders: CredentialHeaders(declaring: ["X-Api-Key"]),
                allowsInsecureHTTP: insecure),
            transport: StubTransport(), clock: clock)
    }

    static let machine = WebSocketMachine(
        pingInterval: .seconds(30), pongTimeout: .seconds(5), backoff: WebSocketRunnerTests.backoff)

    /// No reconnection at all: a refusal taken for a drop ends as `reconnectBudgetExhausted`
    /// (the test fails) instead of waiting for a clock nobody advances.
    static let noRetry = WebSocketMachine(
        pingInterval: .seconds(30), pongTimeout: .seconds(5),
        backoff: RetryBackoff(maximumRetries: 0, baseDelay: .seconds(1)))

    /// The end of `socket`'s messages.
    static func end(of socket: WebSocket) async -> (any Error)? {
        do {
            for try await _ in socket.messages {}
            return nil
        } catch {
            return error
        }
    }

    struct Unbuildable: Sendable, CustomTestStringConvertible {
        var name: String
        var base: String?
        var insecure = false
        var target: EndpointTarget
        var field: String
        var testDescription: String { name }
    }

    static let unbuildable: [Unbuildable] = [
        Unbuildable(
            name: "a query in the path", base: "https://api.example.com", target: .path("chat?room=1"),
            field: "path"),
        Unbuildable(
            name: "plain http without allowsInsecureHTTP", base: "http://api.example.com",
            target: .path("chat"), field: "baseURL"),
        Unbuildable(name: "no base URL", base: nil, target: .path("chat"), field: "baseURL"),
        Unbuildable(
            name: "a ws URL without allowsInsecureHTTP", base: nil,
            target: .url(URL(string: "ws://api.example.com/chat")!), field: "url"),
        Unbuildable(
            name: "an ftp URL", base: nil, target: .url(URL(string: "ftp://api.example.com/chat")!),
            field: "url"),
    ]

    @Test(
        "An upgrade request that cannot be built ends with requestRefused, without a connection or a wait",
        arguments: unbuildable)
    func unbuildableEndsAtOnce(_ testCase: Unbuildable) async throws {
        let clock = TestClock()
        let client = Self.client(base: testCase.base, insecure: testCase.insecure, clock: clock)
        let connects = Locked(0)
        let socket = client.webSocket(
            for: Endpoint<Data>(.get, target: testCase.target, decoding: .data), machine: Self.noRetry,
            random: { 0 },
            connect: { _ in
                connects.withLock { $0 += 1 }
                throw URLError(.cannotConnectToHost)
            })
        // No clock advance: with a backoff the messages would never end here.
        let end = await Self.end(of: socket)
        guard case .requestRefused(let reason)? = end as? WebSocketEnd else {
            Issue.record("expected requestRefused, got \(String(describing: end))")
            return
        }
        #expect(reason.contains(testCase.field), "\(reason)")
        #expect(connects.current == 0)
    }

    @Test("A client in .cacheOnly opens no socket: requestRefused names notCached; .networkOnly connects")
    func cacheOnlyOpensNothing() async throws {
        // Used to: `.cacheOnly` held back only cached calls; the upgrade request was sent.
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.example.com"), retryPolicy: .never,
                cache: try HTTPCache(directory: nil), cachePolicy: .cacheOnly),
            transport: StubTransport(), clock: TestClock())
        let connects = Locked(0)
        func socket(_ policy: CachePolicy?) -> WebSocket {
            client.webSocket(
                for: Endpoint<Data>(.get, target: .path("chat"), cachePolicy: policy, decoding: .data),
                machine: Self.noRetry, random: { 0 },
                connect: { _ in
                    connects.withLock { $0 += 1 }
                    throw URLError(.cannotConnectToHost)
                })
        }
        let end = await Self.end(of: socket(nil))
        guard case .requestRefused(let reason)? = end as? WebSocketEnd else {
            Issue.record("expected requestRefused, got \(String(describing: end))")
            return
        }
        #expect(reason.contains("chat"), "\(reason)")
        #expect(connects.current == 0)
        _ = await Self.end(of: socket(.networkOnly))
        #expect(connects.current == 1)
    }

    /// Writes a header value no request may carry.
    struct BadHeader: APIInterceptor {
        func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
            // (A CR/LF value is dropped by FoundationNetworking's `setValue`; a name with a
            // space reaches the check on every platform.)
            request.setValue("1", forHTTPHeaderField: "X Trace")
        }
    }

    @Test("An interceptor's unsendable header, and a refused redirect, end at once too")
    func refusedByInterceptorOrRedirect() async throws {
        let clock = TestClock()
        let bad = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.example.com"), interceptors: [BadHeader()],
                retryPolicy: .never),
            transport: StubTransport(), clock: clock)
        let socket = bad.webSocket(
            for: Endpoint<Data>(.get, target: .path("chat"), decoding: .data), machine: Self.noRetry,
            random: { 0 }, connect: { _ in throw URLError(.cannotConnectToHost) })
        let end = await Self.end(of: socket)
        guard case .requestRefused(let reason)? = end as? WebSocketEnd else {
            Issue.record("expected requestRefused, got \(String(describing: end))")
            return
        }
        #expect(reason.contains("X Trace"), "\(reason)")

        // The handshake's redirect refused by the transport's policy: the same every time.
        let attempts = Locked(0)
        let refusal = APIError.redirectRefused(
            from: URL(string: "https://api.example.com/chat")!, to: URL(string: "http://evil.example/")!,
            reason: "downgrade")
        let redirected = Self.client(clock: clock).webSocket(
            for: Endpoint<Data>(.get, target: .path("chat"), decoding: .data), machine: Self.noRetry,
            random: { 0 },
            connect: { _ in
                attempts.withLock { $0 += 1 }
                throw refusal
            })
        #expect(await Self.end(of: redirected) as? WebSocketEnd == .requestRefused(reason: "\(refusal)"))
        #expect(attempts.current == 1)
    }

    @Test("A transient handshake failure still reconnects with backoff")
    func transientStillRetries() async throws {
        let clock = TestClock()
        let attempts = Locked(0)
        let signal = TestSignal()
        let socket = Self.client(clock: clock).webSocket(
            for: Endpoint<Data>(.get, target: .path("chat"), decoding: .data), machine: Self.machine,
            random: { 0 },
            connect: { _ in
                attempts.withLock { $0 += 1 }
                signal.signal()
                throw URLError(.cannotConnectToHost)
            })
        let collector = Task { await Self.end(of: socket) }
        #expect(await signal.wait { attempts.current == 1 })
        #expect(await eventually { clock.nextDeadline == clock.now.advanced(by: .seconds(1)) })
        await clock.advance(by: .seconds(1))
        #expect(await signal.wait { attempts.current == 2 })
        socket.close()
        #expect(await collector.value as? WebSocketEnd == nil)
    }

    @Test("wss and ws endpoint URLs are accepted, checked and scoped as https and http")
    func webSocketSchemes() async throws {
        let clock = TestClock()
        let client = Self.client(clock: clock)
        let secure = try await client.upgradeRequest(
            for: Endpoint<Data>(
                .get, target: .url(URL(string: "wss://api.example.com/v1/chat?room=1")!), decoding: .data),
            timeout: .seconds(5))
        #expect(secure.url?.absoluteString == "wss://api.example.com/v1/chat?room=1")
        // The base URL's origin (https://api.example.com): the scoped credential goes.
        #expect(secure.value(forHTTPHeaderField: "X-Api-Key") == "k3y")

        let elsewhere = try await client.upgradeRequest(
            for: Endpoint<Data>(
                .get, target: .url(URL(string: "WSS://elsewhere.example/live")!), decoding: .data),
            timeout: .seconds(5))
        #expect(elsewhere.url?.scheme == "wss")
        #expect(elsewhere.value(forHTTPHeaderField: "X-Api-Key") == nil)

        await #expect(throws: APIError.self) {
            _ = try await client.upgradeRequest(
                for: Endpoint<Data>(
                    .get, target: .url(URL(string: "ws://api.example.com/chat")!), decoding: .data),
                timeout: .seconds(5))
        }
        let insecure = Self.client(insecure: true, clock: clock)
        let plain = try await insecure.upgradeRequest(
            for: Endpoint<Data>(
                .get, target: .url(URL(string: "ws://localhost:8080/chat")!), decoding: .data),
            timeout: .seconds(5))
        #expect(plain.url?.absoluteString == "ws://localhost:8080/chat")
    }

    @Test("The machine ends a refused handshake without spending the budget")
    func machineRefused() {
        var machine = Self.machine
        _ = machine.send(.start)
        let transition = machine.send(.refused(reason: "no"))
        #expect(transition.effects == [.finish(.requestRefused(reason: "no"))])
        #expect(machine.state == .closed(.requestRefused(reason: "no")))
    }
}
