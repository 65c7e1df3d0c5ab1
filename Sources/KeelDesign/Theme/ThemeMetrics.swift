/// Every non-colour token table of a theme. Each table merges per token with a base theme.
public struct ThemeMetrics: Hashable, Sendable {
    /// Font styles.
    package var fonts: [KeelFontToken: FontStyle]
    /// Spacing in points.
    package var spacings: [SpacingToken: Double]
    /// Corner radii in points.
    package var radii: [RadiusToken: Double]
    /// Border widths.
    package var borderWidths: [BorderWidthToken: BorderWidth]
    /// Opacities in `0...1`.
    package var opacities: [OpacityToken: Double]
    /// Shadows.
    package var shadows: [ShadowToken: ShadowValue]
    /// Motion styles.
    package var motions: [MotionToken: MotionStyle]
    /// Icons.
    package var icons: [KeelIconToken: IconStyle]
    /// Icon sizes in points.
    package var iconSizes: [IconSizeToken: Double]
    /// Layer levels (z-order).
    package var elevations: [ElevationToken: Double]

    /// Metrics; every table defaults to empty.
    public init(
        fonts: [KeelFontToken: FontStyle] = [:], spacings: [SpacingToken: Double] = [:],
        radii: [RadiusToken: Double] = [:], borderWidths: [BorderWidthToken: BorderWidth] = [:],
        opacities: [OpacityToken: Double] = [:], shadows: [ShadowToken: ShadowValue] = [:],
        motions: [MotionToken: MotionStyle] = [:], icons: [KeelIconToken: IconStyle] = [:],
        iconSizes: [IconSizeToken: Double] = [:], elevations: [ElevationToken: Double] = [:]
    ) {
        self.fonts = fonts
        self.spacings = spacings
        self.radii = radii
        self.borderWidths = borderWidths
        self.opacities = opacities
        self.shadows = shadows
        self.motions = motions
        self.icons = icons
        self.iconSizes = iconSizes
        self.elevations = elevations
    }

    /// These metrics over `base`: every table merges per token, the values here winning.
    package func merged(over base: ThemeMetrics) -> ThemeMetrics {
        func merge<Key, Value>(_ top: [Key: Value], _ bottom: [Key: Value]) -> [Key: Value] {
            bottom.merging(top) { _, new in new }
        }
        return ThemeMetrics(
            fonts: merge(fonts, base.fonts), spacings: merge(spacings, base.spacings),
            radii: merge(radii, base.radii), borderWidths: merge(borderWidths, base.borderWidths),
            opacities: merge(opacities, base.opacities), shadows: merge(shadows, base.shadows),
            motions: merge(motions, base.motions), icons: merge(icons, base.icons),
            iconSizes: merge(iconSizes, base.iconSizes), elevations: merge(elevations, base.elevations))
    }
}
