import KeelLists
import KeelSupport
import KeelTesting
import Testing

/// P16 (prefetch trigger), P18 (invalidation with a refresh key), P21 (page dropping).
@Suite("Pagination prefetching, invalidation and page dropping", .timeLimit(.minutes(3)))
struct PaginationPrefetchTests {
    @Test("P16: showing an item within the prefetch distance appends once; repeats coalesce")
    func prefetchTrigger() async throws {
        let source = ScriptedPagingSource<Int>()
        let configuration = PagingConfiguration(pageSize: 3, prefetchDistance: 2)
        let controller = try await loadedController(source, configuration, ids: Array(0..<9), next: 2)
        await controller.itemAppeared(at: 6)
        #expect(source.callCount == 1)
        await controller.itemAppeared(at: 7)
        await controller.itemAppeared(at: 8)
        await controller.itemAppeared(at: 8)
        await source.waitForCalls(2)
        for _ in 0..<50 { await Task.yield() }
        #expect(source.callCount == 2)
        source.respond(1, with: page([9], next: nil))
        #expect(await eventually { await controller.items.count == 10 })
        await controller.itemAppeared(at: 9)  // end reached: nothing
        #expect(source.callCount == 2)
        #expect(PagingConfiguration(pageSize: 7).prefetchDistance == 7)
    }

    @Test("P16: no trigger after a failure; during a refresh the trigger waits for its success")
    func prefetchAfterFailureAndDuringRefresh() async throws {
        let source = ScriptedPagingSource<Int>()
        let configuration = PagingConfiguration(pageSize: 3, prefetchDistance: 2)
        let controller = try await loadedController(source, configuration, ids: Array(0..<6), next: 2)
        await controller.itemAppeared(at: 5)
        await source.waitForCalls(2)
        source.fail(1)
        #expect(await eventually { await controller.state.appendPhase.error != nil })
        await controller.itemAppeared(at: 5)
        #expect(source.callCount == 2)

        let refresh = Task { try await controller.refresh() }
        await source.waitForCalls(3)
        await controller.itemAppeared(at: 5)
        for _ in 0..<50 { await Task.yield() }
        #expect(source.callCount == 3)
        source.respond(2, with: page(Array(10..<16), next: 7))
        try await value(of: refresh)
        await source.waitForCalls(4)
        #expect(source.requests[3] == LoadRequest(.append(7), limit: 3))
    }

    @Test("P18: invalidate() refreshes at refreshKey(anchor:) of the last shown item")
    func invalidateUsesAnchor() async throws {
        let anchors = ScriptedAnchors()
        let source = ScriptedPagingSource<Int>(refreshKey: { anchor in anchors.record(anchor) })
        let controller = try await loadedController(
            source, PagingConfiguration(pageSize: 20), ids: Array(0..<60), next: 60)
        await controller.itemAppeared(at: 57)
        let invalidate = Task { try await controller.invalidate() }
        // The prefetch append (cancelled by the refresh) and the refresh both reach the source,
        // in either order: pick them by request, not by position.
        try #require(await source.waitForCalls(3))
        let anchor = try #require(anchors.last)
        #expect(anchor == PagingAnchor(index: 57, pageKey: nil, offsetInPage: 57))
        let append = try #require(source.index(of: LoadRequest(.append(60), limit: 20)))
        let refresh = try #require(source.index(of: LoadRequest(.refresh(1057), limit: 60)))
        #expect(Set([append, refresh]) == [1, 2])
        #expect(source.sawCancellation(append))
        source.respond(refresh, with: page([1057], next: nil))
        try await value(of: invalidate)
        #expect(await controller.items == rows([1057]))
    }

    @Test("P21: maximumItems below pageSize + 2 × prefetchDistance is refused")
    func maxItemsValidated() throws {
        let source = ScriptedPagingSource<Int>()
        #expect(throws: PagingError.self) {
            try PagingController(
                source: source,
                configuration: PagingConfiguration(pageSize: 10, prefetchDistance: 5, maximumItems: 19))
        }
        #expect(throws: Never.self) {
            try PagingController(
                source: source,
                configuration: PagingConfiguration(pageSize: 10, prefetchDistance: 5, maximumItems: 20))
        }
    }

    @Test("P21: pages far from the last shown item are dropped, and reload on demand")
    func pageDropping() async throws {
        let source = numberedPages(count: 10)
        let configuration = PagingConfiguration(
            pageSize: 10, prefetchDistance: 5, initialLimit: 10, maximumItems: 30)
        let controller = try PagingController(source: source, configuration: configuration)
        try await controller.refresh()
        for _ in 0..<3 {
            await controller.itemAppeared(at: await controller.items.count - 1)
            try await controller.loadMore()
        }
        #expect(await controller.items.map(\.id) == Array(10..<40))
        #expect(await controller.state.prependPhase == .idle)
        await controller.itemAppeared(at: 0)
        try await controller.loadPrevious()
        #expect(await controller.items.map(\.id) == Array(0..<30))
        #expect(await controller.state.prependPhase == .exhausted)
        #expect(await controller.state.appendPhase == .idle)
        try await controller.loadMore()
        #expect(await controller.items.map(\.id).suffix(10) == Array(30..<40))
    }

    @Test("P21: a page within the prefetch distance of the last shown item is kept")
    func prefetchWindowKept() async throws {
        let configuration = PagingConfiguration(
            pageSize: 10, prefetchDistance: 8, initialLimit: 10, maximumItems: 26)
        for (anchor, expectedFirst) in [(16, 0), (19, 10)] {
            let controller = try PagingController(
                source: numberedPages(count: 10), configuration: configuration)
            try await controller.refresh()
            try await controller.loadMore()
            await controller.itemAppeared(at: anchor)
            try await controller.loadMore()
            #expect(await controller.items.first?.id == expectedFirst)
        }
    }

    /// Pages of ten rows keyed by page number 0..<count.
    func numberedPages(count: Int) -> ClosurePagingSource<Int, Row> {
        ClosurePagingSource { request in
            let number = request.key ?? 0
            return Page(
                items: rows(Array((number * 10)..<(number * 10 + 10))),
                previousKey: number > 0 ? number - 1 : nil,
                nextKey: number + 1 < count ? number + 1 : nil)
        }
    }
}

/// Records the anchors a source was asked about and answers `index + 1000`.
final class ScriptedAnchors: Sendable {
    private let anchors = Locked<[PagingAnchor<Int>?]>([])

    func record(_ anchor: PagingAnchor<Int>?) -> Int? {
        anchors.withLock { $0.append(anchor) }
        return anchor.map { $0.index + 1000 }
    }

    var last: PagingAnchor<Int>? { anchors.withLock { $0.last ?? nil } }
}
