import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

/// The SSE and WebSocket runners used to hand every event to an unbounded
/// `AsyncThrowingStream` buffer: a consumer that fell behind (or had not started) let memory
/// grow with what the server sent, and the SSE runner read a whole body — and reconnected —
/// while the consumer had taken one event. Two tasks iterating one socket's messages trapped in
/// the standard library ("attempt to await next() on more than one task"), and the WebSocket
/// runner kept every finished timer task until the socket ended.
@Suite("Streaming back-pressure, one consumer at a time, and no kept timers")
struct StreamBackPressureTests {
    /// A connection with a counter of `receive` calls.
    final class CountingConnection: WebSocketConnection, Sendable {
        let inner: WebSocketRunnerTests.FakeConnection
        let receives = Locked(0)

        init(signal: TestSignal) {
            inner = WebSocketRunnerTests.FakeConnection(signal: signal)
        }

        func receive() async throws -> WebSocketMessage {
            receives.withLock { $0 += 1 }
            return try await inner.receive()
        }

        func send(_ message: WebSocketMessage) async throws { try await inner.send(message) }
        func sendPing(pong: @escaping @Sendable ((any Error)?) -> Void) { inner.sendPing(pong: pong) }
        func close(_ code: WebSocketCloseCode) { inner.close(code) }
    }

    static let machine = WebSocketMachine(
        pingInterval: .seconds(30), pongTimeout: .seconds(5), backoff: WebSocketRunnerTests.backoff)

    @Test("A WebSocket consumer that stops reading stops the runner reading the connection")
    func webSocketBackPressure() async throws {
        let signal = TestSignal()
        let waits = Locked(0)
        let connection = CountingConnection(signal: signal)
        for index in 0..<100 { connection.inner.feed.yield(.text("\(index)")) }
        let runner = WebSocketRunner(
            machine: Self.machine, clock: TestClock(), random: { 0 },
            onBackPressure: {
                waits.withLock { $0 += 1 }
                signal.signal()
            },
            connect: { connection })
        // Nobody reads yet: the runner fills its buffer, then waits.
        #expect(await signal.wait { waits.current == 1 })
        let bound = WebSocketRunner.bufferedMessages + 1
        #expect(connection.receives.current == bound)  // used to be 101: everything read

        var iterator = runner.messages.makeAsyncIterator()
        for index in 0..<3 { #expect(try await iterator.next() == .text("\(index)")) }
        #expect(await signal.wait { waits.current >= 2 && connection.receives.current == bound + 3 })
        // Waiting again, it reads no further than its buffer ahead of the consumer.
        #expect(connection.receives.current == bound + 3)
        runner.close()
        var rest: [WebSocketMessage] = []
        while let message = try await iterator.next() { rest.append(message) }
        // What was buffered, and at most the one message read and waiting for room; the
        // connection is not read again. A consumer draining before the runner's loop saw the
        // close used to let it read on (17 messages here, on a loaded machine).
        #expect(rest.count <= WebSocketRunner.bufferedMessages + 1)
        #expect(connection.receives.current == bound + 3)
    }

    @Test("An SSE consumer that takes one event and stops leaves the body unread and never reconnects")
    func eventSourceBackPressure() async throws {
        let signal = TestSignal()
        let waits = Locked(0)
        let connects = Locked(0)
        let chunk = Data("data: x\n\n".utf8)
        let buffer = BodyBuffer(backPressure: .pause(high: Int.max, low: Int.max))
        for _ in 0..<100 { buffer.push(chunk) }
        buffer.finish(nil)
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(), clock: TestClock(), random: { 0 },
            onBackPressure: {
                waits.withLock { $0 += 1 }
                signal.signal()
            },
            connect: { _ in
                connects.withLock { $0 += 1 }
                return EventSourceResponse(
                    status: 200, contentType: "text/event-stream", body: ResponseBody(buffer: buffer))
            })
        var iterator = events.makeAsyncIterator()
        #expect(try await iterator.next()?.data == "x")
        #expect(await signal.wait { waits.current >= 1 })
        // One event taken, a few buffered, one waiting: the rest of the body is still unread
        // (it used to be read to its end, and the stream reconnected).
        let read = (100 * chunk.count - buffer.bufferedInMemory) / chunk.count
        #expect(read <= EventSourceRunner.bufferedEvents + 2, "read \(read) chunks")
        #expect(connects.current == 1)
    }

