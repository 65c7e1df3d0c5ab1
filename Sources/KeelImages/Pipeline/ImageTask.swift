import Foundation
import KeelSupport

/// A running image load: await its ``response``, follow its ``progress``, change its
/// priority (``setPriority(_:)``) or ``cancel()`` it.
///
/// After `cancel()` nothing more is delivered: `response` throws `CancellationError` even if
/// the shared download finished a moment later, and `progress` ends.
public final class ImageTask: Sendable {
    /// The request being loaded.
    package let request: ImageRequest
    /// Progress of the download, ending when the task completes or is cancelled.
    public let progress: AsyncStream<ImageLoadProgress>

    private struct State {
        var task: Task<ImageResponse, any Error>?
        var isCancelled = false
        var progressContinuation: AsyncStream<ImageLoadProgress>.Continuation?
    }

    private let priorityCell: PriorityCell
    private let state: Locked<State>

    init(request: ImageRequest) {
        self.request = request
        priorityCell = PriorityCell(request.priority)
        // `AsyncStream.makeStream` is iOS 17+: capture the continuation the iOS 16 way.
        var captured: AsyncStream<ImageLoadProgress>.Continuation?
        progress = AsyncStream(bufferingPolicy: .bufferingNewest(32)) { captured = $0 }
        state = Locked(State(progressContinuation: captured))
    }

    func start(
        _ work:
            @escaping @Sendable (PriorityCell, @escaping @Sendable (ImageLoadProgress) -> Void) async throws
            -> ImageResponse
    ) {
        let cell = priorityCell
        let task = Task { [state] in
            defer { state.withLock { $0.progressContinuation }?.finish() }
            return try await work(cell) { value in
                state.withLock { $0.isCancelled ? nil : $0.progressContinuation }?.yield(value)
            }
        }
        let cancelled = state.withLock { state -> Bool in
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    /// The current priority.
    package var priority: ImageRequestPriority {
        priorityCell.value
    }

    /// Changes the priority; shared work follows the highest priority among its requests.
    public func setPriority(_ priority: ImageRequestPriority) {
        priorityCell.set(priority)
    }

    /// Whether ``cancel()`` was called.
    package var isCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    /// Stops waiting for the image; shared work stops when no other request needs it.
    public func cancel() {
        let (task, continuation) = state.withLock {
            state -> (Task<ImageResponse, any Error>?, AsyncStream<ImageLoadProgress>.Continuation?) in
            guard !state.isCancelled else { return (nil, nil) }
            state.isCancelled = true
            defer { state.progressContinuation = nil }
            return (state.task, state.progressContinuation)
        }
        task?.cancel()
        continuation?.finish()
    }

    /// The loaded image. Throws `CancellationError` once the task is cancelled, and cancels the
    /// task when the awaiting task is cancelled.
    public var response: ImageResponse {
        get async throws {
            guard let task = state.withLock({ $0.task }) else { throw CancellationError() }
            let result = await withTaskCancellationHandler {
                await task.result
            } onCancel: {
                self.cancel()
            }
            if isCancelled { throw CancellationError() }
            return try result.get()
        }
    }
}
