import KeelNetworking
import Testing

@Suite("NetworkPathEvaluator fixtures")
struct NetworkPathEvaluatorTests {
    typealias Link = NetworkSnapshot.Link
    typealias Route = NetworkSnapshot.Route

    static let loopback = Link(index: 1, name: "lo", isUp: true, isRunning: true, type: .loopback)
    static let eth0 = Link(index: 2, name: "eth0", isUp: true, isRunning: true, type: .wiredEthernet)
    static let wlan0 = Link(index: 3, name: "wlan0", isUp: true, isRunning: true, type: .wifi)
    static let downEth = Link(index: 2, name: "eth0", isUp: true, isRunning: false, type: .wiredEthernet)
    static let wwan0 = Link(index: 4, name: "wwan0", isUp: true, isRunning: true, type: .cellular)

    struct Fixture: Sendable, CustomTestStringConvertible {
        var name: String
        var snapshot: NetworkSnapshot
        var status: NetworkPath.Status
        var ipv4: Bool
        var ipv6: Bool
        var interfaces: [String]
        var expensive = false

        var testDescription: String { name }
    }

    static let fixtures: [Fixture] = [
        Fixture(
            name: "no default route → unsatisfied",
            snapshot: NetworkSnapshot(
                links: [loopback, eth0],
                routes: [Route(family: .ipv4, interfaceIndex: 2, destinationPrefixLength: 24)]),
            status: .unsatisfied, ipv4: false, ipv6: false, interfaces: []),
        Fixture(
            name: "IPv6-only default route → satisfied without IPv4",
            snapshot: NetworkSnapshot(
                links: [loopback, eth0], routes: [Route(family: .ipv6, interfaceIndex: 2)]),
            status: .satisfied, ipv4: false, ipv6: true, interfaces: ["eth0"]),
        Fixture(
            name: "default route on a down link → unsatisfied",
            snapshot: NetworkSnapshot(
                links: [loopback, downEth], routes: [Route(family: .ipv4, interfaceIndex: 2)]),
            status: .unsatisfied, ipv4: false, ipv6: false, interfaces: []),
        Fixture(
            name: "loopback excluded even with a default route",
            snapshot: NetworkSnapshot(links: [loopback], routes: [Route(family: .ipv4, interfaceIndex: 1)]),
            status: .unsatisfied, ipv4: false, ipv6: false, interfaces: []),
        Fixture(
            name: "dual stack; interfaces ordered by metric; loopback not listed",
            snapshot: NetworkSnapshot(
                links: [loopback, eth0, wlan0],
                routes: [
                    Route(family: .ipv4, interfaceIndex: 2, metric: 600),
                    Route(family: .ipv4, interfaceIndex: 3, metric: 100),
                    Route(family: .ipv6, interfaceIndex: 3, metric: 100),
                ]),
            status: .satisfied, ipv4: true, ipv6: true, interfaces: ["wlan0", "eth0"]),
        Fixture(
            name: "unreachable and non-main-table default routes do not count",
            snapshot: NetworkSnapshot(
                links: [eth0],
                routes: [
                    Route(family: .ipv6, interfaceIndex: 2, isUnicast: false),
                    Route(family: .ipv4, interfaceIndex: 2, table: 100),
                ]),
            status: .unsatisfied, ipv4: false, ipv6: false, interfaces: []),
        Fixture(
            name: "cellular only → expensive",
            snapshot: NetworkSnapshot(links: [wwan0], routes: [Route(family: .ipv4, interfaceIndex: 4)]),
            status: .satisfied, ipv4: true, ipv6: false, interfaces: ["wwan0"], expensive: true),
        Fixture(
            name: "metered Wi-Fi → expensive",
            snapshot: NetworkSnapshot(
                links: [wlan0], routes: [Route(family: .ipv4, interfaceIndex: 3)], isMetered: true),
            status: .satisfied, ipv4: true, ipv6: false, interfaces: ["wlan0"], expensive: true),
    ]

    @Test("14. Path evaluation", arguments: fixtures)
    func evaluate(_ fixture: Fixture) {
        let path = NetworkPathEvaluator.evaluate(fixture.snapshot)
        #expect(path.status == fixture.status)
        #expect(path.supportsIPv4 == fixture.ipv4)
        #expect(path.supportsIPv6 == fixture.ipv6)
        #expect(path.availableInterfaces.map(\.name) == fixture.interfaces)
        #expect(path.isExpensive == fixture.expensive)
        #expect(!path.isConstrained)
        #expect(!path.usesInterfaceType(.loopback))
    }

    @Test("DNS support needs a satisfied path and a configured server")
    func dns() {
        let routes = [Route(family: .ipv4, interfaceIndex: 2)]
        #expect(
            NetworkPathEvaluator.evaluate(NetworkSnapshot(links: [Self.eth0], routes: routes, hasDNS: true))
                .supportsDNS)
        #expect(
            !NetworkPathEvaluator.evaluate(NetworkSnapshot(links: [Self.eth0], routes: routes, hasDNS: false))
                .supportsDNS)
        #expect(
            !NetworkPathEvaluator.evaluate(NetworkSnapshot(links: [Self.eth0], routes: [], hasDNS: true))
                .supportsDNS)
    }
}
