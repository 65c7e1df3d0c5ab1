import KeelLists
import KeelTesting
import Testing

/// P13: de-duplication by identifier within and across pages.
@Suite("Pagination de-duplication")
struct PaginationDedupTests {
    @Test("P13: [1,2,3] + [3,4,5] gives [1,2,3,4,5]; the drop is reported")
    func acrossPages() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let recorder = UpdateRecorder(controller.updates())
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: page([3, 4, 5], next: 3))
        try await more.value
        #expect(await controller.items == rows([1, 2, 3, 4, 5]))
        #expect(await controller.state.droppedDuplicateCount == 1)
        #expect(await eventually { recorder.updates.contains { $0.droppedDuplicates == 1 } })
        let update = try #require(recorder.updates.last)
        #expect(update.diff.inserts == [3, 4])
    }

    @Test("P13: duplicates within one page are dropped too")
    func withinPage() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1, 1, 2, 1], next: 2)
        #expect(await controller.items == rows([1, 2]))
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: page([3, 3, 2], next: nil))
        try await more.value
        #expect(await controller.items == rows([1, 2, 3]))
        #expect(await controller.state.droppedDuplicateCount == 4)
    }

    @Test("P13: replace-with-newer updates the loaded copy in place")
    func replaceWithNewer() async throws {
        let source = ScriptedPagingSource<Int>()
        let configuration = PagingConfiguration(pageSize: 3, duplicatePolicy: .replaceWithNewer)
        let controller = try await loadedController(source, configuration, ids: [1, 2, 3], next: 2)
        let recorder = UpdateRecorder(controller.updates())
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: Page(items: [Row(2, 9), Row(4)], nextKey: nil))
        try await more.value
        #expect(await controller.items == [Row(1), Row(2, 9), Row(3), Row(4)])
        #expect(await eventually { recorder.updates.contains { $0.itemsChanged } })
        let update = try #require(recorder.updates.first { $0.itemsChanged })
        #expect(update.diff.updates == [OffsetMove(from: 1, to: 1)])
        #expect(update.diff.inserts == [3])
    }

    @Test("P13: over random overlapping pages the list never holds a repeated id", arguments: [1, 2, 3])
    func randomPagesStayUnique(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let pages = (0..<30).map { _ in (0..<10).map { _ in Row(random.int(0...150)) } }
        let source = ClosurePagingSource<Int, Row> { request in
            let index = request.key ?? 0
            return Page(items: pages[index], nextKey: index + 1 < pages.count ? index + 1 : nil)
        }
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 10))
        try await controller.refresh()
        while await controller.state.hasMore { try await controller.loadMore() }
        let ids = await controller.items.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids == pages.joined().deduplicated(by: \.id).map(\.id))
        #expect(await controller.state.droppedDuplicateCount == 300 - ids.count)
    }
}
