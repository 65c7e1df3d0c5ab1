import Testing

@testable import KeelDesign

/// Acceptance 1: every default token value matches the XDDesignKit reference.
@Suite struct DefaultTokenTests {
    static let colors: [(ColorToken, String, String)] = [
        (.brandPrimary, "#FF542A", "#FF7A54"), (.brandPrimaryHighlighted, "#E84924", "#FF663A"),
        (.brandPrimaryDisabled, "#FFCBBE", "#6F3A2C"), (.brandPrimarySubtle, "#FFF3EF", "#34221C"),
        (.textPrimary, "#222222", "#F2F3F5"), (.textSecondary, "#666666", "#C9CDD4"),
        (.textTertiary, "#999999", "#86909C"), (.textInverse, "#FFFFFF", "#111214"),
        (.backgroundPrimary, "#FFFFFF", "#17191C"), (.backgroundSecondary, "#F7F8FA", "#24272D"),
        (.backgroundHighlighted, "#ECEEF2", "#2F343C"), (.backgroundDisabled, "#F2F3F5", "#2B2F36"),
        (.borderPrimary, "#E5E6EB", "#343A43"), (.borderStrong, "#D0D3D9", "#4E5969"),
        (.shadowPrimary, "#000000", "#000000"),
    ]

    @Test(arguments: colors)
    func referenceColors(token: ColorToken, light: String, dark: String) throws {
        let color = try #require(KeelTheme.default.colors[token])
        #expect(color.light.hexString == light)
        #expect(color.dark.hexString == dark)
    }

    @Test func fifteenReferenceColorsPlusEightStatusColors() {
        #expect(ColorToken.allCases.count == 23)
        #expect(Set(KeelTheme.default.colors.keys) == Set(ColorToken.allCases))
        for token in [ColorToken.success, .onSuccess, .warning, .onWarning, .error, .onError, .info, .onInfo]
        {
            #expect(KeelTheme.default.colors[token] != nil)
        }
    }

    @Test(arguments: [
        (ColorToken.brandPrimary, "#1677FF", "#65A6FF"), (.brandPrimaryHighlighted, "#0958D9", "#3C89F7"),
        (.brandPrimaryDisabled, "#BBD8FF", "#244A75"), (.brandPrimarySubtle, "#EAF3FF", "#1D314A"),
        (.textPrimary, "#222222", "#F2F3F5"),
    ])
    func blueTheme(token: ColorToken, light: String, dark: String) throws {
        let color = try #require(KeelTheme.blue.colors[token])
        #expect(color.light.hexString == light)
        #expect(color.dark.hexString == dark)
        #expect(KeelTheme.blue.baseIdentifier == .default)
    }

    @Test(arguments: [
        (KeelFontToken.title1, 20.0, FontWeight.semibold, 28.0, TextStyle.title2),
        (.title2, 18, .semibold, 26, .title3), (.title3, 16, .semibold, 24, .headline),
        (.bodyLarge, 16, .regular, 24, .body), (.body, 14, .regular, 22, .body),
        (.bodyMedium, 14, .medium, 22, .body), (.caption, 12, .regular, 18, .caption1),
        (.captionMedium, 12, .medium, 18, .caption1),
    ])
    func fonts(token: KeelFontToken, size: Double, weight: FontWeight, lineHeight: Double, style: TextStyle)
        throws
    {
        let font = try #require(KeelTheme.default.metrics.fonts[token])
        #expect(font.size == size)
        #expect(font.weight == weight)
        #expect(font.lineHeight == lineHeight)
        #expect(font.textStyle == style)
        #expect(font.scaling == .dynamic)
        #expect(font.families == [.pingFangSC, .system])
        #expect(font.letterSpacing == 0)
    }

    @Test func scalarTables() {
        let metrics = KeelTheme.default.metrics
        #expect(metrics.spacings == [.xxs: 4, .xs: 8, .sm: 12, .md: 16, .lg: 24, .xl: 32])
        #expect(metrics.radii == [.xs: 2, .sm: 4, .md: 8, .lg: 12, .pill: 999])
        #expect(
            metrics.borderWidths == [
                .hairline: .physicalPixels(1), .thin: .points(0.5), .regular: .points(1), .strong: .points(2),
            ])
        #expect(metrics.opacities == [.subtle: 0.08, .disabled: 0.4, .overlay: 0.48])
        #expect(
            metrics.elevations == [.content: 0, .sticky: 100, .overlay: 1000, .toast: 1100, .alert: 1200])
        #expect(metrics.iconSizes == [.small: 16, .medium: 20, .large: 24, .extraLarge: 28])
    }

    @Test(arguments: [
        (ShadowToken.none, 0.0, 0.0, 0.0), (.card, 2, 8, 0.12), (.floating, 6, 16, 0.16),
    ])
    func shadows(token: ShadowToken, offsetY: Double, radius: Double, opacity: Double) throws {
        let shadow = try #require(KeelTheme.default.metrics.shadows[token])
        #expect(shadow.offsetX == 0)
        #expect(shadow.offsetY == offsetY)
        #expect(shadow.radius == radius)
        #expect(shadow.opacity == opacity)
        #expect(shadow.color == .token(.shadowPrimary))
    }

    @Test(arguments: [
        (MotionToken.instant, 0.0, MotionCurve.linear), (.fast, 0.15, .easeOut),
        (.standard, 0.25, .easeInOut),
        (.emphasized, 0.35, .easeInOut),
    ])
    func motions(token: MotionToken, duration: Double, curve: MotionCurve) throws {
        let motion = try #require(KeelTheme.default.metrics.motions[token])
        #expect(motion.duration == duration)
        #expect(motion.curve == curve)
    }

    @Test func fontFamilies() {
        #expect(FontFamily.pingFangSC.faces[.regular] == "PingFangSC-Regular")
        #expect(FontFamily.pingFangSC.faces[.medium] == "PingFangSC-Medium")
        #expect(FontFamily.pingFangSC.faces[.semibold] == "PingFangSC-Semibold")
        #expect(FontFamily.system.isSystem)
    }

    @Test func fixedFontEscapeHatchDoesNotScale() {
        let fixed = FontStyle.fixed(.medium, 13)
        #expect(fixed.scaling == .fixed)
        #expect(fixed.scaledSize(at: .accessibilityExtraExtraExtraLarge) == 13)
    }

    @Test func tokensAreExtensible() {
        let custom = ColorToken(rawValue: "app.badge")
        #expect(custom.rawValue == "app.badge")
        #expect(!ColorToken.allCases.contains(custom))
    }
}
