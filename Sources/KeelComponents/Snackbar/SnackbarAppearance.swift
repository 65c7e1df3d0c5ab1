import KeelDesign

/// Everything a snackbar front end draws, resolved from the theme.
package struct SnackbarAppearance: Hashable, Sendable {
    /// The fill.
    package var background: ColorValue
    /// The message and the icon.
    package var foreground: ColorValue
    /// The action's title.
    package var actionColor: ColorValue
    /// The message's font.
    package var messageFont: FontDescriptor
    /// The action's font.
    package var actionFont: FontDescriptor
    /// The icon's side (grown with Dynamic Type).
    package var iconSize: Double
    /// The space inside the leading and trailing edges.
    package var horizontalPadding: Double
    /// The space above and below the message.
    package var verticalPadding: Double
    /// The gap between icon and message.
    package var iconSpacing: Double
    /// The gap between the message and the action.
    package var actionSpacing: Double
    /// The space either side of the action's title.
    package var actionPadding: Double
    /// The gap to the safe area's or keyboard's edges.
    package var margin: Double
    /// The widest the snackbar gets.
    package var maximumWidth: Double
    /// The corner radius.
    package var cornerRadius: Double
    /// The action's touch target.
    package var hitTarget: HitTarget
    /// Whether the action sits below the message (accessibility text sizes) instead of
    /// beside it.
    package var stacksAction: Bool
    /// How it appears and leaves.
    package var motion: ResolvedMotion
    /// The layout direction it was resolved for.
    package var layoutDirection: TextDirection

    /// Resolves a snackbar.
    package init(theme: SnackbarTheme) {
        let traits = theme.resolver.traits
        background = theme.background
        foreground = theme.foreground
        actionColor = theme.actionColor
        messageFont = theme.messageFont.descriptor
        actionFont = theme.actionFont.descriptor
        iconSize = theme.iconSize * theme.messageFont.scale
        horizontalPadding = theme.horizontalPadding
        verticalPadding = theme.verticalPadding
        iconSpacing = theme.iconSpacing
        actionSpacing = theme.actionSpacing
        actionPadding = theme.actionPadding
        margin = theme.margin
        maximumWidth = theme.maximumWidth
        cornerRadius = theme.cornerRadius
        hitTarget = theme.hitTarget
        stacksAction = traits.contentSizeCategory.isAccessibilityCategory
        motion = theme.motion
        layoutDirection = traits.layoutDirection
    }

    /// The same appearance laid out left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: SnackbarAppearance {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }

    /// The message as VoiceOver reads it: static text; the action is a button of its own.
    package func accessibility(configuration: SnackbarConfiguration) -> AccessibilityDescription {
        AccessibilityDescription(role: .staticText, label: configuration.message, value: nil)
    }

    /// The action's description: a button with its title.
    package func actionAccessibility(_ action: SnackbarAction) -> AccessibilityDescription {
        AccessibilityDescription(role: .button, label: action.title, value: nil)
    }

    /// What is announced when the snackbar appears (it is not focused, so it would otherwise
    /// go unheard): the message, then the action's title ("Message deleted, Undo").
    package static func announcement(for configuration: SnackbarConfiguration) -> String {
        guard let action = configuration.action else { return configuration.message }
        return "\(configuration.message), \(action.title)"
    }
}
