import KeelSupport
import Testing

@testable import KeelApp

/// Going to the background or terminating writes buffered log lines first: iOS suspends or ends
/// a background app without running exit handlers, and the lines used to stay in memory.
@Suite("ModuleRegistry flushes log files on background and terminate")
struct ModuleLogFlushTests {
    @Test func flushesOnTheWayOutOnly() async throws {
        let flushes = Locked(0)
        let registry = ModuleRegistry()
        await registry.setFlushLogs { flushes.withLock { $0 += 1 } }
        for event in [
            AppEvent.didFinishLaunching, .didBecomeActive, .willResignActive, .didReceiveMemoryWarning,
        ] {
            await registry.send(event)
        }
        #expect(flushes.current == 0)
        await registry.send(.didEnterBackground)
        #expect(flushes.current == 1)
        await registry.send(.willTerminate)
        #expect(flushes.current == 2)
    }

}
