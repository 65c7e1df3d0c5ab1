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
        onBackPressure: (@Sendable () -> Void)? = nil,
        connect: @escaping @Sendable (_ lastEventID: String?) async throws -> EventSourceResponse
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let runner = Locked<Task<Void, Never>?>(nil)
        // A few events wait unread at most: while the consumer is behind, the body is not read
        // further (the transport's own bound then holds the server back).
        let continuation = BoundedHandOver<ServerSentEvent>(
            capacity: bufferedEvents, concurrentConsumer: EventStreamEnd.concurrentConsumer,
            onConsumerCancel: { runner.current?.cancel() }, onProducerWait: onBackPressure)
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
        runner.set(task)
        // Dropping the sequence (and every iterator of it) stops the connection, as before.
        let lifetime = CancelOnDeinit(task)
        return AsyncThrowingStream {
            withExtendedLifetime(lifetime) {}
            return try await continuation.next()
        }
    }

    /// How many parsed events wait unread before the runner stops reading the body.
    package static let bufferedEvents = 8

    /// Cancels its task when released: the sequence's last reference gone.
    private final class CancelOnDeinit: Sendable {
        let task: Task<Void, Never>
        init(_ task: Task<Void, Never>) { self.task = task }
        deinit { task.cancel() }
    }

    /// Why reconnecting after `error` would be futile, or `nil` when it may be transient (a
    /// network error, a timeout, an interceptor's own error): a request that cannot be built, a
    /// refused redirect and one `.cacheOnly` keeps from the network fail the same way every time.
    static func futility(of error: any Error) -> String? {
        switch error as? APIError {
        case .invalidRequest?, .redirectRefused?, .notCached?: return "\(error)"
        default: return nil
        }
    }

    /// One connection: the request, the head's check, the body's events until it ends.
    private static func run(
        connect: () async throws -> EventSourceResponse, machine: inout EventSourceMachine,
        parser: inout ServerSentEventParser, random: @Sendable () -> Double,
        continuation: BoundedHandOver<ServerSentEvent>
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
                // Each event waits for room: a consumer that is behind stops the reading.
                for event in events {
                    guard await continuation.push(event) else { return machine.send(.cancel).effects }
                }
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
