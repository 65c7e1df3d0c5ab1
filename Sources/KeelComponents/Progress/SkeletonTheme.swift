import KeelDesign

/// The skeleton placeholders' values for one theme and traits (keys in the theme's `skeleton`
/// component over ``referenceValues``): `avatar.diameter`, `line.height`, `line.spacing`,
/// `lastLine.fraction`, `gap`, `padding`, `radius`, `image.radius`, `shimmer.period`,
/// `shimmer.width` (the band's share of the width), `font` (whose Dynamic Type growth the
/// text lines and avatars follow), `maximumContentScale`, and the colours `fill` and
/// `highlight`.
package struct SkeletonTheme: Sendable {
    /// The component's identifier in a theme.
    package static let component = ComponentIdentifier(rawValue: "skeleton")
    /// The resolver the values came from.
    package let resolver: KeelThemeResolver
    /// An avatar's diameter (grown with Dynamic Type).
    package let avatarDiameter: Double
    /// A text line's height (grown with Dynamic Type).
    package let lineHeight: Double
    /// The space between text lines (grown with Dynamic Type).
    package let lineSpacing: Double
    /// The last line's share of the column's width.
    package let lastLineFraction: Double
    /// The space between shapes of a row or column.
    package let gap: Double
    /// The space around each repeated row.
    package let padding: Double
    /// A text line's corner radius.
    package let cornerRadius: Double
    /// An image's corner radius.
    package let imageCornerRadius: Double
    /// Seconds for one pass of the shimmer.
    package let shimmerPeriod: Double
    /// The shimmer band's share of the width.
    package let shimmerWidth: Double
    /// The shapes' colour.
    package let fill: ColorValue
    /// The shimmer band's colour at its middle.
    package let highlight: ColorValue
    /// Whether Reduce Motion is on (no shimmer).
    package let reduceMotion: Bool

    /// The reference values, palette tokens throughout.
    package static let referenceValues: ComponentTheme = {
        let values: [String: ComponentValue] = [
            "avatar.diameter": .dimension(40),
            "line.height": .dimension(12),
            "line.spacing": .dimension(8),
            "lastLine.fraction": .number(0.6),
            "gap": .dimension(12),
            "padding": .dimension(16),
            "radius": .dimension(4),
            "image.radius": .dimension(8),
            "shimmer.period": .number(1.5),
            "shimmer.width": .number(0.4),
            "font": .font(.body),
            "maximumContentScale": .number(2),
            "fill": .colorToken(.backgroundHighlighted),
            "highlight": .colorToken(.backgroundSecondary),
        ]
        return ComponentTheme(referenceValues: values)
    }()

    /// Resolves the skeleton values of `resolver`'s theme and traits.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(Self.component, resolver: resolver, defaults: Self.referenceValues)
        func share(_ key: String, _ fallback: Double) -> Double {
            let value = values.number(key, default: fallback)
            return value > 0 && value <= 1 ? value : fallback
        }
        let scale =
            ScaledFont(
                token: values.fontToken("font", default: .body), resolver: resolver,
                maximumScale: max(1, values.number("maximumContentScale", default: 2))
            ).scale
        self.resolver = resolver
        avatarDiameter = max(0, values.number("avatar.diameter", default: 40)) * scale
        lineHeight = max(0, values.number("line.height", default: 12)) * scale
        lineSpacing = max(0, values.number("line.spacing", default: 8)) * scale
        lastLineFraction = share("lastLine.fraction", 0.6)
        gap = max(0, values.number("gap", default: 12))
        padding = max(0, values.number("padding", default: 16))
        cornerRadius = max(0, values.number("radius", default: 4))
        imageCornerRadius = max(0, values.number("image.radius", default: 8))
        let period = values.number("shimmer.period", default: 1.5)
        shimmerPeriod = period > 0 ? period : 1.5
        shimmerWidth = share("shimmer.width", 0.4)
        fill = values.color("fill")
        highlight = values.color("highlight")
        reduceMotion = resolver.traits.reduceMotion
    }
}
