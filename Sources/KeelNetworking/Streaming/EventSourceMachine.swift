import Foundation
import KeelSupport

/// How a Server-Sent Events connection ended for good: the server's answer ruled out
/// reconnecting, the reconnect budget ran out, the stream broke a bound, or the caller cancelled.
public enum EventStreamEnd: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server answered `204 No Content`: it has nothing more to send (the spec's way to
    /// stop a client from reconnecting).
    case noContent
    /// The server answered with a status other than 200 (no reconnection, as the spec says).
    case status(Int)
    /// The server answered 200 with a content type other than `text/event-stream` (`nil`: none).
    case unexpectedContentType(String?)
    /// The connection dropped `attempts` times in a row without delivering an event in
    /// between, past the reconnect budget.
    case reconnectBudgetExhausted(attempts: Int)
    /// The stream passed the parser's bounds (a line or an event too large).
    case invalidStream(ServerSentEventError)
    /// The request cannot succeed however often it is sent: it could not be built
    /// (``APIError/invalidRequest(field:reason:)``) or a redirect was refused
    /// (``APIError/redirectRefused(from:to:reason:)``); `reason` is that error's description.
    case requestRefused(reason: String)
    /// The caller stopped listening.
    case cancelled
    /// Another task was already waiting for the next event: one task at a time iterates an
    /// event stream. Only this iteration ends; the task that was first carries on.
    case concurrentConsumer

    /// A message naming the reason.
    public var description: String {
        switch self {
        case .noContent: return "the server ended the event stream with 204 No Content"
        case .status(let code): return "the event stream answered with status \(code)"
        case .unexpectedContentType(let type):
            return
                "the event stream's content type is \(type.map { "'\($0)'" } ?? "missing"), not text/event-stream"
        case .reconnectBudgetExhausted(let attempts):
            return "the event stream dropped \(attempts) times in a row; gave up reconnecting"
        case .invalidStream(let error): return "invalid event stream: \(error)"
        case .requestRefused(let reason): return "the event stream's request cannot succeed: \(reason)"
        case .cancelled: return "the event stream was cancelled"
        case .concurrentConsumer:
            return "another task is already iterating this event stream; one task at a time may"
        }
    }
}

