import KeelDesign

/// How an indeterminate indicator moves.
package enum ProgressMotion: Hashable, Sendable {
    /// A determinate indicator: it shows its value and moves only when the value changes.
    case none
    /// The segment sweeps along the bar, or the spinner turns.
    case moving
    /// Reduce Motion: the whole bar or ring stays in place and its opacity pulses.
    case pulse
}

/// Everything a progress indicator's front end draws, resolved from the theme, the style and
/// the value; the time-dependent parts are functions of an injected time in seconds.
package struct ProgressAppearance: Hashable, Sendable {
    /// The style.
    package var style: ProgressStyle
    /// The value.
    package var value: ProgressValue
    /// The filled part's colour.
    package var indicatorColor: ColorValue
    /// The track's colour.
    package var trackColor: ColorValue
    /// The bar's thickness, or the ring's stroke width.
    package var thickness: Double
    /// The ring's diameter (circular).
    package var diameter: Double
    /// How it moves while indeterminate.
    package var motion: ProgressMotion
    /// Seconds per cycle of the movement or the pulse.
    package var period: Double
    /// The sweeping segment's share of the bar, or the spinner's share of the ring.
    package var indeterminateLength: Double
    /// The pulse's lowest opacity.
    package var pulseMinimumOpacity: Double
    /// The layout direction it was resolved for.
    package var layoutDirection: TextDirection

    /// Resolves an indicator.
    package init(theme: ProgressTheme, style: ProgressStyle, value: ProgressValue) {
        self.style = style
        self.value = value
        indicatorColor = theme.indicator
        trackColor = theme.track
        thickness = style == .linear ? theme.linearHeight : theme.circularLineWidth
        diameter = theme.circularDiameter
        let indeterminate = value == .indeterminate
        motion = indeterminate ? (theme.reduceMotion ? .pulse : .moving) : .none
        switch (motion, style) {
        case (.pulse, _): period = theme.pulsePeriod
        case (_, .linear): period = theme.indeterminatePeriod
        case (_, .circular): period = theme.spinnerPeriod
        }
        indeterminateLength = style == .linear ? theme.indeterminateLength : theme.spinnerArc
        pulseMinimumOpacity = theme.pulseMinimumOpacity
        layoutDirection = theme.resolver.traits.layoutDirection
    }

    /// Whether the indicator redraws over time (indeterminate: moving or pulsing).
    package var isAnimated: Bool { motion != .none }
    /// Whether a front end's clock can stop (a determinate indicator).
    package var isStatic: Bool { motion == .none }

    /// The track's fill: the bar's colour, clear for a ring (which is stroked).
    package var trackFillColor: ColorValue { style == .linear ? trackColor : .clear }
    /// The track's stroke: the ring's colour, clear for a bar.
    package var trackStrokeColor: ColorValue { style == .circular ? trackColor : .clear }
    /// The filled part's fill: the bar's colour, clear for a ring.
    package var indicatorFillColor: ColorValue { style == .linear ? indicatorColor : .clear }
    /// The filled part's stroke: the ring's colour, clear for a bar.
    package var indicatorStrokeColor: ColorValue { style == .circular ? indicatorColor : .clear }
    /// The stroke width: the ring's, 0 for a bar.
    package var strokeWidth: Double { style == .circular ? thickness : 0 }

    /// The narrowest the indicator is: 0 for a bar (it takes the width given), the ring's
    /// diameter.
    package var minimumWidth: Double { style == .linear ? 0 : diameter }
    /// The widest: unbounded for a bar, the ring's diameter.
    package var maximumWidth: Double { style == .linear ? .infinity : diameter }
    /// The height: the bar's thickness or the ring's diameter.
    package var height: Double { style == .linear ? thickness : diameter }

    /// The indicator's natural size, with `unknownWidth` standing for a bar's width (which
    /// its container decides).
    package func intrinsicSize(unknownWidth: Double) -> Size {
        Size(width: style == .linear ? unknownWidth : diameter, height: height)
    }

    /// Where in its cycle the movement or pulse is at `time` seconds: 0 ≤ phase < 1 (0 for a
    /// determinate indicator or a time that is not a number).
    package func phase(at time: Double) -> Double {
        guard isAnimated, time.isFinite, period > 0 else { return 0 }
        let cycles = time / period
        let phase = cycles - cycles.rounded(.down)
        return phase.isFinite ? min(max(0, phase), 1) : 0
    }

    /// The filled part's opacity at `time`: 1, or the pulse under Reduce Motion (1 at the
    /// cycle's start, down to the minimum halfway, back up).
    package func indicatorOpacity(at time: Double) -> Double {
        guard motion == .pulse else { return 1 }
        let wave = (1 + cos(2 * Double.pi * phase(at: time))) / 2
        return pulseMinimumOpacity + (1 - pulseMinimumOpacity) * wave
    }

    /// What assistive technology is told: a progress indicator (its value updates while
    /// focused) labelled with the caller's label or "Progress", valued "42%", or "In progress"
    /// while indeterminate.
    package func accessibility(label: String?, strings: AccessibilityStrings) -> AccessibilityDescription {
        let spoken: String
        if let fraction = value.fraction {
            spoken = strings.string(.progressPercent, Self.percent(fraction))
        } else {
            spoken = strings.string(.inProgress)
        }
        return AccessibilityDescription(
            role: .progressIndicator, label: label ?? strings.string(.progressLabel), value: spoken)
    }

    /// The whole percentage VoiceOver reads for `fraction` (rounded down, so 99.6 % is not
    /// read as done).
    package static func percent(_ fraction: Double) -> Int {
        guard fraction.isFinite else { return 0 }
        return Int((min(1, max(0, fraction)) * 100).rounded(.down))
    }

    /// The same appearance laid out left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: ProgressAppearance {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }
}

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
