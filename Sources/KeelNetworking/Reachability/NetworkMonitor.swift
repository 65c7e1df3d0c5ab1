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
/// Change signals are debounced (a burst within `debounce` causes one evaluation) and equal
/// consecutive paths are never emitted twice. Each ``paths()`` stream runs its own watcher,
/// stopped when the iteration ends.
public final class NetworkMonitor: Sendable {
    /// Where paths come from.
    package let source: any NetworkPathSource
    /// How long the signals must be quiet before the path is re-read.
    package let debounce: Duration
    private let clock: any Clock<Duration>
    /// The callback and the watcher ``start()`` runs for it.
    private let callback = Locked(CallbackState())

    /// What ``onStatusChange``, ``start()`` and ``stop()`` share.
    private struct CallbackState {
        var handler: (@Sendable (NetworkPath) -> Void)?
        var watcher: Task<Void, Never>?
        /// Bumped by every start and stop, so a stopped watcher delivers nothing more.
        var generation = 0
    }

    /// A monitor over `source`, whose paths a test or preview sets by hand.
    public convenience init(
        source: ManualNetworkPathSource, debounce: Duration = .milliseconds(300),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(source: source as any NetworkPathSource, debounce: debounce, clock: clock)
    }

    /// A monitor over any source (the platform's, or a test's).
    package init(
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
    package static func platformSource() -> any NetworkPathSource {
        #if canImport(Network)
            return NWPathMonitorSource()
        #elseif os(Linux)
            return LinuxNetworkPathSource()
        #else
            return ManualNetworkPathSource(NetworkPath(status: .satisfied))
        #endif
    }

    /// Called with the path when monitoring starts and whenever it changes, between
    /// ``start()`` and ``stop()`` (the original foundation's callback; `print` shows the
    /// path's ``NetworkPath/description``, e.g. `satisfied [en0(wifi)] v4=true v6=false dns=true`).
    ///
    /// ```swift
    /// monitor.onStatusChange = { status in print("network: \(status)") }
    /// monitor.start()
    /// ```
    ///
    /// It is called from the monitor's task, not the main actor: hop to the main actor for UI.
    public var onStatusChange: (@Sendable (NetworkPath) -> Void)? {
        get { callback.withLock { $0.handler } }
        set { callback.withLock { $0.handler = newValue } }
    }

    /// Starts calling ``onStatusChange`` with the current path and every change. Starting a
    /// started monitor does nothing.
    public func start() {
        callback.withLock { state in
            guard state.watcher == nil else { return }
            state.generation += 1
            let generation = state.generation
            let paths = self.paths()
            state.watcher = Task { [callback] in
                for await path in paths {
                    // Read the handler and the generation together: after stop() nothing is
                    // delivered, even a path already read.
                    let handler = callback.withLock { $0.generation == generation ? $0.handler : nil }
                    guard let handler else {
                        if callback.withLock({ $0.generation != generation }) { return }
                        continue
                    }
                    handler(path)
                }
            }
        }
    }

    /// Stops calling ``onStatusChange`` and stops watching: once it returns no new call starts
    /// (one already running finishes). ``start()`` starts again.
    public func stop() {
        let watcher = callback.withLock { state -> Task<Void, Never>? in
            state.generation += 1
            defer { state.watcher = nil }
            return state.watcher
        }
        watcher?.cancel()
    }

    /// Whether ``start()`` is in effect.
    package var isMonitoring: Bool {
        callback.withLock { $0.watcher != nil }
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
