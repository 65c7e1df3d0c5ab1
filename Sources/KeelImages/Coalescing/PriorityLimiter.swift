import KeelSupport

/// Runs at most `maxConcurrent` operations at once; waiting operations start in priority
/// order (then arrival order), reading their priority when a slot frees up so that a raised
/// priority takes effect while waiting.
final class PriorityLimiter: Sendable {
    private struct Waiting {
        let priority: PriorityCell
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiting: [UInt64: Waiting] = [:]
        var nextID: UInt64 = 0
    }

    /// The most operations that run at once.
    let maxConcurrent: Int
    private let state = Locked(State())

    init(maxConcurrent: Int) {
        self.maxConcurrent = max(1, maxConcurrent)
    }

    /// Operations running now.
    var runningCount: Int {
        state.withLock { $0.running }
    }

    /// Operations waiting for a slot.
    var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// Waits for a slot (throwing `CancellationError` if cancelled while waiting), runs
    /// `operation`, and frees the slot.
    func run<T: Sendable>(
        priority: PriorityCell, _ operation: @Sendable () async throws -> T
    ) async throws -> T {
        try await acquire(priority)
        defer { release() }
        return try await operation()
    }

    private func acquire(_ priority: PriorityCell) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let startNow = state.withLock { state -> Bool in
                    if state.running < maxConcurrent {
                        state.running += 1
                        return true
                    }
                    state.waiting[id] = Waiting(priority: priority, continuation: continuation)
                    return false
                }
                if startNow {
                    continuation.resume()
                } else if Task.isCancelled {
                    cancelWaiting(id)
                }
            }
        } onCancel: {
            cancelWaiting(id)
        }
    }

    private func cancelWaiting(_ id: UInt64) {
        let waiting = state.withLock { $0.waiting.removeValue(forKey: id) }
        waiting?.continuation.resume(throwing: CancellationError())
    }

    private func release() {
        let next = state.withLock { state -> Waiting? in
            let chosen = state.waiting.max { lhs, rhs in
                let (left, right) = (lhs.value.priority.value, rhs.value.priority.value)
                return left != right ? left < right : lhs.key > rhs.key
            }
            guard let chosen else {
                state.running -= 1
                return nil
            }
            // The slot passes straight to the chosen operation.
            return state.waiting.removeValue(forKey: chosen.key)
        }
        next?.continuation.resume()
    }
}
