import Foundation
import KeelLayout
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("SVG and debug output")
struct DebugOutputTests {
    @Test("the SVG has one box per node, labels, and parses as XML")
    func svg() throws {
        let tree = VerticalStack(spacing: 4) {
            Leaf(
                name: "title", text: "Hello & <world>", measure: .intrinsic(Size(width: 60, height: 14))
            )
            HorizontalStack {
                Leaf(width: 20, height: 20).name("icon")
                Leaf(width: 30, height: 10)
            }
        }.padding(6).makeNode()
        let result = tree.layout(
            width: .definite(120), height: .maxContent, configuration: .init(pointScale: 2))
        let svg = LayoutSVG.render(result)
        #expect(svg.components(separatedBy: "<rect ").count - 1 == result.entries.count)
        #expect(svg.contains("Hello &amp; &lt;world&gt;"))
        #expect(svg.contains(">icon</text>"))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(
            svg
                == LayoutSVG.render(
                    tree.layout(
                        width: .definite(120), height: .maxContent, configuration: .init(pointScale: 2))))
    }

    @Test("the debug description lists every node")
    func debugDescription() {
        let root = LayoutNode(name: "root", children: [LayoutNode(name: "a"), LayoutNode(name: "b")])
        _ = root.layout()
        let lines = root.debugDescription.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("  a#"))
    }
}
