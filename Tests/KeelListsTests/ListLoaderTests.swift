import KeelLists
import KeelSupport
import KeelTesting
import Testing

/// `ListLoader` driving the list state from closures and, end to end, from a
/// `PagingController` over a scripted source.
@Suite("List loader")
struct ListLoaderTests {
    // Round 12 #3: the refresh ran inline in the caller's task, so a cancelled caller (a
    // SwiftUI `.task` whose view went away) got `CancellationError` from the controller and the
    // loader recorded a failed refresh — "Couldn't load this list" and load more refused — while
    // the controller's shared load went on and succeeded.
    @Test("a cancelled refresh caller leaves the loader with the load's real outcome")
    func cancelledRefreshCaller() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 2))
        let loader = ListLoader(controller: controller)
        let caller = Task { await loader.refresh() }
        try #require(await source.waitForCalls(1))
        caller.cancel()
        for _ in 0..<50 { await Task.yield() }
        #expect(await loader.state.phase == .refreshing)
        source.respond(0, with: page([1, 2], next: 2))
        await caller.value
        let state = await loader.state
        #expect(state.phase == .idle)
        #expect(state.hasLoaded)
        // Paging goes on.
        let more = Task { await loader.loadMore() }
        try #require(await source.waitForCalls(2))
        source.respond(1, with: page([3], next: nil))
        await more.value
        #expect(await controller.items == rows([1, 2, 3]))
    }

    @Test("a PagingController drives the list state end to end")
    func endToEnd() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 2))
        let loader = ListLoader(controller: controller)
        let phases = Locked<[ListLoadingPhase]>([])
        let updates = loader.updates()
        let watcher = Task {
            for await state in updates { phases.withLock { $0.append(state.phase) } }
        }

        let refresh = Task { await loader.refresh() }
        await source.waitForCalls(1)
        #expect(await loader.state.phase == .refreshing)
        await loader.loadMore()  // ignored while refreshing
        #expect(source.callCount == 1)
        source.respond(0, with: page([1, 2], next: 2))
        await refresh.value
        #expect(await loader.state.phase == .idle)

        // Scrolling far from the bottom does nothing; near it loads the next page.
        await loader.scrolled(ScrollMetrics(contentOffset: 0, contentHeight: 5_000, viewportHeight: 800))
        #expect(source.callCount == 1)
        let more = Task {
            await loader.scrolled(
                ScrollMetrics(contentOffset: 4_000, contentHeight: 5_000, viewportHeight: 800))
        }
        await source.waitForCalls(2)
        #expect(await loader.state.phase == .loadingMore)
        source.fail(1)
        await more.value
        #expect(
            await loader.state.phase == .failed(ListLoadingFailure(TestFailure.offline, stage: .loadMore)))
        await loader.loadMore()  // ignored after a failure
        #expect(source.callCount == 2)

        let retry = Task { await loader.retry() }
        await source.waitForCalls(3)
        #expect(source.requests[2] == LoadRequest(.append(2), limit: 2))
        source.respond(2, with: page([3], next: nil))
        await retry.value
        #expect(await loader.state.phase == .exhausted)
        #expect(await controller.items == rows([1, 2, 3]))

        // A refresh that finds an empty first page shows the empty state.
        let again = Task { await loader.refresh() }
        await source.waitForCalls(4)
        source.respond(3, with: page([], next: nil))
        await again.value
        #expect(await loader.state.phase == .empty)
        #expect(
            await eventually {
                phases.current == [
                    .refreshing, .idle, .loadingMore,
                    .failed(ListLoadingFailure(TestFailure.offline, stage: .loadMore)),
                    .loadingMore, .exhausted, .refreshing, .empty,
                ]
            })
        watcher.cancel()
    }

    @Test("refreshIfNeverLoaded loads once: a screen appearing again keeps its list")
    func firstLoadOnly() async {
        let refreshes = Locked(0)
        let loader = ListLoader(
            refresh: {
                refreshes.withLock { $0 += 1 }
                return ListRefreshOutcome(isEmpty: false, hasMore: true)
            }, loadMore: { false })
        await loader.refreshIfNeverLoaded()
        #expect(refreshes.withLock { $0 } == 1)
        #expect(await loader.state.hasLoaded)
        await loader.refreshIfNeverLoaded()
        #expect(refreshes.withLock { $0 } == 1)
        await loader.refresh()
        #expect(refreshes.withLock { $0 } == 2)
    }

    @Test("closures: refresh cancels an in-flight load more, whose late answer is ignored")
    func closuresRefreshWins() async throws {
        let gate = Locked<CheckedContinuation<Bool, any Error>?>(nil)
        let cancelled = Locked(false)
        let loader = ListLoader(
            refresh: { ListRefreshOutcome(isEmpty: false, hasMore: true) },
            loadMore: {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { gate.set($0) }
                } onCancel: {
                    cancelled.set(true)
                }
            })
        await loader.refresh()
        let more = Task { await loader.loadMore() }
        #expect(await eventually { gate.current != nil })
        await loader.refresh()
        #expect(cancelled.current)
        gate.current?.resume(returning: false)  // the late answer: would mean "exhausted"
        await more.value
        #expect(await loader.state.phase == .idle)
    }
}
