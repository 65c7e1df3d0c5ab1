import KeelDesign

/// Everything a text field front end draws, resolved from the theme and the visual state.
package struct TextFieldAppearance: Hashable, Sendable {
    /// The visual state.
    package var state: TextFieldVisualState
    /// Its colours.
    package var colors: TextFieldStateColors
    /// The placeholder's colour.
    package var placeholderColor: ColorValue
    /// The label's font.
    package var labelFont: FontDescriptor
    /// The text's font.
    package var inputFont: FontDescriptor
    /// The helper, error and counter font.
    package var supportingFont: FontDescriptor
    /// A single-line field's least height (grown with Dynamic Type).
    package var fieldHeight: Double
    /// The space inside the field's leading and trailing edges.
    package var horizontalPadding: Double
    /// The space above and below a text area's text.
    package var verticalPadding: Double
    /// The icons' side (grown with Dynamic Type).
    package var iconSize: Double
    /// The gap between an icon and the text.
    package var iconSpacing: Double
    /// The gap between the label and the field.
    package var labelSpacing: Double
    /// The gap between the field and the helper or error text.
    package var supportingSpacing: Double
    /// The least gap between the helper text and the counter.
    package var counterSpacing: Double
    /// The border's width in this state.
    package var borderWidth: Double
    /// The corner radius.
    package var cornerRadius: Double
    /// The clear and reveal buttons' touch target.
    package var hitTarget: HitTarget
    /// Whether the counter sits below the helper text (accessibility text sizes) instead of
    /// beside it.
    package var stacksCounter: Bool
    /// How the border changes on focus.
    package var motion: ResolvedMotion
    /// The layout direction it was resolved for.
    package var layoutDirection: TextDirection

    /// Resolves a field in `state`.
    package init(theme: TextFieldTheme, state: TextFieldVisualState) {
        let scale = theme.inputFont.scale
        let traits = theme.resolver.traits
        self.state = state
        colors = theme.colors(state)
        placeholderColor = theme.placeholder
        labelFont = theme.labelFont.descriptor
        inputFont = theme.inputFont.descriptor
        supportingFont = theme.supportingFont.descriptor
        fieldHeight = theme.height * scale
        horizontalPadding = theme.horizontalPadding
        verticalPadding = theme.verticalPadding
        iconSize = theme.iconSize * scale
        iconSpacing = theme.iconSpacing
        labelSpacing = theme.labelSpacing
        supportingSpacing = theme.supportingSpacing
        counterSpacing = theme.counterSpacing
        borderWidth = state == .focused ? theme.focusedBorderWidth : theme.borderWidth
        cornerRadius = theme.cornerRadius
        hitTarget = theme.hitTarget
        stacksCounter = traits.contentSizeCategory.isAccessibilityCategory
        motion = theme.motion
        layoutDirection = traits.layoutDirection
    }

    /// Resolves the field of `configuration` holding `text`, focused or not.
    package init(
        theme: TextFieldTheme, configuration: TextFieldConfiguration, text: String, isFocused: Bool
    ) {
        self.init(
            theme: theme,
            state: TextFieldVisualState(
                configuration: configuration, isFocused: isFocused, isEmpty: text.isEmpty))
    }

    /// The same appearance laid out left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: TextFieldAppearance {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }

    /// The colour of the helper or error text and the counter: the state's.
    package var supportingColor: ColorValue { colors.supporting }

    // MARK: - Accessibility

    /// What VoiceOver says about the field itself (the editor carries it: the label and
    /// helper text are not separate elements): the label (the placeholder without one), the
    /// text as the value (the platform hides secure text), and as the hint the error — "Error,
    /// …" — else the helper text, then the counter ("12 of 40 characters").
    package func accessibility(
        configuration: TextFieldConfiguration, text: String, strings: AccessibilityStrings
    ) -> TextFieldAccessibility {
        var hint: [String] = []
        if let error = configuration.shownError {
            hint.append("\(strings.string(.inputError)), \(error)")
        } else if let helper = configuration.supportingText {
            hint.append(helper)
        }
        if let counter = configuration.counter(for: text) {
            hint.append(counter.accessibilityValue(strings))
        }
        return TextFieldAccessibility(
            label: configuration.shownLabel ?? configuration.placeholder,
            value: configuration.hidesText ? nil : text,
            hint: hint.isEmpty ? nil : Self.sentences(hint),
            isEnabled: configuration.isEnabled)
    }

    /// Parts spoken one after another: each but the last ends as a sentence ("." added
    /// unless it already ends with terminal punctuation).
    static func sentences(_ parts: [String]) -> String {
        let terminal: Set<Character> = [".", "!", "?", "。", "！", "？"]
        return parts.enumerated().map { index, part in
            guard index < parts.count - 1, let last = part.last, !terminal.contains(last) else { return part }
            return part + "."
        }.joined(separator: " ")
    }

    /// The clear button: a button labelled "Clear text".
    package func clearAccessibility(strings: AccessibilityStrings) -> AccessibilityDescription {
        AccessibilityDescription(role: .button, label: strings.string(.clearText), value: nil)
    }

    /// The reveal button: "Show password", or "Hide password" while the text shows.
    package func revealAccessibility(isRevealed: Bool, strings: AccessibilityStrings)
        -> AccessibilityDescription
    {
        AccessibilityDescription(
            role: .button, label: strings.string(isRevealed ? .hidePassword : .showPassword), value: nil)
    }

    /// The reveal button's SF Symbol: an eye, crossed out while the text shows.
    package static func revealSymbolName(isRevealed: Bool) -> String { isRevealed ? "eye.slash" : "eye" }

    /// The clear button's SF Symbol.
    package static let clearSymbolName = "xmark.circle.fill"
}

/// What assistive technology is told about a text field's editor.
package struct TextFieldAccessibility: Hashable, Sendable {
    /// The field's name.
    package var label: String
    /// The text (`nil` for secure entry: the platform speaks it as hidden).
    package var value: String?
    /// The validation message or helper text, and the counter.
    package var hint: String?
    /// Whether the field takes input.
    package var isEnabled: Bool
}

/// When VoiceOver announces a text field's validation message: when a message appears or
/// changes, not when it stays the same or goes away — announced as "Error, <message>".
package enum TextFieldValidationAnnouncement {
    /// The announcement for the message changing from `previous` to `current` (each `nil`
    /// or empty when there is none), or `nil`.
    package static func announcement(
        previous: String?, current: String?, strings: AccessibilityStrings
    ) -> String? {
        guard let current, !current.isEmpty, current != previous else { return nil }
        return "\(strings.string(.inputError)), \(current)"
    }
}
