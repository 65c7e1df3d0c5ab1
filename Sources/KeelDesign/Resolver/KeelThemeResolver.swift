/// Resolves a theme's tokens for one set of traits.
///
/// Every table is computed once when the resolver is made (colour variants picked, fonts
/// scaled, hairlines converted, Reduce Motion applied), so each lookup is one dictionary
/// access. A token the theme lacks resolves to a loud, visible fallback (magenta, the body
/// font, zero). Themes applied through a
/// ``KeelThemeContext`` are validated complete, so the fallback only shows for app tokens the
/// theme never defined.
public struct KeelThemeResolver: Sendable {
    /// The theme.
    package var theme: KeelTheme { table.theme }
    /// The traits.
    public var traits: ThemeTraits { table.traits }

    private let table: ResolvedTable

    /// Precomputes every token of `theme` for `traits`.
    public init(theme: KeelTheme, traits: ThemeTraits = .standard) {
        table = ResolvedTable(theme: theme, traits: traits)
    }

    /// The colour for a token (a loud magenta when the theme lacks it).
    @inlinable public func color(_ token: ColorToken) -> ColorValue { colorIfPresent(token) ?? .missingToken }
    /// The colour for a token, or `nil`.
    @usableFromInline package func colorIfPresent(_ token: ColorToken) -> ColorValue? {
        table.colors.value(for: token.rawValue)
    }

    /// The font for a token (the `body` font, then 17 pt system, when the theme lacks it).
    public func font(_ token: KeelFontToken) -> FontDescriptor {
        table.fonts.value(for: token.rawValue) ?? table.fonts.value(for: KeelFontToken.body.rawValue)
            ?? table.fallbackFont
    }
    /// The font for a token, or `nil`.
    package func fontIfPresent(_ token: KeelFontToken) -> FontDescriptor? {
        table.fonts.value(for: token.rawValue)
    }

    /// The spacing in points (0 when missing).
    public func spacing(_ token: SpacingToken) -> Double { table.spacings.value(for: token.rawValue) ?? 0 }
    /// The radius in points (0 when missing).
    public func radius(_ token: RadiusToken) -> Double { table.radii.value(for: token.rawValue) ?? 0 }
    /// The border width in points, hairlines converted with the display scale (0 when missing).
    public func borderWidth(_ token: BorderWidthToken) -> Double {
        table.borderWidths.value(for: token.rawValue) ?? 0
    }
    /// The opacity (1 when missing).
    public func opacity(_ token: OpacityToken) -> Double { table.opacities.value(for: token.rawValue) ?? 1 }
    /// The icon size in points (0 when missing).
    public func iconSize(_ token: IconSizeToken) -> Double { table.iconSizes.value(for: token.rawValue) ?? 0 }
    /// The layer level (0 when missing).
    public func elevation(_ token: ElevationToken) -> Double {
        table.elevations.value(for: token.rawValue) ?? 0
    }

    /// The shadow with its colour resolved (no shadow when missing).
    package func shadow(_ token: ShadowToken) -> ResolvedShadow {
        table.shadows.value(for: token.rawValue)
            ?? ResolvedShadow(color: .clear, offsetX: 0, offsetY: 0, radius: 0, spread: 0)
    }

    /// The motion, with Reduce Motion applied (instant when missing).
    public func motion(_ token: MotionToken) -> ResolvedMotion {
        table.motions.value(for: token.rawValue)
            ?? ResolvedMotion(style: MotionStyle(duration: 0, curve: .linear), reduceMotion: true)
    }

    /// The icon, mirrored when directional in a right-to-left layout (`nil` when missing).
    package func icon(_ token: KeelIconToken) -> ResolvedIcon? { table.icons.value(for: token.rawValue) }

    /// The text attributes for a font and colour token.
    package func textAttributes(font: KeelFontToken, color: ColorToken) -> TextAttributes {
        TextAttributes(
            font: self.font(font), color: self.color(color), layoutDirection: traits.layoutDirection)
    }

    /// A component colour value resolved (a palette token or the component's own colour).
    package func componentColor(_ component: ComponentIdentifier, _ key: ComponentValueKey) -> ColorValue? {
        switch theme.componentValue(component, key) {
        case .color(let themed): themed.resolved(scheme: traits.colorScheme, contrast: traits.contrast)
        case .colorToken(let token): colorIfPresent(token)
        default: nil
        }
    }

