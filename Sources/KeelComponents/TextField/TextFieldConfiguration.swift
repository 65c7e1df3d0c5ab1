/// How many lines a text field holds.
public enum TextFieldLines: Hashable, Sendable {
    /// One line (a text field).
    case single
    /// Several lines (a text area): as tall as `minimum` lines when short, growing with its
    /// content to `maximum` lines, after which it scrolls.
    case multiple(minimum: Int, maximum: Int)

    /// A text area of three to six lines.
    package static let textArea = TextFieldLines.multiple(minimum: 3, maximum: 6)
}

/// A text field or text area: its label, placeholder, helper and error text, icons, clear and
/// reveal buttons, character limit and keyboard.
///
/// ```swift
/// var email = TextFieldConfiguration(
///     label: "E-mail", placeholder: "name@example.com", helperText: "We never share it.",
///     leadingIcon: "envelope", keyboard: .emailAddress, returnKey: .next, contentKind: .emailAddress)
/// email.errorText = "Enter an address like name@example.com."   // the error state, announced
/// ```
///
/// The initialiser never fails: ``validate()`` reports a combination the front ends ignore
/// (a maximum length that is not positive, a counter without a maximum, secure entry on
/// several lines, a line limit that is not positive).
public struct TextFieldConfiguration: Hashable, Sendable {
    /// The label above the field (also what VoiceOver calls the field).
    public var label: String?
    /// The placeholder shown while the field is empty.
    public var placeholder: String
    /// The helper text below the field (replaced by ``errorText`` when there is one).
    public var helperText: String?
    /// The validation message: when not empty, the field shows its error state and VoiceOver
    /// announces the message.
    public var errorText: String?
    /// The SF Symbol at the field's leading edge.
    public var leadingIcon: String?
    /// The SF Symbol at the field's trailing edge (decorative).
    public var trailingIcon: String?
    /// Whether a clear button shows while the field is focused and not empty.
    public var showsClearButton: Bool
    /// Whether the text is hidden, with a button that reveals it (single line only).
    public var isSecureEntry: Bool
    /// The maximum number of characters (grapheme clusters), kept by `TextLengthLimiter`.
    public var maximumLength: Int?
    /// Whether the `n/max` counter shows below the field (needs ``maximumLength``).
    public var showsCharacterCount: Bool
    /// The keyboard.
    public var keyboard: KeyboardKind
    /// The return key.
    public var returnKey: ReturnKeyKind
    /// What the field holds, for autofill.
    public var contentKind: TextContentKind?
    /// One line, or a text area's growth.
    public var lines: TextFieldLines
    /// Whether the field takes input.
    public var isEnabled: Bool
    /// Whether the text can be selected and copied but not changed.
    public var isReadOnly: Bool

    /// A field.
    public init(
        label: String? = nil, placeholder: String = "", helperText: String? = nil, errorText: String? = nil,
        leadingIcon: String? = nil, trailingIcon: String? = nil, showsClearButton: Bool = false,
        isSecureEntry: Bool = false, maximumLength: Int? = nil, showsCharacterCount: Bool = false,
        keyboard: KeyboardKind = .standard, returnKey: ReturnKeyKind = .default,
        contentKind: TextContentKind? = nil, lines: TextFieldLines = .single, isEnabled: Bool = true,
        isReadOnly: Bool = false
    ) {
        self.label = label
        self.placeholder = placeholder
        self.helperText = helperText
        self.errorText = errorText
        self.leadingIcon = leadingIcon
        self.trailingIcon = trailingIcon
        self.showsClearButton = showsClearButton
        self.isSecureEntry = isSecureEntry
        self.maximumLength = maximumLength
        self.showsCharacterCount = showsCharacterCount
        self.keyboard = keyboard
        self.returnKey = returnKey
        self.contentKind = contentKind
        self.lines = lines
        self.isEnabled = isEnabled
        self.isReadOnly = isReadOnly
    }

    /// Throws `TextInputConfigurationError` for a combination the front ends ignore: a
    /// maximum length that is not positive, a counter without a maximum, secure entry on
    /// several lines, a line limit that is not positive.
    public func validate() throws {
        if let maximumLength, maximumLength <= 0 {
            throw TextInputConfigurationError.nonPositiveMaximumLength(maximumLength)
        }
        if showsCharacterCount, maximumLength == nil {
            throw TextInputConfigurationError.characterCountWithoutMaximumLength
        }
        if case .multiple(let minimum, let maximum) = lines {
            if isSecureEntry { throw TextInputConfigurationError.secureEntryOnMultiline }
            if maximum <= 0 { throw TextInputConfigurationError.nonPositiveLineLimit(maximum) }
            if minimum <= 0 { throw TextInputConfigurationError.nonPositiveLineLimit(minimum) }
        }
    }

    // MARK: - What the front ends use (invalid parts ignored)

    /// The limiter for a positive ``maximumLength``.
    package var limiter: TextLengthLimiter? {
        maximumLength.flatMap { try? TextLengthLimiter(maximumLength: $0) }
    }

    /// Whether the field is a text area.
    package var isMultiline: Bool {
        if case .multiple = lines { return true }
        return false
    }

    /// The line range of a text area, sanitised (at least one line, minimum ≤ maximum); one
    /// line for a text field.
    package var lineRange: ClosedRange<Int> {
        guard case .multiple(let minimum, let maximum) = lines else { return 1...1 }
        let upper = max(1, maximum)
        return min(max(1, minimum), upper)...upper
    }

    /// Whether the text is hidden: secure entry on one line.
    package var hidesText: Bool { isSecureEntry && !isMultiline }

    /// Whether the text can change: enabled and not read-only.
    package var isEditable: Bool { isEnabled && !isReadOnly }

    /// The validation message when not empty.
    package var shownError: String? {
        guard let errorText, !errorText.isEmpty else { return nil }
        return errorText
    }

    /// The text below the field: the validation message, else the helper text (`nil` when
    /// neither is set).
    package var supportingText: String? {
        if let shownError { return shownError }
        guard let helperText, !helperText.isEmpty else { return nil }
        return helperText
    }

    /// The label when not empty.
    package var shownLabel: String? {
        guard let label, !label.isEmpty else { return nil }
        return label
    }

    /// The counter for `text`, `nil` unless the count shows and the maximum is positive.
    package func counter(for text: String) -> CharacterCounter? {
        guard showsCharacterCount, let limiter else { return nil }
        return CharacterCounter(count: text.count, maximum: limiter.maximumLength)
    }

    /// Which optional elements show for `text` in a field that is (or is not) focused.
    package func accessories(text: String, isFocused: Bool) -> TextFieldAccessories {
        TextFieldAccessories(
            leadingIcon: leadingIcon != nil,
            clearButton: showsClearButton && isEditable && isFocused && !text.isEmpty,
            revealButton: hidesText && isEnabled,
            trailingIcon: trailingIcon != nil)
    }
}

/// The optional elements a text field shows.
package struct TextFieldAccessories: Hashable, Sendable {
    /// The leading icon.
    package var leadingIcon: Bool
    /// The clear button (focused, editable, not empty).
    package var clearButton: Bool
    /// The reveal button (secure entry).
    package var revealButton: Bool
    /// The trailing icon.
    package var trailingIcon: Bool

    /// An element's opacity: 1 when shown, else 0 (a front end that keeps every view).
    package static func opacity(_ shown: Bool) -> Double { shown ? 1 : 0 }
}
