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

    /// The layout debugger wrote labels with its own escaping, which kept control characters
    /// XML forbids (a name with U+0001 made a document no parser accepts) and left `'` bare; it
    /// now writes through KeelSupport's MarkupText, as the gallery's SVG does.
    @Test("any label makes valid XML: control characters dropped, quotes escaped")
    func hostileLabels() throws {
        let names = ["a\u{1}b", "it's", "\u{0}\u{8}\u{B}\u{1F}", "tab\there", "\u{FFFE}x", "<&\"'>"]
        for name in names {
            let tree = LayoutNode(name: name, children: [LayoutNode(name: name)])
            tree.style.width = .points(40)
            tree.style.height = .points(20)
            let svg = LayoutSVG.render(tree.layout())
            #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(name.debugDescription)")
            #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        }
        let quoted = LayoutSVG.render(LayoutNode(name: "it's").layout())
        #expect(quoted.contains("it&apos;s"))
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
