import KeelSupport

/// How a WebSocket connection ended for good.
public enum WebSocketEnd: Error, Hashable, Sendable {
    /// The server closed with a final code (not a drop): 1000, a protocol or policy error, an
    /// application code.
    case closedByServer(WebSocketCloseCode, reason: String)
    /// The client closed with `code`.
    case closedByClient(WebSocketCloseCode)
    /// The connection dropped `attempts` times in a row without a sign of life in between.
    case reconnectBudgetExhausted(attempts: Int)
    /// The upgrade request cannot succeed however often it is sent, so no reconnection was
    /// tried: it could not be built (``APIError/invalidRequest(field:reason:)``: a path with
    /// `?`, plain http without `allowsInsecureHTTP`, no base URL, a header an interceptor made
    /// unsendable) or a redirect was refused (``APIError/redirectRefused(from:to:reason:)``);
    /// `reason` is that error's description.
    case requestRefused(reason: String)
    /// The caller stopped listening.
    case cancelled
    /// Another task was already waiting for the next message: one task at a time iterates
    /// ``WebSocket/messages``. Only this iteration ends; the socket, and the task that was
    /// first, carry on.
    case concurrentConsumer
}

/// The keep-alive and reconnection decisions of a WebSocket connection: ping every `interval`
/// while open, treat a pong missing after `pongTimeout` as a drop, reconnect with backoff after
/// a drop (a transport failure, a missed pong, a transient close code) but never after a final
/// close code or the client's own close, and end with a typed ``WebSocketEnd``.
///
/// Timers are the driver's, on its injected clock; pings carry a number so a stale timer (one
/// that fires after its pong, or after a reconnection) is rejected. A message or a pong
/// received after opening resets the drop count.
package struct WebSocketMachine: StateMachine, Hashable {
    /// Where the connection is.
    package enum State: Hashable, Sendable {
        /// Not started.
        case idle
        /// The handshake is in flight (`retry` 0 for the first connection).
        case connecting(retry: Int)
        /// Open; `awaitingPong` is the number of the ping whose pong is due, if any.
        case open(awaitingPong: Int?)
        /// Waiting `delay` before reconnection number `retry`.
        case waiting(retry: Int, delay: Duration)
        /// Ended for good.
        case closed(WebSocketEnd)
    }

    /// What happened.
    package enum Event: Hashable, Sendable {
        /// Start connecting.
        case start
        /// The handshake succeeded.
        case opened
        /// A message arrived.
        case received
        /// The ping timer numbered `ping` fired.
        case pingDue(Int)
        /// The pong of ping `ping` arrived.
        case pong(Int)
        /// The pong deadline of ping `ping` passed; `random` (0…1) picks the backoff's jitter.
        case pongDeadline(Int, random: Double)
        /// The server closed with `code`; `random` (0…1) picks the backoff's jitter when the
        /// code is a drop.
        case serverClosed(WebSocketCloseCode, reason: String, random: Double)
        /// The handshake or the connection failed (no close frame); `random` (0…1) picks the
        /// backoff's jitter.
        case failed(random: Double)
        /// The handshake failed in a way no reconnection can mend (the request cannot be
        /// built, a redirect was refused): `reason` says why.
        case refused(reason: String)
        /// The reconnection wait is over.
        case timerFired
        /// The app closes the connection with `code`.
        case close(WebSocketCloseCode)
        /// The caller stopped listening.
        case cancel
    }

    /// What the driver must do.
    package enum Effect: Hashable, Sendable {
        /// Open a connection (same request, same interceptors).
        case connect
        /// Send `pingDue(ping)` after `delay`.
        case schedulePing(ping: Int, after: Duration)
        /// Send ping number `ping` and `pongDeadline(ping)` after `timeout` unless its pong
        /// came first.
        case sendPing(ping: Int, timeout: Duration)
        /// Close the connection with `code` (a drop closes with 1006's local equivalent:
        /// cancel the task).
        case disconnect(WebSocketCloseCode)
        /// Start a timer of `delay`; send `timerFired` when it ends.
        case wait(Duration)
        /// Finish the sequence of messages with `end`.
        case finish(WebSocketEnd)
    }

    /// Where the connection is.
    package private(set) var state: State = .idle
    /// The time between a pong (or the opening) and the next ping.
    package let pingInterval: Duration
    /// How long a pong may take.
    package let pongTimeout: Duration
    /// The reconnection schedule and budget.
    package let backoff: RetryBackoff

    private var dropsInARow = 0
    private var lastPing = 0

    /// A machine that has not started.
    package init(
        pingInterval: Duration = .seconds(30), pongTimeout: Duration = .seconds(10),
        backoff: RetryBackoff = RetryBackoff(
            maximumRetries: 5, baseDelay: .seconds(1), maximumDelay: .seconds(30))
    ) {
        self.pingInterval = pingInterval
        self.pongTimeout = pongTimeout
        self.backoff = backoff
    }

    /// Applies `event`.
    package mutating func send(_ event: Event) -> StateTransition<Effect> {
        switch (state, event) {
        case (.idle, .start):
            state = .connecting(retry: 0)
            return .accepted([.connect])
        case (.connecting, .opened):
            state = .open(awaitingPong: nil)
            return .accepted([nextPing()])
        case (.open, .received):
            dropsInARow = 0
            return .accepted()
        case (.open(awaitingPong: .none), .pingDue(let ping)) where ping == lastPing:
            state = .open(awaitingPong: ping)
            return .accepted([.sendPing(ping: ping, timeout: pongTimeout)])
        case (.open(let awaiting?), .pong(let ping)) where ping == awaiting:
            dropsInARow = 0
            state = .open(awaitingPong: nil)
            return .accepted([nextPing()])
        case (.open(let awaiting?), .pongDeadline(let ping, let random)) where ping == awaiting:
            return drop(random: random, closing: .goingAway)
        case (.connecting, .failed(let random)), (.open, .failed(let random)):
            return drop(random: random, closing: nil)
        case (.connecting, .serverClosed(let code, let reason, let random)),
            (.open, .serverClosed(let code, let reason, let random)):
            guard code.isTransient else {
                state = .closed(.closedByServer(code, reason: reason))
                return .accepted([.finish(.closedByServer(code, reason: reason))])
            }
            return drop(random: random, closing: nil)
        case (.connecting, .refused(let reason)):
            // Futile to retry: the budget is not spent on a request that fails the same way.
            state = .closed(.requestRefused(reason: reason))
            return .accepted([.finish(.requestRefused(reason: reason))])
        case (.waiting(let retry, _), .timerFired):
            state = .connecting(retry: retry)
            return .accepted([.connect])
        case (.connecting, .close(let code)), (.open, .close(let code)):
            state = .closed(.closedByClient(code))
            // A code no endpoint may send (1005, 1006, 1015, outside 1000–4999) would put an
            // invalid close frame on the wire, which the server answers as a protocol error:
            // the frame says a normal close instead.
            let frame = code.isSendable ? code : .normalClosure
            return .accepted([.disconnect(frame), .finish(.closedByClient(code))])
        case (.idle, .close(let code)), (.waiting, .close(let code)):
            state = .closed(.closedByClient(code))
            return .accepted([.finish(.closedByClient(code))])
        case (.connecting, .cancel), (.open, .cancel):
            state = .closed(.cancelled)
            return .accepted([.disconnect(.goingAway), .finish(.cancelled)])
        case (.idle, .cancel), (.waiting, .cancel):
            state = .closed(.cancelled)
            return .accepted([.finish(.cancelled)])
        default:
            return .rejected
        }
    }

    private mutating func nextPing() -> Effect {
        lastPing += 1
        return .schedulePing(ping: lastPing, after: pingInterval)
    }

    /// A drop: reconnect after the backoff's wait, or end when the budget is spent. `closing`
    /// is the code to close a still-open connection with (a missed pong).
    private mutating func drop(random: Double, closing: WebSocketCloseCode?) -> StateTransition<Effect> {
        lastPing += 1  // stale ping timers of this connection are rejected from now on
        dropsInARow += 1
        let disconnect = closing.map { [Effect.disconnect($0)] } ?? []
        guard backoff.allowsRetry(dropsInARow) else {
            let end = WebSocketEnd.reconnectBudgetExhausted(attempts: dropsInARow)
            state = .closed(end)
            return .accepted(disconnect + [.finish(end)])
        }
        let delay = backoff.delay(beforeRetry: dropsInARow, random: random)
        state = .waiting(retry: dropsInARow, delay: delay)
        return .accepted(disconnect + [.wait(delay)])
    }
}
