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
        /// The timer or connection task `id` has ended: it is no longer kept.
        case retired(Int)
    }

    /// How many received messages wait unread before the runner stops reading the connection:
    /// a consumer that falls behind holds the server back (through the connection's own flow
    /// control) instead of growing memory.
    package static let bufferedMessages = 8

    private let handOver: BoundedHandOver<WebSocketMessage>
    private let inputs: AsyncStream<Input>.Continuation
    private let current = Locked<(any WebSocketConnection)?>(nil)
    private let liveTasks = Locked(0)
    /// Set by ``close(_:)`` at once: the connection task reads no further, before the runner's
    /// loop gets to the close (it used to go on reading while a consumer drained).
    private let closeRequested = Locked(false)
    /// The task running the machine: cancelled when the socket and every stream of its
    /// messages are gone.
    private let runnerTask: Locked<Task<Void, Never>?>

    /// The messages received, across reconnections. The sequence finishes when the client
    /// closes or the consumer cancels, and throws the ``WebSocketEnd`` otherwise. One task at a
    /// time waits for messages: another task iterating at the same time gets
    /// ``WebSocketEnd/concurrentConsumer`` (the socket and the first task carry on). Each access
    /// is a new sequence over the same messages: one that stops (`break`) leaves the rest to the
    /// next.
    package var messages: AsyncThrowingStream<WebSocketMessage, any Error> {
        // The stream keeps the runner: `for try await m in client.webSocket(e).messages` reads
        // a socket whose object was released at once.
        AsyncThrowingStream { [self] in try await handOver.next() }
    }

    /// How many timer and connection tasks are kept now (tests): only live ones.
    package var keptTasks: Int { liveTasks.current }

    /// Starts connecting. `onBackPressure` (tests) runs whenever the runner waits for the
    /// consumer to make room before reading further.
    package init(
        machine: WebSocketMachine = WebSocketMachine(),
        clock: any Clock<Duration> = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        onBackPressure: (@Sendable () -> Void)? = nil,
        connect: @escaping @Sendable () async throws -> any WebSocketConnection
    ) {
        let runnerTask = Locked<Task<Void, Never>?>(nil)
        self.runnerTask = runnerTask
        let output = BoundedHandOver<WebSocketMessage>(
            capacity: Self.bufferedMessages, concurrentConsumer: WebSocketEnd.concurrentConsumer,
            onConsumerCancel: { runnerTask.current?.cancel() }, onProducerWait: onBackPressure)
        let (inputStream, inputs) = AsyncStream<Input>.withContinuation()
        self.handOver = output
        self.inputs = inputs
        let current = current
        let liveTasks = liveTasks
        let closeRequested = closeRequested
        let task = Task {
            var machine = machine
            var generation = 0
            // Only the tasks still running: each reports `.retired` when it ends (a socket open
            // all day pings thousands of times).
            var tasks: [Int: Task<Void, Never>] = [:]
            var taskCount = 0
            func keep(_ body: @escaping @Sendable () async -> Void) {
                taskCount += 1
                let id = taskCount
                tasks[id] = Task {
                    await body()
                    inputs.yield(.retired(id))
                }
                liveTasks.set(tasks.count)
            }
            func timer(_ delay: Duration, _ event: WebSocketMachine.Event) {
                let generation = generation
                keep {
                    guard (try? await KeelSupport.sleep(for: delay, on: clock)) != nil else { return }
                    inputs.yield(.event(event, generation: generation))
                }
            }
            func perform(_ effects: [WebSocketMachine.Effect]) -> Bool {
                for effect in effects {
                    switch effect {
                    case .connect:
                        generation += 1
                        let generation = generation
                        keep {
                            do {
                                let connection = try await connect()
                                inputs.yield(.opened(connection, generation: generation))
                                // After the client's close, nothing more is read: a consumer
                                // draining the buffer used to let the connection be read
                                // further before the runner's loop saw the close. What was read
                                // before it is still handed on.
                                while !closeRequested.current {
                                    let message = try await connection.receive()
                                    // Waits while the consumer is behind: nothing more is read
                                    // until it catches up.
                                    guard await output.push(message) else { return }
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
                        }
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
                case .retired(let id):
                    tasks[id] = nil
                    liveTasks.set(tasks.count)
                }
                if !running { break }
            }
            if running { _ = perform(machine.send(.cancel).effects) }
            for task in tasks.values { task.cancel() }
            inputs.finish()
        }
        runnerTask.set(task)
    }

    /// A socket nobody can read or close any more (the object and every stream of its messages
    /// were released) closes: it used to stay open, pinging and reconnecting, for the life of
    /// the process.
    deinit {
        runnerTask.current?.cancel()
    }

    /// Sends `message` on the open connection; throws `URLError(.networkConnectionLost)` when
    /// none is open (while reconnecting).
    package func send(_ message: WebSocketMessage) async throws {
        guard let connection = current.withLock({ $0 }) else { throw URLError(.networkConnectionLost) }
        try await connection.send(message)
    }

    /// Closes the connection with `code` and stops reconnecting.
    package func close(_ code: WebSocketCloseCode = .normalClosure) {
        closeRequested.set(true)
        inputs.yield(.close(code))
    }
}
