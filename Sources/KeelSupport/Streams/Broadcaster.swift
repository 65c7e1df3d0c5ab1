import Foundation

/// Fans values out to any number of `AsyncStream` subscribers.
///
/// Each call to ``stream(bufferingPolicy:)`` returns a new stream that receives every value
/// yielded after it was created. A subscriber is removed once its stream ends or is released
/// (a stream kept but no longer iterated stays subscribed, and buffers by its policy).
/// ``finish()`` ends every stream, present and future, and so does releasing the broadcaster:
/// an owner that goes away never leaves a `for await` suspended for ever.
package final class Broadcaster<Element: Sendable>: Sendable {
    private struct State {
        var continuations: [UInt64: AsyncStream<Element>.Continuation] = [:]
        var nextID: UInt64 = 0
        var finished = false
    }

    private let state = Locked(State())

    /// Creates a broadcaster with no subscribers.
    package init() {}

    deinit {
        finish()
    }

    /// The number of live subscribers.
    package var subscriberCount: Int {
        state.withLock { $0.continuations.count }
    }

    /// A new stream of values yielded from now on.
    package func stream(
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Element> {
        // `AsyncStream.makeStream` is iOS 17+: capture the continuation the iOS 16 way.
        var captured: AsyncStream<Element>.Continuation?
        let stream = AsyncStream<Element>(bufferingPolicy: bufferingPolicy) { captured = $0 }
        guard let continuation = captured else { return stream }
        let id: UInt64? = state.withLock { state in
            if state.finished { return nil }
            let id = state.nextID
            state.nextID += 1
            state.continuations[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `value` to every current subscriber.
    package func yield(_ value: Element) {
        let targets = state.withLock { Array($0.continuations.values) }
        for continuation in targets {
            continuation.yield(value)
        }
    }

    /// Ends every stream; later subscribers get an already-finished stream.
    package func finish() {
        let targets = state.withLock { state -> [AsyncStream<Element>.Continuation] in
            state.finished = true
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in targets {
            continuation.finish()
        }
    }
}
