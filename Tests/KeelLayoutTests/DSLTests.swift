import KeelLayout
import Testing

@Suite("Declarative containers map to their raw style trees")
struct DSLTests {
    /// Lays out a node tree in 200 × 100 and returns every frame in pre-order.
    static func frames(_ node: LayoutNode) -> [Rect] {
        node.layout(width: .definite(200), height: .definite(100)).entries.map(\.frame)
    }

    static func leaf(_ width: Double, _ height: Double) -> LayoutNode {
        LayoutNode(
            style {
                $0.width = .points(width)
                $0.height = .points(height)
            })
    }

    @Test("VerticalStack(spacing: 10) is a column with row gap 10")
    func vstack() {
        let dsl = VerticalStack(spacing: 10, alignment: .center) {
            Leaf(width: 50, height: 20)
            Leaf(width: 30, height: 20)
        }.spec.makeNode()
        let raw = LayoutNode(
            style {
                $0.flexDirection = .column
                $0.rowGap = 10
                $0.alignItems = .center
            },
            children: [Self.leaf(50, 20), Self.leaf(30, 20)])
        #expect(dsl.style == raw.style)
        #expect(Self.frames(dsl) == Self.frames(raw))
        #expect(
            Self.frames(dsl) == [
                Rect(x: 0, y: 0, width: 200, height: 100),
                Rect(x: 75, y: 0, width: 50, height: 20),
                Rect(x: 85, y: 30, width: 30, height: 20),
            ])
    }

    @Test("HorizontalStack with .width(.fill) and .weight maps to grow/basis 0")
    func hstackFillAndWeight() {
        let dsl = HorizontalStack(spacing: 4) {
            Leaf(width: 20, height: 20)
            Leaf(height: 10).width(.fill)
            Leaf(height: 10).weight(2)
        }.spec.makeNode()
        let grow: (Double) -> LayoutStyle = { factor in
            style {
                $0.height = 10
                $0.flexGrow = factor
                $0.flexShrink = 1
                $0.flexBasis = 0
            }
        }
        let raw = LayoutNode(
            style { $0.columnGap = 4 },
            children: [Self.leaf(20, 20), LayoutNode(grow(1)), LayoutNode(grow(2))])
        #expect(dsl.children.map(\.style) == raw.children.map(\.style))
        #expect(Self.frames(dsl) == Self.frames(raw))
        #expect(Self.frames(dsl)[2] == Rect(x: 24, y: 0, width: 57, height: 10))
        #expect(Self.frames(dsl)[3] == Rect(x: 85, y: 0, width: 115, height: 10))
    }

    @Test("size rules: cross-axis fill stretches, wrap does not, fixed does not shrink, percent")
    func sizeRules() {
        let node = HorizontalStack(alignment: .center) {
            Leaf(width: 10).height(.fill)
            Leaf(width: 10, height: 10).height(.wrap)
            Leaf(height: 10).width(.fixed(300))
            Leaf(height: 10).width(.percent(25))
        }.spec.makeNode()
        #expect(node.children[0].style.alignSelf == .stretch)
        #expect(node.children[1].style.alignSelf == .flexStart)
        #expect(node.children[2].style.width == 300 && node.children[2].style.flexShrink == 0)
        #expect(node.children[3].style.width == .percent(25))
        let frames = Self.frames(node)
        #expect(frames[1].height == 100)
        #expect(frames[3].width == 300)
    }

    @Test("OverlayStack overlays later children at the alignment; the first gives the size")
    func zstack() {
        let dsl = OverlayStack(horizontal: .flexEnd, vertical: .flexEnd) {
            Leaf(width: 80, height: 60)
            Leaf(width: 20, height: 10)
        }.alignSelf(.flexStart).makeNode()
        let overlay = Self.leaf(20, 10)
        overlay.style.position = .absolute
        let raw = LayoutNode(
            style {
                $0.justifyContent = .flexEnd
                $0.alignItems = .flexEnd
                $0.alignSelf = .flexStart
            },
            children: [Self.leaf(80, 60), overlay])
        #expect(dsl.style == raw.style)
        #expect(dsl.children.map(\.style) == raw.children.map(\.style))
        let root = LayoutNode(children: [dsl])
        let result = root.layout(width: .definite(200), height: .definite(100))
        #expect(result.frame(of: dsl) == Rect(x: 0, y: 0, width: 80, height: 60))
        #expect(result.frame(of: dsl.children[1]) == Rect(x: 60, y: 50, width: 20, height: 10))
    }

    @Test("Flow wraps with spacing and line spacing")
    func flow() {
        let dsl = Flow(spacing: 10, lineSpacing: 5) {
            for _ in 0..<5 { Leaf(width: 60, height: 20) }
        }.spec.makeNode()
        let raw = LayoutNode(
            style {
                $0.flexWrap = .wrap
                $0.columnGap = 10
                $0.rowGap = 5
                $0.alignContent = .flexStart
                $0.alignItems = .flexStart
            }, children: (0..<5).map { _ in Self.leaf(60, 20) })
        #expect(dsl.style == raw.style)
        #expect(Self.frames(dsl) == Self.frames(raw))
        #expect(Self.frames(dsl)[4] == Rect(x: 0, y: 25, width: 60, height: 20))
    }

    @Test("Spacer, Inset, margin, gravity, gap and visibility")
    func modifiers() {
        let gone = Leaf(width: 10, height: 10).visibility(.gone)
        let invisible = Leaf(width: 10, height: 10).visibility(.invisible)
        let dsl = HorizontalStack {
            Leaf(width: 10, height: 10).margin(5)
            FlexibleSpace(minimumLength: 4)
            gone
            invisible
            Inset(3) { Leaf(width: 4, height: 4) }
        }.gravity(cross: .flexStart).gap(2).spec.makeNode()
        #expect(dsl.style.alignItems == .flexStart && dsl.style.columnGap == 2 && dsl.style.rowGap == 2)
        #expect(dsl.children[2].style.display == .none)
        #expect(dsl.children[3].isHidden)
        let frames = Self.frames(dsl)
        #expect(frames[1] == Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(frames[2] == Rect(x: 22, y: 0, width: 154, height: 4))  // spacer fills, min 4
        #expect(frames[3] == .zero)
        #expect(frames[4] == Rect(x: 178, y: 0, width: 10, height: 10))
        #expect(frames[5].width == 10 && frames[5].height == 10)  // inset: 4 + 2 × 3
    }

    @Test(".overflow(_:scrollbarWidth:) sets both axes and the scrollbar width")
    func overflowModifier() {
        let dsl = Leaf(width: 10, height: 10).overflow(.scroll, scrollbarWidth: 6).spec.makeNode()
        let raw = style {
            $0.width = 10
            $0.height = 10
            $0.overflowX = .scroll
            $0.overflowY = .scroll
            $0.scrollbarWidth = 6
        }
        #expect(dsl.style == raw)
    }
}
