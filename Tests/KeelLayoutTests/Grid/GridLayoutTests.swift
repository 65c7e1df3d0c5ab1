import KeelLayout
import Testing

/// A grid container node with `change` applied to its style.
func gridNode(_ change: (inout LayoutStyle) -> Void, children: [LayoutNode] = []) -> LayoutNode {
    var style = LayoutStyle()
    style.display = .grid
    change(&style)
    return LayoutNode(style, children: children)
}

/// A fixed-size leaf with a grid placement.
func gridLeaf(width: Double? = nil, height: Double? = nil, _ place: (inout GridStyle) -> Void = { _ in })
    -> LayoutNode
{
    var style = LayoutStyle()
    if let width { style.width = .points(width) }
    if let height { style.height = .points(height) }
    place(&style.grid)
    return LayoutNode(style)
}

@Suite("Grid layout")
struct GridLayoutTests {
    @Test("fixed and fr columns share the free space after the fixed track and the gaps")
    func fixedAndFraction() {
        let items = (0..<6).map { _ in gridLeaf() }
        let root = gridNode(
            {
                $0.width = 320
                $0.grid.templateColumns = [.track(.points(80)), .track(.fraction(1)), .track(.fraction(2))]
                $0.grid.autoRows = [.points(30)]
                $0.columnGap = 10
                $0.rowGap = 5
            }, children: items)
        let result = root.layout()
        #expect(result.frame(of: items[0]) == Rect(x: 0, y: 0, width: 80, height: 30))
        #expect(result.frame(of: items[1]) == Rect(x: 90, y: 0, width: 73, height: 30))
        #expect(result.frame(of: items[2]) == Rect(x: 173, y: 0, width: 147, height: 30))
        #expect(result.frame(of: items[3]) == Rect(x: 0, y: 35, width: 80, height: 30))
        #expect(result.frame(of: root)?.height == 65)
    }

    @Test("line placement, negative lines and spans")
    func linePlacement() {
        let last = gridLeaf { $0.columnStart = .line(-2) }
        let wide = gridLeaf {
            $0.columnStart = .line(1)
            $0.columnEnd = .span(2)
            $0.rowStart = .line(2)
        }
        let root = gridNode(
            {
                $0.grid.templateColumns = [.repeat(3, [.points(50)])]
                $0.grid.templateRows = [.repeat(2, [.points(20)])]
            }, children: [last, wide])
        let result = root.layout()
        #expect(result.frame(of: last) == Rect(x: 100, y: 0, width: 50, height: 20))
        #expect(result.frame(of: wide) == Rect(x: 0, y: 20, width: 100, height: 20))
    }

    @Test("named areas and named lines place items")
    func areasAndNames() {
        let header = gridLeaf { $0.place(inArea: "header") }
        let side = gridLeaf { $0.place(inArea: "side") }
        let named = gridLeaf {
            $0.columnStart = .named("middle")
            $0.rowStart = .line(2)
        }
        let root = gridNode(
            {
                $0.grid.templateColumns = [.track(.points(40)), .lineNames(["middle"]), .track(.points(60))]
                $0.grid.templateRows = [.track(.points(10)), .track(.points(20))]
                $0.grid.templateAreas = ["header header", "side ."]
            }, children: [header, side, named])
        let result = root.layout()
        #expect(result.frame(of: header) == Rect(x: 0, y: 0, width: 100, height: 10))
        #expect(result.frame(of: side) == Rect(x: 0, y: 10, width: 40, height: 20))
        #expect(result.frame(of: named) == Rect(x: 40, y: 10, width: 60, height: 20))
    }

    @Test("dense column flow fills the hole a wide item left")
    func denseColumnFlow() {
        let first = gridLeaf()
        let tall = gridLeaf { $0.rowEnd = .span(2) }
        let filler = gridLeaf()
        func layout(_ flow: GridAutoFlow) -> LayoutResult {
            gridNode(
                {
                    $0.grid.templateRows = [.repeat(2, [.points(10)])]
                    $0.grid.autoColumns = [.points(10)]
                    $0.grid.autoFlow = flow
                }, children: [first, tall, filler]
            ).layout()
        }
        let sparse = layout(.column)
        #expect(sparse.frame(of: tall)?.x == 10)
        #expect(sparse.frame(of: filler)?.x == 20)
        let dense = layout(.columnDense)
        #expect(dense.frame(of: filler) == Rect(x: 0, y: 10, width: 10, height: 10))
    }

    @Test("auto-fill repeats as many tracks as fit, auto-fit collapses the empty ones")
    func autoRepeat() {
        func columns(_ repetition: GridRepetition) -> Double? {
            let item = gridLeaf()
            let root = gridNode(
                {
                    $0.width = 100
                    $0.grid.templateColumns = [.repeat(repetition, [.track(.points(30))])]
                    $0.grid.justifyContent = .center
                }, children: [item])
            return root.layout().frame(of: item)?.x
        }
        // auto-fill: three 30-point columns (90 of 100), centred: the item starts at 5.
        #expect(columns(.autoFill) == 5)
        // auto-fit: the two empty columns collapse, the one used column is centred.
        #expect(columns(.autoFit) == 35)
    }

