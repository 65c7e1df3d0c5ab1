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

    /// Bug: under `withOverrides`, `reset` reset the original container (shared by every
    /// parallel test) and left the copy's instance, so the resolve after it returned the
    /// same instance (`before reset=1 after reset=1`).
    @Test("reset under withOverrides resets the copy, not the original")
    func resetUnderOverrides() async throws {
        let container = ServiceContainer()
        let runs = RunCount()
        try container.register(ServiceKeys.session, scope: .cached) { _ in Counter(id: runs.increment()) }
        let original = try resolveSync(container, ServiceKeys.session).id
        try await container.withOverrides(
            { _ in },
            operation: {
                let before = try resolveSync(container, ServiceKeys.session).id
                container.reset(.cached)
                let after = try resolveSync(container, ServiceKeys.session).id
                #expect(before != after)
            })
        // The original kept its instance.
        #expect(try resolveSync(container, ServiceKeys.session).id == original)
    }

    /// Bug: register and unregister under `withOverrides` changed the original.
    @Test("register and unregister under withOverrides change only the copy")
    func registerUnderOverrides() async throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.counter) { _ in Counter(id: 1) }
        try await container.withOverrides(
            { _ in },
            operation: {
                #expect(container.unregister(ServiceKeys.counter))
                try container.register(ServiceKeys.session) { _ in Counter(id: 9) }
                #expect(try resolveSync(container, ServiceKeys.session).id == 9)
                #expect(throws: ResolutionError.self) { try resolveSync(container, ServiceKeys.counter) }
                #expect(container.registrations.map(\.key.description) == ["Counter[\"resetSession\"]"])
            })
        #expect(try resolveSync(container, ServiceKeys.counter).id == 1)
        #expect(throws: ResolutionError.self) { try resolveSync(container, ServiceKeys.session) }
    }

    /// Bug: `validate()` under `withOverrides` resolved the original's eager registrations,
    /// not the overrides the test installed.
    @Test("validate under withOverrides validates the copy")
    func validateUnderOverrides() async throws {
        struct Broken: Error {}
        let container = ServiceContainer()
        try container.register(ServiceKeys.session, scope: .singleton, eager: true) { _ in throw Broken() }
        try await container.withOverrides(
            {
                try $0.register(ServiceKeys.session, scope: .singleton, eager: true, replace: true) { _ in
                    Counter(id: 3)
                }
            },
            operation: { try await container.validate() })
        await #expect(throws: ContainerValidationError.self) { try await container.validate() }
    }
}
