import KeelLists
import KeelSupport
import KeelTesting
import Testing

/// P10 (errors keep items), P11 (retry), P12 (automatic retry with backoff), P14 (repeated keys).
@Suite("Pagination errors and retry")
struct PaginationErrorTests {
    @Test("P10: a failed append keeps the items and leaves refresh alone")
    func failedAppendKeepsItems() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.fail(1)
        await #expect(throws: TestFailure.offline) { try await more.value }
        let state = await controller.state
        #expect(state.items == rows([1, 2, 3]))
        #expect(state.appendPhase == .failed(ListLoadingFailure(TestFailure.offline, stage: .loadMore)))
        #expect(state.refreshPhase == .idle)
    }

    @Test("P10: a failed refresh keeps the old items, marked stale; a failed first load stays empty")
    func failedRefreshKeepsItems() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let refresh = Task { try await controller.refresh() }
        await source.waitForCalls(2)
        source.fail(1, with: TestFailure.server(500))
        await #expect(throws: TestFailure.server(500)) { try await refresh.value }
        let state = await controller.state
        #expect(state.items == rows([1, 2, 3]))
        #expect(state.isStale)
        #expect(state.refreshPhase == .failed(ListLoadingFailure(TestFailure.server(500), stage: .refresh)))

        let other = ScriptedPagingSource<Int>()
        let first = try PagingController(source: other, configuration: PagingConfiguration(pageSize: 3))
        let load = Task { try await first.refresh() }
        await other.waitForCalls(1)
        other.fail(0)
        await #expect(throws: TestFailure.offline) { try await load.value }
        let firstState = await first.state
        #expect(firstState.items.isEmpty)
        #expect(firstState.hasLoaded == false && firstState.isEmpty == false)
        #expect(firstState.refreshPhase == .failed(ListLoadingFailure(TestFailure.offline, stage: .refresh)))
    }

    @Test("P11: retry repeats only the failed load, with the same key; nothing failed, no call")
    func retryRepeatsFailedOnly() async throws {
        let source = ScriptedPagingSource<Int>()
        let configuration = PagingConfiguration(pageSize: 3, prefetchDistance: 1)
        let controller = try await loadedController(
            source, configuration, ids: [1, 2, 3], previous: 0, next: 2)
        try await controller.retry()
        #expect(source.callCount == 1)
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.fail(1)
        _ = try? await more.value
        // Neither scrolling nor loadMore re-triggers a failed append.
        await controller.itemAppeared(at: 2)
        try await controller.loadMore()
        #expect(source.callCount == 2)
        let retry = Task { try await controller.retry() }
        await source.waitForCalls(3)
        #expect(source.requests[2] == LoadRequest(.append(2), limit: 3))
        #expect(source.callCount == 3)  // the prepend, which did not fail, is not loaded
        source.respond(2, with: page([4], next: nil))
        try await retry.value
        #expect(await controller.items == rows([1, 2, 3, 4]))
    }

    @Test("P11: retrying a failed refresh repeats it with the same key")
    func retryRefreshSameKey() async throws {
        let source = ScriptedPagingSource<Int>(refreshKey: { _ in 42 })
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let invalidate = Task { try await controller.invalidate() }
        await source.waitForCalls(2)
        source.fail(1)
        _ = try? await invalidate.value
        let retry = Task { try await controller.retry() }
        await source.waitForCalls(3)
        #expect(source.requests[1].kind == .refresh(42))
        #expect(source.requests[2] == source.requests[1])
        source.respond(2, with: page([42], next: nil))
        try await retry.value
        #expect(await controller.items == rows([42]))
    }

    @Test("P12: automatic retries happen at the backoff times on the injected clock")
    func automaticRetryBackoff() async throws {
        let clock = TestClock()
        let source = ScriptedPagingSource<Int>()
        let policy = RetryBackoff(maximumRetries: 2, baseDelay: .seconds(1), multiplier: 2, jitter: 0)
        let controller = try await loadedController(
            source, PagingConfiguration(pageSize: 3, retryBackoff: policy), clock: clock, ids: [1], next: 2)
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.fail(1)
        #expect(await clock.waitForSleepers(1))
        #expect(
            await controller.state.appendPhase
                == .failed(ListLoadingFailure(TestFailure.offline, stage: .loadMore)))
        await clock.advance(by: .milliseconds(999))
        #expect(source.callCount == 2)
        await clock.advance(by: .milliseconds(1))
        await source.waitForCalls(3)
        #expect(clock.now.offset == .seconds(1))
        #expect(source.requests[2] == source.requests[1])
        source.fail(2)
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(1_999))
        #expect(source.callCount == 3)
        await clock.advance(by: .milliseconds(1))
        await source.waitForCalls(4)
        #expect(clock.now.offset == .seconds(3))
        source.fail(3)
        await #expect(throws: TestFailure.offline) { try await more.value }
        await clock.run()
        #expect(source.callCount == 4)  // three attempts in all
        #expect(
            await controller.state.appendPhase
                == .failed(ListLoadingFailure(TestFailure.offline, stage: .loadMore)))
    }

    @Test("P12: a refresh cancels a pending automatic retry")
    func refreshCancelsRetry() async throws {
        let clock = TestClock()
        let source = ScriptedPagingSource<Int>()
        let policy = RetryBackoff(maximumRetries: 4, baseDelay: .seconds(1), jitter: 0)
        let controller = try await loadedController(
            source, PagingConfiguration(pageSize: 3, retryBackoff: policy), clock: clock, ids: [1], next: 2)
        await controller.itemAppeared(at: 0)
        await source.waitForCalls(2)
        source.fail(1)
        #expect(await clock.waitForSleepers(1))
        let refresh = Task { try await controller.refresh() }
        await source.waitForCalls(3)
        #expect(await eventually { clock.sleeperCount == 0 })
        source.respond(2, with: page([5], next: nil))
        try await refresh.value
        await clock.advance(by: .seconds(60))
        #expect(source.callCount == 3)
        #expect(await controller.items == rows([5]))
    }

    @Test("P12: jittered delays stay within their band; invalid policies are refused")
    func jitterBounds() throws {
        let policy = RetryBackoff(
            maximumRetries: 3, baseDelay: .seconds(2), multiplier: 3, maximumDelay: .seconds(10), jitter: 0.5)
        #expect(policy.delay(beforeRetry: 1, random: 1) == .seconds(2))
        #expect(policy.delay(beforeRetry: 1, random: 0) == .seconds(1))
        #expect(policy.delay(beforeRetry: 2, random: 1) == .seconds(6))
        #expect(policy.delay(beforeRetry: 3, random: 1) == .seconds(10))  // capped
        var random = SplitMix64(seed: 7)
        for _ in 0..<1_000 {
            let delay = policy.delay(beforeRetry: 2, random: Double.random(in: 0..<1, using: &random))
            #expect(delay >= .seconds(3) && delay <= .seconds(6))
        }
        for invalid in [
            RetryBackoff(maximumRetries: -1), RetryBackoff(jitter: 2), RetryBackoff(multiplier: 0.5),
        ] {
            #expect(throws: PagingError.self) {
                try PagingConfiguration(pageSize: 3, retryBackoff: invalid).validate()
            }
        }
        try PagingConfiguration(pageSize: 3, retryBackoff: .never).validate()
    }

    @Test("P12: the automatic retry's jitter comes from the controller's injected random source")
    func injectedJitter() async throws {
        let clock = TestClock()
        let source = ScriptedPagingSource<Int>()
        let backoff = RetryBackoff(maximumRetries: 1, baseDelay: .seconds(4), jitter: 1)
        let controller = try await loadedController(
            source, PagingConfiguration(pageSize: 3, retryBackoff: backoff), clock: clock, random: { 0.25 },
            ids: [1], next: 2)
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.fail(1)
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(999))
        #expect(source.callCount == 2)
        await clock.advance(by: .milliseconds(1))  // 0.25 × 4 s
        await source.waitForCalls(3)
        source.respond(2, with: page([2], next: nil))
        try await more.value
        #expect(await controller.items == rows([1, 2]))
    }

    @Test("P14: a page repeating its request key fails once instead of looping")
    func repeatedKeyGuard() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1], next: 2)
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: page([2], next: 2))
        await #expect(throws: PagingError.repeatedKey(.append, "2")) { try await more.value }
        await controller.itemAppeared(at: 0)
        try await controller.loadMore()
        #expect(source.callCount == 2)
        #expect(await controller.state.appendPhase.error as? PagingError == .repeatedKey(.append, "2"))
        #expect(await controller.items == rows([1]))
    }

    @Test("P14: a key used earlier in the generation is refused too, unless key reuse is allowed")
    func earlierKeyGuard() async throws {
        for allowsReuse in [false, true] {
            let source = ScriptedPagingSource<Int>()
            let configuration = PagingConfiguration(pageSize: 3, allowsKeyReuse: allowsReuse)
            let controller = try await loadedController(source, configuration, ids: [1], next: 2)
            let more = Task { try await controller.loadMore() }
            await source.waitForCalls(2)
            source.respond(1, with: page([2], next: 3))
            try await more.value
            let again = Task { try await controller.loadMore() }
            await source.waitForCalls(3)
            source.respond(2, with: page([3], next: 2))
            if allowsReuse {
                try await again.value
                #expect(await controller.state.appendPhase == .idle)
            } else {
                await #expect(throws: PagingError.repeatedKey(.append, "2")) { try await again.value }
            }
            #expect(source.callCount == 3)
        }
    }
}

