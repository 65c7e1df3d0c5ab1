import KeelSupport

/// Where a ``NetworkMonitor`` reads paths from: the current path on demand and a signal when
/// it may have changed.
///
/// Platform sources: `NWPathMonitor` on Apple platforms, netlink (or polling) on Linux; apps'
/// tests and previews use ``ManualNetworkPathSource``.
package protocol NetworkPathSource: Sendable {
    /// Reads the current path.
    func currentPath() async -> NetworkPath

    /// Yields whenever the path may have changed. Ending the iteration stops the underlying
    /// watcher and releases its resources.
    func changes() -> AsyncStream<Void>
}

/// A source driven by hand: set the path and signal changes (for tests and previews).
public final class ManualNetworkPathSource: NetworkPathSource {
    private let path: Locked<NetworkPath>
    private let broadcaster = Broadcaster<Void>()

    /// Starts with `path`.
    public init(_ path: NetworkPath = .unsatisfied) {
        self.path = Locked(path)
    }

    /// The path `currentPath()` returns.
    package func currentPath() async -> NetworkPath {
        path.current
    }

    /// Signals sent with ``signalChange(to:)``.
    package func changes() -> AsyncStream<Void> {
        broadcaster.stream()
    }

    /// Sets the path (when given) and signals a change.
    public func signalChange(to newPath: NetworkPath? = nil) {
        if let newPath { path.set(newPath) }
        broadcaster.yield(())
    }

    /// How many change streams are being listened to.
    package var listenerCount: Int {
        broadcaster.subscriberCount
    }
}
