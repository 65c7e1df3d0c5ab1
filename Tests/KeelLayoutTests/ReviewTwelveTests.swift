import KeelLayout
import Testing

/// The r12 layout review's findings; each test says what the engine used to do.
@Suite("Layout review r12")
struct ReviewTwelveTests {
    /// A 10 × 10 absolute box pinned to the bottom-right corner.
    static func cornerBox(top: Bool = false) -> LayoutNode {
        LayoutNode(
            style {
                $0.position = .absolute
                $0.width = 10
                $0.height = 10
                $0.inset.right = 0
                if top { $0.inset.top = 0 } else { $0.inset.bottom = 0 }
            })
    }

    static func staticBox(_ side: Double, children: [LayoutNode]) -> LayoutNode {
        LayoutNode(
            style {
                $0.position = .static
                $0.width = .points(side)
                $0.height = .points(side)
            }, children: children)
    }

    @Test("A grid places the absolute children of its static descendants against its padding box")
    func gridPlacesStaticDescendantsAbsoluteChildren() {
        // Used to: 0,0 0×0 — only a flex container walked static descendants.
        let absolute = Self.cornerBox()
        let grid = LayoutNode(
            style {
                $0.display = .grid
                $0.width = 200
                $0.height = 100
            }, children: [Self.staticBox(50, children: [absolute])])
        #expect(grid.layout().frame(of: absolute) == Rect(x: 190, y: 90, width: 10, height: 10))
    }

    @Test("A static node inside display: contents still has its absolute children placed")
    func staticInsideContents() {
        // Used to: 0,0 0×0 — the walk counted only direct static children.
        let absolute = Self.cornerBox()
        let contents = LayoutNode(
            style { $0.display = .contents }, children: [Self.staticBox(50, children: [absolute])])
        let root = LayoutNode(
            style {
                $0.width = 200
                $0.height = 100
            }, children: [contents])
        #expect(root.layout().frame(of: absolute) == Rect(x: 190, y: 90, width: 10, height: 10))
    }

