import KeelLayout
import Testing

@Suite("GridContainer and the grid modifiers map to their raw styles")
struct GridDSLTests {
    @Test("GridContainer maps to display grid with exactly its tracks, areas, flow and gaps")
    func container() {
        let dsl = GridContainer(
            columns: [
                .track(.points(80)), .track(.fraction(1)), .track(.minmax(.points(20), .fraction(2))),
                .repeat(2, [.auto]),
            ],
            rows: [.track(.auto)], areas: ["a b c d e"], columnSpacing: 4, rowSpacing: 6,
            autoRows: [.points(30)],
            autoColumns: [.minContent], flow: .columnDense
        ) {
            Leaf(width: 10, height: 10)
        }.spec
        var raw = LayoutStyle()
        raw.display = .grid
        raw.columnGap = 4
        raw.rowGap = 6
        raw.grid.templateColumns = [
            .track(.points(80)), .track(GridTrackSize(minimum: .auto, maximum: .fraction(1))),
            .track(GridTrackSize(minimum: .points(20), maximum: .fraction(2))),
            .repeat(.count(2), [.track(GridTrackSize(minimum: .auto, maximum: .auto))]),
        ]
        raw.grid.templateRows = [.track(.auto)]
        raw.grid.templateAreas = ["a b c d e"]
        raw.grid.autoRows = [GridTrackSize(minimum: .points(30), maximum: .points(30))]
        raw.grid.autoColumns = [GridTrackSize(minimum: .minContent, maximum: .minContent)]
        raw.grid.autoFlow = GridAutoFlow(isColumn: true, isDense: true)
        #expect(dsl.style == raw)
        #expect(dsl.children.count == 1)
    }

    @Test("gridRow, gridColumn, span, gridArea and gridAlignment set exactly their properties")
    func modifiers() {
        let leaf = Leaf(width: 10, height: 10)
        var base = leaf.spec.style
        var expected = base
        expected.grid.rowStart = .line(2)
        expected.grid.rowEnd = .span(3)
        #expect(leaf.gridRow(.line(2), .span(3)).style == expected)
        expected = base
        expected.grid.rowStart = .line(-1)
        #expect(leaf.gridRow(-1).style == expected)
        expected = base
        expected.grid.columnStart = .named("side")
        expected.grid.columnEnd = .named("main", 2)
        #expect(leaf.gridColumn(.named("side"), .named("main", 2)).style == expected)
        expected = base
        expected.grid.columnStart = .line(3)
        #expect(leaf.gridColumn(3).style == expected)
        expected = base
        expected.grid.columnEnd = .span(2)
        expected.grid.rowEnd = .span(4)
        #expect(leaf.span(columns: 2, rows: 4).style == expected)
        expected = base
        expected.grid.rowStart = .named("header", 1)
        expected.grid.rowEnd = .named("header", 1)
        expected.grid.columnStart = .named("header", 1)
        expected.grid.columnEnd = .named("header", 1)
        #expect(leaf.gridArea("header").style == expected)
        base.grid.justifySelf = .center
        base.alignSelf = .end
        #expect(leaf.gridAlignment(horizontal: .center, vertical: .end).style == base)
    }

    @Test("a DSL grid lays out like its raw tree")
    func layout() {
        let spec = GridContainer(
            columns: [.track(.points(50)), .track(.fraction(1))], areas: ["head head", "side main"],
            columnSpacing: 10
        ) {
            Leaf(height: 20).gridArea("head")
            Leaf(height: 30).gridArea("side")
            Leaf(width: 40, height: 30).gridArea("main").gridAlignment(horizontal: .end)
        }.spec
        let result = spec.makeNode().layout(width: .definite(200), height: .maxContent)
        #expect(
            result.entries.map(\.frame) == [
                Rect(x: 0, y: 0, width: 200, height: 50),
                Rect(x: 0, y: 0, width: 200, height: 20),
                Rect(x: 0, y: 20, width: 50, height: 30),
                Rect(x: 160, y: 20, width: 40, height: 30),
            ])
    }
}
