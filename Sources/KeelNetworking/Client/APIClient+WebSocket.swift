import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A WebSocket that stays connected: messages as an `AsyncSequence` across reconnections,
/// text and binary sends, pings on an interval (a missed pong is a drop), reconnection with
/// backoff after a drop (never after a normal close) and a typed end. Made by
/// `APIClient.webSocket(for:pingInterval:pongTimeout:backoff:)` on Apple platforms.
public final class WebSocket: Sendable {
    private let runner: WebSocketRunner

    init(runner: WebSocketRunner) {
        self.runner = runner
    }

    /// The messages received, across reconnections. The sequence finishes when ``close(_:)``
    /// closes normally or the consumer stops, and throws a ``WebSocketEnd`` otherwise: the
    /// server's final close code (``WebSocketEnd/closedByServer(_:reason:)``), a close of the
    /// app's with another code, the reconnection budget spent, or an upgrade request that can
    /// never succeed (``WebSocketEnd/requestRefused(reason:)``, at once, without reconnecting).
    ///
    /// At most a few messages wait unread: while the consumer is behind, the socket reads
    /// nothing more (the server is held back by the connection's flow control, memory stays
    /// flat). One task at a time iterates: a second task waiting at the same time gets
    /// ``WebSocketEnd/concurrentConsumer`` and the first carries on (messages are not fanned
    /// out; hand them on from the one consumer). A loop that stops (`break`) leaves the
    /// following messages to the next loop. Cancelling the iterating task closes the socket.
    public var messages: AsyncThrowingStream<WebSocketMessage, any Error> { runner.messages }

    /// Sends `message` on the open connection; throws `URLError(.networkConnectionLost)`
    /// while reconnecting.
    public func send(_ message: WebSocketMessage) async throws {
        try await runner.send(message)
    }

    /// Closes the connection with `code` and stops reconnecting. A code an endpoint may not send
    /// (1005, 1006 and 1015 are only reported; anything outside 1000–4999) closes with 1000,
    /// normal closure, instead.
    public func close(_ code: WebSocketCloseCode = .normalClosure) {
        runner.close(code)
    }
}

extension APIClient {
    /// The reconnection schedule of a ``WebSocket`` by default: up to five drops in a row
    /// without a message or pong in between, from 1 s up to 30 s apart.
    public static let defaultWebSocketBackoff = RetryBackoff(
        maximumRetries: 5, baseDelay: .seconds(1), maximumDelay: .seconds(30))

    #if canImport(Darwin)
        /// Opens a WebSocket to `endpoint` (its `https` URL is opened as `wss`, `http` as `ws`;
        /// an endpoint URL may also be given as `wss://` or `ws://`, checked as https and http)
        /// on the transport's `URLSession`, through the client's interceptors: every
        /// connection's upgrade request is built and adapted afresh (a refreshed token goes with
        /// a reconnection), and default headers that carry credentials go only to the
        /// credential scope's origins. A redirect of the upgrade is judged by the transport's
        /// ``RedirectPolicy`` (and server trust by its pins), stripping on the way to another
        /// origin the credential headers the interceptors declared too. With a transport that
        /// is not a ``URLSessionTransport``, sockets run on a default one the client keeps. The
        /// handshake is bounded by the call's timeout; pings and reconnection waits run on the
        /// client's clock.
        ///
        /// ```swift
        /// let socket = client.webSocket(for: Endpoint<Data>(.get, target: .path("chat"), decoding: .data))
        /// try await socket.send(.text("hello"))
        /// for try await message in socket.messages { show(message) }
        /// ```
        ///
        /// FoundationNetworking on Linux declares `URLSessionWebSocketTask`, but with Debian's
        /// libcurl (built without WebSocket support) every task fails with
        /// `URLError(.unsupportedURL)` "WebSockets not supported by libcurl", so this call is
        /// Apple-only; the decisions behind it are tested on Linux.
        public func webSocket(
            for endpoint: some APIEndpoint, pingInterval: Duration = .seconds(30),
            pongTimeout: Duration = .seconds(10), backoff: RetryBackoff = APIClient.defaultWebSocketBackoff
        ) -> WebSocket {
            let sessions = webSocketTransport()
            return webSocket(
                for: endpoint,
                machine: WebSocketMachine(
                    pingInterval: pingInterval, pongTimeout: pongTimeout, backoff: backoff),
                opening: { upgrade in
                    let started = Locked<URLSessionTask?>(nil)
                    do {
                        return try await URLSessionWebSocketConnection.open(
                            request: upgrade.attachesSessionCredentials ?? true
                                ? sessions.withSessionCredentials(upgrade.request) : upgrade.request,
                            session: sessions.session,
                            beforeResume: { task in
                                started.set(task)
                                sessions.registerDeclared(task, headers: upgrade.credentialHeaders)
                            })
                    } catch {
                        // A refused redirect fails the same way every time: named, so the socket
                        // ends with it at once rather than reconnecting.
                        if let task = started.current, let refused = sessions.refusedRedirect(of: task) {
                            throw refused
                        }
                        throw error
                    }
                })
        }
    #endif

    /// The ``URLSessionTransport`` WebSockets run on: the client's own transport when it is
    /// one, else a default one made on first use and kept for the client's lifetime (its
    /// session has the Keel delegate: the default ``RedirectPolicy``; it is invalidated when the
    /// client goes away).
    package func webSocketTransport() -> URLSessionTransport {
        if let own = transport as? URLSessionTransport { return own }
        return webSocketFallback.withLock { fallback in
            if let fallback { return fallback }
            let made = URLSessionTransport()
            fallback = made
            return made
        }
    }

