import KeelLists
import KeelTesting
import Testing

/// A paginated list reports its loading in the one model, ``ListLoadingState`` /
/// ``ListLoadingPhase``: per direction in `PagingState`'s phases, and folded for a screen in
/// `loadingState` — the same phases ``ListLoader`` reports.
@Suite("Pagination in the one loading model")
struct PagingLoadingStateTests {
    enum Step: String, CaseIterable, Sendable {
        case notLoaded, refreshing, loadedWithMore, loadedLast, loadedEmpty, loadingMore, appendFailed
        case refreshFailed
    }

    static let expected: [Step: ListLoadingPhase] = [
        .notLoaded: .idle,
        .refreshing: .refreshing,
        .loadedWithMore: .idle,
        .loadedLast: .exhausted,
        .loadedEmpty: .empty,
        .loadingMore: .loadingMore,
        .appendFailed: .failed(ListLoadingFailure(TestFailure.offline, stage: .loadMore)),
        .refreshFailed: .failed(ListLoadingFailure(TestFailure.offline, stage: .refresh)),
    ]

    @Test("Each situation maps to the phase a ListLoader reports", arguments: Step.allCases)
    func screenPhase(step: Step) async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 3))
        var pending: Task<Void, any Error>?
        switch step {
        case .notLoaded:
            break
        case .refreshing, .refreshFailed:
            pending = Task { try await controller.refresh() }
            await source.waitForCalls(1)
            if step == .refreshFailed {
                source.fail(0)
                _ = await pending?.result
            }
        case .loadedWithMore, .loadedLast, .loadedEmpty, .loadingMore, .appendFailed:
            let ids: [Int] = step == .loadedEmpty ? [] : [1, 2, 3]
            let next: Int? = step == .loadedLast || step == .loadedEmpty ? nil : 2
            pending = Task { try await controller.refresh() }
            await source.waitForCalls(1)
            source.respond(0, with: page(ids, next: next))
            _ = await pending?.result
            if step == .loadingMore || step == .appendFailed {
                pending = Task { try await controller.loadMore() }
                await source.waitForCalls(2)
                if step == .appendFailed {
                    source.fail(1)
                    _ = await pending?.result
                }
            }
        }
        let state = await controller.state.loadingState
        #expect(state.phase == Self.expected[step])
        let loaded = [Step.loadedWithMore, .loadedLast, .loadedEmpty, .loadingMore, .appendFailed].contains(
            step)
        #expect(state.hasLoaded == loaded)
        #expect(state.hasContent == (loaded && step != .loadedEmpty))
        await controller.cancel()
    }

    @Test("A ListLoader over the controller ends in the controller's own loading state")
    func loaderAgrees() async throws {
        let source = ClosurePagingSource<Int, Row> { request in
            let number = request.key ?? 0
            return Page(items: rows([number * 2, number * 2 + 1]), nextKey: number < 2 ? number + 1 : nil)
        }
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 2))
        let loader = ListLoader(controller: controller)
        await loader.refresh()
        #expect(await loader.state.phase == controller.state.loadingState.phase)
        await loader.loadMore()
        await loader.loadMore()
        #expect(await loader.state.phase == .exhausted)
        #expect(await controller.state.loadingState.phase == .exhausted)
    }
}
