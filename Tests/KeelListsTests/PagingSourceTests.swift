import KeelLists
import KeelSupport
import Testing

/// P1 (the source protocol and its values), P2 (key kinds), P17 (initial load size).
@Suite("Paging sources and keys")
struct PagingSourceTests {
    func requireSendable<T: Sendable>(_: T.Type) {}

    @Test("P1: requests, pages and states are Sendable values; the source protocol is generic")
    func protocolShape() async throws {
        requireSendable(LoadRequest<String>.self)
        requireSendable(Page<String, Row>.self)
        requireSendable(PagingState<String, Row>.self)
        requireSendable(PagingUpdate<String, Row>.self)
        requireSendable(ListLoadingPhase.self)
        let source: any PagingSource<Int, Row> = ClosurePagingSource<Int, Row> { request in
            Page(
                items: rows([request.key ?? 0]), previousKey: nil, nextKey: nil, itemsBefore: 0, itemsAfter: 0
            )
        }
        let page = try await source.load(LoadRequest(.append(7), limit: 5))
        #expect(page.items == rows([7]))
        #expect(LoadRequest<Int>(.refresh(nil), limit: 3).key == nil)
        #expect(LoadRequest(.prepend(4), limit: 3).direction == .prepend)
        #expect(LoadRequest(.append(4), limit: 3).key == 4)
    }

    @Test("P2: an offset key advances by the raw page size, duplicates included")
    func offsetAdvancesByRawCount() async throws {
        let offsets = Locked<[Int]>([])
        let source = ClosurePagingSource<Int, Row>.offsets { offset, limit in
            offsets.withLock { $0.append(offset) }
            // 20 items from `offset`, 3 of which repeat the previous page's ids on the second page.
            let start = offset == 0 ? 0 : offset - 3
            return (rows(Array(start..<(start + 20))), true)
        }
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 20))
        try await controller.refresh()
        try await controller.loadMore()
        try await controller.loadMore()
        #expect(offsets.current == [0, 20, 40])
        #expect(await controller.items.count == 20 + 17 + 20)
        #expect(await controller.state.droppedDuplicateCount == 3)
    }

    @Test("P2: page-number keys go n + 1; cursors pass through byte for byte")
    func pageNumbersAndCursors() async throws {
        let pages = Locked<[Int]>([])
        let numbered = ClosurePagingSource<Int, Row>.pageNumbers(pageSize: 2) { page, size in
            pages.withLock { $0.append(page) }
            return PageResult(page: page, items: rows([page * 10, page * 10 + 1]), hasMore: page < 3)
        }
        let controller = try PagingController(
            source: numbered, configuration: PagingConfiguration(pageSize: 2))
        try await controller.refresh()
        try await controller.loadMore()
        try await controller.loadMore()
        try await controller.loadMore()
        #expect(pages.current == [1, 2, 3])

        let weird = "c\u{0}ürs✓r/+=%20\u{1F600}"
        let cursors = Locked<[String?]>([])
        let cursorSource = ClosurePagingSource<String, Row>.cursors { cursor, _ in
            cursors.withLock { $0.append(cursor) }
            return cursor == nil ? (rows([1]), weird) : (rows([2]), nil)
        }
        let cursorController = try PagingController(
            source: cursorSource, configuration: PagingConfiguration(pageSize: 1))
        try await cursorController.refresh()
        try await cursorController.loadMore()
        let seen = cursors.current
        #expect(seen.count == 2)
        #expect(seen[1].map { Array($0.utf8) } == Array(weird.utf8))
    }

    @Test("P17: a refresh asks for 3 × pageSize by default; pages of any size are accepted")
    func initialLoadSize() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 10))
        let refresh = Task { try await controller.refresh() }
        await source.waitForCalls(1)
        #expect(source.requests[0].limit == 30)
        source.respond(0, with: page(Array(0..<45), next: 45))  // more than asked
        try await refresh.value
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        #expect(source.requests[1] == LoadRequest(.append(45), limit: 10))
        source.respond(1, with: page([100], next: 46))  // fewer than asked
        try await more.value
        #expect(await controller.items.count == 46)
        let custom = PagingConfiguration(pageSize: 10, initialLimit: 12)
        #expect(custom.initialLimit == 12)
    }

    // Used to step back from a refreshed page by the refresh's limit (`initialLimit`, 30) while
    // the prepend asks for `pageSize` (10): after an invalidation at offset 40 the prepend loaded
    // 10..<20, ids 20..<40 were never loaded and the start was then reported exhausted.
    @Test("P2: offsets prepend the page size before a refreshed page, skipping nothing")
    func offsetsPrependAfterOffsetRefresh() async throws {
        let requested = Locked<[Int]>([])
        let source = ClosurePagingSource<Int, Row>.offsets { offset, limit in
            requested.withLock { $0.append(offset) }
            let end = min(200, offset + limit)
            return (rows(Array(offset..<end)), end < 200)
        }
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 10, prefetchDistance: 1))
        try await controller.refresh()
        try await controller.loadMore()
        try await controller.loadMore()
        #expect(await controller.items.map(\.id) == Array(0..<50))
        await controller.itemAppeared(at: 45)  // in the page at offset 40
        try await controller.invalidate()
        #expect(await controller.items.map(\.id) == Array(40..<70))
        var prepends = 0
        while await controller.state.prependPhase != .exhausted, prepends < 10 {
            try await controller.loadPrevious()
            prepends += 1
        }
        #expect(await controller.items.map(\.id) == Array(0..<70))
        #expect(requested.current.suffix(5) == [40, 30, 20, 10, 0])
    }

    // Round 12 #4: the prepend loaded `limit` items from `offset − pageSize` and ignored a short
    // answer, so a server capping pages at 8 items (page size 10) left items 8, 9, 18, 19, …
    // before each prepended page unloaded for good, and the start was then `exhausted`.
    @Test("P2: offsets prepend a short page's remainder, leaving no gap before the next page")
    func offsetsShortPrepend() async throws {
        let requested = Locked<[Int]>([])
        let source = ClosurePagingSource<Int, Row>.offsets { offset, limit in
            requested.withLock { $0.append(offset) }
            let end = min(200, offset + min(limit, 8))  // the server caps a page at 8 items
            return (rows(Array(offset..<end)), end < 200)
        }
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 10, prefetchDistance: 1))
        try await controller.refresh()
        for _ in 0..<5 { try await controller.loadMore() }
        let loaded = await controller.items.map(\.id)
        #expect(loaded == Array(0..<loaded.count))
        await controller.itemAppeared(at: loaded.count - 3)
        try await controller.invalidate()
        let first = try #require(await controller.items.first?.id)
        #expect(first > 0)
        var prepends = 0
        while await controller.state.prependPhase != .exhausted, prepends < 20 {
            try await controller.loadPrevious()
            prepends += 1
        }
        let items = await controller.items.map(\.id)
        #expect(items == Array(0..<items.count))
    }
}
