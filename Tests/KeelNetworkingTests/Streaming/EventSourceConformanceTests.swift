import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `EventSource` processing model of WHATWG HTML §9.2.3 ("announce the connection",
/// "reestablish the connection", "fail the connection") over scripted connections and a test
/// clock, with the cases of the web-platform-tests `request-status-error`,
/// `format-mime-valid-bogus`, `format-utf-8`, `eventsource-reconnect` and
/// `format-data-before-final-empty-line` tests (derived, not copied).
@Suite("Server-Sent Events connection conformance (WHATWG §9.2.3, web-platform-tests)")
struct EventSourceConformanceTests {
    typealias Script = EventSourceRunnerTests.Script

    static let backoff = RetryBackoff(maximumRetries: 3, baseDelay: .seconds(1), multiplier: 2, jitter: 0)

    /// A response whose body sends `chunks` and then ends, or fails with `failure`.
    static func response(
        _ chunks: [String], status: Int = 200, type: String? = "text/event-stream", failure: URLError? = nil
    ) -> Result<EventSourceResponse, URLError> {
        let body = AsyncThrowingStream<Data, any Error> { continuation in
            for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
            continuation.finish(throwing: failure)
        }
        return .success(EventSourceResponse(status: status, contentType: type, body: body))
    }

    /// Every event until the sequence ends, and how it ended.
    static func drain(_ events: AsyncThrowingStream<ServerSentEvent, any Error>) async -> (
        [ServerSentEvent], (any Error)?
    ) {
        var received: [ServerSentEvent] = []
        do {
            for try await event in events { received.append(event) }
            return (received, nil)
        } catch {
            return (received, error)
        }
    }

    @Test(
        "A status other than 200 fails the connection: no event, no reconnection, a typed end (204 finishes)",
        arguments: [204, 201, 205, 210, 299, 301, 304, 400, 401, 404, 410, 500, 502, 503])
    func statusFails(_ status: Int) async throws {
        let script = Script([Self.response(["retry: 1\ndata: never\n\n"], status: status)])
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(backoff: Self.backoff), clock: TestClock(), connect: script.connect)
        let (received, error) = await Self.drain(events)
        #expect(received.isEmpty)
        if status == 204 {
            #expect(error == nil)
        } else {
            #expect(error as? EventStreamEnd == .status(status))
        }
        #expect(script.lastEventIDs.current.count == 1)
    }

    @Test(
        "A 200 without the text/event-stream type fails the connection without reconnecting",
        arguments: [
            "text/x-bogus", "text/plain", "text/event-stream-x", "text/eventstream", "application/json",
            "text/html; text/event-stream", "", "text", "event-stream", nil,
        ] as [String?])
    func contentTypeFails(_ type: String?) async throws {
        let script = Script([Self.response(["data: never\n\n"], type: type)])
        let (received, error) = await Self.drain(
            EventSourceRunner.events(clock: TestClock(), connect: script.connect))
        #expect(received.isEmpty)
        #expect(error as? EventStreamEnd == .unexpectedContentType(type))
        #expect(script.lastEventIDs.current.count == 1)
    }

    @Test(
        "text/event-stream in any case, with parameters (a charset is ignored: always UTF-8), announces it",
        arguments: [
            "text/event-stream", "TEXT/EVENT-STREAM", "Text/Event-Stream", "text/event-stream;charset=utf-8",
            "text/event-stream ; charset=windows-1252", " text/event-stream", "text/event-stream;",
        ])
    func contentTypeAccepted(_ type: String) async throws {
        let script = Script([
            Self.response(["data: ok", "\u{2026}\n\n"], type: type), Self.response([], status: 204),
        ])
        let clock = TestClock()
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(backoff: Self.backoff), clock: clock, random: { 0 },
            connect: script.connect)
        let collector = Task { await Self.drain(events) }
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(1))
        let (received, error) = await collector.value
        #expect(received == [ServerSentEvent(data: "ok\u{2026}")])
        #expect(error == nil)
    }

    @Test(
        "A network error mid-stream and a failed connection reconnect after retry with Last-Event-ID; an id reset to empty sends none"
    )
    func reconnection() async throws {
        let clock = TestClock()
        let script = Script([
            // An event, then the connection breaks inside the next one: it is discarded, and so
            // is its id (never dispatched).
            Self.response(
                ["retry: 3000\nid: 5\ndata: a\n\n", "id: 6\ndata: lost"],
                failure: URLError(.networkConnectionLost)),
            .failure(URLError(.cannotConnectToHost)),
            // The server resets the id, then closes cleanly after the 200.
            Self.response(["id\ndata: b\n\n"]),
            Self.response([], status: 204),
        ])
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(backoff: Self.backoff), clock: clock, random: { 1 },
            connect: script.connect)
        let collector = Task { await Self.drain(events) }

        // After the break: the server's 3 s (longer than the backoff's 1 s).
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(2999))
        #expect(script.lastEventIDs.current == [nil])
        await clock.advance(by: .milliseconds(1))
        // The failed connection: the second drop in a row, max(3 s, 2 s).
        #expect(await clock.waitForSleepers(1))
        #expect(script.lastEventIDs.current == [nil, "5"])
        #expect(clock.nextDeadline == clock.now.advanced(by: .seconds(3)))
        await clock.advance(by: .seconds(3))
        // The clean close: an event came, so the first drop again, max(3 s, 1 s).
        #expect(await clock.waitForSleepers(1))
        #expect(script.lastEventIDs.current == [nil, "5", "5"])
        await clock.advance(by: .seconds(3))

        let (received, error) = await collector.value
        #expect(error == nil)
        #expect(received == [ServerSentEvent(data: "a", lastEventID: "5"), ServerSentEvent(data: "b")])
        #expect(script.lastEventIDs.current == [nil, "5", "5", nil])
    }

    @Test("A stream that ends in an unfinished event reconnects without taking that event's id")
    func unfinishedEventAtEndOfStream() async throws {
        let clock = TestClock()
        let script = Script([
            Self.response(["retry:1000\ndata:test1\n\nid:test\ndata:test2"]),
            Self.response(["data:test1\n\n"]),
            Self.response([], status: 204),
        ])
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(backoff: Self.backoff), clock: clock, random: { 0 },
            connect: script.connect)
        let collector = Task { await Self.drain(events) }
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(1))
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(1))
        let (received, _) = await collector.value
        #expect(received == [ServerSentEvent(data: "test1"), ServerSentEvent(data: "test1")])
        #expect(script.lastEventIDs.current == [nil, nil, nil])
    }

    @Test("A refused status after reconnecting fails the connection: the events before it stay delivered")
    func statusAfterReconnection() async throws {
        let clock = TestClock()
        let script = Script([
            Self.response(["retry: 2\ndata: ok\n\n"]),
            Self.response([], status: 500),
        ])
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(backoff: Self.backoff), clock: clock, random: { 0 },
            connect: script.connect)
        let collector = Task { await Self.drain(events) }
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(1))
        let (received, error) = await collector.value
        #expect(received == [ServerSentEvent(data: "ok")])
        #expect(error as? EventStreamEnd == .status(500))
        #expect(script.lastEventIDs.current.count == 2)
    }

    /// Connections that throw `error` every time.
    final class Failing: Sendable {
        let error: any Error & Sendable
        let calls = Locked(0)

        init(_ error: any Error & Sendable) { self.error = error }

        func connect(_: String?) async throws -> EventSourceResponse {
            calls.withLock { $0 += 1 }
            throw error
        }
    }

    @Test("A refused redirect or an invalid request ends the stream at once: reconnecting is futile")
    func futileRequest() async throws {
        let redirect = APIError.redirectRefused(
            from: URL(string: "https://api.example.com/s")!, to: URL(string: "http://api.example.com/s")!,
            reason: "downgrade")
        for error in [redirect, APIError.invalidRequest(field: "headers[Last-Event-ID]", reason: "bad")] {
            let failing = Failing(error)
            let (received, end) = await Self.drain(
                EventSourceRunner.events(
                    machine: EventSourceMachine(backoff: Self.backoff), clock: TestClock(),
                    connect: failing.connect))
            #expect(received.isEmpty)
            #expect(end as? EventStreamEnd == .requestRefused(reason: "\(error)"))
            #expect(failing.calls.current == 1)
        }
        // A transport error is not: it reconnects until the budget is spent.
        let clock = TestClock()
        let transient = Failing(APIError.transport(URLError(.networkConnectionLost)))
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(backoff: Self.backoff), clock: clock, random: { 0 },
            connect: transient.connect)
        let collector = Task { await Self.drain(events) }
        for delay in [1, 2, 4] {
            #expect(await clock.waitForSleepers(1))
            await clock.advance(by: .seconds(delay))
        }
        let (_, end) = await collector.value
        #expect(end as? EventStreamEnd == .reconnectBudgetExhausted(attempts: 4))
        #expect(transient.calls.current == 4)
        #expect(EventStreamEnd.requestRefused(reason: "x").description.contains("cannot succeed"))
    }

    @Test("Cancelling while a stream is open ends the body's transfer and never reconnects")
    func cancelWhileOpen() async throws {
        let terminated = TestSignal()
        let wasTerminated = Locked(false)
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.onTermination = { _ in
            wasTerminated.withLock { $0 = true }
            terminated.signal()
        }
        continuation.yield(Data("data: first\n\n".utf8))
        let script = Script([
            .success(EventSourceResponse(status: 200, contentType: "text/event-stream", body: body))
        ])
        let events = EventSourceRunner.events(clock: TestClock(), connect: script.connect)
        let first = TestSignal()
        let received = Locked(0)
        let collector = Task {
            for try await _ in events {
                received.withLock { $0 += 1 }
                first.signal()
            }
        }
        #expect(await first.wait { received.current == 1 })
        collector.cancel()
        _ = try? await collector.value
        #expect(await terminated.wait { wasTerminated.current })
        #expect(script.lastEventIDs.current.count == 1)
    }
}
