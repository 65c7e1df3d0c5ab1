import KeelCompat
import KeelLayout
import Testing

// Keel's earlier layout style name is KeelCompat's (deprecated); this test uses it on purpose.

@Suite("Keel's earlier layout spelling")
struct LayoutCompatTests {
    @Test("FlexStyle is LayoutStyle: the grid properties are on the same value")
    func flexStyleIsLayoutStyle() {
        var style: FlexStyle = LayoutStyle()
        style.display = .grid
        style.grid.templateColumns = [.fraction(1)]
        let node = LayoutNode(style, children: [LayoutNode(LayoutStyle())])
        #expect(node.layout(width: .definite(100), height: .maxContent).size.width == 100)
        #expect(type(of: style) == LayoutStyle.self)
    }
}
