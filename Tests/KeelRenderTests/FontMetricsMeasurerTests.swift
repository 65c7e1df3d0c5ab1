import KeelDesign
import Testing

@testable import KeelRender

@Suite(.enabled(if: TestFonts.available, TestFonts.reason))
struct FontMetricsMeasurerTests {
    let measurer = TestFonts.measurer

    func font(
        size: Double = 20, weight: FontWeight = .regular, lineHeight: Double? = nil, tracking: Double = 0
    )
        -> FontDescriptor
    {
        var descriptor = FontDescriptor(
            style: FontStyle(size: size, weight: weight, lineHeight: lineHeight, letterSpacing: tracking),
            category: .large, boldText: false)
        descriptor.tracking = tracking
        return descriptor
    }

    @Test func singleLineWidthSumsAdvancesAndKerning() {
        // (1401 + 1401 − 131) / 2048 em at 20 pt.
        #expect(abs(measurer.width(of: "AV", font: font()) - 2671.0 / 2048 * 20) < 1e-9)
        #expect(abs(measurer.width(of: "HH", font: font()) - 3080.0 / 2048 * 20) < 1e-9)
        #expect(measurer.width(of: "", font: font()) == 0)
    }

    @Test func trackingIsAddedAfterEveryCharacter() {
        let plain = measurer.width(of: "Keel", font: font())
        #expect(abs(measurer.width(of: "Keel", font: font(tracking: 1.5)) - (plain + 6)) < 1e-9)
    }

    @Test func heavierWeightsUseTheBoldFace() throws {
        let regular = measurer.width(of: "Keel", font: font())
        let semibold = measurer.width(of: "Keel", font: font(weight: .semibold))
        let medium = measurer.width(of: "Keel", font: font(weight: .medium))
        #expect(semibold > regular)
        #expect(medium == regular)  // CSS matching: 500 falls back to 400 before 700
        #expect(measurer.resolve(font(weight: .semibold)).faces.first?.weight == 700)
    }

    @Test func missingFamiliesFallBackToTheSystemFamily() {
        let resolved = measurer.resolve(font())
        #expect(font().familyFallbackList == ["PingFang SC", "System"])
        #expect(resolved.faces.map(\.family) == ["DejaVu Sans"])
        #expect(resolved.cssFamilyList == "DejaVu Sans, sans-serif")
    }

    @Test func cjkIdeographsAreFullWidthWithoutACJKFont() {
        #expect(measurer.width(of: "设计系统", font: font(size: 16)) == 64)
        let mixed = measurer.width(of: "A设", font: font(size: 16))
        #expect(abs(mixed - (1401.0 / 2048 * 16 + 16)) < 1e-9)
    }

    @Test func lineHeightComesFromTheStyleOrTheFont() {
        #expect(measurer.lineHeight(of: font(lineHeight: 28)) == 28)
        // hhea: (1901 + 483 + 0) / 2048 em.
        #expect(abs(measurer.lineHeight(of: font(size: 20)) - 2384.0 / 2048 * 20) < 1e-9)
    }

    @Test func wrappedHeightCountsLines() {
        let descriptor = font(size: 14, lineHeight: 22)
        let text = "The quick brown fox jumps over the lazy dog"
        let oneLine = measurer.width(of: text, font: descriptor)
        #expect(measurer.height(of: text, font: descriptor, width: oneLine + 1) == 22)
        #expect(measurer.height(of: text, font: descriptor, width: oneLine * 0.6) == 44)
        let layout = measurer.layout(text, font: descriptor, maximumWidth: 120)
        #expect(layout.lines.count > 2)
        #expect(layout.lines.allSatisfy { $0.width <= 120 })
        #expect(layout.lines.map(\.text).joined(separator: " ") == text)
        #expect(measurer.height(of: "a\nb\n\nc", font: descriptor, width: 500) == 88)
    }

    @Test func longWordsBreakInsideOnlyWhenTheyMust() {
        let layout = measurer.layout(
            "Supercalifragilisticexpialidocious", font: font(size: 20), maximumWidth: 100)
        #expect(layout.lines.count > 1)
        #expect(!layout.overflowsWidth)
        #expect(layout.lines.map(\.text).joined() == "Supercalifragilisticexpialidocious")
    }

    @Test func cjkBreaksBetweenIdeographs() {
        let layout = measurer.layout("设计系统设计系统", font: font(size: 16), maximumWidth: 70)
        #expect(layout.lines.map(\.text) == ["设计系统", "设计系统"])
    }

    @Test(arguments: [1, 2, 3])
    func truncationEndsWithAnEllipsisThatFits(maximumLines: Int) {
        let text = String(repeating: "Keel measures text with real fonts. ", count: 6)
        let layout = measurer.layout(
            text, font: font(size: 14), maximumWidth: 150, maximumLines: maximumLines)
        #expect(layout.lines.count == maximumLines)
        #expect(layout.isTruncated)
        #expect(layout.lines.last?.text.hasSuffix("…") == true)
        #expect(layout.lines.allSatisfy { $0.width <= 150 })
        let fits = measurer.layout(
            "Short", font: font(size: 14), maximumWidth: 150, maximumLines: maximumLines)
        #expect(!fits.isTruncated)
    }

    @Test func approximateMetricsWithoutFontFiles() {
        let bare = FontMetricsMeasurer(library: FontLibrary(faces: []))
        #expect(!bare.hasFontFiles)
        #expect(abs(bare.width(of: "ab", font: font(size: 10)) - 11) < 1e-9)
        #expect(bare.width(of: "中", font: font(size: 10)) == 10)
    }
}
