import KeelDesign
import Testing

@Suite("SwiftUI environment values map to theme traits")
struct EnvironmentTraitValuesTests {
    @Test("Every known case name maps to its trait")
    func mapsEveryKnownName() {
        let traits = ThemeTraits(
            environment: EnvironmentTraitValues(
                colorScheme: "dark", colorSchemeContrast: "increased", dynamicTypeSize: "accessibility3",
                layoutDirection: "rightToLeft", legibilityWeight: "bold", displayScale: 3, reduceMotion: true)
        )
        #expect(traits.colorScheme == .dark)
        #expect(traits.contrast == .high)
        #expect(traits.contentSizeCategory == .accessibilityExtraLarge)
        #expect(traits.layoutDirection == .rightToLeft)
        #expect(traits.displayScale == 3)
        #expect(traits.legibilityWeight == .bold)
        #expect(traits.boldText && traits.usesBoldText)
        #expect(traits.reduceMotion)
    }

    @Test(
        "Each DynamicTypeSize name maps to the category with that name", arguments: TextSizeCategory.allCases)
    func dynamicTypeSizes(category: TextSizeCategory) {
        let values = EnvironmentTraitValues(dynamicTypeSize: category.dynamicTypeSizeName)
        #expect(ThemeTraits(environment: values).contentSizeCategory == category)
    }

    @Test("Unknown names, a missing legibility weight and a bad scale keep the fallback")
    func unknownValuesKeepTheFallback() {
        let fallback = ThemeTraits(
            colorScheme: .dark, contrast: .high, contentSizeCategory: .small, layoutDirection: .rightToLeft,
            displayScale: 3, legibilityWeight: .bold)
        let traits = ThemeTraits(
            environment: EnvironmentTraitValues(
                colorScheme: "sepia", colorSchemeContrast: "extreme", dynamicTypeSize: "huge",
                layoutDirection: "topToBottom", legibilityWeight: nil, displayScale: .infinity),
            fallback: fallback)
        #expect(traits.colorScheme == .dark && traits.contrast == .high)
        #expect(traits.contentSizeCategory == .small && traits.layoutDirection == .rightToLeft)
        #expect(traits.displayScale == 3 && traits.legibilityWeight == .bold)
        #expect(ThemeTraits(environment: EnvironmentTraitValues(displayScale: 0.5)).displayScale == 2)
        #expect(
            ThemeTraits(environment: EnvironmentTraitValues(colorScheme: "light"), fallback: fallback)
                .colorScheme == .light)
    }

    @Test(
        "CSS weights map to the nearest named system weight",
        arguments: [
            (100.0, SystemFontWeight.ultraLight), (200, .thin), (300, .light), (400, .regular),
            (500, .medium),
            (600, .semibold), (700, .bold), (800, .heavy), (900, .black), (950, .black), (0, .ultraLight),
            (449, .regular), (450, .medium), (.nan, .regular), (-.infinity, .regular),
        ])
    func systemWeights(css: Double, expected: SystemFontWeight) {
        #expect(SystemFontWeight(nearest: FontWeight(rawValue: css)) == expected)
    }

    @Test("A descriptor names its custom face, or none for the system font")
    func preferredFace() {
        let system = FontDescriptor(
            style: FontStyle(families: [.system], size: 17, weight: .bold), category: .large, boldText: false)
        #expect(system.preferredPostScriptName == nil)
        #expect(system.systemWeight == .bold)
        let custom = FontDescriptor(
            style: FontStyle(families: [.pingFangSC, .system], size: 17, weight: .semibold), category: .large,
            boldText: false)
        #expect(custom.preferredPostScriptName == FontFamily.pingFangSC.faces[.semibold])
        #expect(custom.preferredPostScriptName != nil)
    }
}
