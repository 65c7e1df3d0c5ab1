import KeelDesign

/// The progress indicators' values for one theme and traits (keys in the theme's `progress`
/// component over ``referenceValues``): `linear.height`, `circular.diameter`,
/// `circular.lineWidth`, `indeterminate.length` (the sweeping segment's share of the bar),
/// `indeterminate.period`, `spinner.period`, `spinner.arc` (the spinner's share of the ring),
/// `pulse.period`, `pulse.minimumOpacity`, `announcement.step`, and the colours `indicator`
/// and `track`.
package struct ProgressTheme: Sendable {
    /// The component's identifier in a theme.
    package static let component = ComponentIdentifier(rawValue: "progress")
    /// The resolver the values came from.
    package let resolver: KeelThemeResolver
    /// The linear bar's thickness.
    package let linearHeight: Double
    /// The ring's diameter.
    package let circularDiameter: Double
    /// The ring's stroke width.
    package let circularLineWidth: Double
    /// The sweeping segment's length as a share of the bar (indeterminate linear).
    package let indeterminateLength: Double
    /// Seconds for one sweep of the indeterminate bar.
    package let indeterminatePeriod: Double
    /// Seconds for one turn of the spinner.
    package let spinnerPeriod: Double
    /// The spinner's arc as a share of the ring.
    package let spinnerArc: Double
    /// Seconds for one pulse (the indeterminate form under Reduce Motion).
    package let pulsePeriod: Double
    /// The pulse's lowest opacity.
    package let pulseMinimumOpacity: Double
    /// The share of the whole between two spoken progress announcements.
    package let announcementStep: Double
    /// The filled part.
    package let indicator: ColorValue
    /// The unfilled part.
    package let track: ColorValue
    /// Whether Reduce Motion is on: indeterminate indicators pulse in place instead of moving.
    package let reduceMotion: Bool

    /// The reference values, palette tokens throughout.
    package static let referenceValues: ComponentTheme = {
        let values: [String: ComponentValue] = [
            "linear.height": .dimension(4),
            "circular.diameter": .dimension(24),
            "circular.lineWidth": .dimension(3),
            "indeterminate.length": .number(0.3),
            "indeterminate.period": .number(1.4),
            "spinner.period": .number(1),
            "spinner.arc": .number(0.75),
            "pulse.period": .number(1.6),
            "pulse.minimumOpacity": .number(0.4),
            "announcement.step": .number(0.25),
            "indicator": .colorToken(.brandPrimary),
            "track": .colorToken(.backgroundHighlighted),
        ]
        return ComponentTheme(referenceValues: values)
    }()

    /// Resolves the progress values of `resolver`'s theme and traits.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(Self.component, resolver: resolver, defaults: Self.referenceValues)
        func positive(_ key: String, _ fallback: Double) -> Double {
            let value = values.number(key, default: fallback)
            return value > 0 ? value : fallback
        }
        func share(_ key: String, _ fallback: Double) -> Double {
            let value = values.number(key, default: fallback)
            return value > 0 && value <= 1 ? value : fallback
        }
        self.resolver = resolver
        linearHeight = max(0, values.number("linear.height", default: 4))
        circularDiameter = max(0, values.number("circular.diameter", default: 24))
        circularLineWidth = max(0, values.number("circular.lineWidth", default: 3))
        indeterminateLength = share("indeterminate.length", 0.3)
        indeterminatePeriod = positive("indeterminate.period", 1.4)
        spinnerPeriod = positive("spinner.period", 1)
        spinnerArc = share("spinner.arc", 0.75)
        pulsePeriod = positive("pulse.period", 1.6)
        pulseMinimumOpacity = share("pulse.minimumOpacity", 0.4)
        announcementStep = share("announcement.step", 0.25)
        indicator = values.color("indicator")
        track = values.color("track")
        reduceMotion = resolver.traits.reduceMotion
    }

    /// The pairs a progress indicator promises: the filled part against the surface it sits
    /// on (non-text, the palette's brand-on-surface promise). The track is a tint that only
    /// frames the bar; the fill's extent is read against the surface and is spoken as a
    /// percentage.
    package var contrastPairs: [ComponentContrastPair] {
        [
            ComponentContrastPair(
                "indicator", foreground: indicator, background: resolver.color(.backgroundPrimary),
                requirement: .nonText)
        ]
    }
}
