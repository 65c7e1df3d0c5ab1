import KeelLayout
import Testing

@Suite("Grid caching and dirty propagation")
struct GridCachingTests {
    /// A 3 × 3 grid of measured leaves in auto columns and rows.
    struct Tree {
        let measures = (0..<9).map { _ in CountingMeasure(width: 20, height: 10) }
        let leaves: [LayoutNode]
        let root: LayoutNode

        init() {
            leaves = measures.map { LayoutNode(LayoutStyle(), measure: $0.function) }
            var style = LayoutStyle()
            style.display = .grid
            style.grid.templateColumns = [.repeat(3, [.auto])]
            style.columnGap = 4
            root = LayoutNode(style, children: leaves)
        }

        var counts: [Int] { measures.map(\.count) }
    }

    @Test("laying out a grid twice gives identical frames, and a clean re-layout measures nothing")
    func idempotentAndClean() {
        let tree = Tree()
        let first = tree.root.layout()
        let before = tree.counts
        #expect(before.allSatisfy { $0 > 0 })
        for _ in 0..<5 { #expect(tree.root.layout() == first) }
        #expect(tree.counts == before)
        tree.root.markDirty()
        #expect(tree.root.layout().hasSameFrames(as: first))
        #expect(first.frame(of: tree.leaves[4]) == Rect(x: 24, y: 10, width: 20, height: 10))
    }

    @Test("a changed item re-measures itself and the items of the track it grew, nothing else")
    func dirtyThroughTracks() {
        let tree = Tree()
        _ = tree.root.layout()
        let before = tree.counts
        tree.measures[4].setSize(Size(width: 50, height: 10))
        tree.leaves[4].markDirty()
        #expect(tree.leaves[4].isDirty && tree.root.isDirty && !tree.leaves[0].isDirty)
        let result = tree.root.layout()
        let after = tree.counts
        #expect(after[4] > before[4])
        // Leaves outside the middle column keep their cached sizes; the two beside the changed
        // one in its column are laid out again at the column's new width.
        for index in [0, 2, 3, 5, 6, 8] { #expect(after[index] == before[index], "leaf \(index)") }
        for index in [1, 7] { #expect(after[index] > before[index], "leaf \(index)") }
        // The middle column grew to 50: the third column starts at 20 + 4 + 50 + 4.
        #expect(result.frame(of: tree.leaves[5])?.x == 78)
        #expect(result.frame(of: tree.leaves[1])?.width == 50)
    }

    @Test("changing a track list re-lays out the grid without re-measuring its items")
    func templateChange() {
        let tree = Tree()
        _ = tree.root.layout()
        let before = tree.counts
        tree.root.style.grid.templateColumns = [.repeat(3, [.auto])]
        #expect(!tree.root.isDirty)
        tree.root.style.grid.templateColumns = [.track(.points(30)), .track(.auto), .track(.auto)]
        #expect(tree.root.isDirty)
        let result = tree.root.layout()
        #expect(result.frame(of: tree.leaves[1])?.x == 34)
        #expect(tree.counts.reduce(0, +) >= before.reduce(0, +))
    }
}