    @Test("display: contents in a grid: its children are grid items; it gets no box")
    func contentsInGrid() {
        // Used to: the group took one cell (100,0 100×20) and squeezed its children into it.
        let cells = (0..<3).map { _ in LayoutNode(style { $0.height = 20 }) }
        let hidden = LayoutNode(style { $0.display = .none })
        let group = LayoutNode(style { $0.display = .contents }, children: [cells[1], hidden, cells[2]])
        let grid = LayoutNode(
            style {
                $0.display = .grid
                $0.width = 300
                $0.grid.templateColumns = [.track(.fraction(1)), .track(.fraction(1)), .track(.fraction(1))]
            }, children: [cells[0], group])
        let result = grid.layout()
        #expect(result.frame(of: group) == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(result.frame(of: cells[0]) == Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(result.frame(of: cells[1]) == Rect(x: 100, y: 0, width: 100, height: 20))
        #expect(result.frame(of: cells[2]) == Rect(x: 200, y: 0, width: 100, height: 20))
        #expect(result.frame(of: hidden) == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test("An updated result moves an absolute child placed through a chain of static nodes")
    func incrementalStaticChain() {
        // Used to: x stayed 190 after the width changed (the static nodes were cache hits and
        // their children's slots were not rewritten).
        let absolute = Self.cornerBox(top: true)
        let inner = Self.staticBox(50, children: [absolute])
        let outer = Self.staticBox(100, children: [inner])
        let root = LayoutNode(style { $0.height = 100 }, children: [outer])
        #expect(root.layout(width: .definite(200), height: .definite(100)).frame(of: absolute)?.x == 190)
        let updated = root.layout(width: .definite(300), height: .definite(100))
        #expect(updated.frame(of: absolute) == Rect(x: 290, y: 0, width: 10, height: 10))
    }

    @Test("Measuring a subtree with layout() does not move it in its tree")
    func measuringSubtreeKeepsItsPlace() {
        // Used to: after x.layout() and an unrelated change, the root's result put x at 0,0.
        let x = LayoutNode(
            style {
                $0.width = 40
                $0.height = 20
            })
        let parent = LayoutNode(
            style {
                $0.width = 100
                $0.height = 50
                $0.justifyContent = .center
            }, children: [x])
        let sibling = LayoutNode(
            style {
                $0.width = 10
                $0.height = 10
            })
        let root = LayoutNode(
            style {
                $0.flexDirection = .column
                $0.alignItems = .flexStart
            }, children: [parent, sibling])
        #expect(root.layout(width: .definite(200)).frame(of: x)?.x == 30)
        #expect(x.layout().frame(of: x)?.size == Size(width: 40, height: 20))
        #expect(root.layout(width: .definite(200)).frame(of: x)?.x == 30)
        sibling.append(LayoutNode())
        #expect(root.layout(width: .definite(200)).frame(of: x) == Rect(x: 30, y: 0, width: 40, height: 20))
    }

    @Test("fittingSize includes the root's margins, so layout(in:) at that size keeps the content")
    func fittingSizeIncludesMargins() {
        // Used to: 100×50 for a root with 10 pt margins, then laid out 80×30 and squeezed.
        let child = LayoutNode(
            style {
                $0.width = 100
                $0.height = 50
            })
        let root = LayoutNode(style { $0.margin = Edges(all: 10) }, children: [child])
        let fit = root.fittingSize(width: .proposal(375), height: .proposal(.greatestFiniteMagnitude))
        #expect(fit == Size(width: 120, height: 70))
        let result = root.layout(in: fit)
        #expect(result.frame(of: root) == Rect(x: 10, y: 10, width: 100, height: 50))
        #expect(result.frame(of: child)?.size == Size(width: 100, height: 50))
        // UIKit's unbounded proposal is the content's size, not 10^15.
        let wide = LayoutNode(
            style { $0.width = .percent(100) }, children: [LayoutNode(style { $0.width = 30 })])
        let unbounded = wide.fittingSize(
            width: .proposal(.greatestFiniteMagnitude), height: .proposal(.greatestFiniteMagnitude))
        #expect(unbounded.width < 1e6)
    }

    @Test(
        "A measure function's infinite or huge baseline is cleaned like its sizes",
        arguments: [
            Double.infinity, -.infinity, 1e308, -1e308,
        ])
    func baselineCleaned(_ baseline: Double) {
        // Used to: ±∞ collapsed the row to 0 high; ±1e308 made it 10^18 high and a 40-high
        // sibling came out 0 high.
        let text = LayoutNode(
            style { $0.alignSelf = .baseline },
            measure: MeasureFunction(baseline: { _ in baseline }, { _ in Size(width: 50, height: 20) }))
        let tall = LayoutNode(
            style {
                $0.width = 30
                $0.height = 40
            })
        let row = LayoutNode(style { $0.alignItems = .baseline }, children: [text, tall])
        let result = row.layout(width: .definite(300))
        #expect(result.frame(of: tall)?.height == 40)
        #expect(result.frame(of: row)?.height.isFinite == true)
        #expect((result.frame(of: row)?.height ?? 0) >= 40, "the row holds its tallest item")
        if baseline.isInfinite {
            // No baseline: the box's own (its bottom edge), so the row is as tall as both.
            #expect((result.frame(of: row)?.height ?? .infinity) <= 60)
        } else {
            #expect((result.frame(of: row)?.height ?? .infinity) <= 2e15)
        }
    }

    @Test("DSL: .fill spans an OverlayStack; .wrap keeps a grid item at its content width")
    func sizeRulesFollowTheParent() {
        // Used to: the fill layer came out 0×0 (flex grow means nothing to an absolute box),
        // and the wrap item stretched across its 150-wide cell.
        let overlay = OverlayStack {
            Leaf(width: 200, height: 100)
            Leaf().width(.fill).height(.fill)
        }.spec.makeNode()
        #expect(overlay.layout().frame(of: overlay.children[1]) == Rect(x: 0, y: 0, width: 200, height: 100))
        let grid = GridContainer(columns: [.track(.fraction(1)), .track(.fraction(1))]) {
            Leaf(measure: .intrinsic(Size(width: 40, height: 20))).width(.wrap)
            Leaf(measure: .intrinsic(Size(width: 40, height: 20))).width(.fill)
        }.spec.makeNode()
        let result = grid.layout(width: .definite(300))
        #expect(result.frame(of: grid.children[0]) == Rect(x: 0, y: 0, width: 40, height: 20))
        // Through a display: contents wrapper the rule still follows the grid.
        var wrapper = LayoutSpec(
            style: LayoutStyle(),
            children: [Leaf(measure: .intrinsic(Size(width: 40, height: 20))).width(.wrap).spec])
        wrapper.style.display = .contents
        let wrapped = GridContainer(columns: [.track(.fraction(1)), .track(.fraction(1))]) { wrapper }.spec
            .makeNode()
        let leaf = wrapped.children[0].children[0]
        #expect(
            wrapped.layout(width: .definite(300)).frame(of: leaf) == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(result.frame(of: grid.children[1]) == Rect(x: 150, y: 0, width: 150, height: 20))
    }
}
