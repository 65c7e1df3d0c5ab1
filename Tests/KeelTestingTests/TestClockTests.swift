import KeelSupport
import KeelTesting
import Testing

@Suite struct TestClockTests {
    @Test func sleepReturnsOnlyWhenAdvancedPastDeadline() async throws {
        let clock = TestClock()
        let woke = Locked(false)
        let task = Task {
            try await clock.sleep(for: .seconds(5))
            woke.set(true)
        }
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(4))
        #expect(woke.current == false)
        await clock.advance(by: .seconds(1))
        try await task.value
        #expect(woke.current)
        #expect(clock.now.offset == .seconds(5))
    }

    @Test func sleepersWakeAtTheirDeadlinesInOrder() async throws {
        let clock = TestClock()
        let order = Locked<[Int]>([])
        var tasks: [Task<Void, any Error>] = []
        for (index, seconds) in [3, 1, 2].enumerated() {
            tasks.append(
                Task {
                    try await clock.sleep(for: .seconds(seconds))
                    order.withLock { $0.append(index) }
                })
        }
        #expect(await clock.waitForSleepers(3))
        // One deadline at a time: the woken tasks append on other threads, so each wake is
        // awaited before the clock moves on.
        await clock.advance(by: .milliseconds(1500))
        #expect(await eventually { order.current == [1] })
        #expect(clock.sleeperCount == 2)
        await clock.advance(by: .seconds(1))
        #expect(await eventually { order.current == [1, 2] })
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(10))
        for task in tasks { try await task.value }
        #expect(order.current == [1, 2, 0])
        #expect(clock.now.offset == .milliseconds(12_500))
    }

    @Test func cancellationThrows() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        #expect(await clock.waitForSleepers(1))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func runFollowsChainedSleeps() async throws {
        let clock = TestClock()
        let task = Task {
            try await clock.sleep(for: .seconds(1))
            try await clock.sleep(for: .seconds(2))
        }
        #expect(await clock.waitForSleepers(1))
        await clock.run()
        // run() follows a chained sleep registered while it settles; on a stalled machine the
        // second sleep may register after run() returned, and then needs one more run().
        if clock.now.offset == .seconds(1) {
            #expect(await clock.waitForSleepers(1))
            await clock.run()
        }
        try await task.value
        #expect(clock.now.offset == .seconds(3))
    }

    @Test func timeoutFiresEvenWhenOperationIgnoresCancellation() async {
        let clock = TestClock()
        let other = TestClock()
        let task = Task {
            try await withTimeout(.milliseconds(50), clock: clock) {
                // Sleeps on a clock nobody advances, ignoring cancellation.
                try? await other.sleep(for: .seconds(100))
                return 1
            }
        }
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(50))
        await #expect(throws: TimeoutError.self) { try await task.value }
    }

    /// The deadline's sleeper is gone by the time the caller has the operation's value. It used
    /// to be cancelled after the caller resumed, so a caller that went on at once (an event
    /// stream delivering its first event) could still count it: a test waiting for the
    /// reconnection's sleep took the stale deadline for it, advanced too early and hung.
    @Test func theDeadlineIsGoneWhenTheValueArrives() async throws {
        for _ in 0..<200 {
            let clock = TestClock()
            let value = try await withTimeout(.seconds(60), clock: clock) {
                #expect(await clock.waitForSleepers(1))  // the deadline is asleep
                return 7
            }
            #expect(value == 7)
            #expect(clock.sleeperCount == 0)
        }
    }

    /// A value that arrives after the deadline reaches nobody: it used to be dropped as it was,
    /// so a connection opened late stayed open (`discard` closes it).
    @Test func aValueAfterTheDeadlineIsDiscarded() async throws {
        let clock = TestClock()
        let other = TestClock()
        let discarded = Locked<[Int]>([])
        let signal = TestSignal()
        let task = Task {
            try await withTimeout(
                .seconds(1), clock: clock,
                discard: { value in
                    discarded.withLock { $0.append(value) }
                    signal.signal()
                }
            ) {
                // The deadline cancels this sleep, and the operation still returns a value.
                try? await other.sleep(for: .seconds(5))
                return 9
            }
        }
        #expect(await clock.waitForSleepers(1))
        #expect(await other.waitForSleepers(1))
        await clock.advance(by: .seconds(1))
        await #expect(throws: TimeoutError.self) { try await task.value }
        #expect(await signal.wait { discarded.current == [9] })
    }

    /// A value in time is the caller's: nothing is discarded.
    @Test func aValueInTimeIsNotDiscarded() async throws {
        let clock = TestClock()
        let discarded = Locked(0)
        let value = try await withTimeout(
            .seconds(1), clock: clock, discard: { _ in discarded.withLock { $0 += 1 } },
            operation: { 5 })
        #expect(value == 5)
        #expect(discarded.current == 0)
    }

    @Test func timeoutReturnsValueWhenFast() async throws {
        let clock = TestClock()
        let value = try await withTimeout(.seconds(1), clock: clock) { 42 }
        #expect(value == 42)
    }
}