    /// A WebSocket over `machine` whose connections `connect` opens from the adapted upgrade
    /// request.
    package func webSocket(
        for endpoint: some APIEndpoint, machine: WebSocketMachine,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        connect: @escaping @Sendable (URLRequest) async throws -> any WebSocketConnection
    ) -> WebSocket {
        webSocket(for: endpoint, machine: machine, random: random, opening: { try await connect($0.request) })
    }

    /// A WebSocket over `machine` whose connections `opening` opens from the adapted upgrade
    /// request and the credential headers declared for it.
    package func webSocket(
        for endpoint: some APIEndpoint, machine: WebSocketMachine,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        opening: @escaping @Sendable (AdaptedRequest) async throws -> any WebSocketConnection
    ) -> WebSocket {
        let endpoint = Endpoint<Data>(endpoint, decoding: .data)
        let timeout = endpoint.timeout ?? configuration.timeout
        let clock = self.clock
        let runner = WebSocketRunner(machine: machine, clock: clock, random: random) {
            // A handshake that completes after its deadline, or after the socket was closed,
            // belongs to nobody: it is closed rather than left open and unread.
            let discard: @Sendable (any WebSocketConnection) -> Void = { $0.close(.goingAway) }
            return try await withDeadline(timeout, clock: clock, discard: discard) {
                try await opening(try await self.upgrade(for: endpoint, timeout: timeout))
            }
        }
        return WebSocket(runner: runner)
    }

    /// The upgrade request of one connection: built as any call's (credential scope
    /// included), adapted by every interceptor, then given the `ws`/`wss` scheme.
    package func upgradeRequest(for endpoint: Endpoint<Data>, timeout: Duration) async throws -> URLRequest {
        try await upgrade(for: endpoint, timeout: timeout).request
    }

    /// ``upgradeRequest(for:timeout:)`` with the credential headers declared for it.
    package func upgrade(for endpoint: Endpoint<Data>, timeout: Duration) async throws -> AdaptedRequest {
        var endpoint = endpoint
        // A `ws`/`wss` URL (what `URLSessionWebSocketTask` takes) is checked and scoped as the
        // `http`/`https` URL it upgrades from, then given its scheme back below.
        if case .url(let url) = endpoint.target, let http = Self.httpURL(forWebSocket: url) {
            endpoint.target = .url(http)
        }
        var adapted = try await adaptedRequest(for: endpoint, timeout: timeout)
        if let url = adapted.request.url,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        {
            components.scheme = components.scheme?.lowercased() == "http" ? "ws" : "wss"
            adapted.request.url = components.url ?? url
        }
        return adapted
    }

    /// `url` with `ws` as `http` and `wss` as `https`; `nil` for any other scheme.
    static func httpURL(forWebSocket url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        switch components.scheme?.lowercased() {
        case "ws": components.scheme = "http"
        case "wss": components.scheme = "https"
        default: return nil
        }
        return components.url
    }

    /// A request for a task the client does not run itself (a WebSocket, a background
    /// download): built as any call's (credential scope included) and adapted by every
    /// interceptor; monitors see it sent. It comes with the header names that are credentials
    /// on it — the configuration's declared ones and those the interceptors declared — for
    /// the session's redirect delegate (``URLSessionTransport/registerDeclared(_:headers:)``).
    /// `usesClientSession` is `false` for a task on another session (a background download).
    package func adaptedRequest(
        for endpoint: Endpoint<Data>, timeout: Duration, usesClientSession: Bool = true
    ) async throws -> AdaptedRequest {
        var builder = RequestBuilder(client: self)
        builder.usesClientSession = usesClientSession
        let prepared = try await builder.build(endpoint, timeout: timeout)
        if let file = prepared.temporaryFile { try? FileManager.default.removeItem(at: file) }
        try refuseWhenCacheOnly(endpoint, url: prepared.request.url)
        var request = prepared.request
        let context = RequestContext(
            method: endpoint.method, isIdempotent: false, baseURL: configuration.baseURL)
        for interceptor in configuration.interceptors + endpoint.interceptors {
            try await interceptor.adapt(&request, context: context)
        }
        try Self.validateHeaders(of: request)
        // The monitors redact what the interceptors declared, as for every other call.
        let call = CallCredentialHeaders()
        call.declare(context.credentialHeaders)
        CallCredentialHeaders.local.withValue(call) {
            for monitor in configuration.eventMonitors {
                monitor.requestWillSend(request, body: .none, attempt: 1)
            }
        }
        return AdaptedRequest(
            request: request,
            credentialHeaders: configuration.credentialHeaders.declared.union(context.credentialHeaders),
            attachesSessionCredentials: attachesSessionCredentials(to: request.url))
    }
}

/// A request adapted by the client's interceptors for a task the client does not run itself,
/// with the header names that are credentials on it.
package struct AdaptedRequest: Sendable {
    /// The request, headers final.
    package var request: URLRequest
    /// The header names the configuration and the interceptors declared as credentials.
    package var credentialHeaders: Set<String>
    /// Whether the session's own credential headers go with it (its `http`/`https` URL is in
    /// the client's credential scope); `nil`: the session's meaning, every request.
    package var attachesSessionCredentials: Bool?
}
