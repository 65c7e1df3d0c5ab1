import Foundation
import KeelSupport
import KeelTestSupport
import KeelTesting
import Testing

/// The waits a loaded machine cannot starve: signal-driven waits and work off the pool.
@Suite struct TestSignalTests {
    @Test func aWaitChecksAtOnceAndAfterEachSignalOnly() async {
        let signal = TestSignal()
        let value = Locked(0)
        let checks = Locked(0)
        let waiter = Task {
            await signal.wait {
                checks.withLock { $0 += 1 }
                return value.current == 2
            }
        }
        // The first check happens without a signal; then nothing is checked until one comes.
        #expect(await eventually { checks.current == 1 })
        value.set(1)
        signal.signal()
        #expect(await eventually { checks.current == 2 })
        value.set(2)
        signal.signal()
        #expect(await waiter.value)
        #expect(checks.current == 3)
    }

    @Test func aConditionAlreadyTrueReturnsWithoutASignal() async {
        #expect(await TestSignal().wait { true })
    }

    @Test func theGuardEndsAWaitWhoseSignalNeverComes() async {
        let start = ContinuousClock.now
        #expect(await TestSignal().wait(timeout: .milliseconds(50)) { false } == false)
        #expect(ContinuousClock.now - start >= .milliseconds(50))
    }

    @Test func cancellationEndsAWait() async {
        let signal = TestSignal()
        let started = TestSignal()
        let checks = Locked(0)
        let waiter = Task {
            await signal.wait {
                checks.withLock { $0 += 1 }
                started.signal()
                return false
            }
        }
        #expect(await started.wait { checks.current == 1 })
        waiter.cancel()
        #expect(await waiter.value == false)
    }

    @Test func waitForSleepersIsWokenByTheSleepItWaitsFor() async throws {
        let clock = TestClock()
        let waiting = Task { await clock.waitForSleepers(2, timeout: .seconds(300)) }
        let sleepers = (0..<2).map { _ in Task { try await clock.sleep(for: .seconds(1)) } }
        #expect(await waiting.value)
        await clock.advance(by: .seconds(1))
        for sleeper in sleepers { try await sleeper.value }
    }

    @Test func aWaitForSleepersThatNeverComeReturnsFalseAtItsGuard() async {
        #expect(await TestClock().waitForSleepers(1, timeout: .milliseconds(20)) == false)
    }
}

/// `.onOwnThread` runs every case of a suite on an own thread, synchronous or not.
@Suite(.onOwnThread) struct OwnThreadTraitTests {
    @Test func aSynchronousTestRunsOnAnOwnThread() {
        #expect(OwnThreadExecutor.isCurrentThreadOwn)
    }

    @Test func anAsynchronousTestRunsThereToo() async {
        #expect(OwnThreadExecutor.isCurrentThreadOwn)
        await Task.yield()
        #expect(OwnThreadExecutor.isCurrentThreadOwn)
    }

    @Test(arguments: 0..<8)
    func everyCaseOfAParameterizedTestRunsOnOne(value: Int) {
        #expect(OwnThreadExecutor.isCurrentThreadOwn, "case \(value)")
    }
}

@Suite struct OwnThreadExecutorTests {
    /// Each run's work lands on its executor's thread, not on the caller's: 400 times, so
    /// that a run beside the whole suite (or burners) would catch an occasional miss.
    @Test func everyRunsBodyRunsOnItsOwnThread() async throws {
        var bad = 0
        for _ in 0..<400 {
            if try await !OwnThreadExecutor.run(name: "keel.probe", { OwnThreadExecutor.isCurrentThreadOwn })
            {
                bad += 1
            }
        }
        #expect(bad == 0)
    }

    @Test func runReturnsTheBodysValueAndError() async throws {
        let value = try await OwnThreadExecutor.run(name: "keel.probe") { 42 }
        #expect(value == 42)
        let thrown = await #expect(throws: CancellationError.self) {
            try await OwnThreadExecutor.run { () throws -> Int in throw CancellationError() }
        }
        #expect(thrown != nil)
    }
}

@Suite struct HeavySuiteGateTests {
    /// Never more bodies inside than slots, every body runs, and a slot frees after a throw.
    @Test func admitsNoMoreThanItsSlots() async throws {
        let gate = HeavySuiteGate(slots: 2)
        let counts = Locked((inside: 0, most: 0, ran: 0))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<12 {
                group.addTask {
                    do {
                        try await gate.admit {
                            counts.withLock {
                                $0.inside += 1
                                $0.most = max($0.most, $0.inside)
                            }
                            for _ in 0..<3 { await Task.yield() }
                            counts.withLock {
                                $0.inside -= 1
                                $0.ran += 1
                            }
                            if index % 4 == 0 { throw CancellationError() }
                        }
                    } catch is CancellationError {}
                }
            }
            try await group.waitForAll()
        }
        let final = counts.withLock { $0 }
        #expect(final.ran == 12)
        #expect(final.most <= 2)
        #expect(final.inside == 0)
    }

    /// A body already admitted runs nested admissions at once instead of waiting on itself.
    @Test func isReentrantForANestedSuite() async {
        let gate = HeavySuiteGate(slots: 1)
        let value = await gate.admit { await gate.admit { 7 } }
        #expect(value == 7)
    }
}
