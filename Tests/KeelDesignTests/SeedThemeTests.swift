import KeelDesign
import Testing

/// XDDesignKit's typography and icon shapes: the fixed fonts and the icon styles (its theme
/// spellings are KeelCompat's, tested in KeelCompatTests).
@Suite("XDDesignKit's typography and icons behave as the document says")
struct SeedThemeTests {
    @Test(
        "KeelFont.fixed: PingFang SC then the system font, the weight and a size Dynamic Type leaves alone",
        arguments: [
            (KeelFont.fixed.regular(16), FontWeight.regular, 16.0, "PingFangSC-Regular"),
            (KeelFont.fixed.medium(18), .medium, 18, "PingFangSC-Medium"),
            (KeelFont.fixed.semibold(20), .semibold, 20, "PingFangSC-Semibold"),
        ])
    func fixedFonts(font: FontDescriptor, weight: FontWeight, size: Double, face: String) {
        #expect(font.weight == weight && font.size == size)
        #expect(font.faces.first?.postScriptName == face)
        #expect(font.familyFallbackList == ["PingFang SC", "System"])
        #expect(!font.scalesWithDynamicType)
    }

    @Test("A fixed font with a size that is not finite and positive is 0 points, never a trap")
    func fixedFontBadSize() {
        for size in [-4, .nan, .infinity, 0] as [Double] {
            #expect(KeelFont.fixed.regular(size).size == 0)
        }
    }

    @Test("Icon tokens name the theme's symbol; the forward arrow is directional")
    func iconStyles() {
        let resolver = KeelThemeResolver(theme: .default)
        #expect(resolver.iconStyle(.arrowForward)?.mirrorsInRightToLeft == true)
        #expect(resolver.iconStyle(.refresh)?.symbolName == "arrow.clockwise")
        #expect(resolver.iconStyle(.checkmarkCircle)?.mirrorsInRightToLeft == false)
        #expect(resolver.iconStyle(KeelIconToken(rawValue: "app.unknown")) == nil)
    }
}
