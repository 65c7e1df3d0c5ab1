import KeelDesign

/// The toggle's metrics and colours for one theme and traits (keys in the theme's `toggle`
/// component over ``referenceValues``).
package struct ToggleTheme: Hashable, Sendable {
    /// The visual frame (52 × 28).
    package var visualSize: Size
    /// The track (48 × 26), centred in the visual frame.
    package var trackSize: Size
    /// The thumb's diameter (22).
    package var thumbDiameter: Double
    /// The gap between thumb and track edge (2).
    package var thumbInset: Double
    /// The touch target (44).
    package var hitTarget: HitTarget
    /// The track colour when on.
    package var trackOn: ColorValue
    /// The track colour when off.
    package var trackOff: ColorValue
    /// The thumb colour when on.
    package var thumbOn: ColorValue
    /// The thumb colour when off.
    package var thumbOff: ColorValue
    /// The opacity of a disabled or pending toggle.
    package var disabledOpacity: Double
    /// The least gap between a switch and its title on a row (8): ``SelectionRowLayout``.
    package var titleSpacing: Double
    /// How the thumb moves (the `fast` motion token; its curve, not a hard-coded one).
    package var motion: ResolvedMotion

    /// The reference's values.
    package static let referenceValues = ComponentTheme([
        ComponentValues.key("hitTarget"): .hitTarget(44),
        ComponentValues.key("visual.width"): .dimension(52),
        ComponentValues.key("visual.height"): .dimension(28),
        ComponentValues.key("track.width"): .dimension(48),
        ComponentValues.key("track.height"): .dimension(26),
        ComponentValues.key("thumb.diameter"): .dimension(22),
        ComponentValues.key("thumb.inset"): .dimension(2),
        ComponentValues.key("title.spacing"): .dimension(8),
        ComponentValues.key("track.on"): .color(KeelThemeColor("#4F5CE7", "#6F78FF")),
        ComponentValues.key("track.off"): .color(KeelThemeColor("#D9D9D9", "#2A2A2C")),
        ComponentValues.key("thumb.on"): .color(KeelThemeColor("#FFFFFF", "#D5D5D7")),
        ComponentValues.key("thumb.off"): .color(KeelThemeColor("#FFFFFF", "#898C91")),
    ])

    /// Resolves the toggle values of `resolver`'s theme.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(.toggle, resolver: resolver, defaults: Self.referenceValues)
        visualSize = Size(
            width: values.number("visual.width", default: 52),
            height: values.number("visual.height", default: 28))
        trackSize = Size(
            width: values.number("track.width", default: 48),
            height: values.number("track.height", default: 26))
        thumbDiameter = values.number("thumb.diameter", default: 22)
        thumbInset = values.number("thumb.inset", default: 2)
        hitTarget = HitTarget(minimumSide: values.number("hitTarget", default: 44))
        trackOn = values.color("track.on")
        trackOff = values.color("track.off")
        thumbOn = values.color("thumb.on")
        thumbOff = values.color("thumb.off")
        disabledOpacity = resolver.opacity(.disabled)
        motion = resolver.motion(.fast)
        titleSpacing = values.number("title.spacing", default: 8)
    }

    /// Whether the metrics fit: the track inside the visual frame, the thumb plus two insets
    /// inside the track, everything finite and positive.
    package var isValid: Bool {
        let numbers = [
            visualSize.width, visualSize.height, trackSize.width, trackSize.height, thumbDiameter, thumbInset,
        ]
        return numbers.allSatisfy { $0.isFinite && $0 >= 0 } && thumbDiameter > 0
            && trackSize.width <= visualSize.width && trackSize.height <= visualSize.height
            && thumbDiameter + 2 * thumbInset <= trackSize.height
            && thumbDiameter + 2 * thumbInset <= trackSize.width
    }
}
