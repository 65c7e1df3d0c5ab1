import Dispatch
import KeelSupport

/// Runs blocking work (file I/O) on a dispatch queue instead of a Swift concurrency thread, so
/// a large multipart encoding does not stall timers and other tasks on the small cooperative
/// pool.
func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .utility).async {
            continuation.resume(with: Result { try body() })
        }
    }
}

/// ``offCooperativePool(_:)`` for work that checks `isCancelled` between steps (a file copied a
/// chunk at a time): cancelling the awaiting task sets it at once, so the work stops at its next
/// check (and throws `CancellationError`) instead of running to the end while the caller waits.
func offCooperativePool<T: Sendable>(
    cancellable body: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> T
) async throws -> T {
    let cancelled = Locked(false)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(with: Result { try body { cancelled.current } })
            }
        }
    } onCancel: {
        cancelled.set(true)
    }
}
