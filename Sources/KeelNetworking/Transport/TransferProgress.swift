import KeelSupport

/// How far an upload or download has got.
public struct TransferProgress: Sendable, Equatable {
    /// The direction of a transfer.
    public enum Direction: Sendable, Equatable {
        /// Sending the request body.
        case upload
        /// Receiving the response body.
        case download
    }

    /// Which way the bytes go.
    public var direction: Direction
    /// Bytes transferred so far.
    public var completedBytes: Int64
    /// Bytes expected in total; `nil` when unknown.
    public var totalBytes: Int64?

    /// Creates a progress value.
    package init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The completed fraction in `0...1`; `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, max(0, Double(completedBytes) / Double(totalBytes)))
    }
}

/// Forwards only increasing progress, so a stream of values is monotonic per direction.
package final class MonotonicProgress: Sendable {
    private let last = Locked<[TransferProgress.Direction: Int64]>([:])
    private let sink: @Sendable (TransferProgress) -> Void

    /// Wraps `sink`.
    package init(_ sink: @escaping @Sendable (TransferProgress) -> Void) {
        self.sink = sink
    }

    /// Forwards `progress` if it moved forward.
    package func report(_ progress: TransferProgress) {
        let forward = last.withLock { last -> Bool in
            if let previous = last[progress.direction], previous >= progress.completedBytes { return false }
            last[progress.direction] = progress.completedBytes
            return true
        }
        if forward { sink(progress) }
    }
}
