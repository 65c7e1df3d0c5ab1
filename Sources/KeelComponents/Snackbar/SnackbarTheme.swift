import KeelDesign
import KeelSupport

/// The snackbar's values for one theme and traits (keys in the theme's `snackbar` component
/// over ``referenceValues``): `horizontalPadding`, `verticalPadding`, `iconSize`,
/// `iconSpacing`, `actionSpacing`, `actionPadding`, `margin`, `maximumWidth`, `radius`,
/// `minimumHitTarget`, `messageFont`, `actionFont`, `maximumContentScale`, `background`,
/// `foreground`, `action`, the timing `minimumDuration`, `maximumDuration`,
/// `charactersPerSecond`, `actionExtraDuration`, `voiceOverMultiplier` (seconds and factors),
/// and the swipe's `dismissDistanceFraction` and `dismissVelocity`.
package struct SnackbarTheme: Sendable {
    /// The component's identifier in a theme.
    package static let component = ComponentIdentifier(rawValue: "snackbar")
    /// The resolver the values came from.
    package let resolver: KeelThemeResolver
    /// The space inside the leading and trailing edges.
    package let horizontalPadding: Double
    /// The space above and below the message.
    package let verticalPadding: Double
    /// The icon's side at the Large text size.
    package let iconSize: Double
    /// The gap between the icon and the message.
    package let iconSpacing: Double
    /// The gap between the message and an action beside it, or above it.
    package let actionSpacing: Double
    /// The space either side of the action's title inside its touch area.
    package let actionPadding: Double
    /// The gap to the safe area's (or the keyboard's) edges.
    package let margin: Double
    /// The widest a snackbar gets (a tablet's is not the screen's width).
    package let maximumWidth: Double
    /// The corner radius.
    package let cornerRadius: Double
    /// The action's touch target.
    package let hitTarget: HitTarget
    /// The fonts (Dynamic Type applied, capped).
    let messageFont: ScaledFont
    let actionFont: ScaledFont
    /// The fill, the message and icon, and the action's title.
    package let background: ColorValue
    package let foreground: ColorValue
    package let actionColor: ColorValue
    /// How long a snackbar stays.
    package let timing: SnackbarTiming
    /// The share of its width (or height, downwards) a swipe must travel to dismiss.
    package let dismissDistanceFraction: Double
    /// The speed (points per second) above which a swipe dismisses.
    package let dismissVelocity: Double
    /// How the snackbar appears and leaves (the `standard` motion token).
    package let motion: ResolvedMotion

    /// The reference values: the inverse surface (the primary text colour as the fill, the
    /// inverse text on it), which the palette pairs for AA text.
    package static let referenceValues = ComponentTheme(referenceValues: [
        "horizontalPadding": .dimension(16),
        "verticalPadding": .dimension(12),
        "iconSize": .dimension(20),
        "iconSpacing": .dimension(12),
        "actionSpacing": .dimension(8),
        "actionPadding": .dimension(8),
        "margin": .dimension(16),
        "maximumWidth": .dimension(560),
        "radius": .dimension(8),
        "minimumHitTarget": .hitTarget(44),
        "messageFont": .font(.body),
        "actionFont": .font(.bodyMedium),
        "maximumContentScale": .number(2),
        "background": .colorToken(.textPrimary),
        "foreground": .colorToken(.textInverse),
        "action": .colorToken(.textInverse),
        "minimumDuration": .number(4),
        "maximumDuration": .number(10),
        "charactersPerSecond": .number(15),
        "actionExtraDuration": .number(2),
        "voiceOverMultiplier": .number(2),
        "dismissDistanceFraction": .number(0.5),
        "dismissVelocity": .number(600),
    ])

    /// Resolves the snackbar values of `resolver`'s theme and traits.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(Self.component, resolver: resolver, defaults: Self.referenceValues)
        self.resolver = resolver
        horizontalPadding = max(0, values.number("horizontalPadding", default: 16))
        verticalPadding = max(0, values.number("verticalPadding", default: 12))
        iconSize = max(0, values.number("iconSize", default: 20))
        iconSpacing = max(0, values.number("iconSpacing", default: 12))
        actionSpacing = max(0, values.number("actionSpacing", default: 8))
        actionPadding = max(0, values.number("actionPadding", default: 8))
        margin = max(0, values.number("margin", default: 16))
        maximumWidth = max(1, values.number("maximumWidth", default: 560))
        cornerRadius = max(0, values.number("radius", default: 8))
        hitTarget = HitTarget(minimumSide: values.number("minimumHitTarget", default: 44))
        let scale = max(1, values.number("maximumContentScale", default: 2))
        messageFont = ScaledFont(
            token: values.fontToken("messageFont", default: .body), resolver: resolver, maximumScale: scale)
        actionFont = ScaledFont(
            token: values.fontToken("actionFont", default: .bodyMedium), resolver: resolver,
            maximumScale: scale)
        background = values.color("background")
        foreground = values.color("foreground")
        actionColor = values.color("action", "foreground")
        timing = SnackbarTiming(
            minimum: values.number("minimumDuration", default: 4),
            maximum: values.number("maximumDuration", default: 10),
            charactersPerSecond: values.number("charactersPerSecond", default: 15),
            actionExtra: values.number("actionExtraDuration", default: 2),
            voiceOverMultiplier: values.number("voiceOverMultiplier", default: 2))
        dismissDistanceFraction = min(1, max(0.05, values.number("dismissDistanceFraction", default: 0.5)))
        dismissVelocity = max(1, values.number("dismissVelocity", default: 600))
        motion = resolver.motion(.standard)
    }

    /// The pairs a snackbar promises: the message and the action on the fill (AA text), the
    /// icon on it (non-text). The fill against the surface is exempt: the snackbar's text is
    /// what shows it.
    package var contrastPairs: [ComponentContrastPair] {
        [
            ComponentContrastPair(
                "message", foreground: foreground, background: background, requirement: .aaText),
            ComponentContrastPair(
                "action", foreground: actionColor, background: background, requirement: .aaText),
            ComponentContrastPair(
                "icon", foreground: foreground, background: background, requirement: .nonText),
        ]
    }
}

