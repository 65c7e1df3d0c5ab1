import KeelTesting
import Testing

@testable import KeelLayout

/// The placement budget covers items at definite lines too (the placer alone: the layout of
/// such a grid spends most of its time sizing 10,000 tracks, which is not what is tested).
@Suite("Grid placement budget")
struct GridPlacementBudgetTests {
    @Test("items at definite lines spend the budget: past it, automatic items go after them")
    func definiteItemsSpendTheBudget() {
        // Items at definite lines recorded their cells without spending the budget, so N items
        // each spanning 10,000 rows cost N² interval scans (400 took 36 s in a debug build)
        // though the article says no input makes placement quadratic. 250 such items record
        // 2,500,000 cells, past the 2,000,000 budget: the automatic item then goes into a new
        // row after everything placed, instead of the free column 1 of row 0.
        let count = 250
        let columns = (0..<count).map { GridAxisPlacement.definite(2 * $0, 2 * $0 + 1) }
        let rows = [GridAxisPlacement](repeating: .definite(0, 10_000), count: count)
        let areas = GridPlacer.place(
            primary: columns + [.automatic(1)], secondary: rows + [.automatic(1)], explicitPrimary: 0,
            explicitSecondary: 0, dense: false)
        let automatic = areas[count]
        #expect(automatic.secondaryStart == 10_000 && automatic.secondaryEnd == 10_001)
        #expect(automatic.primaryStart == 0)
        // Within the budget the same item takes the first free cell.
        let few = GridPlacer.place(
            primary: Array(columns.prefix(10)) + [.automatic(1)],
            secondary: Array(rows.prefix(10)) + [.automatic(1)], explicitPrimary: 0, explicitSecondary: 0,
            dense: false)
        #expect(few[10].secondaryStart == 0 && few[10].primaryStart == 1)
    }

    @Test("merging and overlap checks over many intervals in one track agree with a plain scan")
    func intervalsAgreeWithAScan() {
        var random = SeededRandomNumberGenerator(seed: 0x9E37)
        var intervals: [(Int, Int)] = []
        var cells = Set<Int>()
        for _ in 0..<400 {
            let start = Int(random.next() % 2_000)
            let end = start + 1 + Int(random.next() % 5)
            GridPlacer.insertMerging(&intervals, start, end)
            cells.formUnion(start..<end)
            // Sorted, disjoint, not touching, and covering exactly the inserted cells.
            #expect(zip(intervals, intervals.dropFirst()).allSatisfy { $0.1 < $1.0 })
            #expect(Set(intervals.flatMap { $0.0..<$0.1 }) == cells)
            let probe = Int(random.next() % 2_100)
            let scanned = intervals.firstIndex { $0.1 > probe } ?? intervals.count
            #expect(GridPlacer.firstIndex(endingAfter: probe, in: intervals) == scanned)
        }
    }
}
