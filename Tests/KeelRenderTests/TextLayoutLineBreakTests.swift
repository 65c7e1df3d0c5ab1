import KeelDesign
import Testing

@testable import KeelRender

/// The render text layout breaks paragraphs at every Unicode line break (R12 finding 5).
/// It used to split on `"\n"` only, so `"a\r\nb"` was one line (with the break measured as
/// a glyph) and gallery heights were one line short. Runs without font files.
struct TextLayoutLineBreakTests {
    @Test(
        "every line break starts a new line",
        arguments: ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func breaks(lineBreak: String) {
        let measurer = FontMetricsMeasurer(library: FontLibrary(faces: []))
        let font = FontDescriptor(
            style: FontStyle(size: 10, weight: .regular, lineHeight: 12), category: .large, boldText: false)
        let layout = measurer.layout("ab\(lineBreak)cd", font: font)
        #expect(layout.lines.map(\.text) == ["ab", "cd"])
        #expect(layout.height == 24)
    }
}
