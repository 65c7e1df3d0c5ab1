import Foundation
import KeelSupport
import KeelTesting
import Testing

@testable import KeelImages

@Suite("Rate limiter")
struct RateLimiterTests {
    @Test("a burst passes at once, then requests pass at the rate (injected clock)")
    func tokenBucket() async throws {
        let clock = TestClock()
        let limiter = RateLimiter(rate: 80, burst: 25, clock: ElapsedClock(clock))
        for _ in 0..<25 { try await limiter.acquire() }  // no sleeping: the burst
        #expect(clock.sleeperCount == 0)
        let passed = Locked(0)
        let waiting = (0..<8).map { _ in
            Task {
                try await limiter.acquire()
                passed.withLock { $0 += 1 }
            }
        }
        #expect(await clock.waitForSleepers(8))
        #expect(passed.current == 0)
        await clock.advance(by: .milliseconds(12))  // < 1/80 s: none yet
        #expect(passed.current == 0)
        await clock.advance(by: .milliseconds(1))  // 13 ms ≥ 12.5 ms: the first
        #expect(await eventually { passed.current == 1 })  // counted by the woken tasks
        await clock.advance(by: .milliseconds(50))  // 63 ms: 5 tokens due
        #expect(await eventually { passed.current == 5 })
        await clock.advance(by: .milliseconds(40))  // 103 ms: all 8
        #expect(await eventually { passed.current == 8 })
        for task in waiting { try await task.value }
    }

    @Test("a cancelled waiter throws CancellationError and returns its token")
    func cancellation() async throws {
        let clock = TestClock()
        let limiter = RateLimiter(rate: 10, burst: 1, clock: ElapsedClock(clock))
        try await limiter.acquire()
        let waiter = Task { try await limiter.acquire() }
        #expect(await clock.waitForSleepers(1))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        await clock.advance(by: .milliseconds(100))
        try await limiter.acquire()  // the returned token refilled: no wait
        #expect(clock.sleeperCount == 0)
    }

    @Test("the pipeline throttles download starts")
    func pipelineRateLimit() async throws {
        let clock = TestClock()
        let loader = FakeLoader()
        let pipeline = ImagePipeline(
            configuration: .init(
                dataLoader: loader, decoder: FakeDecoder(), rateLimit: .init(requestsPerSecond: 10, burst: 2),
                clock: clock))
        let tasks = (0..<4).map { index in pipeline.imageTask(for: ImageRequest(url: url("\(index).png"))) }
        #expect(await eventually { loader.loadCount == 2 && clock.sleeperCount == 2 })
        await clock.advance(by: .milliseconds(100))
        #expect(await loader.changes.wait { loader.loadCount == 3 })
        await clock.advance(by: .milliseconds(100))
        for task in tasks { _ = try await task.response }
        #expect(loader.loadCount == 4)
    }
}
