import KeelDesign
import Testing

@testable import KeelRender

struct KeelIconTests {
    @Test(arguments: KeelIcon.allCases)
    func directionalIconsMirrorInRightToLeft(icon: KeelIcon) {
        let frame = Rect(x: 10, y: 10, width: 24, height: 24)
        let ltr = SVGDocument(width: 44, height: 44, nodes: [icon.node(in: frame, tint: .black)]).svg
        let rtl = SVGDocument(
            width: 44, height: 44, nodes: [icon.node(in: frame, tint: .black, direction: .rightToLeft)]
        ).svg
        #expect(rtl.contains("scale(-1 1)") == icon.isDirectional)
        #expect((ltr == rtl) == !icon.isDirectional)
    }

    @Test func iconsAreTinted() {
        let red = ColorValue(red: 1, green: 0, blue: 0)
        let svg = SVGDocument(
            width: 24, height: 24,
            nodes: [KeelIcon.checkboxOn.node(in: Rect(x: 0, y: 0, width: 24, height: 24), tint: red)]
        ).svg
        #expect(svg.contains("fill=\"#FF0000\""))
        #expect(svg.contains("stroke=\"#FFFFFF\""))
    }

    @Test func themeSymbolNamesMapToIcons() {
        for (_, style) in DefaultTokens.icons {
            #expect(KeelIcon(symbolName: style.symbolName) != nil, "\(style.symbolName)")
        }
        #expect(KeelIcon(symbolName: "chevron.right")?.isDirectional == true)
    }
}
