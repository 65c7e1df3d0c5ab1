import KeelSupport

/// A bounded hand-over from a streaming engine's producer to its one consumer: the producer's
/// ``push(_:)`` waits while `capacity` elements are unread, so an engine reads its body or
/// connection no further ahead of the consumer than that (back-pressure), and a second task
/// waiting for the next element while another already waits gets `concurrentConsumer` instead
/// of the standard library's trap ("attempt to await next() on more than one task").
///
/// Elements buffered before ``finish(throwing:)`` are still delivered, then the end. A
/// consumer whose task is cancelled gets `nil`, and `onConsumerCancel` runs (the engine stops).
package final class BoundedHandOver<Element: Sendable>: Sendable {
    private struct State {
        var buffer: [Element] = []
        /// The end once finished: `nil` inside for a normal end.
        var end: (any Error)??
        /// The consumer waiting for an element, if any, by id.
        var consumer: (id: Int, continuation: CheckedContinuation<Element?, any Error>)?
        /// Producers waiting for room, by id; resumed with `false` when nothing more is taken.
        var producers: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID = 0
    }

    /// What a push does next: it is over (taken or not), or it waits for room as `id`.
    private enum PushStep {
        case done(Bool)
        case wait(Int)
    }

    /// What a consumer's wait ends with at once, or that it is stored.
    private enum NextStep {
        case value(Element?)
        case failure(any Error)
        case stored
    }

    /// How many elements may wait unread.
    package let capacity: Int
    private let state = Locked(State())
    private let concurrentConsumer: any Error
    private let onConsumerCancel: @Sendable () -> Void
    private let onProducerWait: (@Sendable () -> Void)?

    /// A hand-over holding at most `capacity` (at least 1) unread elements. `concurrentConsumer`
    /// is what a second waiting consumer gets; `onConsumerCancel` runs when the waiting
    /// consumer's task is cancelled; `onProducerWait` (tests) runs each time a producer waits
    /// for room.
    package init(
        capacity: Int, concurrentConsumer: any Error, onConsumerCancel: @escaping @Sendable () -> Void,
        onProducerWait: (@Sendable () -> Void)? = nil
    ) {
        self.capacity = max(1, capacity)
        self.concurrentConsumer = concurrentConsumer
        self.onConsumerCancel = onConsumerCancel
        self.onProducerWait = onProducerWait
    }

    /// Hands `element` to the consumer, waiting while the buffer is full; `false` when it will
    /// never be taken (the hand-over finished, or the producing task was cancelled).
    @discardableResult
    package func push(_ element: Element) async -> Bool {
        while true {
            let step = state.withLock { state -> PushStep in
                if state.end != nil { return .done(false) }
                if let consumer = state.consumer {
                    state.consumer = nil
                    consumer.continuation.resume(returning: element)
                    return .done(true)
                }
                if state.buffer.count < capacity {
                    state.buffer.append(element)
                    return .done(true)
                }
                state.nextID += 1
                return .wait(state.nextID)
            }
            switch step {
            case .done(let taken): return taken
            case .wait(let id):
                let room = await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                        let ready = state.withLock { state -> Bool? in
                            if state.end != nil || Task.isCancelled { return false }
                            if state.buffer.count < capacity { return true }
                            state.producers.append((id, continuation))
                            return nil
                        }
                        if let ready {
                            continuation.resume(returning: ready)
                        } else {
                            onProducerWait?()
                        }
                    }
                } onCancel: {
                    let waiting = state.withLock { state in
                        state.producers.firstIndex { $0.id == id }.map {
                            state.producers.remove(at: $0).continuation
                        }
                    }
                    waiting?.resume(returning: false)
                }
                if !room { return false }
            }
        }
    }

    /// Ends the hand-over after the buffered elements: normally (`nil`) or with `error`. Waiting
    /// producers are told nothing more is taken. Only the first end counts.
    package func finish(throwing error: (any Error)? = nil) {
        let (consumer, producers) = state.withLock {
            state -> (CheckedContinuation<Element?, any Error>?, [CheckedContinuation<Bool, Never>]) in
            guard state.end == nil else { return (nil, []) }
            // A waiting consumer means an empty buffer: it gets the end now, and the end is spent.
            state.end = .some(state.consumer == nil ? error : nil)
            defer {
                state.consumer = nil
                state.producers = []
            }
            return (state.consumer?.continuation, state.producers.map(\.continuation))
        }
        if let consumer {
            if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
        }
        for producer in producers { producer.resume(returning: false) }
    }

    /// The next element, `nil` at the end (or once the consumer's task is cancelled); throws
    /// the end's error once, and `concurrentConsumer` when another task is already waiting.
    package func next() async throws -> Element? {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        let cancelled = Locked(false)
        let element = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Element?, any Error>) in
                let now = state.withLock { state -> NextStep in
                    // Another reader first: a cancelled second reader must not end the first's
                    // stream (it used to get `nil` and stop the engine).
                    if state.consumer != nil { return .failure(concurrentConsumer) }
                    if Task.isCancelled {
                        cancelled.set(true)
                        return .value(nil)
                    }
                    if !state.buffer.isEmpty {
                        let element = state.buffer.removeFirst()
                        // Room again: the longest-waiting producer goes on.
                        if !state.producers.isEmpty {
                            state.producers.removeFirst().continuation.resume(returning: true)
                        }
                        return .value(element)
                    }
                    if let end = state.end {
                        state.end = .some(nil)  // the error is thrown once; then the sequence is over
                        return end.map { .failure($0) } ?? .value(nil)
                    }
                    state.consumer = (id, continuation)
                    return .stored
                }
                switch now {
                case .value(let element): continuation.resume(returning: element)
                case .failure(let error): continuation.resume(throwing: error)
                case .stored: break
                }
            }
        } onCancel: {
            // Only the waiting reader's own cancellation ends the stream; the body sees a
            // cancellation that came before it stored itself.
            let waiting = state.withLock { state -> CheckedContinuation<Element?, any Error>? in
                guard let consumer = state.consumer, consumer.id == id else { return nil }
                state.consumer = nil
                return consumer.continuation
            }
            if let waiting {
                cancelled.set(true)
                waiting.resume(returning: nil)
            }
        }
        if cancelled.current { onConsumerCancel() }
        return element
    }
}
