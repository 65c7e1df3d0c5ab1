import KeelSupport
import KeelTesting
import Testing

@testable import KeelApp

extension ServiceKeys {
    fileprivate static let session = ServiceKey<Counter>("resetSession")
}

@Suite("ServiceContainer reset during creation and under overrides")
struct ServiceContainerResetTests {
    /// Bug: a reset that arrived while an async factory ran left the creation alone; its
    /// value was then stored and returned to every resolve after the reset (the signed-out
    /// user's session object for the next user).
    @Test("a resolve after a reset during an async creation gets a new instance")
    func resetDuringAsyncCreation() async throws {
        let container = ServiceContainer()
        let runs = RunCount()
        let entered = TestSignal()
        let gate = TestSignal()
        let open = Locked(false)
        try container.registerAsync(ServiceKeys.session, scope: .cached) { _ in
            let run = runs.increment()
            entered.signal()
            // Only the first run is held until the reset is done.
            if run == 1 { _ = await gate.wait(timeout: .seconds(30)) { open.current } }
            return Counter(id: run)
        }
        let first = Task { try await container.resolve(ServiceKeys.session).id }
        #expect(await entered.wait(timeout: .seconds(30)) { runs.count == 1 })
        container.reset(.cached)
        let afterReset = try await container.resolve(ServiceKeys.session).id
        open.withLock { $0 = true }
        gate.signal()
        // The creation's own caller still gets its value.
        #expect(try await first.value == 1)
        #expect(afterReset == 2)
        #expect(try await container.resolve(ServiceKeys.session).id == 2)
        #expect(runs.count == 2)
    }
}
