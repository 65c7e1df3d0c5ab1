#if canImport(Network)
    import Foundation
    import KeelSupport
    import Network

    /// The Apple `NetworkPathSource`: `NWPathMonitor`, mapped to ``NetworkPath``.
    package final class NWPathMonitorSource: NetworkPathSource {
        private let monitor = Locked(NWPathMonitor())
        private let latest = Locked<NetworkPath?>(nil)
        private let broadcaster = Broadcaster<Void>()

        /// Starts the system monitor on its own queue.
        package init() {
            let latest = self.latest
            let broadcaster = self.broadcaster
            monitor.withLock { monitor in
                monitor.pathUpdateHandler = { path in
                    latest.set(Self.map(path))
                    broadcaster.yield(())
                }
                monitor.start(queue: DispatchQueue(label: "keel.network-monitor"))
            }
        }

        deinit {
            monitor.withLock { $0.cancel() }
        }

        /// The latest path the system reported.
        package func currentPath() async -> NetworkPath {
            if let path = latest.current { return path }
            return monitor.withLock { Self.map($0.currentPath) }
        }

        /// Every system update.
        package func changes() -> AsyncStream<Void> {
            broadcaster.stream(bufferingPolicy: .bufferingNewest(1))
        }

        static func map(_ path: NWPath) -> NetworkPath {
            let status: NetworkPath.Status
            switch path.status {
            case .satisfied: status = .satisfied
            case .requiresConnection: status = .requiresConnection
            default: status = .unsatisfied
            }
            return NetworkPath(
                status: status,
                availableInterfaces: path.availableInterfaces.map {
                    NetworkPath.Interface(name: $0.name, index: $0.index, type: map($0.type))
                },
                isExpensive: path.isExpensive, isConstrained: path.isConstrained,
                supportsIPv4: path.supportsIPv4, supportsIPv6: path.supportsIPv6,
                supportsDNS: path.supportsDNS)
        }

        private static func map(_ type: NWInterface.InterfaceType) -> NetworkPath.InterfaceType {
            switch type {
            case .wifi: return .wifi
            case .cellular: return .cellular
            case .wiredEthernet: return .wiredEthernet
            case .loopback: return .loopback
            default: return .other
            }
        }
    }
#endif
