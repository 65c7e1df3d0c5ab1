import KeelDesign

/// Everything a banner front end draws, resolved from the theme and the status.
package struct BannerAppearance: Hashable, Sendable {
    /// The status.
    package var status: BannerStatus
    /// The fill.
    package var background: ColorValue
    /// Text, icons and action titles.
    package var foreground: ColorValue
    /// The title's font.
    package var titleFont: FontDescriptor
    /// The message's font.
    package var messageFont: FontDescriptor
    /// The actions' font.
    package var actionFont: FontDescriptor
    /// The status icon's side (grown with Dynamic Type).
    package var iconSize: Double
    /// The close icon's side (grown with Dynamic Type).
    package var closeIconSize: Double
    /// The space inside the edges.
    package var padding: Double
    /// The gap between icon and text.
    package var iconSpacing: Double
    /// The gap between title, message and actions.
    package var titleSpacing: Double
    /// The gap between actions.
    package var actionSpacing: Double
    /// The space either side of an action's title.
    package var actionPadding: Double
    /// The touch target of the close button and the actions.
    package var hitTarget: HitTarget
    /// The corner radius.
    package var cornerRadius: Double
    /// Whether the icon sits above the text (accessibility text sizes: the text gets the
    /// whole width) instead of beside it.
    package var stacksIcon: Bool
    /// How the banner appears and leaves.
    package var motion: ResolvedMotion
    /// The layout direction it was resolved for.
    package var layoutDirection: TextDirection

    /// Resolves a banner of `status`.
    package init(theme: BannerTheme, status: BannerStatus) {
        let colors = theme.colors(status)
        let scale = theme.messageFont.scale
        let traits = theme.resolver.traits
        self.status = status
        background = colors.background
        foreground = colors.foreground
        titleFont = theme.titleFont.descriptor
        messageFont = theme.messageFont.descriptor
        actionFont = theme.actionFont.descriptor
        iconSize = theme.iconSize * scale
        closeIconSize = theme.closeIconSize * scale
        padding = theme.padding
        iconSpacing = theme.iconSpacing
        titleSpacing = theme.titleSpacing
        actionSpacing = theme.actionSpacing
        actionPadding = theme.actionPadding
        hitTarget = theme.hitTarget
        cornerRadius = theme.cornerRadius
        stacksIcon = traits.contentSizeCategory.isAccessibilityCategory
        motion = theme.motion
        layoutDirection = traits.layoutDirection
    }

    /// The SF Symbol of the status icon.
    package var iconSymbolName: String {
        switch status {
        case .info: "info.circle.fill"
        case .success: "checkmark.circle.fill"
        case .warning: "exclamationmark.triangle.fill"
        case .error: "xmark.octagon.fill"
        }
    }

    /// The word that names the status ("Warning"), spoken first so colour is never the only
    /// cue.
    package func statusName(strings: AccessibilityStrings) -> String {
        switch status {
        case .info: strings.string(.bannerInfo)
        case .success: strings.string(.bannerSuccess)
        case .warning: strings.string(.bannerWarning)
        case .error: strings.string(.bannerError)
        }
    }

    /// What assistive technology is told about the banner's text: static text labelled
    /// "Warning, You're offline" with the message as its value; the actions and the close
    /// button are buttons of their own.
    package func accessibility(configuration: BannerConfiguration, strings: AccessibilityStrings)
        -> AccessibilityDescription
    {
        let label = [statusName(strings: strings), configuration.shownTitle].compactMap { $0 }.joined(
            separator: ", ")
        return AccessibilityDescription(role: .staticText, label: label, value: configuration.message)
    }

    /// What is announced when the banner appears: warnings and errors are announced at once
    /// ("Warning, You're offline. Changes sync when you reconnect."); information and success
    /// wait for the reader to reach them (`nil`).
    package func announcement(configuration: BannerConfiguration, strings: AccessibilityStrings) -> String? {
        guard status == .warning || status == .error else { return nil }
        let spoken = accessibility(configuration: configuration, strings: strings)
        return "\(spoken.label ?? ""). \(configuration.message)"
    }

    /// The close button's description: a button labelled "Close".
    package func closeAccessibility(strings: AccessibilityStrings) -> AccessibilityDescription {
        AccessibilityDescription(role: .button, label: strings.string(.close), value: nil)
    }

    /// The same appearance laid out left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: BannerAppearance {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }
}