    @Test("a baseline-aligned scroll container's baseline is its bottom edge, not its scrolled content's")
    func scrollContainerBaseline() {
        func layout(scrolls: Bool) -> (LayoutResult, LayoutNode, LayoutNode) {
            // A 20-high item whose content (a 50-high leaf) would give it a baseline at 50,
            // beside a 60-high item whose content gives it a baseline at 30.
            var scrollerStyle = LayoutStyle()
            scrollerStyle.display = .grid
            scrollerStyle.width = 50
            scrollerStyle.height = 20
            if scrolls { scrollerStyle.overflow = .scroll }
            let scroller = LayoutNode(scrollerStyle, children: [gridLeaf(width: 10, height: 50)])
            var boxStyle = LayoutStyle()
            boxStyle.display = .grid
            boxStyle.width = 50
            boxStyle.height = 60
            let box = LayoutNode(boxStyle, children: [gridLeaf(width: 50, height: 30)])
            let root = gridNode(
                {
                    $0.width = 100
                    $0.height = 100
                    $0.grid.templateColumns = [.track(.points(50)), .track(.points(50))]
                    $0.alignItems = .baseline
                }, children: [scroller, box])
            return (root.layout(), scroller, box)
        }
        // Scrolling, the first item's baseline is its bottom edge (20): it moves down by 10.
        let (scrolled, scroller, box) = layout(scrolls: true)
        #expect(scrolled.frame(of: scroller)?.y == 10)
        #expect(scrolled.frame(of: box)?.y == 0)
        // Not scrolling, its content's baseline (50) counts: the other item moves down by 20.
        let (plain, plainScroller, plainBox) = layout(scrolls: false)
        #expect(plain.frame(of: plainScroller)?.y == 0)
        #expect(plain.frame(of: plainBox)?.y == 20)
    }

    @Test("right-to-left grids place the first column at the right")
    func rightToLeft() {
        let item = gridLeaf()
        let root = gridNode(
            {
                $0.direction = .rightToLeft
                $0.grid.templateColumns = [.track(.points(30)), .track(.points(70))]
            }, children: [item])
        #expect(root.layout().frame(of: item) == Rect(x: 70, y: 0, width: 30, height: 0))
    }

    @Test("an absolute child's containing block is its grid area")
    func absoluteInArea() {
        var style = LayoutStyle()
        style.position = .absolute
        style.inset = Edges(top: 5, left: 5, bottom: 5, right: 5)
        style.grid.columnStart = .line(2)
        style.grid.rowStart = .line(2)
        let child = LayoutNode(style)
        let root = gridNode(
            {
                $0.grid.templateColumns = [.track(.points(40)), .track(.points(60))]
                $0.grid.templateRows = [.track(.points(20)), .track(.points(30))]
            }, children: [child])
        #expect(root.layout().frame(of: child) == Rect(x: 45, y: 25, width: 50, height: 20))
    }

    @Test("grids inside flex containers and flex containers inside grids")
    func nesting() {
        let leaf = gridLeaf(width: 10, height: 10)
        var flex = LayoutStyle()
        flex.flexDirection = .column
        flex.alignItems = .center
        let inner = LayoutNode(flex, children: [leaf])
        let grid = gridNode({ $0.grid.templateColumns = [.track(.points(50))] }, children: [inner])
        var rowStyle = LayoutStyle()
        rowStyle.width = 200
        let root = LayoutNode(rowStyle, children: [grid])
        let result = root.layout()
        #expect(result.frame(of: grid) == Rect(x: 0, y: 0, width: 50, height: 10))
        #expect(result.frame(of: leaf) == Rect(x: 20, y: 0, width: 10, height: 10))
    }

    @Test("content-size keywords size a grid item from its content instead of stretching it")
    func itemSizeKeywords() {
        // Text-like content: two words of 20 points (min-content 20, max-content 40).
        let measure = MeasureFunction { request in
            let width: Double
            switch request.availableWidth {
            case .minContent: width = 20
            case .maxContent: width = 40
            case .definite(let space): width = space >= 40 ? 40 : 20
            }
            return Size(width: request.knownWidth ?? width, height: request.knownHeight ?? 10)
        }
        let keywords: [Length] = [.stretch, .fitContent, .minContent, .maxContent, .auto]
        let items = keywords.map { keyword -> LayoutNode in
            var style = LayoutStyle()
            style.width = keyword
            return LayoutNode(style, measure: measure)
        }
        let root = gridNode(
            {
                $0.grid.templateColumns = [.track(.points(120))]
                $0.grid.autoRows = [.points(30)]
            }, children: items)
        let result = root.layout()
        #expect(items.map { result.frame(of: $0)?.width } == [120, 40, 20, 40, 120])
        #expect(items.map { result.frame(of: $0)?.x } == [0, 0, 0, 0, 0])
    }
}
