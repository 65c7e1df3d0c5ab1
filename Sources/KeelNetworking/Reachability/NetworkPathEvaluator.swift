/// Computes a ``NetworkPath`` from a ``NetworkSnapshot``: a pure function, unit-tested with
/// fixtures.
///
/// The path is satisfied when a non-loopback link that is up and running carries a default
/// unicast route in the main table, for IPv4 or IPv6 (GLib's "network available" rule).
/// `requiresConnection` is never produced.
package enum NetworkPathEvaluator {
    /// The path the snapshot describes.
    package static func evaluate(_ snapshot: NetworkSnapshot) -> NetworkPath {
        var usable: [Int: NetworkSnapshot.Link] = [:]
        for link in snapshot.links where link.type != .loopback && link.isUp && link.isRunning {
            usable[link.index] = link
        }
        let defaults = snapshot.routes.filter { $0.isDefault && usable[$0.interfaceIndex] != nil }
        let supportsIPv4 = defaults.contains { $0.family == .ipv4 }
        let supportsIPv6 = defaults.contains { $0.family == .ipv6 }
        let satisfied = supportsIPv4 || supportsIPv6

        // Default-route links by best metric first, then the other usable links by index.
        var bestMetric: [Int: Int] = [:]
        for route in defaults {
            bestMetric[route.interfaceIndex] = min(bestMetric[route.interfaceIndex] ?? .max, route.metric)
        }
        let ordered = usable.values.sorted { lhs, rhs in
            switch (bestMetric[lhs.index], bestMetric[rhs.index]) {
            case (let l?, let r?): return l != r ? l < r : lhs.index < rhs.index
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return lhs.index < rhs.index
            }
        }
        let interfaces = ordered.map { NetworkPath.Interface(name: $0.name, index: $0.index, type: $0.type) }
        let routedTypes = Set(defaults.compactMap { usable[$0.interfaceIndex]?.type })
        return NetworkPath(
            status: satisfied ? .satisfied : .unsatisfied,
            availableInterfaces: satisfied ? interfaces : [],
            isExpensive: satisfied && (snapshot.isMetered || routedTypes == [.cellular]),
            isConstrained: false,
            supportsIPv4: supportsIPv4,
            supportsIPv6: supportsIPv6,
            supportsDNS: satisfied && snapshot.hasDNS)
    }
}
