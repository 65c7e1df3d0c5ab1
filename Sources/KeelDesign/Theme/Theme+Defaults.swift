extension KeelTheme {
    /// The built-in default theme (`keel.default`): every value XDDesignKit ships, plus status
    /// colours, icon sizes and layer levels. It is valid and meets WCAG AA for its declared
    /// text pairs.
    public static let `default` = KeelTheme(
        identifier: .default, displayName: "Default", basedOn: nil,
        colors: DefaultTokens.colors,
        metrics: ThemeMetrics(
            fonts: DefaultTokens.fonts, spacings: DefaultTokens.spacings, radii: DefaultTokens.radii,
            borderWidths: DefaultTokens.borderWidths, opacities: DefaultTokens.opacities,
            shadows: DefaultTokens.shadows, motions: DefaultTokens.motions, icons: DefaultTokens.icons,
            iconSizes: DefaultTokens.iconSizes, elevations: DefaultTokens.elevations),
        components: DefaultTokens.components,
        contrastPairs: DefaultTokens.contrastPairs)

    /// The built-in blue theme (`keel.blue`): the default with the four brand colours in blue.
    public static let blue = KeelTheme(
        identifier: .blue, displayName: "Blue", basedOn: .default,
        colors: [
            .brandPrimary: KeelThemeColor("#1677FF", "#65A6FF"),
            .brandPrimaryHighlighted: KeelThemeColor("#0958D9", "#3C89F7"),
            .brandPrimaryDisabled: KeelThemeColor("#BBD8FF", "#244A75"),
            .brandPrimarySubtle: KeelThemeColor("#EAF3FF", "#1D314A"),
        ])
}

