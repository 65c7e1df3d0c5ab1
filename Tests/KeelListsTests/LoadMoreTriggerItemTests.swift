import KeelLists
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