extension PaginationErrorTests {
    /// Whether `configuration` is refused as `invalidConfiguration`, by `validate()` and by the
    /// controller.
    static func isRefused(_ configuration: PagingConfiguration) -> Bool {
        let source = ClosurePagingSource<Int, Row> { _ in Page(items: []) }
        let refusedByController: Bool
        do {
            _ = try PagingController(source: source, configuration: configuration)
            refusedByController = false
        } catch PagingError.invalidConfiguration {
            refusedByController = true
        } catch {
            refusedByController = false
        }
        do {
            try configuration.validate()
            return false
        } catch PagingError.invalidConfiguration {
            return refusedByController
        } catch {
            return false
        }
    }

    // These used to trap on integer overflow instead of throwing: `pageSize * 3` (the default
    // initialLimit) in the initialiser, `pageSize + 2 * prefetchDistance` in validate().
    @Test("settings whose arithmetic overflows are invalidConfiguration, never a trap")
    func overflowingSettingsThrow() throws {
        #expect(Self.isRefused(PagingConfiguration(pageSize: Int.max)))
        #expect(Self.isRefused(PagingConfiguration(pageSize: Int.max / 3 + 1)))
        #expect(
            Self.isRefused(PagingConfiguration(pageSize: 10, prefetchDistance: Int.max, maximumItems: 100)))
        #expect(
            Self.isRefused(
                PagingConfiguration(
                    pageSize: Int.max / 2, prefetchDistance: Int.max / 4 + 2, initialLimit: 10,
                    maximumItems: Int.max)))
        // Large values that fit are still accepted.
        try PagingConfiguration(pageSize: Int.max, initialLimit: 10).validate()
        try PagingConfiguration(pageSize: Int.max / 3).validate()
        try PagingConfiguration(pageSize: 1, prefetchDistance: Int.max / 2, maximumItems: Int.max).validate()
    }
}
