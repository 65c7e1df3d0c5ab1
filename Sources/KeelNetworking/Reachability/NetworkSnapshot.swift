/// What the kernel says about links, addresses and routes at one moment: the input of
/// ``NetworkPathEvaluator``.
package struct NetworkSnapshot: Sendable, Equatable {
    /// An address family.
    package enum Family: Sendable, Equatable {
        /// IPv4.
        case ipv4
        /// IPv6.
        case ipv6
    }

    /// A network interface.
    package struct Link: Sendable, Equatable {
        /// The interface index.
        package var index: Int
        /// The interface name.
        package var name: String
        /// `IFF_UP`: administratively up.
        package var isUp: Bool
        /// `IFF_RUNNING` or `IFF_LOWER_UP`: the carrier is present.
        package var isRunning: Bool
        /// The kind (loopback is never usable).
        package var type: NetworkPath.InterfaceType

        /// Creates a link.
        package init(index: Int, name: String, isUp: Bool, isRunning: Bool, type: NetworkPath.InterfaceType) {
            self.index = index
            self.name = name
            self.isUp = isUp
            self.isRunning = isRunning
            self.type = type
        }
    }

    /// An address assigned to a link.
    package struct Address: Sendable, Equatable {
        /// The link's index.
        package var interfaceIndex: Int
        /// The family.
        package var family: Family

        /// Creates an address.
        package init(interfaceIndex: Int, family: Family) {
            self.interfaceIndex = interfaceIndex
            self.family = family
        }
    }

    /// A route.
    package struct Route: Sendable, Equatable {
        /// The family.
        package var family: Family
        /// The output link's index.
        package var interfaceIndex: Int
        /// The destination prefix length (0 for a default route).
        package var destinationPrefixLength: Int
        /// The routing table (254 is the main table).
        package var table: Int
        /// Whether the route delivers packets (`RTN_UNICAST`); unreachable, blackhole and
        /// local routes are not.
        package var isUnicast: Bool
        /// The metric (lower is preferred).
        package var metric: Int

        /// Creates a route.
        package init(
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
        package var isDefault: Bool {
            destinationPrefixLength == 0 && table == 254 && isUnicast
        }
    }

    /// The links.
    package var links: [Link]
    /// The addresses.
    package var addresses: [Address]
    /// The routes.
    package var routes: [Route]
    /// Whether the connection is known to be metered.
    package var isMetered: Bool
    /// Whether a DNS server is configured.
    package var hasDNS: Bool

    /// Creates a snapshot.
    package init(
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
