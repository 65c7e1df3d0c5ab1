import KeelLayout
import Testing

/// `position: static`: in flow without insets, and no containing block for absolute children.
@Suite("position: static")
struct StaticPositionTests {
    /// C (relative, 200 × 200, border 5, padding 10) › S (static, margin 20/30, 50 × 50,
    /// padding 3) › the given absolute children.
    static func tree(_ absolute: [LayoutNode], staticParent: PositionType = .static) -> (
        LayoutNode, LayoutNode
    ) {
        var containerStyle = LayoutStyle()
        containerStyle.width = 200
        containerStyle.height = 200
        containerStyle.border = Edges(all: 5)
        containerStyle.padding = Edges(all: 10)
        containerStyle.alignItems = .flexStart
        var staticStyle = LayoutStyle()
        staticStyle.position = staticParent
        staticStyle.margin = Edges(left: 20, right: 0, top: 30, bottom: 0)
        staticStyle.width = 50
        staticStyle.height = 50
        staticStyle.padding = Edges(all: 3)
        let parent = LayoutNode(staticStyle, children: absolute)
        return (LayoutNode(containerStyle, children: [parent]), parent)
    }

    static func absolute(_ inset: Edges<Length>, width: Length = 10) -> LayoutNode {
        var style = LayoutStyle()
        style.position = .absolute
        style.inset = inset
        style.width = width
        style.height = 10
        return LayoutNode(style)
    }

    @Test("a static item ignores its insets; a relative one moves by them")
    func insetsIgnored() {
        for position in [PositionType.static, .relative] {
            var style = LayoutStyle()
            style.position = position
            style.inset = Edges(top: 7, left: 9, bottom: .auto, right: .auto)
            style.width = 10
            style.height = 10
            let item = LayoutNode(style)
            let root = LayoutNode(LayoutStyle(), children: [item])
            let frame = root.layout(width: .definite(100), height: .definite(100)).frame(of: item)
            let offset: Double = position == .static ? 0 : 1
            #expect(frame == Rect(x: 9 * offset, y: 7 * offset, width: 10, height: 10))
        }
    }

    @Test("absolute children of a static parent use the positioned ancestor's padding box")
    func containingBlockIsAncestor() {
        let topLeft = Self.absolute(Edges(top: 0, left: 0, bottom: .auto, right: .auto), width: .percent(50))
        let bottomRight = Self.absolute(Edges(top: .auto, left: .auto, bottom: 0, right: 0))
        let (root, parent) = Self.tree([topLeft, bottomRight])
        let result = root.layout()
        #expect(result.frame(of: parent) == Rect(x: 35, y: 45, width: 50, height: 50))
        // The padding box is 5…195 in both axes: 50 % of 190 is 95.
        #expect(result.absoluteFrame(of: topLeft) == Rect(x: 5, y: 5, width: 95, height: 10))
        #expect(result.frame(of: topLeft) == Rect(x: -30, y: -40, width: 95, height: 10))
        #expect(result.absoluteFrame(of: bottomRight) == Rect(x: 185, y: 185, width: 10, height: 10))
        // A relative parent is the containing block itself.
        let own = Self.absolute(Edges(top: 0, left: 0, bottom: .auto, right: .auto), width: .percent(50))
        let (relativeRoot, _) = Self.tree([own], staticParent: .relative)
        #expect(relativeRoot.layout().absoluteFrame(of: own) == Rect(x: 35, y: 45, width: 25, height: 10))
    }

    @Test("through a chain of static nodes; without insets at the static parent's content start")
    func chainAndStaticPosition() {
        let deep = Self.absolute(Edges(top: 1, left: 2, bottom: .auto, right: .auto))
        let unplaced = Self.absolute(.auto)
        var innerStyle = LayoutStyle()
        innerStyle.position = .static
        innerStyle.padding = Edges(all: 4)
        let inner = LayoutNode(innerStyle, children: [deep, unplaced])
        let (root, parent) = Self.tree([inner])
        let result = root.layout()
        #expect(result.absoluteFrame(of: deep) == Rect(x: 7, y: 6, width: 10, height: 10))
        #expect(result.absoluteFrame(of: inner)?.x == 38 && result.absoluteFrame(of: inner)?.y == 48)
        #expect(result.absoluteFrame(of: unplaced) == Rect(x: 42, y: 52, width: 10, height: 10))
        #expect(result.frame(of: parent)?.x == 35)
    }

    @Test("a static root is the containing block; changing position relays out")
    func rootAndChanges() {
        var rootStyle = LayoutStyle()
        rootStyle.position = .static
        rootStyle.inset = Edges(all: 30)  // ignored
        rootStyle.width = 100
        rootStyle.height = 100
        let child = Self.absolute(Edges(top: .auto, left: .auto, bottom: 5, right: 5))
        let root = LayoutNode(rootStyle, children: [child])
        let result = root.layout()
        #expect(result.frame(of: root) == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(result.frame(of: child) == Rect(x: 85, y: 85, width: 10, height: 10))

        let pinned = Self.absolute(Edges(top: 0, left: 0, bottom: .auto, right: .auto))
        let (tree, parent) = Self.tree([pinned])
        #expect(tree.layout().absoluteFrame(of: pinned)?.x == 5)
        parent.style.position = .relative
        #expect(tree.layout().absoluteFrame(of: pinned)?.x == 35)
        parent.style.position = .static
        #expect(tree.layout().absoluteFrame(of: pinned)?.x == 5)
    }
}
