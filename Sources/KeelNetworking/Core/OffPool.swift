import Dispatch

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
