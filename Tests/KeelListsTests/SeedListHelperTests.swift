import KeelLists
import KeelSupport
import KeelTesting
import Testing

/// The original foundation's list helpers (`configureList`, `configureTableList`,
/// `configureCollectionList`) decide through these headless types; each test fails without the
/// behaviour the AppFoundation README states.
@Suite("Seed list helpers: load more, empty state, flow metrics, kept lists")
struct SeedListHelperTests {
    /// A load-more closure that waits on a gate and counts its calls.
    final class GatedLoadMore: Sendable {
        let calls = Locked(0)
        let gates = Locked<[CheckedContinuation<Bool, any Error>]>([])

        func run() async throws -> Bool {
            calls.withLock { $0 += 1 }
            return try await withCheckedThrowingContinuation { continuation in
                gates.withLock { $0.append(continuation) }
            }
        }

        func answer(hasMore: Bool) {
            let gate = gates.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            gate?.resume(returning: hasMore)
        }
    }

    static let nearBottom = ScrollMetrics(contentOffset: 4_500, contentHeight: 5_000, viewportHeight: 800)

    @Test("repeated load-more calls are coalesced: one in flight, the others ignored")
    func coalescedLoadMore() async throws {
        let more = GatedLoadMore()
        let loader = ListLoader(refreshing: {}, loadMore: { try await more.run() })
        await loader.refresh()
        let first = Task { await loader.scrolled(Self.nearBottom) }
        #expect(await eventually { more.calls.current == 1 })
        #expect(await loader.state.phase == .loadingMore)
        // Scrolling on, and a willDisplay trigger, while the page loads: no second call.
        await loader.scrolled(Self.nearBottom)
        await loader.loadMore()
        await loader.scrolled(Self.nearBottom)
        #expect(more.calls.current == 1)
        more.answer(hasMore: true)
        await first.value
        #expect(await loader.state.phase == .idle)
        // The next page may load once the first ended.
        let second = Task { await loader.loadMore() }
        #expect(await eventually { more.calls.current == 2 })
        more.answer(hasMore: true)
        await second.value
    }

    @Test("loadMore returning false stops load more until the next refresh")
    func hasMoreStops() async throws {
        let more = GatedLoadMore()
        let refreshes = Locked(0)
        let loader = ListLoader(
            refreshing: { refreshes.withLock { $0 += 1 } }, loadMore: { try await more.run() })
        await loader.refresh()
        let last = Task { await loader.loadMore() }
        #expect(await eventually { more.calls.current == 1 })
        more.answer(hasMore: false)
        await last.value
        #expect(await loader.state.phase == .exhausted)
        await loader.scrolled(Self.nearBottom)
        await loader.loadMore()
        #expect(more.calls.current == 1)
        // A refresh makes loading more possible again.
        await loader.refresh()
        #expect(refreshes.current == 2)
        let again = Task { await loader.scrolled(Self.nearBottom) }
        #expect(await eventually { more.calls.current == 2 })
        more.answer(hasMore: true)
        await again.value
    }

    @Test("without a refresh closure, load more still starts after the first (empty) refresh")
    func loadMoreWithoutRefresh() async throws {
        let more = GatedLoadMore()
        let loader = ListLoader(refreshing: nil, loadMore: { try await more.run() })
        await loader.loadMore()  // before the first refresh: ignored
        #expect(more.calls.current == 0)
        await loader.refresh()
        let task = Task { await loader.loadMore() }
        #expect(await eventually { more.calls.current == 1 })
        more.answer(hasMore: false)
        await task.value
        #expect(await loader.state.phase == .exhausted)
        #expect(ListLoader.ifLoading(refresh: nil, loadMore: nil) == nil)
        #expect(ListLoader.ifLoading(refresh: {}, loadMore: nil) != nil)
    }

    @Test("the footer shows a spinner while loading more, and hides when it ends")
    func footerWhileLoadingMore() async throws {
        let more = GatedLoadMore()
        let loader = ListLoader(refreshing: {}, loadMore: { try await more.run() })
        await loader.refresh()
        #expect(ListChrome.decide(await loader.state).footer == .hidden)
        let task = Task { await loader.loadMore() }
        #expect(await eventually { more.calls.current == 1 })
        let loading = ListChrome.decide(await loader.state)
        #expect(loading.footer == .spinner && loading.footerHeight == ListChrome.visibleFooterHeight)
        #expect(!loading.spinnerIsHidden)
        more.answer(hasMore: false)
        await task.value
        let done = ListChrome.decide(await loader.state)
        #expect(done.footer == .hidden && done.footerHeight == 0)
    }

