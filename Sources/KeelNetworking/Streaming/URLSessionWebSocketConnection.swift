#if canImport(Darwin)
    import Foundation

    /// A `URLSessionWebSocketTask` as a `WebSocketConnection` for `WebSocketRunner`: the
    /// Apple binding. (FoundationNetworking declares the task too, over libcurl's WebSocket
    /// support; it is not bound or tested on Linux yet.) Holds no decision: the runner's
    /// machine decides when to ping, drop and reconnect.
    package final class URLSessionWebSocketConnection: WebSocketConnection {
        private let task: URLSessionWebSocketTask

        private init(task: URLSessionWebSocketTask) {
            self.task = task
        }

        /// Opens a WebSocket for `request` (already through the client's interceptors) on
        /// `session` and returns once the handshake is done (the first pong proves it).
        /// `beforeResume` gets the task before it starts (to register it with the session's
        /// delegate).
        package static func open(
            request: URLRequest, session: URLSession, beforeResume: (URLSessionTask) -> Void = { _ in }
        ) async throws -> URLSessionWebSocketConnection {
            let task = session.webSocketTask(with: request)
            beforeResume(task)
            task.resume()
            let connection = URLSessionWebSocketConnection(task: task)
            do {
                // Cancelled (the handshake's deadline passed, or the socket was closed): the
                // task is cancelled too, which fails the pending ping, instead of connecting on.
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation {
                        (continuation: CheckedContinuation<Void, any Error>) in
                        task.sendPing { error in
                            if let error {
                                continuation.resume(throwing: error)
                            } else {
                                continuation.resume()
                            }
                        }
                    }
                } onCancel: {
                    task.cancel()
                }
                try Task.checkCancellation()
            } catch is CancellationError {
                task.cancel()
                throw CancellationError()
            } catch {
                throw connection.failure(error)
            }
            return connection
        }

        package func receive() async throws -> WebSocketMessage {
            do {
                switch try await task.receive() {
                case .string(let text): return .text(text)
                case .data(let data): return .data(data)
                @unknown default: throw URLError(.cannotParseResponse)
                }
            } catch {
                throw failure(error)
            }
        }

        package func send(_ message: WebSocketMessage) async throws {
            switch message {
            case .text(let text): try await task.send(.string(text))
            case .data(let data): try await task.send(.data(data))
            }
        }

        package func sendPing(pong: @escaping @Sendable ((any Error)?) -> Void) {
            task.sendPing(pongReceiveHandler: pong)
        }

        package func close(_ code: WebSocketCloseCode) {
            task.cancel(
                with: URLSessionWebSocketTask.CloseCode(rawValue: code.rawValue) ?? .goingAway, reason: nil)
        }

        /// `error` as the runner sees it: the server's close frame when there was one.
        private func failure(_ error: any Error) -> WebSocketFailure {
            guard task.closeCode != .invalid else { return .failed(error) }
            let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return .closed(WebSocketCloseCode(rawValue: task.closeCode.rawValue), reason: reason)
        }
    }
#endif
