import KeelLists
import KeelTesting
import Testing

/// P3 (per-direction load states), P4 (end of list), P15 (empty versus not loaded).
@Suite("Pagination load states")
struct PaginationLoadStateTests {
    @Test("P3: each direction moves loading → idle or failed, once per load, in order")
    func transitionsInOrder() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 3))
        let recorder = UpdateRecorder(controller.updates())
        let refresh = Task { try await controller.refresh() }
        await source.waitForCalls(1)
        source.respond(0, with: page([1, 2, 3], next: 2))
        try await refresh.value
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: page([4, 5, 6], next: 3))
        try await more.value
        let failing = Task { try await controller.loadMore() }
        await source.waitForCalls(3)
        source.fail(2)
        await #expect(throws: TestFailure.offline) { try await failing.value }

        let expectedAppend: [ListLoadingPhase] = [
            .idle, .loadingMore, .idle, .loadingMore,
            .failed(ListLoadingFailure(TestFailure.offline, stage: .loadMore)),
        ]
        #expect(await eventually { recorder.transitions(.append) == expectedAppend })
        #expect(recorder.transitions(.refresh) == [.refreshing, .idle])
        #expect(recorder.updates.allSatisfy { $0.state.refreshPhase != .exhausted })
    }

    @Test("P3: refresh never reports the end, even when the first page is the last")
    func refreshNeverEnds() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1], next: nil)
        let state = await controller.state
        #expect(state.refreshPhase == .idle)
        #expect(state.appendPhase == .exhausted)
        #expect(state.prependPhase == .exhausted)
    }

    @Test("P4: after a nil next key, loadMore makes no call; likewise prepend after a nil previous key")
    func endOfList() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1, 2], previous: 0, next: 5)
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: page([3], next: nil))
        try await more.value
        #expect(await controller.state.appendPhase == .exhausted)
        #expect(await controller.state.hasMore == false)
        try await controller.loadMore()
        // Item 2 of 3 is also within the prefetch distance of the start, so it may start the
        // prepend below (on a task that reaches the source whenever it runs): only appends are
        // ruled out here; the count at the end holds every load.
        await controller.itemAppeared(at: 2)
        #expect(
            !source.requests.dropFirst(2).contains {
                if case .append = $0.kind { true } else { false }
            })

        let previous = Task { try await controller.loadPrevious() }
        await source.waitForCalls(3)
        #expect(source.requests[2] == LoadRequest(.prepend(0), limit: 3))
        source.respond(2, with: page([0], previous: nil))
        try await previous.value
        #expect(await controller.state.prependPhase == .exhausted)
        try await controller.loadPrevious()
        #expect(source.callCount == 3)
        #expect(await controller.items == rows([0, 1, 2, 3]))
    }

    @Test("P15: an empty first page is 'empty', which is not 'never loaded'")
    func emptyVersusNotLoaded() async throws {
        let source = ScriptedPagingSource<Int>()
        let fresh = try PagingController(source: source, configuration: PagingConfiguration(pageSize: 3))
        #expect(await fresh.state.isEmpty == false)
        #expect(await fresh.state.hasLoaded == false)
        let controller = try await loadedController(source, ids: [], next: nil)
        #expect(await controller.state.isEmpty)
        #expect(await controller.state.refreshPhase == .idle)
    }

    @Test("P15: an empty page with a next key does not end paging; too many in a row fail")
    func emptyPagesWithKeys() async throws {
        let source = ScriptedPagingSource<Int>()
        let configuration = PagingConfiguration(pageSize: 3, maximumConsecutiveEmptyPages: 2)
        let controller = try await loadedController(source, configuration, ids: [1], next: 2)
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: page([], next: 3))
        await source.waitForCalls(3)
        #expect(source.requests[2] == LoadRequest(.append(3), limit: 3))
        #expect(await controller.state.appendPhase == .loadingMore)
        source.respond(2, with: page([4], next: 4))
        try await more.value
        #expect(await controller.items == rows([1, 4]))
        #expect(await controller.state.appendPhase == .idle)

        let again = Task { try await controller.loadMore() }
        await source.waitForCalls(4)
        source.respond(3, with: page([], next: 5))
        await source.waitForCalls(5)
        source.respond(4, with: page([], next: 6))
        await #expect(throws: PagingError.tooManyEmptyPages(.append, count: 2)) { try await again.value }
        #expect(source.callCount == 5)
        #expect(
            await controller.state.appendPhase.error as? PagingError
                == .tooManyEmptyPages(.append, count: 2))
    }
}
