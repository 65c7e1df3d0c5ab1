import Foundation
import KeelSupport

/// A WebSocket message: text or binary.
public enum WebSocketMessage: Hashable, Sendable {
    /// A text message.
    case text(String)
    /// A binary message.
    case data(Data)
}

/// Why a WebSocket connection stopped delivering messages.
package enum WebSocketFailure: Error, Sendable {
    /// The server sent a close frame with `code`.
    case closed(WebSocketCloseCode, reason: String)
    /// The connection failed without a close frame.
    case failed(any Error)
}

/// One open WebSocket as ``WebSocketRunner`` drives it; the Apple binding wraps a
/// `URLSessionWebSocketTask`, tests a scripted double.
package protocol WebSocketConnection: Sendable {
    /// The next message; throws ``WebSocketFailure`` when the connection ends.
    func receive() async throws -> WebSocketMessage
    /// Sends `message`.
    func send(_ message: WebSocketMessage) async throws
    /// Sends a ping and calls `pong` once its pong arrives (with an error when the ping failed).
    func sendPing(pong: @escaping @Sendable ((any Error)?) -> Void)
    /// Closes the connection with `code`.
    func close(_ code: WebSocketCloseCode)
}

/// Runs a ``WebSocketMachine`` over a connection function and an injected clock: the engine
/// behind the WebSocket client. `connect` opens a connection (the handshake through the
/// client's interceptors) and returns once it is open.
package final class WebSocketRunner: Sendable {
    private enum Input: Sendable {
        case event(WebSocketMachine.Event, generation: Int)
        case opened(any WebSocketConnection, generation: Int)
        case close(WebSocketCloseCode)
    }

    /// The messages received, across reconnections. The sequence finishes when the client
    /// closes or the consumer cancels, and throws the ``WebSocketEnd`` otherwise.
    package let messages: AsyncThrowingStream<WebSocketMessage, any Error>
    private let inputs: AsyncStream<Input>.Continuation
    private let current = Locked<(any WebSocketConnection)?>(nil)

    /// Starts connecting.
    package init(
        machine: WebSocketMachine = WebSocketMachine(),
        clock: any Clock<Duration> = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        connect: @escaping @Sendable () async throws -> any WebSocketConnection
    ) {
        let (messages, output) = AsyncThrowingStream<WebSocketMessage, any Error>.withContinuation()
        let (inputStream, inputs) = AsyncStream<Input>.withContinuation()
        self.messages = messages
        self.inputs = inputs
        let current = current
        let task = Task {
            var machine = machine
            var generation = 0
            var tasks: [Task<Void, Never>] = []
            func timer(_ delay: Duration, _ event: WebSocketMachine.Event) {
                let generation = generation
                tasks.append(
                    Task {
                        guard (try? await KeelSupport.sleep(for: delay, on: clock)) != nil else { return }
                        inputs.yield(.event(event, generation: generation))
                    })
            }
            func perform(_ effects: [WebSocketMachine.Effect]) -> Bool {
                for effect in effects {
                    switch effect {
                    case .connect:
                        generation += 1
                        let generation = generation
                        tasks.append(
                            Task {
                                do {
                                    let connection = try await connect()
                                    inputs.yield(.opened(connection, generation: generation))
                                    while true {
                                        let message = try await connection.receive()
                                        output.yield(message)
                                        inputs.yield(.event(.received, generation: generation))
                                    }
                                } catch WebSocketFailure.closed(let code, let reason) {
                                    inputs.yield(
                                        .event(
                                            .serverClosed(code, reason: reason, random: random()),
                                            generation: generation))
                                } catch {
                                    // A request that cannot be built, or a refused redirect,
                                    // fails the same way on every reconnection: it ends now.
                                    let event: WebSocketMachine.Event =
                                        EventSourceRunner.futility(of: error).map { .refused(reason: $0) }
                                        ?? .failed(random: random())
                                    inputs.yield(.event(event, generation: generation))
                                }
                            })
                    case .schedulePing(let ping, let delay):
                        timer(delay, .pingDue(ping))
                    case .sendPing(let ping, let timeout):
                        let generation = generation
                        current.withLock { $0 }?.sendPing { error in
                            let event: WebSocketMachine.Event =
                                error == nil ? .pong(ping) : .failed(random: random())
                            inputs.yield(.event(event, generation: generation))
                        }
                        timer(timeout, .pongDeadline(ping, random: random()))
                    case .disconnect(let code):
                        current.withLock { connection -> (any WebSocketConnection)? in
                            defer { connection = nil }
                            return connection
                        }?.close(code)
                        generation += 1  // what the closed connection still reports is stale
                    case .wait(let delay):
                        timer(delay, .timerFired)
                    case .finish(let end):
                        if end == .cancelled || end == .closedByClient(.normalClosure) {
                            output.finish()
                        } else {
                            output.finish(throwing: end)
                        }
                        return false
                    }
                }
                return true
            }
            var running = perform(machine.send(.start).effects)
            for await input in inputStream where running {
                switch input {
                case .event(let event, let from):
                    guard from == generation else { continue }
                    if case .failed = event { current.withLock { $0 = nil } }
                    if case .serverClosed = event { current.withLock { $0 = nil } }
                    running = perform(machine.send(event).effects)
                case .opened(let connection, let from):
                    guard from == generation else {
                        connection.close(.goingAway)
                        continue
                    }
                    current.withLock { $0 = connection }
                    running = perform(machine.send(.opened).effects)
                case .close(let code):
                    running = perform(machine.send(.close(code)).effects)
                }
                if !running { break }
            }
            if running { _ = perform(machine.send(.cancel).effects) }
            for task in tasks { task.cancel() }
            inputs.finish()
        }
        output.onTermination = { _ in task.cancel() }
    }

    /// Sends `message` on the open connection; throws `URLError(.networkConnectionLost)` when
    /// none is open (while reconnecting).
    package func send(_ message: WebSocketMessage) async throws {
        guard let connection = current.withLock({ $0 }) else { throw URLError(.networkConnectionLost) }
        try await connection.send(message)
    }

    /// Closes the connection with `code` and stops reconnecting.
    package func close(_ code: WebSocketCloseCode = .normalClosure) {
        inputs.yield(.close(code))
    }
}
