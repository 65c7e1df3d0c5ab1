import KeelLists
import KeelTesting
import Testing

/// The one ``DuplicatePolicy`` serves both former uses — diffs and `deduplicated` (keepFirst,
/// keepLast) and the paged list (keepFirst, replaceWithNewer) — and each case means the same in
/// every place.
@Suite("One duplicate policy")
struct DuplicatePolicyTests {
    static let page = [Row(1), Row(2), Row(1, 3), Row(4), Row(2, 7)]

    static let sequenceCases: [(DuplicatePolicy, [Row])] = [
        (.keepFirst, [Row(1), Row(2), Row(4)]),
        (.keepLast, [Row(1, 3), Row(4), Row(2, 7)]),
        (.replaceWithNewer, [Row(1, 3), Row(2, 7), Row(4)]),
    ]

    @Test("deduplicated, ListDiff and StagedChangeset agree for every policy", arguments: sequenceCases)
    func sequenceAndDiff(policy: DuplicatePolicy, expected: [Row]) throws {
        #expect(Self.page.deduplicated(keeping: policy) == expected)
        let old = [Row(2), Row(1)]
        let diff = ListDiff(from: old, to: Self.page, duplicates: policy)
        #expect(diff.applied(to: old) == expected)
        #expect(diff.duplicates.new.count == 2)
        let staged = StagedChangeset(from: old, to: Self.page, duplicates: policy)
        #expect(try BatchUpdateModel.replay(staged, from: old) == expected)
        let sectioned = SectionedListDiff(
            from: [ListSection(Row(0), items: old)], to: [ListSection(Row(0), items: Self.page)],
            duplicates: policy)
        #expect(sectioned.applied(to: [ListSection(Row(0), items: old)])?.flatMap(\.items) == expected)
    }

    static let pagingCases: [(DuplicatePolicy, [Row])] = [
        (.keepFirst, [Row(1), Row(2), Row(3), Row(4)]),
        (.replaceWithNewer, [Row(1), Row(2, 9), Row(3), Row(4)]),
        (.keepLast, [Row(1), Row(3), Row(2, 9), Row(4)]),
    ]

    @Test("A paged list applies every policy to a page repeating a loaded item", arguments: pagingCases)
    func pagedList(policy: DuplicatePolicy, expected: [Row]) async throws {
        let source = ScriptedPagingSource<Int>()
        let configuration = PagingConfiguration(pageSize: 3, duplicatePolicy: policy)
        let controller = try await loadedController(source, configuration, ids: [1, 2, 3], next: 2)
        let recorder = UpdateRecorder(controller.updates())
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: Page(items: [Row(2, 9), Row(4)], nextKey: 3))
        try await more.value
        #expect(await controller.items == expected)
        #expect(await controller.state.droppedDuplicateCount == 1)
        #expect(await eventually { recorder.updates.contains { $0.itemsChanged } })
        let update = try #require(recorder.updates.first { $0.itemsChanged })
        #expect(update.diff.applied(to: update.oldItems) == expected)
        #expect(try BatchUpdateModel.replay(update.changeset, from: update.oldItems) == expected)
        // The page bookkeeping still adds up: the next page lands after every loaded item.
        let next = Task { try await controller.loadMore() }
        await source.waitForCalls(3)
        source.respond(2, with: Page(items: [Row(5)], nextKey: nil))
        try await next.value
        #expect(await controller.items == expected + [Row(5)])
    }

    @Test("keepLast within a refresh page keeps the last copy where it stands")
    func refreshKeepLast() async throws {
        let source = ScriptedPagingSource<Int>()
        let configuration = PagingConfiguration(pageSize: 3, duplicatePolicy: .keepLast)
        let controller = try await loadedController(source, configuration, ids: [1, 2, 1], next: nil)
        #expect(await controller.items == rows([2, 1]))
    }
}
