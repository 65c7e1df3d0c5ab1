import Testing

@testable import KeelDesign

/// Acceptance 4: `basedOn` merges per token at every level.
@Suite struct ThemeMergeTests {
    @Test func colorsMergePerToken() throws {
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "t"), displayName: "T", basedOn: .default,
            colors: [.textPrimary: KeelThemeColor("#000000")])
        #expect(theme.colors[.textPrimary]?.light == .black)
        #expect(theme.colors[.textSecondary] == KeelTheme.default.colors[.textSecondary])
        #expect(theme.colors.count == KeelTheme.default.colors.count)
        #expect(theme.baseIdentifier == .default)
    }

    @Test func metricsMergePerTokenNotWholeValues() {
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "t"), displayName: "T", basedOn: .default,
            metrics: ThemeMetrics(
                fonts: [.title1: FontStyle(size: 30, weight: .bold)], spacings: [.md: 20],
                opacities: [.disabled: 0.3]))
        #expect(theme.metrics.spacings[.md] == 20)
        #expect(theme.metrics.spacings[.lg] == 24)
        #expect(theme.metrics.fonts[.title1]?.size == 30)
        #expect(theme.metrics.fonts[.body] == KeelTheme.default.metrics.fonts[.body])
        #expect(theme.metrics.opacities[.disabled] == 0.3)
        #expect(theme.metrics.opacities[.overlay] == 0.48)
        #expect(theme.metrics.radii == KeelTheme.default.metrics.radii)
        #expect(theme.validate().isValid)
    }

    @Test func componentsMergePerKey() {
        let key = ComponentValueKey(rawValue: "size.large.height")
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "t"), displayName: "T", basedOn: .default,
            components: [
                .button: ComponentTheme([key: .dimension(52)]),
                ComponentIdentifier(rawValue: "chip"): ComponentTheme([key: .dimension(28)]),
            ])
        #expect(theme.componentValue(.button, key) == .dimension(52))
        #expect(
            theme.componentValue(.button, ComponentValueKey(rawValue: "minimumHitTarget")) == .hitTarget(44))
        #expect(theme.components[.alert] == KeelTheme.default.components[.alert])
        #expect(theme.componentValue(ComponentIdentifier(rawValue: "chip"), key) == .dimension(28))
    }

    @Test func contrastPairsMergeByColors() {
        let pair = ContrastPair(
            foreground: .textPrimary, background: .backgroundPrimary, requirement: .aaaText)
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "t"), displayName: "T", basedOn: .default,
            contrastPairs: [pair])
        #expect(theme.contrastPairs.count == KeelTheme.default.contrastPairs.count)
        #expect(theme.contrastPairs.contains(pair))
    }

    @Test func rootThemeHasNoBase() {
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "root"), displayName: "Root", basedOn: nil)
        #expect(theme.colors.isEmpty)
        #expect(theme.baseIdentifier == nil)
    }
}