    @Test("A second task iterating a socket's messages at the same time ends with a typed error, not a trap")
    func concurrentWebSocketConsumers() async throws {
        let connector = WebSocketRunnerTests.Connector()
        let runner = WebSocketRunner(
            machine: Self.machine, clock: TestClock(), random: { 0 }, connect: connector.connect)
        let ended = Locked<[(any Error)?]>([])
        let received = Locked<[WebSocketMessage]>([])
        let signal = TestSignal()
        func consumer() -> Task<Void, Never> {
            Task {
                do {
                    for try await message in runner.messages {
                        received.withLock { $0.append(message) }
                        signal.signal()
                    }
                    ended.withLock { $0.append(nil) }
                } catch {
                    ended.withLock { $0.append(error) }
                }
                signal.signal()
            }
        }
        let first = consumer()
        let second = consumer()
        // Nothing has arrived: both wait on an empty buffer, and the later one is refused.
        #expect(await signal.wait { ended.current.count == 1 })
        #expect(ended.current.first.flatMap { $0 as? WebSocketEnd } == .concurrentConsumer)
        #expect(await connector.signal.wait { connector.connection(0) != nil })
        let connection = try #require(connector.connection(0))
        connection.feed.yield(.text("still here"))
        #expect(await signal.wait { received.current == [.text("still here")] })
        runner.close()
        await first.value
        await second.value
        #expect(ended.current.count == 2)
        #expect(ended.current.last.flatMap { $0 as? WebSocketEnd } == nil)
    }

    @Test("A loop that stops leaves the next messages to the next loop")
    func sequentialWebSocketConsumers() async throws {
        let connector = WebSocketRunnerTests.Connector()
        let runner = WebSocketRunner(
            machine: Self.machine, clock: TestClock(), random: { 0 }, connect: connector.connect)
        #expect(await connector.signal.wait { connector.connection(0) != nil })
        let connection = try #require(connector.connection(0))
        for text in ["a", "b", "c"] { connection.feed.yield(.text(text)) }
        for try await message in runner.messages {
            #expect(message == .text("a"))
            break
        }
        var rest: [WebSocketMessage] = []
        for try await message in runner.messages {
            rest.append(message)
            if rest.count == 2 { break }
        }
        #expect(rest == [.text("b"), .text("c")])
        runner.close()
    }

    @Test("Two tasks on one event stream: the later one gets a typed error")
    func concurrentEventConsumers() async throws {
        let gate = TestSignal()
        let events = EventSourceRunner.events(
            machine: EventSourceMachine(), clock: TestClock(), random: { 0 },
            connect: { _ in
                let (body, feed) = AsyncThrowingStream<Data, any Error>.makeStream()
                _ = feed
                gate.signal()
                return EventSourceResponse(status: 200, contentType: "text/event-stream", body: body)
            })
        let errors = Locked<[any Error]>([])
        let signal = TestSignal()
        let tasks = (0..<2).map { _ in
            Task {
                do {
                    for try await _ in events {}
                } catch {
                    errors.withLock { $0.append(error) }
                    signal.signal()
                }
            }
        }
        #expect(await signal.wait { errors.current.count == 1 })
        #expect(errors.current.first as? EventStreamEnd == .concurrentConsumer)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    @Test("A socket open for many pings keeps only its live timer tasks")
    func finishedTimersAreDropped() async throws {
        let clock = TestClock()
        let connector = WebSocketRunnerTests.Connector()
        let runner = WebSocketRunner(
            machine: Self.machine, clock: clock, random: { 0 }, connect: connector.connect)
        #expect(await connector.signal.wait { connector.connection(0) != nil })
        let connection = try #require(connector.connection(0))
        #expect(await clock.waitForSleepers(1))
        for _ in 0..<20 {
            await clock.advance(by: .seconds(30))
            #expect(await connector.signal.wait { connection.pings.withLock { $0.count } == 1 })
            connection.answerPings()
            // The next ping and the answered ping's deadline.
            #expect(await clock.waitForSleepers(2))
        }
        // 20 pings made 40 timers; only the connection and the pending timers remain (it used
        // to keep all 41 until the socket ended).
        #expect(await eventually { runner.keptTasks <= 3 })
        runner.close()
    }
}
