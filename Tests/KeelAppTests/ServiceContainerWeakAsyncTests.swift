import Testing

@testable import KeelApp

@Suite("ServiceContainer weak scope with async factories")
struct ServiceContainerWeakAsyncTests {
    /// Bug: the async path treated `.weak` like `.transient`, so every resolve ran the
    /// factory and returned a new object although the first one was still held.
    @Test("an async weak registration returns the same object while it is held")
    func asyncWeakSharesWhileHeld() async throws {
        let runs = RunCount()
        let container = ServiceContainer()
        try container.registerAsync(ServiceKeys.counter, scope: .weak) { _ in Counter(id: runs.increment()) }
        let held = try await container.resolve(ServiceKeys.counter)
        let again = try await container.resolve(ServiceKeys.counter)
        #expect(held === again)
        #expect(runs.count == 1)
        // A synchronous resolve finds the same live object too.
        #expect(try resolveSync(container, ServiceKeys.counter) === held)
    }

    /// The same bug through `registerOnMainActor`, which is built on `registerAsync`.
    @Test("a main-actor weak registration returns the same object while it is held")
    func mainActorWeakSharesWhileHeld() async throws {
        let runs = RunCount()
        let container = ServiceContainer()
        try container.registerOnMainActor(ServiceKeys.counter, scope: .weak) { _ in
            Counter(id: runs.increment())
        }
        let held = try await container.resolve(ServiceKeys.counter)
        #expect(try await container.resolve(ServiceKeys.counter) === held)
        #expect(runs.count == 1)
    }

    /// Once nothing holds the object, the next resolve makes a new one (as the sync path).
    @Test("an async weak registration makes a new object once the old one is gone")
    func asyncWeakRecreatesWhenReleased() async throws {
        let runs = RunCount()
        let container = ServiceContainer()
        try container.registerAsync(ServiceKeys.counter, scope: .weak) { _ in Counter(id: runs.increment()) }
        var first: Counter? = try await container.resolve(ServiceKeys.counter)
        #expect(first?.id == 1)
        first = nil
        #expect(try await container.resolve(ServiceKeys.counter).id == 2)
    }
}
