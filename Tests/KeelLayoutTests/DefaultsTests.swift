import KeelLayout
import Testing

@Suite("Style defaults presets")
struct DefaultsTests {
    @Test("web defaults: row, shrink 1, align-content stretch")
    func web() {
        let style = LayoutStyle(defaults: .web)
        #expect(style == LayoutStyle())
        #expect(style.flexDirection == .row && style.flexShrink == 1 && style.alignContent == .stretch)
    }

    @Test("Yoga defaults: column, shrink 0, align-content flex-start; children do not shrink")
    func yoga() {
        let yoga = LayoutStyle(defaults: .yoga)
        #expect(yoga.flexDirection == .column && yoga.flexShrink == 0 && yoga.alignContent == .flexStart)
        var childStyle = LayoutStyle(defaults: .yoga)
        childStyle.height = 80
        let children = [LayoutNode(childStyle), LayoutNode(childStyle)]
        let root = LayoutNode(yoga, children: children)
        let result = root.layout(width: .definite(100), height: .definite(100))
        #expect(result.frame(of: children[1]) == Rect(x: 0, y: 80, width: 100, height: 80))
    }

    @Test("right-to-left rows start at the right")
    func rightToLeft() {
        let child = LayoutNode(
            style {
                $0.width = 10
                $0.height = 10
            })
        let root = LayoutNode(style { $0.width = 100 }, children: [child])
        let result = root.layout(configuration: LayoutConfiguration(direction: .rightToLeft))
        #expect(result.frame(of: child)?.x == 90)
    }
}