    /// A component length, hit target or number (`nil` when missing or not numeric).
    package func componentNumber(_ component: ComponentIdentifier, _ key: ComponentValueKey) -> Double? {
        switch theme.componentValue(component, key) {
        case .dimension(let value), .hitTarget(let value), .number(let value): value
        default: nil
        }
    }
}

/// A shadow with its colour resolved; the opacity is folded into the colour's alpha.
package struct ResolvedShadow: Hashable, Sendable {
    /// The shadow colour, alpha = colour alpha × shadow opacity.
    package var color: ColorValue
    /// Horizontal offset in points.
    package var offsetX: Double
    /// Vertical offset in points.
    package var offsetY: Double
    /// Blur radius in points.
    package var radius: Double
    /// Spread in points.
    package var spread: Double
}

/// The precomputed tables behind a resolver (a class so copying a resolver is cheap).
private final class ResolvedTable: Sendable {
    let theme: KeelTheme
    let traits: ThemeTraits
    let colors: TokenTable<ColorValue>
    let fonts: TokenTable<FontDescriptor>
    let fallbackFont: FontDescriptor
    let spacings: TokenTable<Double>
    let radii: TokenTable<Double>
    let borderWidths: TokenTable<Double>
    let opacities: TokenTable<Double>
    let iconSizes: TokenTable<Double>
    let elevations: TokenTable<Double>
    let shadows: TokenTable<ResolvedShadow>
    let motions: TokenTable<ResolvedMotion>
    let icons: TokenTable<ResolvedIcon>

    init(theme: KeelTheme, traits: ThemeTraits) {
        self.theme = theme
        self.traits = traits
        let colors = theme.colors.mapValues {
            $0.resolved(scheme: traits.colorScheme, contrast: traits.contrast)
        }
        self.colors = TokenTable(colors.map { ($0.key.rawValue, $0.value) })
        let metrics = theme.metrics
        fonts = TokenTable(
            metrics.fonts.map {
                (
                    $0.key.rawValue,
                    FontDescriptor(
                        style: $0.value, category: traits.contentSizeCategory, boldText: traits.usesBoldText)
                )
            })
        fallbackFont = FontDescriptor(
            style: FontStyle(families: [.system], size: 17), category: traits.contentSizeCategory,
            boldText: traits.usesBoldText)
        spacings = TokenTable(metrics.spacings.map { ($0.key.rawValue, $0.value) })
        radii = TokenTable(metrics.radii.map { ($0.key.rawValue, $0.value) })
        borderWidths = TokenTable(
            metrics.borderWidths.map { ($0.key.rawValue, $0.value.points(displayScale: traits.displayScale)) }
        )
        opacities = TokenTable(metrics.opacities.map { ($0.key.rawValue, $0.value) })
        iconSizes = TokenTable(metrics.iconSizes.map { ($0.key.rawValue, $0.value) })
        elevations = TokenTable(metrics.elevations.map { ($0.key.rawValue, $0.value) })
        shadows = TokenTable(
            metrics.shadows.mapValues { style in
                let base: ColorValue
                switch style.color {
                case .token(let token): base = colors[token] ?? .missingToken
                case .fixed(let themed):
                    base = themed.resolved(scheme: traits.colorScheme, contrast: traits.contrast)
                }
                return ResolvedShadow(
                    color: base.withAlpha(base.alpha * style.opacity), offsetX: style.offsetX,
                    offsetY: style.offsetY,
                    radius: style.radius, spread: style.spread)
            }.map { ($0.key.rawValue, $0.value) })
        motions = TokenTable(
            metrics.motions.map {
                ($0.key.rawValue, ResolvedMotion(style: $0.value, reduceMotion: traits.reduceMotion))
            })
        icons = TokenTable(
            metrics.icons.map {
                (
                    $0.key.rawValue,
                    ResolvedIcon(
                        symbolName: $0.value.symbolName,
                        isMirrored: $0.value.mirrorsInRightToLeft && traits.layoutDirection == .rightToLeft)
                )
            })
    }
}
