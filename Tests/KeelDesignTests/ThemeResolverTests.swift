import Testing

@testable import KeelDesign

/// Acceptance 5: trait-dependent resolution.
@Suite struct ThemeResolverTests {
    @Test func lightDarkAndHighContrast() throws {
        let highContrast = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "hc"), displayName: "HC", basedOn: .default,
            colors: [
                .textSecondary: KeelThemeColor(
                    light: try ColorValue(hex: "#666666"), dark: try ColorValue(hex: "#C9CDD4"),
                    lightHighContrast: try ColorValue(hex: "#333333"),
                    darkHighContrast: try ColorValue(hex: "#FFFFFF"))
            ])
        func resolve(_ scheme: InterfaceStyle, _ contrast: ContrastLevel) -> String {
            KeelThemeResolver(
                theme: highContrast, traits: ThemeTraits(colorScheme: scheme, contrast: contrast)
            )
            .color(.textSecondary).hexString
        }
        #expect(resolve(.light, .normal) == "#666666")
        #expect(resolve(.dark, .normal) == "#C9CDD4")
        #expect(resolve(.light, .high) == "#333333")
        #expect(resolve(.dark, .high) == "#FFFFFF")
        // Without a high-contrast variant the normal one is used.
        let resolver = KeelThemeResolver(
            theme: .default, traits: ThemeTraits(colorScheme: .dark, contrast: .high))
        #expect(resolver.color(.textPrimary).hexString == "#F2F3F5")
    }

    @Test func missingColorIsLoudNotClear() {
        let resolver = KeelThemeResolver(theme: .default)
        #expect(resolver.color(ColorToken(rawValue: "nope")) == .missingToken)
        #expect(resolver.colorIfPresent(ColorToken(rawValue: "nope")) == nil)
        #expect(ColorValue.missingToken.alpha == 1)
    }

    @Test(arguments: TextSizeCategory.allCases)
    func dynamicTypeScaling(category: TextSizeCategory) {
        let resolver = KeelThemeResolver(theme: .default, traits: ThemeTraits(contentSizeCategory: category))
        let font = resolver.font(.title1)
        let factor = DynamicTypeTable.pointSize(.title2, category) / 22
        #expect(abs(font.size - 20 * factor) < 1e-12)
        #expect(abs(font.lineHeight! - 28 * factor) < 1e-12)
        #expect(font.familyFallbackList == ["PingFang SC", "System"])
        #expect(font.faces.first?.postScriptName == "PingFangSC-Semibold")
    }

    @Test func maximumCapsDynamicType() {
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "cap"), displayName: "Cap", basedOn: .default,
            metrics: ThemeMetrics(fonts: [
                .body: FontStyle(size: 14, lineHeight: 22, textStyle: .body, scaling: .dynamic(maximum: 24)),
                .caption: .fixed(.regular, 12),
            ]))
        let huge = KeelThemeResolver(
            theme: theme, traits: ThemeTraits(contentSizeCategory: .accessibilityExtraExtraExtraLarge))
        #expect(huge.font(.body).size == 24)
        #expect(huge.font(.caption).size == 12)
        #expect(!huge.font(.caption).scalesWithDynamicType)
        #expect(abs(huge.font(.bodyLarge).size - 16.0 * 53 / 17) < 1e-12)
    }

    @Test(arguments: [1.0, 2.0, 3.0, 0.5])
    func hairlineIsOnePhysicalPixel(scale: Double) {
        let resolver = KeelThemeResolver(theme: .default, traits: ThemeTraits(displayScale: scale))
        #expect(resolver.borderWidth(.hairline) == 1 / max(scale, 1))
        #expect(resolver.borderWidth(.thin) == 0.5)
        #expect(resolver.borderWidth(.regular) == 1)
    }

    @Test func reduceMotionFromTraits() {
        let normal = KeelThemeResolver(theme: .default)
        #expect(
            normal.motion(.standard)
                == ResolvedMotion(style: MotionStyle(duration: 0.25, curve: .easeInOut), reduceMotion: false))
        #expect(normal.motion(.standard).kind == .animate)
        #expect(normal.motion(.standard).duration == 0.25)
        let reduced = KeelThemeResolver(theme: .default, traits: ThemeTraits(reduceMotion: true))
        #expect(reduced.motion(.standard).duration == 0)
        #expect(reduced.motion(.standard).kind == .instant)
        let fading = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "f"), displayName: "F", basedOn: .default,
            metrics: ThemeMetrics(motions: [
                .emphasized: MotionStyle(
                    duration: 0.35, curve: .easeInOut, reducedMotion: .crossFade(duration: 0.2))
            ]))
        let faded = KeelThemeResolver(theme: fading, traits: ThemeTraits(reduceMotion: true)).motion(
            .emphasized)
        #expect(faded.kind == .crossFade)
        #expect(faded.duration == 0.2)
        #expect(faded.curve == .linear)
    }

    @Test func boldTextMakesFontsHeavier() {
        let bold = KeelThemeResolver(theme: .default, traits: ThemeTraits(boldText: true))
        #expect(bold.font(.body).weight == .semibold)
        #expect(bold.font(.body).faces.first?.postScriptName == "PingFangSC-Semibold")
        #expect(bold.font(.title1).weight == FontWeight(rawValue: 800))
        #expect(bold.font(.title1).faces.count == 1)  // PingFang has no 800 face: system only
        let legibility = KeelThemeResolver(theme: .default, traits: ThemeTraits(legibilityWeight: .bold))
        #expect(legibility.font(.bodyMedium).weight == .bold)
    }

    @Test func metricsShadowsIconsAndAttributes() {
        let resolver = KeelThemeResolver(theme: .default, traits: ThemeTraits(layoutDirection: .rightToLeft))
        #expect(resolver.spacing(.md) == 16)
        #expect(resolver.radius(.pill) == 999)
        #expect(resolver.opacity(.overlay) == 0.48)
        #expect(resolver.iconSize(.large) == 24)
        #expect(resolver.elevation(.alert) == 1200)
        let card = resolver.shadow(.card)
        #expect(abs(card.color.alpha - 0.12) < 1e-12)
        #expect(card.offsetY == 2)
        #expect(resolver.icon(.arrowForward)?.isMirrored == true)
        #expect(resolver.icon(.refresh)?.isMirrored == false)
        #expect(KeelThemeResolver(theme: .default).icon(.arrowForward)?.isMirrored == false)
        let attributes = resolver.textAttributes(font: .body, color: .textPrimary)
        #expect(attributes.lineHeight == 22)
        #expect(attributes.color.hexString == "#222222")
        #expect(attributes.layoutDirection == .rightToLeft)
        #expect(
            resolver.componentColor(.button, ComponentValueKey(rawValue: "brand.background.normal"))?
                .hexString == "#FF542A")
        #expect(resolver.componentNumber(.button, ComponentValueKey(rawValue: "minimumHitTarget")) == 44)
    }
}
