import KeelLists
import KeelSupport
import Testing

/// The list loading state machine's rules, and the pure load-more trigger.
@Suite("List loading state")
struct ListLoadingStateTests {
    /// A state after a successful first page.
    func loaded(hasMore: Bool = true) -> ListLoadingMachine {
        var state = ListLoadingMachine()
        _ = state.send(.refresh)
        _ = state.send(.refreshSucceeded(request: 1, isEmpty: false, hasMore: hasMore))
        return state
    }

    @Test("refresh wins over load more and cancels it; the late load-more answer is ignored")
    func refreshWins() {
        var state = loaded()
        #expect(state.send(.loadMore) == .accepted([.loadMore(request: 2, isRetry: false)]))
        #expect(state.send(.refresh) == .accepted([.refresh(request: 3, cancelsLoadMore: true)]))
        #expect(state.phase == .refreshing)
        #expect(state.send(.loadMoreSucceeded(request: 2, hasMore: false)) == .rejected)
        #expect(state.phase == .refreshing)
        _ = state.send(.refreshSucceeded(request: 3, isEmpty: false, hasMore: true))
        #expect(state.phase == .idle)
    }

    @Test("load more is ignored while refreshing, loading, exhausted, empty, failed, or before loading")
    func loadMoreIgnored() {
        var fresh = ListLoadingMachine()
        #expect(fresh.send(.loadMore) == .rejected)
        var refreshing = ListLoadingMachine()
        _ = refreshing.send(.refresh)
        #expect(refreshing.send(.loadMore) == .rejected)
        #expect(refreshing.send(.refresh) == .rejected)  // a second refresh joins the first
        var loading = loaded()
        _ = loading.send(.loadMore)
        #expect(loading.send(.loadMore) == .rejected)
        var exhausted = loaded(hasMore: false)
        #expect(exhausted.phase == .exhausted)
        #expect(exhausted.send(.loadMore) == .rejected)
        var failed = loaded()
        _ = failed.send(.loadMore)
        _ = failed.send(.loadMoreFailed(request: 2, error: TestFailure.offline))
        #expect(failed.phase == .failed(ListLoadingFailure(TestFailure.offline, stage: .loadMore)))
        #expect(failed.send(.loadMore) == .rejected)
        #expect(failed.send(.retry) == .accepted([.loadMore(request: 3, isRetry: true)]))
        #expect(failed.phase == .loadingMore)
    }

    @Test("the empty state shows only after a successful empty first page")
    func emptyOnlyAfterEmptyFirstPage() {
        var state = ListLoadingMachine()
        #expect(state.phase == .idle)
        _ = state.send(.refresh)
        _ = state.send(.refreshFailed(request: 1, error: TestFailure.offline))
        #expect(state.phase == .failed(ListLoadingFailure(TestFailure.offline, stage: .refresh)))
        #expect(state.send(.retry) == .accepted([.refresh(request: 2, cancelsLoadMore: false)]))
        _ = state.send(.refreshSucceeded(request: 2, isEmpty: true, hasMore: false))
        #expect(state.phase == .empty)
        #expect(state.hasContent == false && state.hasLoaded)
        _ = state.send(.refresh)
        _ = state.send(.refreshSucceeded(request: 3, isEmpty: false, hasMore: false))
        #expect(state.phase == .exhausted)
    }

    @Test("retry is ignored unless something failed")
    func retryOnlyAfterFailure() {
        var state = loaded()
        #expect(state.send(.retry) == .rejected)
        #expect(state.phase == .idle)
    }

    @Test(
        "should-load-more from content offset, content height, viewport and threshold",
        arguments: [
            (0.0, 2_000.0, 800.0, LoadMoreThreshold.points(100), false),
            (1_100.0, 2_000.0, 800.0, .points(100), true),
            (1_099.0, 2_000.0, 800.0, .points(100), false),
            (400.0, 2_000.0, 800.0, .screens(1), true),
            (399.0, 2_000.0, 800.0, .screens(1), false),
            (0.0, 300.0, 800.0, .points(0), true),  // content shorter than the viewport
            (0.0, 2_000.0, 0.0, .points(100), false),  // no viewport
            (Double.nan, 2_000.0, 800.0, .points(100), false),
            (0.0, 2_000.0, 800.0, .points(-Double.infinity), false),
        ])
    func trigger(
        offset: Double, height: Double, viewport: Double, threshold: LoadMoreThreshold, expected: Bool
    ) {
        #expect(
            LoadMoreTrigger.shouldLoadMore(
                ScrollMetrics(contentOffset: offset, contentHeight: height, viewportHeight: viewport),
                threshold: threshold) == expected)
    }

    @Test("the state combines the trigger with its phase")
    func stateTrigger() {
        let metrics = ScrollMetrics(contentOffset: 1_200, contentHeight: 2_000, viewportHeight: 800)
        #expect(loaded().shouldLoadMore(metrics, threshold: .points(10)))
        #expect(loaded(hasMore: false).shouldLoadMore(metrics, threshold: .points(10)) == false)
        #expect(ListLoadingMachine().shouldLoadMore(metrics, threshold: .points(10)) == false)
    }

    @Test("a StateMachine: state is the phase; completions are accepted without effects")
    func stateMachineShape() {
        var state = ListLoadingMachine()
        #expect(state.state == .idle)
        #expect(state.accepts(.refresh))
        #expect(!state.accepts(.loadMore))
        #expect(state.state == .idle)  // accepts(_:) changes nothing
        #expect(state.send(.refresh).effects == [.refresh(request: 1, cancelsLoadMore: false)])
        #expect(state.state == .refreshing)
        let completion = state.send(.refreshSucceeded(request: 1, isEmpty: false, hasMore: true))
        #expect(completion.isAccepted && completion.effects.isEmpty)
        #expect(state.state == .idle)
    }

    @Test(
        "rejected events leave the whole state unchanged",
        arguments: [
            ListLoadingEvent.loadMore, .retry, .refreshSucceeded(request: 9, isEmpty: false, hasMore: true),
            .refreshFailed(request: 9, error: TestFailure.offline),
            .loadMoreSucceeded(request: 1, hasMore: true),
            .loadMoreFailed(request: 1, error: TestFailure.offline),
        ])
    func rejectedChangesNothing(event: ListLoadingEvent) {
        var state = ListLoadingMachine()
        _ = state.send(.refresh)
        let before = state
        #expect(state.send(event) == .rejected)
        #expect(state == before)
    }

    /// A machine used through the shared protocol only.
    func drive<Machine: StateMachine>(_ machine: inout Machine, _ events: [Machine.Event]) -> [Bool] {
        events.map { machine.send($0).isAccepted }
    }

    @Test("driven through the StateMachine protocol")
    func throughProtocol() {
        var state = ListLoadingMachine()
        let accepted = drive(
            &state,
            [
                .loadMore, .refresh, .refresh, .refreshSucceeded(request: 1, isEmpty: true, hasMore: false),
                .loadMore,
            ])
        #expect(accepted == [false, true, false, true, false])
        #expect(state.state == .empty)
    }

    @Test("failures hash like they compare")
    func failureHashing() {
        let a = ListLoadingFailure(TestFailure.offline, stage: .refresh)
        let b = ListLoadingFailure(TestFailure.offline, stage: .refresh)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(Set([a, b, ListLoadingFailure(TestFailure.offline, stage: .loadMore)]).count == 2)
    }
}