    @Test("the app's empty state: title and action when visible, hidden when not, automatic on empty")
    func emptyStateConfiguration() {
        let configuration = ListEmptyStateConfiguration(title: "No content", actionTitle: "Retry")
        var state = ListLoadingMachine()
        _ = state.send(.refresh)
        _ = state.send(.refreshSucceeded(request: 1, isEmpty: false, hasMore: true))
        let base = ListChrome.decide(state.loadingState)
        #expect(base.backgroundIsHidden)
        let shown = base.applying(configuration, visible: true, phase: state.phase)
        #expect(shown.message == "No content" && shown.messageRetryTitle == "Retry")
        #expect(!shown.backgroundIsHidden && !shown.messageRetryIsHidden)
        let hidden = shown.applying(configuration, visible: false, phase: state.phase)
        #expect(hidden.backgroundIsHidden && hidden.messageRetryIsHidden)

        // Not said: an empty first page shows the app's empty state instead of the table's.
        var empty = ListLoadingMachine()
        _ = empty.send(.refresh)
        _ = empty.send(.refreshSucceeded(request: 1, isEmpty: true, hasMore: false))
        let automatic = ListChrome.decide(empty.loadingState).applying(
            configuration, visible: nil, phase: empty.phase)
        #expect(automatic.message == "No content" && automatic.messageRetryTitle == "Retry")
        // No action title: no button; an empty title falls back to the strings table.
        let plain = ListChrome.decide(empty.loadingState).applying(
            ListEmptyStateConfiguration(title: ""), visible: true, phase: empty.phase,
            strings: .simplifiedChinese)
        #expect(plain.message == "暂无内容" && plain.messageRetryIsHidden)

        // Hiding the empty state keeps a failed first page's failure message and retry.
        var failed = ListLoadingMachine()
        _ = failed.send(.refresh)
        _ = failed.send(.refreshFailed(request: 1, error: TestFailure.offline))
        let failure = ListChrome.decide(failed.loadingState).applying(
            configuration, visible: false, phase: failed.phase)
        #expect(failure.message == ListStrings.english.string(.loadFailed))
        #expect(failure.messageRetryTitle == "Retry")
        #expect(ListChrome.installs("control", when: true) == "control")
        #expect(ListChrome.installs("control", when: false) == nil)
    }

    @Test("per-section insets and spacings fall back to the flow layout's own")
    func spacingFallback() {
        let layout = FlowListMetrics(
            sectionInset: ListInsets(top: 1, left: 2, bottom: 3, right: 4), minimumLineSpacing: 12,
            minimumInteritemSpacing: 8)
        // Nothing given: the layout's values.
        #expect(FlowListMetrics.resolve(section: 0, layout: layout) == layout)
        // Only the inset given: spacings stay the layout's.
        let inset = ListInsets(top: 16, left: 16, bottom: 16, right: 16)
        let insetOnly = FlowListMetrics.resolve(section: 0, layout: layout, sectionInset: { _ in inset })
        #expect(insetOnly.sectionInset == inset)
        #expect(insetOnly.minimumLineSpacing == 12 && insetOnly.minimumInteritemSpacing == 8)
        // Per-section spacing given for one axis, per section.
        let lines = FlowListMetrics.resolve(
            section: 2, layout: layout, minimumLineSpacing: { Double($0) * 10 })
        #expect(lines.minimumLineSpacing == 20 && lines.minimumInteritemSpacing == 8)
        #expect(lines.sectionInset == layout.sectionInset)
        // Bad answers (negative, non-finite) fall back to the layout's value.
        let bad = FlowListMetrics.resolve(
            section: 0, layout: layout,
            sectionInset: { _ in ListInsets(top: -1, left: .nan, bottom: 5, right: .infinity) },
            minimumLineSpacing: { _ in -3 }, minimumInteritemSpacing: { _ in .infinity })
        #expect(bad.sectionInset == ListInsets(top: 1, left: 2, bottom: 5, right: 4))
        #expect(bad.minimumLineSpacing == 12 && bad.minimumInteritemSpacing == 8)
        // No flow layout: zero.
        #expect(FlowListMetrics.resolve(section: 0, layout: nil) == FlowListMetrics())
    }