/// How long a snackbar stays.
package enum SnackbarDuration: Hashable, Sendable {
    /// This many seconds.
    case seconds(Double)
    /// Until it is used, swiped away or dismissed.
    case indefinite

    /// The duration to sleep for (`nil` when indefinite), clamped: a theme's `1e20` seconds
    /// (which used to trap converting to `Int64` milliseconds) is the longest `Duration`
    /// `Duration.clampedSeconds(_:)` gives, a negative or NaN value zero.
    package var duration: Duration? {
        guard case .seconds(let seconds) = self else { return nil }
        return .clampedSeconds(seconds)
    }
}

/// The auto-dismiss time: long enough to read the message (its characters at a reading
/// rate, plus a second to notice it), more with an action to reach, between a minimum and a
/// maximum; while VoiceOver runs, the multiplier's longer — and indefinite with an action, so
/// the action is never taken away before VoiceOver reaches it (WCAG 2.2.1).
package struct SnackbarTiming: Hashable, Sendable {
    /// The least time, in seconds.
    package var minimum: Double
    /// The most time without VoiceOver, in seconds.
    package var maximum: Double
    /// The reading rate.
    package var charactersPerSecond: Double
    /// The time added for an action, in seconds.
    package var actionExtra: Double
    /// The factor applied while VoiceOver runs.
    package var voiceOverMultiplier: Double

    /// Timing values, sanitised (non-finite values become the reference's).
    package init(
        minimum: Double, maximum: Double, charactersPerSecond: Double, actionExtra: Double,
        voiceOverMultiplier: Double
    ) {
        func sane(_ value: Double, _ fallback: Double) -> Double {
            value.isFinite && value >= 0 ? value : fallback
        }
        self.minimum = sane(minimum, 4)
        self.maximum = max(self.minimum, sane(maximum, 10))
        self.charactersPerSecond = max(1, sane(charactersPerSecond, 15))
        self.actionExtra = sane(actionExtra, 2)
        self.voiceOverMultiplier = max(1, sane(voiceOverMultiplier, 2))
    }

    /// How long `configuration` stays, with VoiceOver running or not.
    package func duration(for configuration: SnackbarConfiguration, voiceOverRunning: Bool)
        -> SnackbarDuration
    {
        let hasAction = configuration.action != nil
        if voiceOverRunning, hasAction { return .indefinite }
        let reading = 1 + Double(configuration.message.count) / charactersPerSecond
        let base = min(maximum, max(minimum, reading)) + (hasAction ? actionExtra : 0)
        return .seconds(voiceOverRunning ? base * voiceOverMultiplier : base)
    }
}
