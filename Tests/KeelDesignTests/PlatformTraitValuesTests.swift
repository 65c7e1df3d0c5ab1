import KeelDesign
import Testing

@Suite struct PlatformTraitValuesTests {
    @Test func mapsEveryKnownRawValue() {
        let traits = ThemeTraits(
            platform: PlatformTraitValues(
                userInterfaceStyle: 2, accessibilityContrast: 1,
                preferredContentSizeCategory: "UICTContentSizeCategoryAccessibilityXL", layoutDirection: 1,
                displayScale: 3, legibilityWeight: 1, reduceMotion: true, boldText: true))
        #expect(traits.colorScheme == .dark)
        #expect(traits.contrast == .high)
        #expect(traits.contentSizeCategory == .accessibilityExtraLarge)
        #expect(traits.layoutDirection == .rightToLeft)
        #expect(traits.displayScale == 3)
        #expect(traits.legibilityWeight == .bold)
        #expect(traits.reduceMotion && traits.boldText)
    }

    @Test func unspecifiedOrUnknownValuesKeepTheFallback() {
        let fallback = ThemeTraits.standard
        let traits = ThemeTraits(
            platform: PlatformTraitValues(
                userInterfaceStyle: 7, accessibilityContrast: -1, preferredContentSizeCategory: "nonsense",
                layoutDirection: -1, displayScale: .nan, legibilityWeight: 9))
        #expect(traits == fallback)
        #expect(ThemeTraits(platform: PlatformTraitValues(userInterfaceStyle: 1)).colorScheme == .light)
    }

    @Test(arguments: [
        (100.0, -0.8), (400, 0), (500, 0.23), (600, 0.3), (700, 0.4), (900, 0.62), (450, 0.115), (50, -0.8),
        (1000, 0.62), (.nan, 0),
    ])
    func fontWeightsMapToTheSystemScale(css: Double, expected: Double) {
        #expect(abs(FontWeight(rawValue: css).systemWeightValue - expected) < 1e-9)
    }
}
