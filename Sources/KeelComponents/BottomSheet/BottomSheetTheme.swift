import KeelDesign

/// The bottom sheet's themeable values (keys in the theme's `bottomSheet` component over
/// ``referenceValues``), including the drag thresholds the reference hard-coded.
package struct BottomSheetTheme: Hashable, Sendable {
    /// The surface colour.
    package var surface: ColorValue
    /// The dimming colour at full strength (black × the overlay opacity).
    package var dimming: ColorValue
    /// The top corners' radius.
    package var cornerRadius: Double
    /// The grabber bar's colour (Keel's addition: a neutral grey on either surface).
    package var grabber: ColorValue
    /// The shadow under the surface (the reference had none).
    package var shadow: ResolvedShadow
    /// The fraction of its height a sheet must be dragged down to dismiss on release (0.3).
    package var dismissDistanceFraction: Double
    /// The downward speed in points per second that dismisses on release (1000).
    package var dismissVelocity: Double
    /// The rubber-band coefficient when dragged upward past its height.
    package var upwardResistance: Double
    /// How the sheet moves back or away.
    package var motion: ResolvedMotion

    /// The reference's values.
    package static let referenceValues = ComponentTheme([
        ComponentValues.key("surface"): .color(KeelThemeColor("#F4F5F7", "#24272D")),
        ComponentValues.key("dimming"): .color(KeelThemeColor("#000000")),
        ComponentValues.key("cornerRadius"): .dimension(12),
        ComponentValues.key("grabber"): .color(KeelThemeColor("#C2C5CB", "#4F535B")),
        ComponentValues.key("drag.dismissFraction"): .number(0.3),
        ComponentValues.key("drag.dismissVelocity"): .number(1000),
        ComponentValues.key("drag.upwardResistance"): .number(RubberBand.defaultCoefficient),
    ])

    /// Resolves the sheet values of `resolver`'s theme.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(.bottomSheet, resolver: resolver, defaults: Self.referenceValues)
        surface = values.color("surface")
        let base = values.color("dimming", default: .black)
        dimming = base.withAlpha(base.alpha * resolver.opacity(.overlay))
        cornerRadius = values.number("cornerRadius", default: resolver.radius(.lg))
        grabber = values.color("grabber")
        shadow = resolver.shadow(.floating)
        dismissDistanceFraction = min(1, max(0, values.number("drag.dismissFraction", default: 0.3)))
        dismissVelocity = max(0, values.number("drag.dismissVelocity", default: 1000))
        upwardResistance = min(1, max(0, values.number("drag.upwardResistance", default: 0.55)))
        motion = resolver.motion(.standard)
    }
}