/// The reconnection decisions of a Server-Sent Events connection (the `EventSource`
/// processing model plus a budget): connect, validate the response head, reconnect after a
/// drop once the reconnection time has passed — sending the last event ID — and end with a
/// typed ``EventStreamEnd``.
///
/// The wait before reconnection `n` (1-based, counted since the last delivered event) is the
/// larger of the server's `retry:` (capped at `maximumServerDelay`) and the backoff's delay
/// for retry `n`; after `backoff.maximumRetries` drops in a row the stream ends. An event
/// delivered on an open connection resets the count. The driver performs the effects (a
/// request, a timer on its injected clock) and sends back what happened.
package struct EventSourceMachine: StateMachine, Hashable {
    /// Where the connection is.
    package enum State: Hashable, Sendable {
        /// Not started.
        case idle
        /// A request is in flight (`retry` 0 for the first connection).
        case connecting(retry: Int)
        /// The stream is being read.
        case open
        /// Waiting `delay` before reconnection number `retry`.
        case waiting(retry: Int, delay: Duration)
        /// Ended for good.
        case closed(EventStreamEnd)
    }

    /// What happened.
    package enum Event: Hashable, Sendable {
        /// Start listening.
        case start
        /// The response head arrived.
        case responded(status: Int, contentType: String?)
        /// An event was delivered; `lastEventID` is the parser's after it.
        case delivered(lastEventID: String)
        /// The stream's `retry:` field set a reconnection time.
        case reconnectionTime(Duration)
        /// The request failed or the stream ended (by the server or the network); `random`
        /// (0…1) picks the backoff's jitter.
        case dropped(random: Double)
        /// The stream broke the parser's bounds.
        case invalid(ServerSentEventError)
        /// The request failed in a way no reconnection changes (the spec's "known to be
        /// futile"): the stream ends with ``EventStreamEnd/requestRefused(reason:)``.
        case refused(reason: String)
        /// The reconnection wait is over.
        case timerFired
        /// The caller stopped listening.
        case cancel
    }

    /// What the driver must do.
    package enum Effect: Hashable, Sendable {
        /// Send the request, with `Last-Event-ID: lastEventID` when it is not `nil`.
        case connect(lastEventID: String?)
        /// Start a timer of `delay`; send `timerFired` when it ends.
        case wait(Duration)
        /// Close the connection in flight.
        case disconnect
        /// Finish the sequence of events with `end`.
        case finish(EventStreamEnd)
    }

    /// Where the connection is.
    package private(set) var state: State = .idle
    /// The ID to send as `Last-Event-ID` (empty: none yet).
    package private(set) var lastEventID: String
    /// The server's reconnection time, once it sent one.
    package private(set) var reconnectionTime: Duration?
    /// The reconnection schedule and budget.
    package let backoff: RetryBackoff
    /// The longest `retry:` of the server honoured.
    package let maximumServerDelay: Duration

    /// A machine that has not started. `lastEventID` resumes an earlier stream.
    package init(
        backoff: RetryBackoff = RetryBackoff(
            maximumRetries: 5, baseDelay: .seconds(1), maximumDelay: .seconds(30)),
        maximumServerDelay: Duration = .seconds(300),
        lastEventID: String = ""
    ) {
        self.backoff = backoff
        self.maximumServerDelay = maximumServerDelay
        self.lastEventID = lastEventID
    }

    /// Applies `event`.
    package mutating func send(_ event: Event) -> StateTransition<Effect> {
        switch (state, event) {
        case (.idle, .start):
            state = .connecting(retry: 0)
            return .accepted([connect])
        case (.connecting, .responded(let status, let contentType)):
            if let refusal = Self.refusal(status: status, contentType: contentType) {
                return end(with: refusal, disconnecting: true)
            }
            state = .open
            return .accepted()
        case (.open, .delivered(let id)):
            lastEventID = id
            dropsInARow = 0
            return .accepted()
        case (.connecting, .reconnectionTime(let delay)), (.open, .reconnectionTime(let delay)),
            (.waiting, .reconnectionTime(let delay)):
            reconnectionTime = min(max(delay, .zero), maximumServerDelay)
            return .accepted()
        case (.connecting, .dropped(let random)), (.open, .dropped(let random)):
            return scheduleReconnection(random: random)
        case (.connecting, .invalid(let error)), (.open, .invalid(let error)):
            return end(with: .invalidStream(error), disconnecting: true)
        case (.connecting, .refused(let reason)):
            return end(with: .requestRefused(reason: reason), disconnecting: false)
        case (.waiting(let retry, _), .timerFired):
            state = .connecting(retry: retry)
            return .accepted([connect])
        case (.connecting, .cancel), (.open, .cancel):
            return end(with: .cancelled, disconnecting: true)
        case (.idle, .cancel), (.waiting, .cancel):
            return end(with: .cancelled, disconnecting: false)
        default:
            return .rejected
        }
    }

    /// The drops since the last delivered event.
    private var dropsInARow = 0

    private var connect: Effect {
        .connect(lastEventID: lastEventID.isEmpty ? nil : lastEventID)
    }

    private mutating func scheduleReconnection(random: Double) -> StateTransition<Effect> {
        dropsInARow += 1
        let retry = dropsInARow
        guard backoff.allowsRetry(retry) else {
            return end(with: .reconnectBudgetExhausted(attempts: retry), disconnecting: false)
        }
        let delay = max(reconnectionTime ?? .zero, backoff.delay(beforeRetry: retry, random: random))
        state = .waiting(retry: retry, delay: delay)
        return .accepted([.wait(delay)])
    }

    private mutating func end(with end: EventStreamEnd, disconnecting: Bool) -> StateTransition<Effect> {
        state = .closed(end)
        return .accepted(disconnecting ? [.disconnect, .finish(end)] : [.finish(end)])
    }

    /// Why a response head ends the stream, or `nil` when it opens it: 204, a status other than
    /// 200, or a content type other than `text/event-stream` (parameters allowed).
    package static func refusal(status: Int, contentType: String?) -> EventStreamEnd? {
        if status == 204 { return .noContent }
        if status != 200 { return .status(status) }
        let mediaType = contentType?.split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        return mediaType == "text/event-stream" ? nil : .unexpectedContentType(contentType)
    }
}
