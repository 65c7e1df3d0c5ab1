import KeelLists
import KeelTesting
import Testing

@Suite struct LoadMoreTriggerItemTests {
    @Test(arguments: [
        (0, 10, 3, false), (6, 10, 3, true), (5, 10, 3, false), (9, 10, 3, true), (0, 1, 3, true),
        (10, 10, 3, false), (-1, 10, 3, false), (0, 0, 3, false), (8, 10, 0, false), (9, 10, 0, true),
    ])
    func displayedIndexNearTheEnd(index: Int, count: Int, distance: Int, expected: Bool) {
        #expect(
            LoadMoreTrigger.shouldLoadMore(displaying: index, ofLastSectionCount: count, distance: distance)
                == expected)
    }
}

/// Load more from a displayed index path: only the last section's last rows trigger, and the
/// adapter's action runs exactly then.
@Suite struct LoadMoreTriggerIndexTests {
    static let counts = [5, 10]

    @Test(arguments: [
        (1, 6, 2, true), (1, 9, 2, true), (1, 5, 2, false), (0, 4, 2, false),  // not the last section
        (2, 0, 2, false), (-1, 0, 2, false), (1, 10, 2, false), (0, 0, 0, false),
    ])
    func displayedIndexPath(section: Int, item: Int, sectionCount: Int, expected: Bool) {
        let index = ItemIndex(section: section, item: item)
        let count = { (section: Int) in Self.counts.indices.contains(section) ? Self.counts[section] : 0 }
        #expect(
            LoadMoreTrigger.shouldLoadMore(displaying: index, sectionCount: sectionCount, itemCount: count)
                == expected)
        var calls = 0
        LoadMoreTrigger.displaying(index, sectionCount: sectionCount, itemCount: count) { calls += 1 }
        #expect(calls == (expected ? 1 : 0))
        LoadMoreTrigger.displaying(index, sectionCount: sectionCount, itemCount: count, loadMore: nil)
    }
}

/// The start of the list, for controllers that also load backwards.
@Suite struct LoadMoreTriggerStartTests {
    @Test(arguments: [
        (0, 10, 3, true), (3, 10, 3, true), (4, 10, 3, false), (0, 10, 0, true), (1, 10, 0, false),
        (-1, 10, 3, false), (10, 10, 3, false), (0, 0, 3, false), (0, 10, -1, false),
    ])
    func displayedIndexNearTheStart(index: Int, count: Int, distance: Int, expected: Bool) {
        #expect(
            LoadMoreTrigger.shouldLoadPrevious(displaying: index, count: count, distance: distance)
                == expected)
    }

    /// `PagingController.itemAppeared(at:)` asks the same trigger: with prefetch distance 2
    /// of 6 items, exactly indices 4 and 5 start an append and 0 and 1 a prepend.
    @Test(arguments: 0..<8)
    func paginationAsksTheSameTrigger(index: Int) async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(
            source, PagingConfiguration(pageSize: 6, prefetchDistance: 2, initialLimit: 6),
            ids: Array(1...6), previous: 0, next: 2)
        await controller.itemAppeared(at: index)
        let shown = min(index, 5)
        let append = LoadMoreTrigger.shouldLoadMore(displaying: shown, ofLastSectionCount: 6, distance: 1)
        let prepend = LoadMoreTrigger.shouldLoadPrevious(displaying: shown, count: 6, distance: 1)
        #expect(append == (index >= 4))
        #expect(prepend == (index <= 1))
        let expectedCalls = 1 + (append ? 1 : 0) + (prepend ? 1 : 0)
        await source.waitForCalls(expectedCalls)
        #expect(source.callCount == expectedCalls)
        let state = await controller.state
        #expect(state.appendPhase.isLoading == append)
        #expect(state.prependPhase.isLoading == prepend)
        await controller.cancel()
    }
}
