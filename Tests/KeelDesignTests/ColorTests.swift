import Testing

@testable import KeelDesign

@Suite struct ColorTests {
    @Test(arguments: [
        ("#FFF", "#FFFFFF"), ("#000000", "#000000"), ("#ff542a", "#FF542A"), ("00000080", "#00000080"),
        ("#12345678", "#12345678"), ("  #abc ", "#AABBCC"),
    ])
    func hexRoundTrip(input: String, formatted: String) throws {
        #expect(try ColorValue(hex: input).hexString == formatted)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#1234567", "#GGGGGG", "#123456789", "red", "#ＦＦＦ"])
    func malformedHexThrows(input: String) {
        #expect(throws: ColorParseError.self) { try ColorValue(hex: input) }
    }

    @Test func eightDigitHexCarriesAlpha() throws {
        let color = try ColorValue(hex: "#00000080")
        #expect(abs(color.alpha - 128.0 / 255.0) < 1e-12)
    }

    @Test func componentsAreClamped() {
        let color = ColorValue(red: 2, green: -1, blue: .nan, alpha: 1.5)
        #expect(color == ColorValue(red: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test func contrastVectors() throws {
        #expect(abs(ColorValue.black.contrastRatio(on: .white) - 21) < 1e-9)
        let grey77 = try ColorValue(hex: "#777777").contrastRatio(on: .white)
        let grey76 = try ColorValue(hex: "#767676").contrastRatio(on: .white)
        #expect(abs(grey77 - 4.478) < 0.001)
        #expect(abs(grey76 - 4.542) < 0.001)
        #expect(!ContrastRequirement.aaText.isSatisfied(by: grey77))
        #expect(ContrastRequirement.aaText.isSatisfied(by: grey76))
        #expect(abs(ColorValue.white.contrastRatio(on: .black) - 21) < 1e-9)
    }

    @Test func ratiosAreNotRounded() {
        #expect(!ContrastRequirement.aaText.isSatisfied(by: 4.4999))
        #expect(ContrastRequirement.aaText.isSatisfied(by: 4.5))
    }

    @Test func translucentForegroundIsCompositedFirst() {
        let halfBlack = ColorValue.black.withAlpha(0.5)
        let composited = halfBlack.composited(over: .white)
        #expect(abs(composited.red - 0.5) < 1e-12)
        #expect(composited.alpha == 1)
        #expect(abs(halfBlack.contrastRatio(on: .white) - composited.contrastRatio(on: .white)) < 1e-12)
        #expect(ColorValue.clear.contrastRatio(on: .white) == 1)
    }

    @Test(arguments: [
        (ColorSpace.srgb, [1.0, 0.0, 0.0], "#FF0000"),
        (.srgbLinear, [0.5, 0.5, 0.5], "#BCBCBC"),
        (.hsl, [120.0, 100.0, 50.0], "#00FF00"),
        (.hsl, [0.0, 0.0, 50.0], "#808080"),
        (.hwb, [240.0, 0.0, 0.0], "#0000FF"),
        (.hwb, [0.0, 60.0, 60.0], "#808080"),
        (.lab, [100.0, 0.0, 0.0], "#FFFFFF"),
        (.lch, [0.0, 0.0, 0.0], "#000000"),
        (.oklab, [1.0, 0.0, 0.0], "#FFFFFF"),
        (.oklch, [0.627_955, 0.257_683, 29.2339], "#FF0000"),
        (.displayP3, [1.0, 1.0, 1.0], "#FFFFFF"),
        (.displayP3, [0.917_488, 0.200_287, 0.138_561], "#FF0000"),
        (.a98RGB, [1.0, 1.0, 1.0], "#FFFFFF"),
        (.prophotoRGB, [1.0, 1.0, 1.0], "#FFFFFF"),
        (.rec2020, [0.0, 0.0, 0.0], "#000000"),
        (.rec2020, [1.0, 1.0, 1.0], "#FFFFFF"),
        (.xyzD65, [0.950_47, 1.0, 1.088_83], "#FFFFFF"),
        (.xyzD50, [0.964_22, 1.0, 0.825_21], "#FFFFFF"),
    ])
    func colorSpacesConvertToSRGB(space: ColorSpace, components: [Double], hex: String) {
        #expect(space.convertToSRGB(components).hexString == hex)
    }

    @Test func noneComponentIsZero() {
        #expect(ColorSpace.hsl.convertToSRGB([nil, 0, 100]).hexString == "#FFFFFF")
    }

    @Test func themeColorPicksVariants() throws {
        let color = KeelThemeColor(
            light: .white, dark: .black, lightHighContrast: try ColorValue(hex: "#EEEEEE"),
            darkHighContrast: nil)
        #expect(color.resolved(scheme: .light, contrast: .normal) == .white)
        #expect(color.resolved(scheme: .dark, contrast: .normal) == .black)
        #expect(color.resolved(scheme: .light, contrast: .high).hexString == "#EEEEEE")
        #expect(color.resolved(scheme: .dark, contrast: .high) == .black)
    }
}
