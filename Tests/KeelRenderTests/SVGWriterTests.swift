import KeelDesign
import Testing

@testable import KeelRender

struct SVGWriterTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (12, "12"), (0.5, "0.5"), (-3.25, "-3.25"), (1.006, "1.01"), (0.125, "0.13"),
        (0.004, "0"),
        (-0.004, "0"), (2.1, "2.1"), (100.07, "100.07"), (Double.nan, "0"), (Double.infinity, "0"),
    ])
    func numbersHaveOneFixedForm(value: Double, text: String) {
        #expect(SVGFormat.number(value) == text)
    }

    @Test func escapingCoversXMLSpecialsAndDropsControls() {
        #expect(SVGFormat.escape("a<b & \"c\" 'd'>\u{1}") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
    }

    @Test func definitionsAreNumberedInOrderOfUseAndShared() throws {
        let gradient = try LinearColorGradient(
            stops: [
                GradientStop(color: .white, location: 0),
                GradientStop(color: ColorValue.black.withAlpha(0.5), location: 1),
            ], start: Point(x: 0, y: 0), end: Point(x: 1, y: 0))
        let shadow = SVGShadow(color: ColorValue.black.withAlpha(0.12), offsetY: 2, blur: 8)
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let document = SVGDocument(
            width: 20, height: 20,
            nodes: [
                .rect(
                    SVGRectShape(
                        frame: frame, cornerRadius: 20, fill: .linearGradient(gradient), shadow: shadow)),
                .rect(SVGRectShape(frame: frame, fill: .linearGradient(gradient), shadow: shadow)),
                .group(SVGGroup([], clip: SVGClip(frame: frame, cornerRadius: 4), opacity: 0.5)),
            ])
        let svg = document.svg
        #expect(svg.components(separatedBy: "<linearGradient").count == 2)
        #expect(svg.components(separatedBy: "<filter").count == 2)
        #expect(svg.contains("rx=\"5\""))  // clamped to half the side
        #expect(svg.contains("stop-opacity=\"0.5\""))
        #expect(svg.contains("stdDeviation=\"4\""))
        #expect(svg.contains("clip-path=\"url(#clip-0)\" opacity=\"0.5\""))
        #expect(svg == document.svg)
    }

    @Test func textIsOneElementWithATspanPerLine() {
        let text = SVGTextShape(
            lines: [
                SVGTextLine(text: "One", x: 10, baseline: 20),
                SVGTextLine(text: "Two & more", x: 10, baseline: 42),
            ],
            fontFamily: "DejaVu Sans, sans-serif", fontSize: 14, fontWeight: 600, letterSpacing: 0.5,
            color: .black, anchor: .right, rightToLeft: true)
        let svg = SVGDocument(width: 100, height: 50, nodes: [.text(text)]).svg
        #expect(
            svg.contains(
                "<text font-family=\"DejaVu Sans, sans-serif\" font-size=\"14\" font-weight=\"600\" letter-spacing=\"0.5\" "
                    + "fill=\"#000000\" text-anchor=\"start\" direction=\"rtl\"><tspan x=\"10\" y=\"20\">One</tspan>"
                    + "<tspan x=\"10\" y=\"42\">Two &amp; more</tspan></text>"))
    }

    @Test func documentHasAFixedPreamble() {
        let svg = SVGDocument(width: 1.5, height: 2, background: .white, title: "T", nodes: []).svg
        #expect(
            svg == """
                <svg xmlns="http://www.w3.org/2000/svg" width="1.5" height="2" viewBox="0 0 1.5 2">
                <title>T</title>
                <rect width="100%" height="100%" fill="#FFFFFF"/>
                </svg>

                """)
    }
}