    @Test("itemSize receives the bounds less the adjusted content insets; no closure uses the layout's size")
    func availableSize() {
        let size = FlowListMetrics.availableSize(
            bounds: ListSize(width: 390, height: 844),
            adjustedContentInset: ListInsets(top: 91, left: 10, bottom: 34, right: 20))
        #expect(size == ListSize(width: 360, height: 719))
        // The README's two-column item: (available − 32 − 8) / 2.
        #expect((size.width - 32 - 8) / 2 == 160)
        // Never negative; bad input gives 0.
        #expect(
            FlowListMetrics.availableSize(
                bounds: ListSize(width: 10, height: .nan),
                adjustedContentInset: ListInsets(top: 0, left: 8, bottom: 0, right: 8))
                == ListSize(width: 0, height: 0))
        #expect(
            FlowListMetrics.availableSize(
                bounds: ListSize(width: 100, height: 50),
                adjustedContentInset: ListInsets(top: .infinity, left: -5, bottom: 0, right: 0))
                == ListSize(width: 100, height: 50))
        let layoutSize = ListSize(width: 50, height: 50)
        #expect(FlowListMetrics.itemSize(nil, fallback: layoutSize) == layoutSize)
        #expect(
            FlowListMetrics.itemSize(ListSize(width: 160, height: 160), fallback: layoutSize)
                == ListSize(width: 160, height: 160))
        #expect(
            FlowListMetrics.itemSize(ListSize(width: -1, height: .nan), fallback: layoutSize) == layoutSize)
        #expect(FlowListMetrics.itemSize(nil, fallback: nil) == .zero)
    }

    final class ListView {}
    final class Adapter {
        let name: String
        init(_ name: String) { self.name = name }
    }

    @Test("every configured list keeps its own adapter alive; reconfiguring replaces; gone lists drop")
    func severalListsStayAlive() {
        var store = ListAttachments<Adapter>()
        let table = ListView()
        let collection = ListView()
        weak var firstAdapter: Adapter?
        do {
            let tableAdapter = Adapter("table")
            firstAdapter = tableAdapter
            store.set(tableAdapter, for: table)
            store.set(Adapter("collection"), for: collection)
        }
        // The second list did not release the first.
        #expect(firstAdapter != nil)
        #expect(store.value(for: table)?.name == "table")
        #expect(store.value(for: collection)?.name == "collection")
        #expect(store.values.map(\.name) == ["table", "collection"])
        #expect(store.last?.name == "collection")
        // Configuring the same list again replaces its adapter (and releases the old one).
        store.set(Adapter("table 2"), for: table)
        #expect(firstAdapter == nil)
        #expect(store.value(for: table)?.name == "table 2")
        #expect(store.values.count == 2 && store.last?.name == "table 2")
        // A list that is gone drops out.
        var transient: ListView? = ListView()
        weak var transientAdapter: Adapter?
        do {
            let adapter = Adapter("transient")
            transientAdapter = adapter
            store.set(adapter, for: transient!)
        }
        #expect(store.values.count == 3)
        transient = nil
        #expect(store.values.count == 2)
        store.set(Adapter("other"), for: ListView())  // setting prunes the dead entries
        #expect(transientAdapter == nil)
        store.remove(for: collection)
        #expect(store.value(for: collection) == nil)
        #expect(store.value(for: ListView()) == nil)
    }

    @Test("PagingController: the seed's page-number shape with hasMore")
    func paginationHasMore() async throws {
        struct Row: Identifiable, Equatable, Sendable { let id: Int }
        let loader = PagingController(pageSize: 2) { page, pageSize in
            PageResult(
                page: page, items: (0..<pageSize).map { Row(id: (page - 1) * pageSize + $0) },
                hasMore: page < 2)
        }
        try await loader.refresh()
        #expect(await loader.hasMore)
        try await loader.loadMore()
        #expect(await !loader.hasMore)
        #expect(await loader.items.map(\.id) == [0, 1, 2, 3])
    }
}
