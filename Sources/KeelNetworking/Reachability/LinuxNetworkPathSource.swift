#if os(Linux)
    import CNetlink
    import Foundation
    import Glibc
    import KeelSupport

    /// The Linux `NetworkPathSource`: netlink dumps for the current path and netlink
    /// notifications (links, addresses, routes) for changes; where netlink sockets are not
    /// allowed, `getifaddrs` plus `/proc/net/route` and `/proc/net/ipv6_route`, polled.
    package final class LinuxNetworkPathSource: NetworkPathSource {
        /// How often the fallback polls.
        package let pollInterval: Duration

        /// Creates the source.
        package init(pollInterval: Duration = .seconds(2)) {
            self.pollInterval = pollInterval
        }

        /// How many change watchers are running (each holds a netlink socket and a pipe).
        package static var liveWatcherCount: Int {
            NetlinkWatcher.live.load()
        }

        /// Whether netlink sockets can be opened here.
        package static var isNetlinkAvailable: Bool {
            let fd = keel_nl_open(0)
            guard fd >= 0 else { return false }
            _ = keel_nl_close(fd)
            return true
        }

        /// The current snapshot: from netlink, or from procfs (`getifaddrs`, `/proc/net/*route`)
        /// when netlink fails or `usingNetlink` is `false`.
        package func snapshot(usingNetlink: Bool = true) -> NetworkSnapshot {
            var snapshot = (usingNetlink ? NetlinkReader.snapshot() : nil) ?? ProcfsReader.snapshot()
            snapshot.hasDNS = Self.hasNameserver()
            return snapshot
        }

        /// Evaluates the current snapshot.
        package func currentPath() async -> NetworkPath {
            NetworkPathEvaluator.evaluate(snapshot())
        }

        /// Netlink notifications (or poll ticks), from a watcher thread that stops and closes
        /// its descriptors when the iteration ends.
        package func changes() -> AsyncStream<Void> {
            var captured: AsyncStream<Void>.Continuation?
            let stream = AsyncStream<Void>(bufferingPolicy: .bufferingNewest(1)) { captured = $0 }
            guard let continuation = captured else { return stream }
            guard let watcher = NetlinkWatcher(pollInterval: pollInterval, continuation: continuation) else {
                continuation.finish()
                return stream
            }
            continuation.onTermination = { _ in watcher.stop() }
            watcher.start()
            return stream
        }

        private static func hasNameserver() -> Bool {
            guard let text = try? String(contentsOfFile: "/etc/resolv.conf", encoding: .utf8) else {
                return false
            }
            return text.split(separator: "\n").contains {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("nameserver")
            }
        }
    }

    /// A thread blocked in `poll` on a netlink socket and a wake-up pipe; it closes every
    /// descriptor it owns when it ends.
    final class NetlinkWatcher: Sendable {
        static let live = AtomicInt(0)
        private let netlink: Int32  // -1 when polling instead
        private let wakeRead: Int32
        private let wakeWrite: Int32
        private let pollMilliseconds: Int32
        private let continuation: AsyncStream<Void>.Continuation
        /// Whether the thread has closed the descriptors; writes to `wakeWrite` happen only
        /// under this lock while it is `false`.
        private let closed = Locked(false)

        init?(pollInterval: Duration, continuation: AsyncStream<Void>.Continuation) {
            var pipeFDs: [Int32] = [0, 0]
            guard pipe(&pipeFDs) == 0 else { return nil }
            _ = fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipeFDs[1], F_SETFD, FD_CLOEXEC)
            wakeRead = pipeFDs[0]
            wakeWrite = pipeFDs[1]
            let fd = keel_nl_open(keel_nl_monitor_groups())
            netlink = fd >= 0 ? fd : -1
            pollMilliseconds = Int32(clamping: max(10, pollInterval.nanoseconds / 1_000_000))
            self.continuation = continuation
            Self.live.add(1)
        }

        func start() {
            let thread = Thread { [self] in
                loop()
                closed.withLock { closed in
                    closed = true
                    if netlink >= 0 { _ = keel_nl_close(netlink) }
                    _ = keel_nl_close(wakeRead)
                    _ = keel_nl_close(wakeWrite)
                }
                Self.live.add(-1)
                continuation.finish()
            }
            thread.name = "keel.netlink"
            thread.start()
        }

        private func loop() {
            while true {
                if netlink >= 0 {
                    let result = keel_nl_wait(netlink, wakeRead, 1000)
                    if result == 2 || result < 0 { return }
                    if result == 1 { continuation.yield(()) }
                } else {
                    var wake = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&wake, 1, pollMilliseconds)
                    if ready > 0 || (ready < 0 && errno != EINTR) { return }
                    if ready == 0 { continuation.yield(()) }
                }
            }
        }

        /// Wakes the thread so that it ends and closes its descriptors (does not wait).
        func stop() {
            closed.withLock { closed in
                guard !closed else { return }
                var byte: UInt8 = 1
                _ = write(wakeWrite, &byte, 1)
            }
        }
    }
#endif
