import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose head has arrived and whose body is still arriving: what
/// ``APIClient/bytes(for:)`` and ``Transport/stream(_:)`` return.
public struct StreamedResponse: Sendable {
    /// The status line and headers.
    public var response: HTTPURLResponse
    /// The body, chunk by chunk as it arrives.
    public var body: ResponseBody

    /// A streamed response.
    public init(response: HTTPURLResponse, body: ResponseBody) {
        self.response = response
        self.body = body
    }
}

/// The body of a streamed response: an `AsyncSequence` of byte chunks in arrival order, with
/// back-pressure (a consumer that falls behind holds the transfer back instead of growing
/// memory). Read it once. Cancelling the reading task, or dropping the body before its end,
/// cancels the transfer and closes its connection.
///
/// ```swift
/// let streamed = try await client.bytes(for: Endpoint<Data>(.get, target: .path("feed"), decoding: .data))
/// for try await line in streamed.body.lines { print(line) }
/// ```
public struct ResponseBody: AsyncSequence, Sendable {
    /// A chunk of bytes.
    public typealias Element = Data

    let reader: BodyReader

    /// A body that is `data`, already complete (no chunks when empty).
    public init(_ data: Data) {
        reader = BodyReader(BodyBuffer.complete(data))
    }

    /// A body read from `chunks`; dropping the body or cancelling its reader cancels their
    /// iteration. (For transports of an app's own; the stream's own buffering applies.)
    public init(_ chunks: AsyncThrowingStream<Data, any Error>) {
        let buffer = BodyBuffer(backPressure: .pause(high: Int.max, low: Int.max))
        let pump = Task {
            do {
                for try await chunk in chunks { buffer.push(chunk) }
                buffer.finish(nil)
            } catch {
                buffer.finish(error)
            }
        }
        buffer.bind(cancel: { pump.cancel() })
        reader = BodyReader(buffer)
    }

    /// A body read from `buffer`.
    package init(buffer: BodyBuffer) {
        reader = BodyReader(buffer)
    }

    /// The same body with `observer` seeing every chunk and the end (the client's, before it
    /// hands the body out).
    package func observed(by observer: BodyObserver) -> ResponseBody {
        reader.observer.set(observer)
        return self
    }

    /// An iterator over the chunks.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: reader)
    }

    /// Cancels the transfer: later reads throw `CancellationError`.
    public func cancel() {
        reader.cancel()
    }

    /// Reads the chunks of a ``ResponseBody``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: BodyReader

        /// The next chunk; `nil` at the end of the body.
        public mutating func next() async throws -> Data? {
            try await reader.next()
        }
    }
}

/// Sees a streamed body's chunks and its end: the client's body cap, error mapping and
/// event monitors. `@unchecked Sendable`: its mutable state is in `state`, under its lock.
package final class BodyObserver: @unchecked Sendable {
    private let state = Locked<(received: Int64, ended: Bool)>((0, false))
    private let limit: Int64
    private let mapError: @Sendable (any Error) -> any Error
    private let onEnd: @Sendable ((any Error)?) -> Void

    /// An observer failing the body past `limit` bytes, passing failures through `mapError`
    /// and calling `onEnd` once: with `nil` at the clean end, with the error otherwise (a
    /// `CancellationError` when the body is dropped unread).
    package init(
        limit: Int, mapError: @escaping @Sendable (any Error) -> any Error,
        onEnd: @escaping @Sendable ((any Error)?) -> Void
    ) {
        self.limit = Int64(max(0, limit))
        self.mapError = mapError
        self.onEnd = onEnd
    }

    deinit {
        if !state.withLock({ $0.ended }) { onEnd(CancellationError()) }
    }

    /// Counts `chunk`; throws past the limit.
    func see(_ chunk: Data) throws {
        let over = state.withLock { state -> Bool in
            state.received += Int64(chunk.count)
            return state.received > limit
        }
        if over { throw APIError.responseTooLarge(limit: Int(limit)) }
    }

    /// Maps `error` and reports the end once.
    func end(_ error: (any Error)?) -> (any Error)? {
        let mapped = error.map(mapError)
        let first = state.withLock { state -> Bool in
            defer { state.ended = true }
            return !state.ended
        }
        if first { onEnd(mapped) }
        return mapped
    }
}

/// Owns a body for its consumer: when the last copy of the body and its iterators goes
/// away before the end, the transfer is cancelled.
final class BodyReader: Sendable {
    let buffer: BodyBuffer
    let observer = Locked<BodyObserver?>(nil)

    init(_ buffer: BodyBuffer) {
        self.buffer = buffer
    }

    deinit {
        buffer.cancel()
    }

    func next() async throws -> Data? {
        guard let observer = observer.current else { return try await buffer.next() }
        do {
            guard let chunk = try await buffer.next() else {
                _ = observer.end(nil)
                return nil
            }
            try observer.see(chunk)
            return chunk
        } catch {
            buffer.cancel()
            throw observer.end(error) ?? error
        }
    }

    func cancel() {
        buffer.cancel()
    }
}
