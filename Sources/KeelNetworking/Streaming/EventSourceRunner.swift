import Foundation
import KeelSupport

/// A streamed response as an event source reads it: the head, then the body in chunks.
package struct EventSourceResponse: Sendable {
    /// The status code.
    package var status: Int
    /// The `Content-Type` header, if any.
    package var contentType: String?
    /// The body, chunk by chunk; it ends when the server closes the stream and throws when the
    /// connection fails. Dropping it cancels the transfer.
    package var body: ResponseBody

    /// A response.
    package init(status: Int, contentType: String?, body: ResponseBody) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A response whose body is read from `body`.
    package init(status: Int, contentType: String?, body: AsyncThrowingStream<Data, any Error>) {
        self.init(status: status, contentType: contentType, body: ResponseBody(body))
    }
}

/// Runs an ``EventSourceMachine`` over a connection function and an injected clock: the
/// engine behind `client.events(for:)`. The client supplies `connect`, which sends the
/// request (adding `Last-Event-ID` when given one) through its interceptors and transport and
/// returns the streamed response.
package enum EventSourceRunner {
    /// The events of the stream `connect` opens, reconnecting as `machine` decides. The
    /// sequence finishes normally when the server answers 204 or the consumer cancels, and
    /// throws the ``EventStreamEnd`` otherwise. Cancelling the consuming task (or dropping
    /// the sequence) cancels the connection and any wait.
    package static func events(
        machine: EventSourceMachine = EventSourceMachine(),
        maximumLineBytes: Int = ServerSentEventParser.defaultMaximumLineBytes,
        maximumEventBytes: Int = ServerSentEventParser.defaultMaximumEventBytes,
        clock: any Clock<Duration> = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        connect: @escaping @Sendable (_ lastEventID: String?) async throws -> EventSourceResponse
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ServerSentEvent, any Error>.withContinuation()
        let task = Task {
            var machine = machine
            var parser = ServerSentEventParser(
                maximumLineBytes: maximumLineBytes, maximumEventBytes: maximumEventBytes,
                lastEventID: machine.lastEventID)
            var pending = machine.send(.start).effects
            while !pending.isEmpty {
                switch pending.removeFirst() {
                case .connect(let lastEventID):
                    pending += await run(
                        connect: { try await connect(lastEventID) }, machine: &machine, parser: &parser,
                        random: random, continuation: continuation)
                case .wait(let delay):
                    do {
                        try await KeelSupport.sleep(for: delay, on: clock)
                        pending += machine.send(.timerFired).effects
                    } catch {
                        pending += machine.send(.cancel).effects
                    }
                case .disconnect:
                    break  // the response's body is no longer read: its connection is released
                case .finish(let end):
                    if end == .cancelled || end == .noContent {
                        continuation.finish()
                    } else {
                        continuation.finish(throwing: end)
                    }
                }
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Why reconnecting after `error` would be futile, or `nil` when it may be transient (a
    /// network error, a timeout, an interceptor's own error): a request that cannot be built and
    /// a refused redirect fail the same way every time.
    static func futility(of error: any Error) -> String? {
        switch error as? APIError {
        case .invalidRequest?, .redirectRefused?: return "\(error)"
        default: return nil
        }
    }

    /// One connection: the request, the head's check, the body's events until it ends.
    private static func run(
        connect: () async throws -> EventSourceResponse, machine: inout EventSourceMachine,
        parser: inout ServerSentEventParser, random: @Sendable () -> Double,
        continuation: AsyncThrowingStream<ServerSentEvent, any Error>.Continuation
    ) async -> [EventSourceMachine.Effect] {
        let response: EventSourceResponse
        do {
            response = try await connect()
        } catch {
            if Task.isCancelled { return machine.send(.cancel).effects }
            if let reason = futility(of: error) { return machine.send(.refused(reason: reason)).effects }
            return machine.send(.dropped(random: random())).effects
        }
        let opened = machine.send(.responded(status: response.status, contentType: response.contentType))
        guard case .open = machine.state else { return opened.effects }
        parser.endOfStream()
        var events: [ServerSentEvent] = []
        do {
            for try await chunk in response.body {
                events.removeAll(keepingCapacity: true)
                var invalid: ServerSentEventError?
                do {
                    try parser.feed(chunk, into: &events)
                } catch let error as ServerSentEventError {
                    invalid = error
                }
                if let time = parser.reconnectionTime, time != machine.reconnectionTime {
                    _ = machine.send(.reconnectionTime(time))
                }
                for event in events { continuation.yield(event) }
                if !events.isEmpty || parser.lastEventID != machine.lastEventID {
                    _ = machine.send(.delivered(lastEventID: parser.lastEventID))
                }
                if let invalid { return machine.send(.invalid(invalid)).effects }
            }
        } catch {
            // A failed connection: a drop like the server's close, unless the consumer left.
        }
        return machine.send(Task.isCancelled ? .cancel : .dropped(random: random())).effects
    }
}
