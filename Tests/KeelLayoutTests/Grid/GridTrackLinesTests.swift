import KeelLayout
import Testing

/// The placed tracks a grid keeps for drawing (the gallery's track lines).
@Suite("Grid track lines")
struct GridTrackLinesTests {
    static func grid(direction: TextDirection = .leftToRight) -> (LayoutNode, [LayoutNode]) {
        let items = (0..<4).map { _ in gridLeaf() }
        let root = gridNode(
            {
                $0.width = 200
                $0.padding = Edges(all: 5)
                $0.grid.templateColumns = [.track(.points(40)), .track(.fraction(1))]
                $0.grid.templateRows = [.track(.points(20)), .track(.points(30))]
                $0.columnGap = 10
                $0.rowGap = 4
                $0.direction = direction
            }, children: items)
        return (root, items)
    }

    @Test("columns and rows: start offsets from the border box and sizes, physical in right-to-left")
    func trackLines() {
        let (root, items) = Self.grid()
        #expect(root.gridTrackLines == nil)
        let result = root.layout()
        let lines = root.gridTrackLines
        #expect(lines?.columns == [.init(start: 5, size: 40), .init(start: 55, size: 140)])
        #expect(lines?.rows == [.init(start: 5, size: 20), .init(start: 29, size: 30)])
        #expect(result.frame(of: items[1]) == Rect(x: 55, y: 5, width: 140, height: 20))

        let (rtl, rtlItems) = Self.grid(direction: .rightToLeft)
        let rtlResult = rtl.layout()
        #expect(rtl.gridTrackLines?.columns == [.init(start: 155, size: 40), .init(start: 5, size: 140)])
        #expect(rtlResult.frame(of: rtlItems[0])?.x == 155)
    }

    @Test("the SVG draws one dashed outline per track over each grid, and none for flex trees")
    func svg() {
        let (root, _) = Self.grid()
        let wrapper = LayoutNode(LayoutStyle(), children: [root])
        let result = wrapper.layout()
        let svg = LayoutSVG.render(result, tree: wrapper)
        #expect(svg.components(separatedBy: "stroke-dasharray").count - 1 == 4)
        #expect(svg.contains("<rect x=\"55\" y=\"0\" width=\"140\" height=\"64\""))
        #expect(svg.hasSuffix("</g>\n</svg>\n"))
        let flex = LayoutNode(LayoutStyle(), children: [LayoutNode(LayoutStyle())])
        let flexResult = flex.layout()
        #expect(LayoutSVG.render(flexResult, tree: flex) == LayoutSVG.render(flexResult))
    }
}
