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