/// The default token values, one table per kind (public so tests and tools can compare).
package enum DefaultTokens {
    /// The default palette (light / dark).
    package static let colors: [ColorToken: KeelThemeColor] = [
        .brandPrimary: KeelThemeColor("#FF542A", "#FF7A54"),
        .brandPrimaryHighlighted: KeelThemeColor("#E84924", "#FF663A"),
        .brandPrimaryDisabled: KeelThemeColor("#FFCBBE", "#6F3A2C"),
        .brandPrimarySubtle: KeelThemeColor("#FFF3EF", "#34221C"),
        .textPrimary: KeelThemeColor("#222222", "#F2F3F5"),
        .textSecondary: KeelThemeColor("#666666", "#C9CDD4"),
        .textTertiary: KeelThemeColor("#999999", "#86909C"),
        .textInverse: KeelThemeColor("#FFFFFF", "#111214"),
        .backgroundPrimary: KeelThemeColor("#FFFFFF", "#17191C"),
        .backgroundSecondary: KeelThemeColor("#F7F8FA", "#24272D"),
        .backgroundHighlighted: KeelThemeColor("#ECEEF2", "#2F343C"),
        .backgroundDisabled: KeelThemeColor("#F2F3F5", "#2B2F36"),
        .borderPrimary: KeelThemeColor("#E5E6EB", "#343A43"),
        .borderStrong: KeelThemeColor("#D0D3D9", "#4E5969"),
        .shadowPrimary: KeelThemeColor("#000000", "#000000"),
        .success: KeelThemeColor("#1A7F37", "#3FB950"),
        .onSuccess: KeelThemeColor("#FFFFFF", "#0D1117"),
        .warning: KeelThemeColor("#9A6700", "#D29922"),
        .onWarning: KeelThemeColor("#FFFFFF", "#0D1117"),
        .error: KeelThemeColor("#CF222E", "#F85149"),
        .onError: KeelThemeColor("#FFFFFF", "#0D1117"),
        .info: KeelThemeColor("#0969DA", "#58A6FF"),
        .onInfo: KeelThemeColor("#FFFFFF", "#0D1117"),
    ]

    /// The default fonts (PingFang SC, then the system font).
    package static let fonts: [KeelFontToken: FontStyle] = [
        .title1: FontStyle(size: 20, weight: .semibold, lineHeight: 28, textStyle: .title2),
        .title2: FontStyle(size: 18, weight: .semibold, lineHeight: 26, textStyle: .title3),
        .title3: FontStyle(size: 16, weight: .semibold, lineHeight: 24, textStyle: .headline),
        .bodyLarge: FontStyle(size: 16, weight: .regular, lineHeight: 24, textStyle: .body),
        .body: FontStyle(size: 14, weight: .regular, lineHeight: 22, textStyle: .body),
        .bodyMedium: FontStyle(size: 14, weight: .medium, lineHeight: 22, textStyle: .body),
        .caption: FontStyle(size: 12, weight: .regular, lineHeight: 18, textStyle: .caption1),
        .captionMedium: FontStyle(size: 12, weight: .medium, lineHeight: 18, textStyle: .caption1),
    ]

    /// Spacing in points.
    package static let spacings: [SpacingToken: Double] = [
        .xxs: 4, .xs: 8, .sm: 12, .md: 16, .lg: 24, .xl: 32,
    ]

    /// Radii in points.
    package static let radii: [RadiusToken: Double] = [.xs: 2, .sm: 4, .md: 8, .lg: 12, .pill: 999]

    /// Border widths: the hairline is one physical pixel.
    package static let borderWidths: [BorderWidthToken: BorderWidth] = [
        .hairline: .physicalPixels(1), .thin: .points(0.5), .regular: .points(1), .strong: .points(2),
    ]

    /// Opacities.
    package static let opacities: [OpacityToken: Double] = [.subtle: 0.08, .disabled: 0.4, .overlay: 0.48]

    /// Shadows, all in `shadowPrimary`.
    package static let shadows: [ShadowToken: ShadowValue] = [
        .none: .none,
        .card: ShadowValue(offsetY: 2, radius: 8, opacity: 0.12),
        .floating: ShadowValue(offsetY: 6, radius: 16, opacity: 0.16),
    ]

    /// Motion styles.
    package static let motions: [MotionToken: MotionStyle] = [
        .instant: MotionStyle(duration: 0, curve: .linear),
        .fast: MotionStyle(duration: 0.15, curve: .easeOut),
        .standard: MotionStyle(duration: 0.25, curve: .easeInOut),
        .emphasized: MotionStyle(duration: 0.35, curve: .easeInOut),
    ]

    /// Icons (SF Symbol names).
    package static let icons: [KeelIconToken: IconStyle] = [
        .arrowForward: IconStyle(symbolName: "chevron.right", mirrorsInRightToLeft: true),
        .checkmarkCircle: IconStyle(symbolName: "checkmark.circle"),
        .refresh: IconStyle(symbolName: "arrow.clockwise"),
    ]

    /// Icon sizes in points.
    package static let iconSizes: [IconSizeToken: Double] = [
        .small: 16, .medium: 20, .large: 24, .extraLarge: 28,
    ]

    /// Layer levels.
    package static let elevations: [ElevationToken: Double] = [
        .content: 0, .sticky: 100, .overlay: 1000, .toast: 1100, .alert: 1200,
    ]

    /// The pairs the default theme promises: AA text on its surfaces and status fills, and
    /// the brand fill as a UI component against the main surface.
    package static let contrastPairs: [ContrastPair] = [
        ContrastPair(foreground: .textPrimary, background: .backgroundPrimary),
        ContrastPair(foreground: .textPrimary, background: .backgroundSecondary),
        ContrastPair(foreground: .textSecondary, background: .backgroundPrimary),
        ContrastPair(foreground: .textSecondary, background: .backgroundSecondary),
        ContrastPair(foreground: .onSuccess, background: .success),
        ContrastPair(foreground: .onWarning, background: .warning),
        ContrastPair(foreground: .onError, background: .error),
        ContrastPair(foreground: .onInfo, background: .info),
        ContrastPair(foreground: .brandPrimary, background: .backgroundPrimary, requirement: .nonText),
    ]

    /// Component themes: the button, alert and toggle values of the reference.
    package static let components: [ComponentIdentifier: ComponentTheme] = [
        .button: ComponentTheme([
            key("minimumHitTarget"): .hitTarget(44),
            key("size.large.height"): .dimension(48),
            key("size.large.horizontalPadding"): .dimension(20),
            key("size.large.font"): .font(.bodyLarge),
            key("size.medium.height"): .dimension(40),
            key("size.medium.horizontalPadding"): .dimension(16),
            key("size.medium.font"): .font(.bodyMedium),
            key("size.small.height"): .dimension(32),
            key("size.small.horizontalPadding"): .dimension(12),
            key("size.small.font"): .font(.captionMedium),
            key("iconSize"): .dimension(20),
            key("iconSpacing"): .dimension(8),
            key("primary.background.normal"): .color(KeelThemeColor("#222222")),
            key("primary.background.highlighted"): .color(KeelThemeColor("#333333")),
            key("primary.background.disabled"): .color(KeelThemeColor("#C9C9C9")),
            key("primary.title"): .color(KeelThemeColor("#FFFFFF")),
            key("brand.background.normal"): .colorToken(.brandPrimary),
            key("brand.background.highlighted"): .colorToken(.brandPrimaryHighlighted),
            key("brand.background.disabled"): .colorToken(.brandPrimaryDisabled),
            key("brand.title"): .colorToken(.textInverse),
            key("outline.border"): .color(KeelThemeColor("#CDCFD4")),
            key("outline.border.disabled"): .color(KeelThemeColor("#D0D0D0")),
        ]),
        .alert: ComponentTheme([
            key("maximumWidth"): .dimension(300),
            key("closeButtonSize"): .hitTarget(44),
            key("checkboxHitTarget"): .hitTarget(44),
            key("presentationScale"): .number(0.96),
            key("message.color"): .color(KeelThemeColor("#484D54", "#D1D5DB")),
            key("supporting.color"): .color(KeelThemeColor("#ABB2B6", "#9DA5B4")),
            key("input.background"): .color(KeelThemeColor("#ECEDEF", "#2B2F36")),
            key("card.background"): .colorToken(.backgroundPrimary),
        ]),
        .toggle: ComponentTheme([
            key("hitTarget"): .hitTarget(44),
            key("track.on"): .color(KeelThemeColor("#4F5CE7", "#6F78FF")),
            key("track.off"): .color(KeelThemeColor("#D9D9D9", "#2A2A2C")),
            key("thumb.on"): .color(KeelThemeColor("#FFFFFF", "#D5D5D7")),
            key("thumb.off"): .color(KeelThemeColor("#FFFFFF", "#898C91")),
        ]),
    ]

    private static func key(_ name: String) -> ComponentValueKey { ComponentValueKey(rawValue: name) }
}
