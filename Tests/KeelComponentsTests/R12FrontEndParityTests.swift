import KeelComponents
import KeelDesign
import Testing

/// R12 finding 2: SwiftUI set every resolved font on its natural line height (body: about
/// 16.7 pt) in frames measured on the theme's (22 pt), so a three-line message was ≈50 pt
/// tall in a 66 pt frame. `TextLineSpacing` is the extra room SwiftUI now adds.
struct TextLineSpacingTests {
    func font(lineHeight: Double?) -> FontDescriptor {
        FontDescriptor(
            style: FontStyle(size: 14, lineHeight: lineHeight), category: .large, boldText: false)
    }

    @Test("the extra room between lines and above the first one")
    func extra() {
        let body = TextLineSpacing(font: font(lineHeight: 22), naturalLineHeight: 16.75)
        #expect(body.extra == 5.25)
        // Three lines: 3 × 16.75 + 3 × 5.25 = 66, the measured frame.
        #expect(3 * 16.75 + 3 * body.extra == 3 * 22)
        #expect(TextLineSpacing(font: font(lineHeight: nil), naturalLineHeight: 16.75).extra == 0)
        #expect(TextLineSpacing(font: font(lineHeight: 12), naturalLineHeight: 16.75).extra == 0)
        #expect(TextLineSpacing(font: font(lineHeight: 22), naturalLineHeight: .nan).extra == 0)
        #expect(TextLineSpacing(font: font(lineHeight: 22), naturalLineHeight: -.infinity).extra == 0)
        #expect(TextLineSpacing(font: font(lineHeight: 22), naturalLineHeight: nil).extra == 0)
    }
}
