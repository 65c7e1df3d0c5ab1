import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Server-Sent Events reconnection decisions")
struct EventSourceMachineTests {
    static let fixed = RetryBackoff(maximumRetries: 2, baseDelay: .seconds(1), multiplier: 2, jitter: 0)

    @Test("204, a non-200 status and a wrong content type end the stream without reconnecting")
    func refusals() {
        #expect(EventSourceMachine.refusal(status: 204, contentType: nil) == .noContent)
        #expect(EventSourceMachine.refusal(status: 500, contentType: "text/event-stream") == .status(500))
        #expect(
            EventSourceMachine.refusal(status: 200, contentType: "text/plain")
                == .unexpectedContentType("text/plain"))
        #expect(EventSourceMachine.refusal(status: 200, contentType: nil) == .unexpectedContentType(nil))
        #expect(
            EventSourceMachine.refusal(status: 200, contentType: "Text/Event-Stream; charset=utf-8") == nil)

        var machine = EventSourceMachine(backoff: Self.fixed)
        #expect(machine.send(.start).effects == [.connect(lastEventID: nil)])
        let transition = machine.send(.responded(status: 503, contentType: "text/event-stream"))
        #expect(transition.effects == [.disconnect, .finish(.status(503))])
        #expect(machine.state == .closed(.status(503)))
        #expect(!machine.accepts(.dropped(random: 1)))
    }

    @Test("A drop waits the backoff, or the server's retry when longer, then reconnects with Last-Event-ID")
    func reconnects() {
        var machine = EventSourceMachine(backoff: Self.fixed)
        _ = machine.send(.start)
        _ = machine.send(.responded(status: 200, contentType: "text/event-stream"))
        _ = machine.send(.delivered(lastEventID: "7"))
        #expect(machine.send(.dropped(random: 0.5)).effects == [.wait(.seconds(1))])
        #expect(machine.state == .waiting(retry: 1, delay: .seconds(1)))
        #expect(!machine.accepts(.responded(status: 200, contentType: "text/event-stream")))
        #expect(machine.send(.timerFired).effects == [.connect(lastEventID: "7")])

        _ = machine.send(.responded(status: 200, contentType: "text/event-stream"))
        _ = machine.send(.reconnectionTime(.seconds(5)))
        // The second drop in a row: the backoff says 2 s, the server's 5 s wins.
        #expect(machine.send(.dropped(random: 0)).effects == [.wait(.seconds(5))])
        // A server asking for hours is capped.
        var capped = EventSourceMachine(backoff: Self.fixed, maximumServerDelay: .seconds(60))
        _ = capped.send(.start)
        _ = capped.send(.reconnectionTime(.milliseconds(Int64.max)))
        #expect(capped.send(.dropped(random: 0)).effects == [.wait(.seconds(60))])
    }

    @Test("Drops in a row past the budget end the stream; a delivered event resets the count")
    func budget() {
        var machine = EventSourceMachine(backoff: Self.fixed)
        _ = machine.send(.start)
        #expect(machine.send(.dropped(random: 1)).effects == [.wait(.seconds(1))])
        _ = machine.send(.timerFired)
        _ = machine.send(.responded(status: 200, contentType: "text/event-stream"))
        _ = machine.send(.delivered(lastEventID: ""))
        // Reset: this drop is the first again.
        #expect(machine.send(.dropped(random: 1)).effects == [.wait(.seconds(1))])
        _ = machine.send(.timerFired)
        #expect(machine.send(.dropped(random: 1)).effects == [.wait(.seconds(2))])
        _ = machine.send(.timerFired)
        #expect(
            machine.send(.dropped(random: 1)).effects == [.finish(.reconnectBudgetExhausted(attempts: 3))])
        #expect(machine.state == .closed(.reconnectBudgetExhausted(attempts: 3)))
    }

    @Test("Cancel ends from any live state; an invalid stream ends without reconnecting")
    func cancelAndInvalid() {
        var waiting = EventSourceMachine(backoff: Self.fixed)
        _ = waiting.send(.start)
        _ = waiting.send(.dropped(random: 1))
        #expect(waiting.send(.cancel).effects == [.finish(.cancelled)])
        #expect(!waiting.accepts(.timerFired))

        var open = EventSourceMachine(backoff: Self.fixed)
        _ = open.send(.start)
        _ = open.send(.responded(status: 200, contentType: "text/event-stream"))
        let error = ServerSentEventError.lineTooLong(line: 3, limit: 8)
        #expect(open.send(.invalid(error)).effects == [.disconnect, .finish(.invalidStream(error))])

        // A futile request ends a connection attempt (there is nothing to disconnect), and only that.
        var connecting = EventSourceMachine(backoff: Self.fixed)
        _ = connecting.send(.start)
        #expect(connecting.send(.refused(reason: "r")).effects == [.finish(.requestRefused(reason: "r"))])
        var waiting2 = EventSourceMachine(backoff: Self.fixed)
        _ = waiting2.send(.start)
        _ = waiting2.send(.dropped(random: 1))
        #expect(!waiting2.accepts(.refused(reason: "r")))
    }
}

