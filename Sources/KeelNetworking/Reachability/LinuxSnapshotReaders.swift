#if os(Linux)
    import CNetlink
    import Foundation
    import Glibc

    /// Reads a ``NetworkSnapshot`` with netlink dumps.
    enum NetlinkReader {
        static func snapshot() -> NetworkSnapshot? {
            let fd = keel_nl_open(0)
            guard fd >= 0 else { return nil }
            defer { _ = keel_nl_close(fd) }
            var links = [keel_nl_link](repeating: keel_nl_link(), count: 512)
            var addresses = [keel_nl_address](repeating: keel_nl_address(), count: 2048)
            var routes = [keel_nl_route](repeating: keel_nl_route(), count: 4096)
            let linkCount = keel_nl_dump_links(fd, &links, Int32(links.count))
            let addressCount = keel_nl_dump_addresses(fd, &addresses, Int32(addresses.count))
            let routeCount = keel_nl_dump_routes(fd, &routes, Int32(routes.count))
            guard linkCount >= 0, addressCount >= 0, routeCount >= 0 else { return nil }
            return NetworkSnapshot(
                links: links.prefix(Int(linkCount)).map(link),
                addresses: addresses.prefix(Int(addressCount)).compactMap(address),
                routes: routes.prefix(Int(routeCount)).compactMap(route))
        }

        private static func link(_ raw: keel_nl_link) -> NetworkSnapshot.Link {
            let name = withUnsafeBytes(of: raw.name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            let flags = raw.flags
            return NetworkSnapshot.Link(
                index: Int(raw.index), name: name, isUp: flags & 0x1 != 0,
                isRunning: flags & (0x40 | 0x10000) != 0,
                type: InterfaceClassifier.type(name: name, hardwareType: Int(raw.type), flags: flags))
        }

        private static func family(_ value: UInt8) -> NetworkSnapshot.Family? {
            switch Int32(value) {
            case AF_INET: return .ipv4
            case AF_INET6: return .ipv6
            default: return nil
            }
        }

        private static func address(_ raw: keel_nl_address) -> NetworkSnapshot.Address? {
            family(raw.family).map { NetworkSnapshot.Address(interfaceIndex: Int(raw.index), family: $0) }
        }

        private static func route(_ raw: keel_nl_route) -> NetworkSnapshot.Route? {
            guard let family = family(raw.family) else { return nil }
            return NetworkSnapshot.Route(
                family: family, interfaceIndex: Int(raw.output_index),
                destinationPrefixLength: Int(raw.destination_length), table: Int(raw.table),
                isUnicast: raw.type == 1, metric: Int(raw.priority))
        }
    }

    /// Reads a ``NetworkSnapshot`` from `getifaddrs`, `/proc/net/route` and
    /// `/proc/net/ipv6_route` (the fallback where netlink is not allowed).
    enum ProcfsReader {
        static func snapshot() -> NetworkSnapshot {
            var links: [String: NetworkSnapshot.Link] = [:]
            var addresses: [NetworkSnapshot.Address] = []
            var list: UnsafeMutablePointer<ifaddrs>?
            if getifaddrs(&list) == 0, let first = list {
                defer { freeifaddrs(list) }
                var cursor: UnsafeMutablePointer<ifaddrs>? = first
                while let entry = cursor {
                    let name = String(cString: entry.pointee.ifa_name)
                    let flags = entry.pointee.ifa_flags
                    let index = Int(if_nametoindex(entry.pointee.ifa_name))
                    if links[name] == nil {
                        links[name] = NetworkSnapshot.Link(
                            index: index, name: name, isUp: flags & 0x1 != 0,
                            isRunning: flags & (0x40 | 0x10000) != 0,
                            type: InterfaceClassifier.type(
                                name: name, hardwareType: hardwareType(name), flags: flags))
                    }
                    if let address = entry.pointee.ifa_addr {
                        switch Int32(address.pointee.sa_family) {
                        case AF_INET: addresses.append(.init(interfaceIndex: index, family: .ipv4))
                        case AF_INET6: addresses.append(.init(interfaceIndex: index, family: .ipv6))
                        default: break
                        }
                    }
                    cursor = entry.pointee.ifa_next
                }
            }
            let indexByName = links.mapValues(\.index)
            let routes =
                parseIPv4Routes(read("/proc/net/route"), indexByName: indexByName)
                + parseIPv6Routes(read("/proc/net/ipv6_route"), indexByName: indexByName)
            return NetworkSnapshot(
                links: links.values.sorted { $0.index < $1.index }, addresses: addresses, routes: routes)
        }

        private static func read(_ path: String) -> String {
            (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }

        private static func hardwareType(_ name: String) -> Int {
            Int(read("/sys/class/net/\(name)/type").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }

        /// `/proc/net/route`: `Iface Destination Gateway Flags RefCnt Use Metric Mask …` (hex).
        static func parseIPv4Routes(_ text: String, indexByName: [String: Int]) -> [NetworkSnapshot.Route] {
            text.split(separator: "\n").dropFirst().compactMap { line in
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 8, let flags = Int(fields[3], radix: 16),
                    let mask = UInt32(fields[7], radix: 16),
                    let metric = Int(fields[6])
                else { return nil }
                let up = flags & 0x1 != 0
                let rejected = flags & 0x200 != 0
                return NetworkSnapshot.Route(
                    family: .ipv4, interfaceIndex: indexByName[String(fields[0])] ?? 0,
                    destinationPrefixLength: mask.nonzeroBitCount, table: 254, isUnicast: up && !rejected,
                    metric: metric)
            }
        }

        /// `/proc/net/ipv6_route`: `dest plen src splen nexthop metric refcnt use flags iface`.
        static func parseIPv6Routes(_ text: String, indexByName: [String: Int]) -> [NetworkSnapshot.Route] {
            text.split(separator: "\n").compactMap { line in
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 10, let prefix = Int(fields[1], radix: 16),
                    let metric = Int(fields[5], radix: 16), let flags = Int(fields[8], radix: 16)
                else { return nil }
                let up = flags & 0x1 != 0
                let rejected = flags & 0x200 != 0
                return NetworkSnapshot.Route(
                    family: .ipv6, interfaceIndex: indexByName[String(fields[9])] ?? 0,
                    destinationPrefixLength: prefix, table: 254, isUnicast: up && !rejected, metric: metric)
            }
        }
    }

    /// Guesses an interface's kind from its ARPHRD type, name and sysfs entries.
    enum InterfaceClassifier {
        static func type(name: String, hardwareType: Int, flags: UInt32) -> NetworkPath.InterfaceType {
            if flags & 0x8 != 0 || hardwareType == 772 { return .loopback }
            if name.hasPrefix("wwan") || name.hasPrefix("ww") || hardwareType == 519 || hardwareType == 512 {
                return .cellular
            }
            if hardwareType == 801
                || FileManager.default.fileExists(atPath: "/sys/class/net/\(name)/wireless")
                || FileManager.default.fileExists(atPath: "/sys/class/net/\(name)/phy80211")
            {
                return .wifi
            }
            if hardwareType == 1 { return .wiredEthernet }
            return .other
        }
    }
#endif
