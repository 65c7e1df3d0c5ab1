import KeelLayout
import Testing

/// `display: contents`: the node generates no box and its children join its parent's layout.
@Suite("display: contents")
struct DisplayContentsTests {
    static func box(_ width: Double, _ height: Double = 10) -> LayoutNode {
        var style = LayoutStyle()
        style.width = .points(width)
        style.height = .points(height)
        style.flexShrink = 0
        return LayoutNode(style)
    }

    static func contents(_ children: [LayoutNode]) -> LayoutNode {
        var style = LayoutStyle()
        style.display = .contents
        style.width = 500  // ignored: no box
        style.flexShrink = 0
        style.padding = Edges(all: 7)
        return LayoutNode(style, children: children)
    }

    @Test("children of a contents node are items of its parent: gaps, order and frames")
    func flattened() {
        let a = Self.box(10)
        let b = Self.box(20)
        let c = Self.box(30)
        let d = Self.box(40)
        let group = Self.contents([b, c])
        var rowStyle = LayoutStyle()
        rowStyle.columnGap = 5
        rowStyle.alignItems = .flexStart
        let row = LayoutNode(rowStyle, children: [a, group, d])
        let result = row.layout(width: .definite(200), height: .definite(50))
        #expect(result.frame(of: group) == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(result.frame(of: a) == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(result.frame(of: b) == Rect(x: 15, y: 0, width: 20, height: 10))
        #expect(result.frame(of: c) == Rect(x: 40, y: 0, width: 30, height: 10))
        #expect(result.frame(of: d) == Rect(x: 75, y: 0, width: 40, height: 10))
        #expect(result.absoluteFrame(of: c) == Rect(x: 40, y: 0, width: 30, height: 10))
    }

    @Test("nested contents, grow across the flattened line, and absolute children")
    func nestedAndAbsolute() {
        var growStyle = LayoutStyle()
        growStyle.flexGrow = 1
        let grow = LayoutNode(growStyle)
        var absoluteStyle = LayoutStyle()
        absoluteStyle.position = .absolute
        absoluteStyle.inset = Edges(top: 3, left: .auto, bottom: .auto, right: 4)
        absoluteStyle.width = 6
        absoluteStyle.height = 6
        let pinned = LayoutNode(absoluteStyle)
        let inner = Self.contents([grow, pinned])
        let outer = Self.contents([Self.box(20), inner])
        let row = LayoutNode(LayoutStyle(), children: [outer, Self.box(30)])
        let result = row.layout(width: .definite(100), height: .definite(40))
        #expect(result.absoluteFrame(of: grow) == Rect(x: 20, y: 0, width: 50, height: 40))
        #expect(result.absoluteFrame(of: pinned) == Rect(x: 90, y: 3, width: 6, height: 6))
        #expect(result.frame(of: inner) == .zero)
    }

    @Test("changing display to and from contents, and removing a contents child, relays out")
    func changes() {
        let b = Self.box(20)
        let group = Self.contents([b])
        var rowStyle = LayoutStyle()
        rowStyle.alignItems = .flexStart
        let row = LayoutNode(rowStyle, children: [Self.box(10), group])
        #expect(row.layout(width: .definite(200)).absoluteFrame(of: b)?.x == 10)
        group.style.display = .flex
        var result = row.layout(width: .definite(200))
        #expect(result.frame(of: group)?.width == 500)
        #expect(result.absoluteFrame(of: b) == Rect(x: 17, y: 7, width: 20, height: 10))
        group.style.display = .contents
        result = row.layout(width: .definite(200))
        #expect(result.absoluteFrame(of: b) == Rect(x: 10, y: 0, width: 20, height: 10))
        b.style.width = 33
        #expect(row.layout(width: .definite(200)).absoluteFrame(of: b)?.width == 33)
        row.removeChild(at: 1)
        row.append(group)
        group.style.display = .flex
        #expect(row.layout(width: .definite(200)).frame(of: group)?.width == 500)
    }

    @Test("contents nested past the depth bound is hidden, without deep recursion")
    func depthBound() {
        let leaf = Self.box(10)
        var node = leaf
        for _ in 0..<400 { node = Self.contents([node]) }
        let root = LayoutNode(LayoutStyle(), children: [node])
        let result = root.layout(width: .definite(100), height: .definite(100))
        #expect(result.frame(of: leaf) == .zero)
        for entry in result.entries {
            #expect(entry.frame.width.isFinite && entry.frame.width >= 0)
        }
        var shallow = Self.box(10)
        let shallowLeaf = shallow
        for _ in 0..<10 { shallow = Self.contents([shallow]) }
        let shallowRoot = LayoutNode(LayoutStyle(), children: [shallow])
        #expect(shallowRoot.layout(width: .definite(100)).frame(of: shallowLeaf)?.width == 10)
    }
}