@Suite("Server-Sent Events over a scripted connection and a test clock")
struct EventSourceRunnerTests {
    /// Scripted connections: each call takes the next response (or error) and records the
    /// `Last-Event-ID` it was given.
    final class Script: Sendable {
        let responses: Locked<[Result<EventSourceResponse, URLError>]>
        let lastEventIDs = Locked<[String?]>([])
        let signal = TestSignal()

        init(_ responses: [Result<EventSourceResponse, URLError>]) {
            self.responses = Locked(responses)
        }

        func connect(_ lastEventID: String?) async throws -> EventSourceResponse {
            lastEventIDs.withLock { $0.append(lastEventID) }
            defer { signal.signal() }
            let next = responses.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            guard let next else { throw URLError(.cannotConnectToHost) }
            return try next.get()
        }
    }

    static func stream(_ chunks: [String], status: Int = 200, type: String? = "text/event-stream")
        -> Result<EventSourceResponse, URLError>
    {
        let body = AsyncThrowingStream<Data, any Error> { continuation in
            for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
            continuation.finish()
        }
        return .success(EventSourceResponse(status: status, contentType: type, body: body))
    }

    @Test("A dropped stream resumes after the server's retry with Last-Event-ID; 204 ends it")
    func resumesAfterDrop() async throws {
        let clock = TestClock()
        let script = Script([
            Self.stream(["retry: 5000\nid: 1\nda", "ta: a\n\ndata: lost"]),
            Self.stream(["data: b\n\n"]),
            Self.stream([], status: 204),
        ])
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(backoff: EventSourceMachineTests.fixed), clock: clock, random: { 1 },
            connect: script.connect)
        let collector = Task {
            var received: [ServerSentEvent] = []
            for try await event in events { received.append(event) }
            return received
        }
        #expect(await clock.waitForSleepers(1))
        #expect(script.lastEventIDs.withLock { $0 } == [nil])
        await clock.advance(by: .milliseconds(4999))
        #expect(script.lastEventIDs.withLock { $0 } == [nil])
        await clock.advance(by: .milliseconds(1))
        // Second connection: resumed from ID 1; it drops again after one event (count reset:
        // the wait is the server's 5 s again, not a longer backoff).
        #expect(await clock.waitForSleepers(1))
        #expect(script.lastEventIDs.withLock { $0 } == [nil, "1"])
        await clock.advance(by: .seconds(5))
        let received = try await collector.value
        #expect(
            received == [
                ServerSentEvent(data: "a", lastEventID: "1"), ServerSentEvent(data: "b", lastEventID: "1"),
            ])
        #expect(script.lastEventIDs.withLock { $0 } == [nil, "1", "1"])
    }

    @Test("Failures past the budget throw reconnectBudgetExhausted after the backoff's waits")
    func budgetExhausted() async throws {
        let clock = TestClock()
        let script = Script([])
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(backoff: EventSourceMachineTests.fixed), clock: clock, random: { 1 },
            connect: script.connect)
        let collector = Task {
            for try await _ in events {}
        }
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(1))
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(2))
        await #expect(throws: EventStreamEnd.reconnectBudgetExhausted(attempts: 3)) {
            try await collector.value
        }
        #expect(script.lastEventIDs.withLock { $0.count } == 3)
    }

    @Test("A wrong content type throws its typed end; an oversized line throws invalidStream")
    func typedEnds() async throws {
        let wrong = EventSourceRunner.events(
            clock: TestClock(), connect: Script([Self.stream([], type: "application/json")]).connect)
        await #expect(throws: EventStreamEnd.unexpectedContentType("application/json")) {
            for try await _ in wrong {}
        }
        let oversized = EventSourceRunner.events(
            maximumLineBytes: 8, clock: TestClock(),
            connect: Script([Self.stream(["data: 1\n\ndata: 123456789\n\n"])]).connect)
        var received: [String] = []
        await #expect(throws: EventStreamEnd.invalidStream(.lineTooLong(line: 3, limit: 8))) {
            for try await event in oversized { received.append(event.data) }
        }
        #expect(received == ["1"])
    }

    @Test("Cancelling the consumer during a wait ends the sequence without another connection")
    func cancelDuringWait() async throws {
        let clock = TestClock()
        let script = Script([])
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(backoff: EventSourceMachineTests.fixed), clock: clock, random: { 1 },
            connect: script.connect)
        let collector = Task {
            for try await _ in events {}
        }
        #expect(await clock.waitForSleepers(1))
        collector.cancel()
        _ = try? await collector.value
        #expect(script.lastEventIDs.withLock { $0.count } == 1)
    }
}
