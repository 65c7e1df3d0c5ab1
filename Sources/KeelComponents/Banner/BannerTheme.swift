import KeelDesign

/// The inline banner's values for one theme and traits (keys in the theme's `banner`
/// component over ``referenceValues``): `padding`, `iconSize`, `iconSpacing`, `titleSpacing`,
/// `actionSpacing`, `actionPadding`, `closeIconSize`, `minimumHitTarget`, `radius`,
/// `titleFont`, `messageFont`, `actionFont`, `maximumContentScale`, and per status
/// `<status>.background`, `<status>.foreground`.
package struct BannerTheme: Sendable {
    /// The component's identifier in a theme.
    package static let component = ComponentIdentifier(rawValue: "banner")
    /// The resolver the values came from.
    package let resolver: KeelThemeResolver
    /// The space inside the banner's edges.
    package let padding: Double
    /// The status icon's side at the Large text size.
    package let iconSize: Double
    /// The gap between the icon and the text.
    package let iconSpacing: Double
    /// The gap between title and message, and between the text and the actions.
    package let titleSpacing: Double
    /// The gap between actions.
    package let actionSpacing: Double
    /// The space either side of an action's title inside its touch area.
    package let actionPadding: Double
    /// The close icon's side at the Large text size.
    package let closeIconSize: Double
    /// The touch target of the close button and of every action.
    package let hitTarget: HitTarget
    /// The corner radius.
    package let cornerRadius: Double
    /// The fonts (Dynamic Type applied, capped) and their growth.
    let titleFont: ScaledFont
    let messageFont: ScaledFont
    let actionFont: ScaledFont
    /// How the banner appears and leaves (the `standard` motion token; a cross-fade or
    /// nothing under Reduce Motion).
    package let motion: ResolvedMotion
    private let colors: [BannerStatus: (background: ColorValue, foreground: ColorValue)]

    /// The reference values: each status is its palette pair (`status.error` under
    /// `status.error.on`, …), which the default theme promises AA text contrast for.
    package static let referenceValues: ComponentTheme = {
        var values: [String: ComponentValue] = [
            "padding": .dimension(12),
            "iconSize": .dimension(20),
            "iconSpacing": .dimension(12),
            "titleSpacing": .dimension(4),
            "actionSpacing": .dimension(8),
            "actionPadding": .dimension(8),
            "closeIconSize": .dimension(16),
            "minimumHitTarget": .hitTarget(44),
            "radius": .dimension(8),
            "titleFont": .font(.title3),
            "messageFont": .font(.body),
            "actionFont": .font(.bodyMedium),
            "maximumContentScale": .number(2),
        ]
        let pairs: [(BannerStatus, ColorToken, ColorToken)] = [
            (.info, .info, .onInfo), (.success, .success, .onSuccess), (.warning, .warning, .onWarning),
            (.error, .error, .onError),
        ]
        for (status, background, foreground) in pairs {
            values["\(status.rawValue).background"] = .colorToken(background)
            values["\(status.rawValue).foreground"] = .colorToken(foreground)
        }
        return ComponentTheme(referenceValues: values)
    }()

    /// Resolves the banner values of `resolver`'s theme and traits.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(Self.component, resolver: resolver, defaults: Self.referenceValues)
        self.resolver = resolver
        padding = max(0, values.number("padding", default: 12))
        iconSize = max(0, values.number("iconSize", default: 20))
        iconSpacing = max(0, values.number("iconSpacing", default: 12))
        titleSpacing = max(0, values.number("titleSpacing", default: 4))
        actionSpacing = max(0, values.number("actionSpacing", default: 8))
        actionPadding = max(0, values.number("actionPadding", default: 8))
        closeIconSize = max(0, values.number("closeIconSize", default: 16))
        hitTarget = HitTarget(minimumSide: values.number("minimumHitTarget", default: 44))
        cornerRadius = max(0, values.number("radius", default: 8))
        let scale = max(1, values.number("maximumContentScale", default: 2))
        titleFont = ScaledFont(
            token: values.fontToken("titleFont", default: .title3), resolver: resolver, maximumScale: scale)
        messageFont = ScaledFont(
            token: values.fontToken("messageFont", default: .body), resolver: resolver, maximumScale: scale)
        actionFont = ScaledFont(
            token: values.fontToken("actionFont", default: .bodyMedium), resolver: resolver,
            maximumScale: scale)
        motion = resolver.motion(.standard)
        var colors: [BannerStatus: (ColorValue, ColorValue)] = [:]
        for status in BannerStatus.allCases {
            colors[status] = (
                values.color("\(status.rawValue).background"), values.color("\(status.rawValue).foreground")
            )
        }
        self.colors = colors
    }

    /// The fill and the colour of everything drawn on it (text, icons, action titles).
    package func colors(_ status: BannerStatus) -> (background: ColorValue, foreground: ColorValue) {
        colors[status] ?? (.missingToken, .missingToken)
    }

    /// The pairs a banner promises: every status's text on its fill (AA text), and its fill
    /// against the surface (non-text: the banner's edge).
    package var contrastPairs: [ComponentContrastPair] {
        let surface = resolver.color(.backgroundPrimary)
        return BannerStatus.allCases.flatMap { status -> [ComponentContrastPair] in
            let pair = colors(status)
            return [
                ComponentContrastPair(
                    "\(status.rawValue).text", foreground: pair.foreground, background: pair.background,
                    requirement: .aaText),
                ComponentContrastPair(
                    "\(status.rawValue).fill", foreground: pair.background, background: surface,
                    requirement: .nonText),
            ]
        }
    }
}
