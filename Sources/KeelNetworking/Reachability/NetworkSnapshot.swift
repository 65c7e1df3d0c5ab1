/// What the kernel says about links, addresses and routes at one moment: the input of
/// ``NetworkPathEvaluator``.
public struct NetworkSnapshot: Sendable, Equatable {
    /// An address family.
    public enum Family: Sendable, Equatable {
        /// IPv4.
        case ipv4
        /// IPv6.
        case ipv6
    }

    /// A network interface.
    public struct Link: Sendable, Equatable {
        /// The interface index.
        public var index: Int
        /// The interface name.
        public var name: String
        /// `IFF_UP`: administratively up.
        public var isUp: Bool
        /// `IFF_RUNNING` or `IFF_LOWER_UP`: the carrier is present.
        public var isRunning: Bool
        /// The kind (loopback is never usable).
        public var type: NetworkPath.InterfaceType

        /// Creates a link.
        public init(index: Int, name: String, isUp: Bool, isRunning: Bool, type: NetworkPath.InterfaceType) {
            self.index = index
            self.name = name
            self.isUp = isUp
            self.isRunning = isRunning
            self.type = type
        }
    }

    /// An address assigned to a link.
    public struct Address: Sendable, Equatable {
        /// The link's index.
        public var interfaceIndex: Int
        /// The family.
        public var family: Family

        /// Creates an address.
        public init(interfaceIndex: Int, family: Family) {
            self.interfaceIndex = interfaceIndex
            self.family = family
        }
    }

    /// A route.
    public struct Route: Sendable, Equatable {
        /// The family.
        public var family: Family
        /// The output link's index.
        public var interfaceIndex: Int
        /// The destination prefix length (0 for a default route).
        public var destinationPrefixLength: Int
        /// The routing table (254 is the main table).
        public var table: Int
        /// Whether the route delivers packets (`RTN_UNICAST`); unreachable, blackhole and
        /// local routes are not.
        public var isUnicast: Bool
        /// The metric (lower is preferred).
        public var metric: Int

        /// Creates a route.
        public init(
            family: Family, interfaceIndex: Int, destinationPrefixLength: Int = 0, table: Int = 254,
            isUnicast: Bool = true, metric: Int = 0
        ) {
            self.family = family
            self.interfaceIndex = interfaceIndex
            self.destinationPrefixLength = destinationPrefixLength
            self.table = table
            self.isUnicast = isUnicast
            self.metric = metric
        }

        /// Whether this is a default route in the main table.
        public var isDefault: Bool {
            destinationPrefixLength == 0 && table == 254 && isUnicast
        }
    }

    /// The links.
    public var links: [Link]
    /// The addresses.
    public var addresses: [Address]
    /// The routes.
    public var routes: [Route]
    /// Whether the connection is known to be metered.
    public var isMetered: Bool
    /// Whether a DNS server is configured.
    public var hasDNS: Bool

    /// Creates a snapshot.
    public init(
        links: [Link] = [], addresses: [Address] = [], routes: [Route] = [], isMetered: Bool = false,
        hasDNS: Bool = true
    ) {
        self.links = links
        self.addresses = addresses
        self.routes = routes
        self.isMetered = isMetered
        self.hasDNS = hasDNS
    }
}
