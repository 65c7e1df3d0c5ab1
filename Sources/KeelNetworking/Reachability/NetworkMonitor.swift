import Foundation
import KeelSupport

/// Publishes the device's ``NetworkPath``: the current one first, then each change.
///
/// ```swift
/// let monitor = NetworkMonitor()
/// for await path in monitor.paths() {
///     banner.isHidden = path.status == .satisfied
/// }
/// ```
///
/// Change signals are debounced (a burst within ``debounce`` causes one evaluation) and equal
/// consecutive paths are never emitted twice. Each ``paths()`` stream runs its own watcher,
/// stopped when the iteration ends.
public final class NetworkMonitor: Sendable {
    /// Where paths come from.
    public let source: any NetworkPathSource
    /// How long the signals must be quiet before the path is re-read.
    public let debounce: Duration
    private let clock: any Clock<Duration>

    /// A monitor over `source`.
    public init(
        source: any NetworkPathSource, debounce: Duration = .milliseconds(300),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.source = source
        self.debounce = debounce
        self.clock = clock
    }

    /// A monitor over the platform's source: `NWPathMonitor` on Apple platforms; netlink on
    /// Linux, or polling `getifaddrs` and `/proc/net/route` where netlink is unavailable.
    public convenience init(debounce: Duration = .milliseconds(300)) {
        self.init(source: Self.platformSource(), debounce: debounce)
    }

    /// The platform's default source.
    public static func platformSource() -> any NetworkPathSource {
        #if canImport(Network)
            return NWPathMonitorSource()
        #elseif os(Linux)
            return LinuxNetworkPathSource()
        #else
            return ManualNetworkPathSource(NetworkPath(status: .satisfied))
        #endif
    }

    /// The current path, read now.
    public func currentPath() async -> NetworkPath {
        await source.currentPath()
    }

    /// The current path, then every change; equal paths are not repeated.
    public func paths() -> AsyncStream<NetworkPath> {
        var captured: AsyncStream<NetworkPath>.Continuation?
        let stream = AsyncStream<NetworkPath>(bufferingPolicy: .bufferingNewest(16)) { captured = $0 }
        guard let continuation = captured else { return stream }
        let source = self.source
        let debounce = self.debounce
        let clock = self.clock
        let task = Task {
            await Self.run(source: source, debounce: debounce, clock: clock, continuation: continuation)
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private static func run(
        source: any NetworkPathSource, debounce: Duration, clock: any Clock<Duration>,
        continuation: AsyncStream<NetworkPath>.Continuation
    ) async {
        let generation = Locked(0)
        // Coalesce raw signals into "something changed since generation N".
        var wakeCaptured: AsyncStream<Void>.Continuation?
        let wakes = AsyncStream<Void>(bufferingPolicy: .bufferingNewest(1)) { wakeCaptured = $0 }
        guard let wake = wakeCaptured else { return }
        let changes = source.changes()
        let pump = Task {
            for await _ in changes {
                generation.withLock { $0 += 1 }
                wake.yield(())
            }
            wake.finish()
        }
        defer { pump.cancel() }

        var last = await source.currentPath()
        continuation.yield(last)
        var handled = 0
        for await _ in wakes {
            if Task.isCancelled { break }
            if generation.current == handled { continue }
            // Trailing debounce: wait until no signal arrived for a whole window.
            var seen = generation.current
            while true {
                do { try await sleep(for: debounce, on: clock) } catch { return }
                let now = generation.current
                if now == seen { break }
                seen = now
            }
            handled = seen
            let path = await source.currentPath()
            if path != last {
                last = path
                continuation.yield(path)
            }
        }
        continuation.finish()
    }
}
