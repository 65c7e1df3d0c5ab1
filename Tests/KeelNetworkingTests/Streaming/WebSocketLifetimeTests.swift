import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

/// A socket nobody can read or close any more closes; one whose messages are still read stays
/// open. After the back-pressure change a released socket stayed open, pinging and
/// reconnecting, for the life of the process. And a cancelled second reader ended the first
/// reader's stream instead of getting `concurrentConsumer`.
@Suite("WebSocket lifetime and a cancelled second reader")
struct WebSocketLifetimeTests {
    static let machine = StreamBackPressureTests.machine

    @Test("Releasing the runner and its message streams closes the connection")
    func releasedSocketCloses() async throws {
        let connector = WebSocketRunnerTests.Connector()
        var runner: WebSocketRunner? = WebSocketRunner(
            machine: Self.machine, clock: TestClock(), random: { 0 }, connect: connector.connect)
        #expect(await connector.signal.wait { connector.connection(0) != nil })
        let connection = try #require(connector.connection(0))
        withExtendedLifetime(runner) {}
        runner = nil
        #expect(await connector.signal.wait { connection.closedWith.current != nil })
    }

    @Test("A stream of a released socket's messages keeps it open and reads on")
    func streamKeepsTheSocket() async throws {
        let connector = WebSocketRunnerTests.Connector()
        var runner: WebSocketRunner? = WebSocketRunner(
            machine: Self.machine, clock: TestClock(), random: { 0 }, connect: connector.connect)
        let messages = try #require(runner?.messages)
        runner = nil
        #expect(await connector.signal.wait { connector.connection(0) != nil })
        let connection = try #require(connector.connection(0))
        connection.feed.yield(.text("after release"))
        var iterator = messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("after release"))
        #expect(connection.closedWith.current == nil)
    }

    @Test("A second reader whose task is already cancelled stops alone; the first reads on")
    func cancelledSecondReader() async throws {
        let connector = WebSocketRunnerTests.Connector()
        let runner = WebSocketRunner(
            machine: Self.machine, clock: TestClock(), random: { 0 }, connect: connector.connect)
        let signal = TestSignal()
        let received = Locked<[WebSocketMessage]>([])
        let waiting = Locked(false)
        let first = Task {
            var iterator = runner.messages.makeAsyncIterator()
            waiting.set(true)
            signal.signal()
            while let message = try await iterator.next() {
                received.withLock { $0.append(message) }
                signal.signal()
            }
        }
        #expect(await signal.wait { waiting.current })
        #expect(await connector.signal.wait { connector.connection(0) != nil })
        let connection = try #require(connector.connection(0))
        // Make sure the first reader is parked in `next()`: one message through it first.
        connection.feed.yield(.text("one"))
        #expect(await signal.wait { received.current == [.text("one")] })
        let second = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = runner.messages.makeAsyncIterator()
            return try await iterator.next()
        }
        let outcome = await second.result
        // Its own stream ends (the standard library's stream ends a cancelled reader's
        // iteration first) or it is refused; either way it took nothing and stopped nothing.
        switch outcome {
        case .failure(let error): #expect(error as? WebSocketEnd == .concurrentConsumer)
        case .success(let message): #expect(message == nil)
        }
        connection.feed.yield(.text("two"))
        #expect(await signal.wait { received.current == [.text("one"), .text("two")] })
        runner.close()
        _ = await first.result
    }
}
