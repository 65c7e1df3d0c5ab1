import KeelDesign

/// Everything a skeleton placeholder's front end draws besides its shapes: their colour, the
/// shimmer band at an injected time (none under Reduce Motion), and what VoiceOver hears.
package struct SkeletonAppearance: Hashable, Sendable {
    /// The shapes' colour.
    package var fill: ColorValue
    /// The shimmer band's colour at its middle.
    package var highlight: ColorValue
    /// Whether the shimmer runs (off under Reduce Motion).
    package var shimmers: Bool
    /// Seconds for one pass.
    package var period: Double
    /// The band's share of the width.
    package var bandWidth: Double
    /// The layout direction: the band travels from the leading edge.
    package var layoutDirection: TextDirection

    /// Resolves a skeleton's appearance.
    package init(theme: SkeletonTheme) {
        fill = theme.fill
        highlight = theme.highlight
        shimmers = !theme.reduceMotion
        period = theme.shimmerPeriod
        bandWidth = theme.shimmerWidth
        layoutDirection = theme.resolver.traits.layoutDirection
    }

    /// The shimmer band's frame over a skeleton of `size` at `time` seconds: it enters at the
    /// leading edge and leaves at the trailing one once per period; `nil` under Reduce Motion
    /// (the shapes stay still).
    package func shimmerFrame(in size: Size, at time: Double) -> Rect? {
        guard shimmers else { return nil }
        let band = size.width * bandWidth
        let cycles = time.isFinite ? time / period : 0
        let phase = min(max(0, cycles - cycles.rounded(.down)), 1)
        let frame = Rect(x: -band + (size.width + band) * phase, y: 0, width: band, height: size.height)
        return layoutDirection == .rightToLeft ? frame.mirrored(inWidth: size.width) : frame
    }

    /// The band's frame, or `.zero` when it does not run (what a front end assigns).
    package func displayedShimmerFrame(in size: Size, at time: Double) -> Rect {
        shimmerFrame(in: size, at: time) ?? .zero
    }

    /// Whether a front end's clock can stop (Reduce Motion: nothing moves).
    package var isStill: Bool { !shimmers }

    /// The band as a gradient's start and end across a skeleton of `size`, in units of its
    /// width (0 the left edge, 1 the right): the fill before and after, the highlight in the
    /// middle. Under Reduce Motion (or with no width) the band lies wholly left of the
    /// skeleton, so the gradient paints the plain fill.
    package func shimmerUnitRange(in size: Size, at time: Double) -> (start: Double, end: Double) {
        guard size.width > 0, size.width.isFinite, let frame = shimmerFrame(in: size, at: time) else {
            return (-2, -1)
        }
        return (frame.minX / size.width, frame.maxX / size.width)
    }

    /// The band's opacity: 1 while it runs, 0 under Reduce Motion.
    package var shimmerOpacity: Double { shimmers ? 1 : 0 }

    /// The band's gradient, leading to trailing: the fill, the highlight, the fill.
    package var shimmerColors: [ColorValue] { [fill, highlight, fill] }

    /// What assistive technology is told: the whole skeleton is one element, "Loading"; its
    /// shapes are hidden.
    package func accessibility(strings: AccessibilityStrings) -> AccessibilityDescription {
        AccessibilityDescription(
            role: .staticText, label: strings.string(.loading), value: nil, traits: [.updatesFrequently])
    }
}
