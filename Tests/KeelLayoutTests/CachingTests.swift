import KeelLayout
import Testing

@Suite("Caching, idempotence and dirty propagation")
struct CachingTests {
    /// root (column) → [card (row) → [title, subtitle], footer (row) → [label]].
    struct Tree {
        let root: LayoutNode
        let card: LayoutNode
        let footer: LayoutNode
        let title: LayoutNode
        let subtitle: LayoutNode
        let label: LayoutNode
        let measures: [String: CountingMeasure]

        init() {
            let title = CountingMeasure(width: 80, height: 20)
            let subtitle = CountingMeasure(width: 120, height: 16)
            let label = CountingMeasure(width: 40, height: 12)
            self.title = LayoutNode(name: "title", measure: title.function)
            self.subtitle = LayoutNode(name: "subtitle", measure: subtitle.function)
            self.label = LayoutNode(name: "label", measure: label.function)
            // A title that only gets wider leaves its siblings' constraints unchanged. (A taller
            // title changes the row's height, which is part of the siblings' available space,
            // so they would be measured again; see NOTES-layout.md.)
            card = LayoutNode(
                style {
                    $0.columnGap = 8
                    $0.alignItems = .flexStart
                }, name: "card", children: [self.title, self.subtitle])
            footer = LayoutNode(name: "footer", children: [self.label])
            root = LayoutNode(
                style {
                    $0.flexDirection = .column
                    $0.padding = Edges(all: 10)
                }, name: "root", children: [card, footer])
            measures = ["title": title, "subtitle": subtitle, "label": label]
        }

        var counts: [String: Int] { measures.mapValues(\.count) }
    }

    @Test("laying out the same tree twice gives identical frames")
    func idempotent() {
        let tree = Tree()
        let first = tree.root.layout(width: .definite(320), height: .maxContent)
        let second = tree.root.layout(width: .definite(320), height: .maxContent)
        #expect(first == second)
        // A fresh, identical tree gives the same frames too.
        let other = Tree().root.layout(width: .definite(320), height: .maxContent)
        #expect(first.hasSameFrames(as: other))
        #expect(first.frame(of: tree.subtitle) == Rect(x: 88, y: 0, width: 120, height: 16))
    }

    @Test("a clean re-layout calls no measure function")
    func cleanRelayoutDoesNotMeasure() {
        let tree = Tree()
        _ = tree.root.layout(width: .definite(320), height: .maxContent)
        let before = tree.counts
        #expect(before.values.allSatisfy { $0 > 0 })
        for _ in 0..<5 { _ = tree.root.layout(width: .definite(320), height: .maxContent) }
        #expect(tree.counts == before)
        #expect(!tree.root.isDirty)
    }

    @Test("changing one leaf re-measures only that leaf, and dirties only its ancestor chain")
    func dirtyPropagation() {
        let tree = Tree()
        let first = tree.root.layout(width: .definite(320), height: .maxContent)
        let before = tree.counts
        tree.measures["title"]?.setSize(Size(width: 100, height: 20))
        tree.title.markDirty()
        #expect(tree.title.isDirty && tree.card.isDirty && tree.root.isDirty)
        #expect(!tree.subtitle.isDirty && !tree.footer.isDirty && !tree.label.isDirty)
        let second = tree.root.layout(width: .definite(320), height: .maxContent)
        let after = tree.counts
        #expect(after["title"]! > before["title"]!)
        #expect(after["subtitle"] == before["subtitle"])
        #expect(after["label"] == before["label"])
        #expect(second.frame(of: tree.title)?.width == 100)
        #expect(second.frame(of: tree.subtitle)?.x == 108)
        #expect(first.frame(of: tree.subtitle)?.x == 88)
    }

    @Test("a style change marks the node dirty; setting an equal style does not")
    func styleChanges() {
        let tree = Tree()
        _ = tree.root.layout(width: .definite(320), height: .maxContent)
        tree.label.style = tree.label.style
        #expect(!tree.root.isDirty)
        tree.label.style.margin = Edges(all: 4)
        #expect(tree.label.isDirty && tree.footer.isDirty && tree.root.isDirty && !tree.card.isDirty)
        let result = tree.root.layout(width: .definite(320), height: .maxContent)
        #expect(result.frame(of: tree.label) == Rect(x: 4, y: 4, width: 40, height: 12))
    }

    @Test("adding and removing children re-lays out")
    func treeMutation() {
        let tree = Tree()
        _ = tree.root.layout(width: .definite(320), height: .maxContent)
        let extra = LayoutNode(style { $0.height = 50 })
        tree.root.append(extra)
        var result = tree.root.layout(width: .definite(320), height: .maxContent)
        #expect(result.frame(of: extra)?.height == 50)
        #expect(result.size.height == 10 + 20 + 12 + 50 + 10)
        extra.removeFromParent()
        result = tree.root.layout(width: .definite(320), height: .maxContent)
        #expect(result.frame(of: extra) == nil)
        #expect(result.size.height == 10 + 20 + 12 + 10)
    }
}

@Suite("Cache keys")
struct CacheKeyTests {
    @Test("a node without percentages is not measured again when only its parent's size became known")
    func parentSizeIsNotPartOfTheKeyWithoutPercentages() {
        // Yoga's nested shape: the column is measured for its flex basis while its height is
        // unknown, then laid out at a known height; its leaves' constraints are the same both
        // times (stretched width, max-content basis), only their containing block's height
        // differs, which matters to a node only through its own percentages.
        let measure = CountingMeasure(width: 10, height: 10)
        let column = LayoutNode(
            style {
                $0.flexDirection = .column
                $0.flexGrow = 1
            })
        for _ in 0..<3 { column.append(LayoutNode(style { $0.flexGrow = 1 }, measure: measure.function)) }
        let root = LayoutNode(style { $0.flexDirection = .column }, children: [column])
        let result = root.layout(width: .definite(100), height: .definite(90))
        #expect(result.frame(of: column) == Rect(x: 0, y: 0, width: 100, height: 90))
        #expect(measure.count == 3)

        // With a percentage height the containing block's size is part of the key again.
        let percent = CountingMeasure(width: 10, height: 10)
        let other = LayoutNode(
            style {
                $0.flexDirection = .column
                $0.flexGrow = 1
            })
        for _ in 0..<3 {
            other.append(
                LayoutNode(
                    style {
                        $0.flexGrow = 1
                        $0.minimumHeight = .percent(10)
                    }, measure: percent.function))
        }
        let otherRoot = LayoutNode(style { $0.flexDirection = .column }, children: [other])
        let otherResult = otherRoot.layout(width: .definite(100), height: .definite(90))
        #expect(otherResult.frame(of: other.children[0])?.height == 30)
        #expect(percent.count > 3)
    }
}
