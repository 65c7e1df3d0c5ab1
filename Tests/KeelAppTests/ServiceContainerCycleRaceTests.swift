import Foundation
import KeelSupport
import KeelTesting
import Testing

@testable import KeelApp

/// Two keys whose factories resolve each other.
extension ServiceKeys {
    fileprivate static let cycleA = ServiceKey<Counter>("cycleA")
    fileprivate static let cycleB = ServiceKey<Counter>("cycleB")
}

/// Whether `error` is a dependency cycle.
private func isCycle(_ error: (any Error)?) -> Bool {
    if case .cycle? = error as? ResolutionError { return true }
    return false
}

@Suite("ServiceContainer cycles across threads and tasks")
struct ServiceContainerCycleRaceTests {
    /// Bug: each thread held its registration's lock while its factory resolved the other
    /// key; neither path repeated a key, so both threads blocked on each other's lock forever.
    @Test("a cycle built by two threads at once throws cycle on both instead of deadlocking")
    func syncCycleAcrossThreads() async throws {
        let container = ServiceContainer()
        let arrivedA = DispatchSemaphore(value: 0)
        let arrivedB = DispatchSemaphore(value: 0)
        try container.register(ServiceKeys.cycleA, scope: .singleton) { resolver in
            arrivedA.signal()
            // A latch: the guard only bounds a broken run; the signal is put back for the
            // factory's later runs (a waiter retries a failed creation itself).
            _ = arrivedB.wait(timeout: .now() + 30)
            arrivedB.signal()
            return try resolver.resolve(ServiceKeys.cycleB)
        }
        try container.register(ServiceKeys.cycleB, scope: .singleton) { resolver in
            arrivedB.signal()
            _ = arrivedA.wait(timeout: .now() + 30)
            arrivedA.signal()
            return try resolver.resolve(ServiceKeys.cycleA)
        }
        let errors = Locked<[String: any Error]>([:])
        let finished = TestSignal()
        for key in [ServiceKeys.cycleA, ServiceKeys.cycleB] {
            // Dedicated threads: a deadlocked run must not block the cooperative pool.
            Thread {
                do {
                    _ = try resolveSync(container, key)
                    errors.withLock { $0[key.erased.description] = Unexpected() }
                } catch {
                    errors.withLock { $0[key.erased.description] = error }
                }
                finished.signal()
            }.start()
        }
        let ended = await finished.wait(timeout: .seconds(60)) { errors.current.count == 2 }
        #expect(ended, "the two resolves deadlocked")
        let caught = errors.current
        #expect(caught.count == 2)
        for (key, error) in caught { #expect(isCycle(error), "\(key): \(error)") }
    }

    /// Bug: task A's creation awaited B's creation task and B's awaited A's; nothing ever
    /// completed.
    @Test("a cycle built by two tasks at once throws cycle on both instead of hanging")
    func asyncCycleAcrossTasks() async throws {
        let container = ServiceContainer()
        let arrived = Locked<Set<String>>([])
        let signal = TestSignal()
        for (key, other) in [
            (ServiceKeys.cycleA, ServiceKeys.cycleB), (ServiceKeys.cycleB, ServiceKeys.cycleA),
        ] {
            try container.registerAsync(key, scope: .singleton) { resolver in
                arrived.withLock { _ = $0.insert(key.erased.description) }
                signal.signal()
                _ = await signal.wait(timeout: .seconds(30)) { arrived.current.count == 2 }
                return try await resolver.resolve(other)
            }
        }
        let errors = Locked<[String: any Error]>([:])
        for key in [ServiceKeys.cycleA, ServiceKeys.cycleB] {
            Task {
                do {
                    _ = try await container.resolve(key)
                    errors.withLock { $0[key.erased.description] = Unexpected() }
                } catch {
                    errors.withLock { $0[key.erased.description] = error }
                }
                signal.signal()
            }
        }
        let ended = await signal.wait(timeout: .seconds(60)) { errors.current.count == 2 }
        #expect(ended, "the two resolves hung")
        for (key, error) in errors.current { #expect(isCycle(error), "\(key): \(error)") }
    }

    /// Control: on one thread the resolver's own path finds the cycle, as before.
    @Test("a single-thread cycle still names its path")
    func singleThreadCycle() throws {
        let container = ServiceContainer()
        try container.register(ServiceKeys.cycleA, scope: .singleton) { try $0.resolve(ServiceKeys.cycleB) }
        try container.register(ServiceKeys.cycleB, scope: .singleton) { try $0.resolve(ServiceKeys.cycleA) }
        #expect(
            throws: ResolutionError.cycle([
                "Counter[\"cycleA\"]", "Counter[\"cycleB\"]", "Counter[\"cycleA\"]",
            ])
        ) {
            try resolveSync(container, ServiceKeys.cycleA)
        }
    }
}

/// Recorded when a resolve that should fail returned a value.
private struct Unexpected: Error {}
