import Foundation
import KeelSupport
import KeelTesting
import Testing

@testable import KeelApp

extension ServiceKeys {
    fileprivate static let globalA = ServiceKey<Counter>("globalA")
    fileprivate static let globalB = ServiceKey<Counter>("globalB")
    fileprivate static let globalC = ServiceKey<Counter>("globalC")
}

/// Recorded when a resolve that should fail returned a value.
private struct Unexpected: Error {}

/// Factories that ignore their `Resolver` and call the container itself.
@Suite("ServiceContainer cycles through the container's own resolve")
struct ServiceContainerGlobalCycleTests {
    /// Bug: each `container.resolve` inside a factory started a fresh top-level resolver with
    /// no creation, so the inner resolve of `globalA` found A `.creating` and blocked the
    /// thread on A's own creation forever. Run on a dedicated thread so a regression fails
    /// the test (after the signal's bound) instead of blocking the pool.
    @Test("a sync cycle through container.resolve throws cycle instead of deadlocking")
    func syncCycleThroughContainer() async throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.globalA, scope: .singleton) { _ in
            _ = try container.resolve(ServiceKeys.globalB)
            return Counter(id: 1)
        }
        try container.register(ServiceKeys.globalB, scope: .singleton) { _ in
            _ = try container.resolve(ServiceKeys.globalA)
            return Counter(id: 2)
        }
        let outcome = Locked<(any Error)?>(nil)
        let finished = TestSignal()
        Thread {
            do {
                _ = try resolveSync(container, ServiceKeys.globalA)
                outcome.withLock { $0 = Unexpected() }
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.signal()
        }.start()
        let ended = await finished.wait(timeout: .seconds(60)) { outcome.current != nil }
        #expect(ended, "the resolve deadlocked")
        let error = try #require(outcome.current)
        #expect(
            error as? ResolutionError
                == .cycle(["Counter[\"globalA\"]", "Counter[\"globalB\"]", "Counter[\"globalA\"]"]),
            "\(error)")
    }

    /// The same cycle mixing the resolver and the container (`a` through the container,
    /// `b` through its resolver) used to deadlock as well: the resolver chain of `b` showed
    /// only `b`.
    @Test("a mixed resolver/container sync cycle throws cycle")
    func mixedCycle() async throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.globalA, scope: .singleton) { _ in
            _ = try container.resolve(ServiceKeys.globalB)
            return Counter(id: 1)
        }
        try container.register(ServiceKeys.globalB, scope: .cached) { resolver in
            _ = try resolver.resolve(ServiceKeys.globalC)
            return Counter(id: 2)
        }
        try container.register(ServiceKeys.globalC, scope: .transient) { resolver in
            _ = try resolver.resolve(ServiceKeys.globalA)
            return Counter(id: 3)
        }
        let outcome = Locked<(any Error)?>(nil)
        let finished = TestSignal()
        Thread {
            do {
                _ = try resolveSync(container, ServiceKeys.globalA)
                outcome.withLock { $0 = Unexpected() }
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.signal()
        }.start()
        let ended = await finished.wait(timeout: .seconds(60)) { outcome.current != nil }
        #expect(ended, "the resolve deadlocked")
        guard case .cycle(let path)? = outcome.current as? ResolutionError else {
            Issue.record("expected a cycle, got \(String(describing: outcome.current))")
            return
        }
        #expect(path.first == "Counter[\"globalA\"]" && path.last == "Counter[\"globalA\"]", "\(path)")
    }

    /// Bug: the inner `await container.resolve(globalA)` awaited A's creation task from inside
    /// that task's own dependency; neither ever finished.
    @Test("an async cycle through container.resolve throws cycle instead of hanging")
    func asyncCycleThroughContainer() async throws {
        let container = ServiceContainer()
        try container.registerAsync(ServiceKeys.globalA, scope: .singleton) { _ in
            _ = try await container.resolve(ServiceKeys.globalB)
            return Counter(id: 1)
        }
        try container.registerAsync(ServiceKeys.globalB, scope: .singleton) { _ in
            _ = try await container.resolve(ServiceKeys.globalA)
            return Counter(id: 2)
        }
        let outcome = Locked<(any Error)?>(nil)
        let finished = TestSignal()
        Task {
            do {
                _ = try await container.resolve(ServiceKeys.globalA)
                outcome.withLock { $0 = Unexpected() }
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.signal()
        }
        let ended = await finished.wait(timeout: .seconds(60)) { outcome.current != nil }
        #expect(ended, "the resolve hung")
        guard case .cycle(let path)? = outcome.current as? ResolutionError else {
            Issue.record("expected a cycle, got \(String(describing: outcome.current))")
            return
        }
        #expect(path.contains("Counter[\"globalA\"]") && path.contains("Counter[\"globalB\"]"), "\(path)")
    }

    /// Not a cycle: a factory that starts a task resolving its own key and does not wait for
    /// it. The task inherits the factory's task-local stack, but it is not the creation's
    /// runner, so it waits for the creation instead of reporting a cycle.
    @Test("a task spawned by a factory waits for the creation, not a false cycle")
    func spawnedTaskWaits() async throws {
        let container = ServiceContainer()
        let spawned = Locked<Task<Int, any Error>?>(nil)
        let released = Locked(false)
        let release = TestSignal()
        let started = TestSignal()
        try container.registerAsync(ServiceKeys.globalA, scope: .singleton) { _ in
            let task = Task { try await container.resolve(ServiceKeys.globalA).id }
            spawned.withLock { $0 = task }
            started.signal()
            _ = await release.wait(timeout: .seconds(30)) { released.current }
            return Counter(id: 7)
        }
        let outer = Task { try await container.resolve(ServiceKeys.globalA).id }
        _ = await started.wait(timeout: .seconds(30)) { spawned.current != nil }
        released.withLock { $0 = true }
        release.signal()
        #expect(try await outer.value == 7)
        let task = try #require(spawned.current)
        #expect(try await task.value == 7)
    }
}
