import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

/// The original foundation's callback shape: `onStatusChange`, `start()`, `stop()`.
@Suite("NetworkMonitor onStatusChange, start and stop")
struct NetworkMonitorCallbackTests {
    static let wired = NetworkMonitorTests.wired
    static let offline = NetworkMonitorTests.offline

    /// A monitor over a manual source with a test clock, and what its callback received.
    struct Fixture {
        let clock = TestClock()
        let source = ManualNetworkPathSource(NetworkMonitorCallbackTests.wired)
        let received = Locked<[NetworkPath]>([])
        let monitor: NetworkMonitor

        init() {
            monitor = NetworkMonitor(source: source, debounce: .milliseconds(10), clock: clock)
            let received = self.received
            monitor.onStatusChange = { status in received.withLock { $0.append(status) } }
        }

        var count: Int { received.withLock { $0.count } }

        /// Signals `path` and lets the debounce window pass.
        func change(to path: NetworkPath) async {
            source.signalChange(to: path)
            _ = await clock.waitForSleepers(1)
            await clock.advance(by: .milliseconds(10))
        }
    }

    @Test("start() delivers the current path, then each change")
    func deliversChanges() async throws {
        let fixture = Fixture()
        fixture.monitor.start()
        #expect(fixture.monitor.isMonitoring)
        #expect(await eventually { fixture.count == 1 && fixture.source.listenerCount == 1 })
        await fixture.change(to: Self.offline)
        #expect(await eventually { fixture.count == 2 })
        #expect(fixture.received.withLock { $0 } == [Self.wired, Self.offline])
        fixture.monitor.stop()
    }

    @Test("After stop() the callback is not called and the watcher ends")
    func nothingAfterStop() async throws {
        let fixture = Fixture()
        fixture.monitor.start()
        #expect(await eventually { fixture.count == 1 && fixture.source.listenerCount == 1 })
        fixture.monitor.stop()
        #expect(!fixture.monitor.isMonitoring)
        #expect(await eventually { fixture.source.listenerCount == 0 })
        fixture.source.signalChange(to: Self.offline)
        await fixture.clock.advance(by: .seconds(1))
        await Task.yield()
        #expect(fixture.received.withLock { $0 } == [Self.wired])
    }

    @Test("start() twice runs one watcher and delivers each change once")
    func startTwiceIsHarmless() async throws {
        let fixture = Fixture()
        fixture.monitor.start()
        fixture.monitor.start()
        #expect(await eventually { fixture.count == 1 && fixture.source.listenerCount == 1 })
        await fixture.change(to: Self.offline)
        #expect(await eventually { fixture.count == 2 })
        #expect(fixture.source.listenerCount == 1)
        #expect(fixture.received.withLock { $0 } == [Self.wired, Self.offline])
        fixture.monitor.stop()
        fixture.monitor.stop()
    }

    @Test("stop() then start() monitors again")
    func restart() async throws {
        let fixture = Fixture()
        fixture.monitor.start()
        #expect(await eventually { fixture.count == 1 })
        fixture.monitor.stop()
        #expect(await eventually { fixture.source.listenerCount == 0 })
        fixture.monitor.start()
        #expect(await eventually { fixture.count == 2 && fixture.source.listenerCount == 1 })
        fixture.monitor.stop()
    }

    @Test("A status prints as a readable line")
    func readableStatus() {
        #expect("\(Self.wired)".hasPrefix("satisfied [eth0(wiredEthernet)]"))
        #expect("\(Self.offline)".hasPrefix("unsatisfied"))
    }
}
