import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

@Suite("WebSocket keep-alive and reconnection over a scripted connection and a test clock")
struct WebSocketRunnerTests {
    /// A connection whose incoming messages, pongs and end the test controls.
    /// `@unchecked Sendable`: `iterator` is used only by the runner's receive loop, one call at
    /// a time; everything else is a `Locked` or a continuation.
    final class FakeConnection: WebSocketConnection, @unchecked Sendable {
        private var iterator: AsyncThrowingStream<WebSocketMessage, any Error>.Iterator
        let feed: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
        let pings = Locked<[@Sendable ((any Error)?) -> Void]>([])
        let closedWith = Locked<WebSocketCloseCode?>(nil)
        let sent = Locked<[WebSocketMessage]>([])
        let signal: TestSignal

        init(signal: TestSignal) {
            let (incoming, feed) = AsyncThrowingStream<WebSocketMessage, any Error>.makeStream()
            self.feed = feed
            iterator = incoming.makeAsyncIterator()
            self.signal = signal
        }

        func receive() async throws -> WebSocketMessage {
            guard let message = try await iterator.next() else { throw URLError(.networkConnectionLost) }
            return message
        }

        func send(_ message: WebSocketMessage) async throws {
            sent.withLock { $0.append(message) }
        }

        func sendPing(pong: @escaping @Sendable ((any Error)?) -> Void) {
            pings.withLock { $0.append(pong) }
            signal.signal()
        }

        func close(_ code: WebSocketCloseCode) {
            closedWith.withLock { $0 = code }
            feed.finish(throwing: CancellationError())
            signal.signal()
        }

        func answerPings() {
            for pong in pings.withLock({ pings in
                defer { pings = [] }
                return pings
            }) { pong(nil) }
        }
    }

    /// Hands out connections and counts them.
    final class Connector: Sendable {
        let signal = TestSignal()
        let connections = Locked<[FakeConnection]>([])

        func connect() async throws -> any WebSocketConnection {
            let connection = FakeConnection(signal: signal)
            connections.withLock { $0.append(connection) }
            signal.signal()
            return connection
        }

        func connection(_ index: Int) -> FakeConnection? {
            connections.withLock { $0.count > index ? $0[index] : nil }
        }
    }

    static let backoff = RetryBackoff(maximumRetries: 3, baseDelay: .seconds(1), multiplier: 2, jitter: 0)

    @Test("Messages flow; a missed pong drops the connection and a new one opens after the backoff")
    func missedPongReconnects() async throws {
        let clock = TestClock()
        let connector = Connector()
        let runner = WebSocketRunner(
            machine: WebSocketMachine(
                pingInterval: .seconds(30), pongTimeout: .seconds(5), backoff: Self.backoff),
            clock: clock, random: { 0 }, connect: connector.connect)
        let seen = Locked<[WebSocketMessage]>([])
        let collector = Task {
            var received: [WebSocketMessage] = []
            for try await message in runner.messages {
                received.append(message)
                seen.set(received)
                connector.signal.signal()
            }
            return received
        }
        #expect(await connector.signal.wait { connector.connection(0) != nil })
        let first = try #require(connector.connection(0))
        first.feed.yield(.text("hello"))
        // Open once the first ping is scheduled.
        #expect(await clock.waitForSleepers(1))
        try await runner.send(.data(Data([1, 2])))
        #expect(first.sent.withLock { $0 } == [.data(Data([1, 2]))])

        // The first ping, answered: the next one is scheduled.
        await clock.advance(by: .seconds(30))
        #expect(await connector.signal.wait { first.pings.withLock { $0.count } == 1 })
        first.answerPings()
        #expect(await clock.waitForSleepers(2))  // the next ping, and the answered ping's stale deadline
        await clock.advance(by: .seconds(30))
        #expect(await connector.signal.wait { first.pings.withLock { $0.count } == 1 })
        // This pong never comes: 5 s later the connection is closed, and 1 s after a new one opens.
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(5))
        #expect(await connector.signal.wait { first.closedWith.withLock { $0 } == .goingAway })
        #expect(connector.connection(1) == nil)
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(1))
        #expect(await connector.signal.wait { connector.connection(1) != nil })
        let second = try #require(connector.connection(1))
        second.feed.yield(.text("again"))
        // Closed once "again" has arrived: the client's close stops the reading at once, so a
        // message still in the socket when it is called is not handed on.
        #expect(await connector.signal.wait { seen.current.count == 2 })

        runner.close()
        let received = try await collector.value
        #expect(received == [.text("hello"), .text("again")])
        #expect(await connector.signal.wait { second.closedWith.withLock { $0 } == .normalClosure })
        #expect(connector.connections.withLock { $0.count } == 2)
    }

    @Test("A server's final close code ends the messages with it, without reconnecting")
    func finalCloseEnds() async throws {
        let clock = TestClock()
        let connector = Connector()
        let runner = WebSocketRunner(
            machine: WebSocketMachine(backoff: Self.backoff), clock: clock, random: { 0 },
            connect: connector.connect)
        #expect(await connector.signal.wait { connector.connection(0) != nil })
        let first = try #require(connector.connection(0))
        first.feed.finish(throwing: WebSocketFailure.closed(.policyViolation, reason: "no"))
        await #expect(throws: WebSocketEnd.closedByServer(.policyViolation, reason: "no")) {
            for try await _ in runner.messages {}
        }
        #expect(connector.connections.withLock { $0.count } == 1)
    }
}
