import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

@Suite("NetworkMonitor debounce and de-duplication")
struct NetworkMonitorTests {
    static let wired = NetworkPath(
        status: .satisfied, availableInterfaces: [.init(name: "eth0", index: 2, type: .wiredEthernet)],
        supportsIPv4: true, supportsDNS: true)
    static let offline = NetworkPath.unsatisfied

    /// Collects the stream's values into a locked array.
    final class Collector: Sendable {
        let values = Locked<[NetworkPath]>([])
    }

    @Test("14. The stream starts with the current path; a burst within the window yields one emission")
    func debounce() async throws {
        let clock = TestClock()
        let source = ManualNetworkPathSource(Self.wired)
        let monitor = NetworkMonitor(source: source, debounce: .seconds(1), clock: clock)
        let collector = Collector()
        let consumer = Task {
            for await path in monitor.paths() { collector.values.withLock { $0.append(path) } }
        }
        #expect(await eventually { collector.values.withLock { $0.count } == 1 && source.listenerCount == 1 })
        #expect(collector.values.withLock { $0 } == [Self.wired])

        // A burst of five changes, 100 ms apart: the window restarts with each.
        source.signalChange(to: Self.offline)
        for _ in 0..<4 {
            #expect(await clock.waitForSleepers(1))
            await clock.advance(by: .milliseconds(100))
            source.signalChange()
        }
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(999))
        #expect(collector.values.withLock { $0.count } == 1)
        // The debouncer woke at its first deadline, saw newer changes and sleeps again.
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(2))
        #expect(await eventually { collector.values.withLock { $0.count } == 2 })
        #expect(collector.values.withLock { $0 } == [Self.wired, Self.offline])
        consumer.cancel()
        #expect(await eventually { source.listenerCount == 0 })
    }

    @Test("14. Identical paths are not emitted again")
    func deduplication() async throws {
        let clock = TestClock()
        let source = ManualNetworkPathSource(Self.wired)
        let monitor = NetworkMonitor(source: source, debounce: .milliseconds(10), clock: clock)
        let collector = Collector()
        let consumer = Task {
            for await path in monitor.paths() { collector.values.withLock { $0.append(path) } }
        }
        #expect(await eventually { source.listenerCount == 1 && collector.values.withLock { $0.count } == 1 })
        for path in [Self.wired, Self.wired, Self.offline, Self.offline, Self.wired] {
            source.signalChange(to: path)
            #expect(await clock.waitForSleepers(1))
            await clock.advance(by: .milliseconds(10))
            #expect(await eventually { clock.sleeperCount == 0 })
        }
        #expect(await eventually { collector.values.withLock { $0.count } == 3 })
        #expect(collector.values.withLock { $0 } == [Self.wired, Self.offline, Self.wired])
        consumer.cancel()
    }
}
