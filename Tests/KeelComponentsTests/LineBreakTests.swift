import KeelComponents
import KeelDesign
import Testing

/// Every Unicode line break counts as one, not only `"\n"` (R12 finding 5): `"\r\n"` is a
/// single `Character` that is not equal to `"\n"`, and `"\r"`, NEL, LS and PS are not `"\n"`
/// at all, while TextKit breaks the line at each of them.
struct LineBreakTests {
    /// The breaks TextKit and `Character.isNewline` agree on, besides `"\n"`.
    static let breaks = ["\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

    /// Used to return `.center` for every break but `"\n"`: `"a\r\nb".contains("\n")` is
    /// false, and the platform measurer reports the widest line, which fits.
    @Test("adaptive alignment is natural for text with any line break", arguments: breaks)
    func adaptiveAlignment(lineBreak: String) {
        let font = AlertTheme(resolver: Fixture.light).messageFont
        let alignment = AlertLayout.alignment(
            .adaptive, text: "Saved.\(lineBreak)Later.", font: font, availableWidth: 1000,
            measurer: Fixture.measurer)
        #expect(alignment == .natural)
    }

    /// Used to count `"a\r\nb"` as one line of three characters: the measurer only broke
    /// at `"\n"`, so test and gallery heights were one line short.
    @Test("the fixed measurer breaks lines at every line break", arguments: breaks)
    func fixedMeasurerBreaks(lineBreak: String) {
        let measurer = Fixture.measurer
        let font = AlertTheme(resolver: Fixture.light).messageFont
        let line = measurer.lineHeight(of: font)
        #expect(
            measurer.height(of: "ab\(lineBreak)cd", font: font, width: 1000, maximumLines: nil) == 2 * line)
        #expect(
            measurer.singleLineWidth(of: "ab\(lineBreak)cd", font: font)
                == measurer.singleLineWidth(of: "abcd", font: font))
    }
}
