/// The state of the device's network, mirroring `NWPath`.
public struct NetworkPath: Sendable, Equatable, CustomStringConvertible {
    /// Whether the network can be used.
    public enum Status: String, Sendable, Equatable {
        /// A usable route exists.
        case satisfied
        /// No usable route.
        case unsatisfied
        /// A connection attempt may make it usable (VPN on demand, cellular activation).
        /// Never produced on Linux.
        case requiresConnection
    }

    /// The kind of an interface.
    public enum InterfaceType: String, Sendable, Equatable {
        /// Wi-Fi.
        case wifi
        /// Cellular (WWAN).
        case cellular
        /// Wired Ethernet.
        case wiredEthernet
        /// The loopback interface.
        case loopback
        /// Anything else (tunnels, bridges, unknown).
        case other
    }

    /// One network interface.
    package struct Interface: Sendable, Equatable {
        /// The system name (`en0`, `eth0`).
        package var name: String
        /// The system index.
        package var index: Int
        /// The kind.
        package var type: InterfaceType

        /// Creates an interface description.
        package init(name: String, index: Int, type: InterfaceType) {
            self.name = name
            self.index = index
            self.type = type
        }
    }

    /// Whether the network is usable.
    public var status: Status
    /// Usable interfaces in order of preference (on Linux: default-route interfaces by metric
    /// first; loopback never listed). Apps ask ``usesInterfaceType(_:)``.
    package var availableInterfaces: [Interface]
    /// Whether the path is costly (cellular or a metered connection).
    public var isExpensive: Bool
    /// Whether the user asked to save data (Low Data Mode; always `false` on Linux).
    public var isConstrained: Bool
    /// Whether IPv4 traffic can be routed.
    package var supportsIPv4: Bool
    /// Whether IPv6 traffic can be routed.
    package var supportsIPv6: Bool
    /// Whether a DNS server is configured.
    package var supportsDNS: Bool

    /// Creates a path with no interfaces (for tests and previews, with
    /// ``ManualNetworkPathSource``).
    public init(status: Status, isExpensive: Bool = false, isConstrained: Bool = false) {
        self.init(
            status: status, availableInterfaces: [], isExpensive: isExpensive, isConstrained: isConstrained)
    }

    /// Creates a path.
    package init(
        status: Status,
        availableInterfaces: [Interface],
        isExpensive: Bool = false,
        isConstrained: Bool = false,
        supportsIPv4: Bool = false,
        supportsIPv6: Bool = false,
        supportsDNS: Bool = false
    ) {
        self.status = status
        self.availableInterfaces = availableInterfaces
        self.isExpensive = isExpensive
        self.isConstrained = isConstrained
        self.supportsIPv4 = supportsIPv4
        self.supportsIPv6 = supportsIPv6
        self.supportsDNS = supportsDNS
    }

    /// An unsatisfied path with no interfaces.
    @usableFromInline package static let unsatisfied = NetworkPath(status: .unsatisfied)

    /// Whether any available interface is of `type`.
    public func usesInterfaceType(_ type: InterfaceType) -> Bool {
        availableInterfaces.contains { $0.type == type }
    }

    /// A one-line summary.
    public var description: String {
        let interfaces = availableInterfaces.map { "\($0.name)(\($0.type.rawValue))" }.joined(separator: ",")
        return "\(status.rawValue) [\(interfaces)] v4=\(supportsIPv4) v6=\(supportsIPv6) dns=\(supportsDNS)"
            + (isExpensive ? " expensive" : "") + (isConstrained ? " constrained" : "")
    }
}
