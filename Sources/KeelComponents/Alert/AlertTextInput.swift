/// The keyboard an input asks for.
public enum KeyboardKind: String, CaseIterable, Hashable, Sendable {
    /// The default keyboard.
    case standard
    /// Numbers and punctuation.
    case numbersAndPunctuation
    /// Digits.
    case numberPad
    /// Digits and a decimal point.
    case decimalPad
    /// Phone numbers.
    case phonePad
    /// E-mail addresses.
    case emailAddress
    /// URLs.
    case url
}

/// The return key's title.
public enum ReturnKeyKind: String, CaseIterable, Hashable, Sendable {
    /// "return".
    case `default`
    /// "Done".
    case done
    /// "Go".
    case go
    /// "Next".
    case next
    /// "Send".
    case send
    /// "Search".
    case search
}

/// What an input holds, for autofill (UIKit's `UITextContentType` raw values). Apps add
/// kinds with `init(rawValue:)`.
public struct TextContentKind: RawRepresentable, Hashable, Sendable {
    /// The UIKit raw value.
    public let rawValue: String
    /// A kind.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A user name.
    public static let username = TextContentKind(rawValue: "username")
    /// A password.
    public static let password = TextContentKind(rawValue: "password")
    /// A one-time code.
    public static let oneTimeCode = TextContentKind(rawValue: "one-time-code")
    /// An e-mail address.
    public static let emailAddress = TextContentKind(rawValue: "email")
    /// A phone number.
    public static let telephoneNumber = TextContentKind(rawValue: "tel")
}

/// How tall a multi-line input may grow before it scrolls.
public enum TextInputHeightLimit: Hashable, Sendable {
    /// Up to this many lines.
    case lines(Int)
    /// Up to this height in points.
    case height(Double)
    /// No limit (the alert card scrolls instead).
    case unlimited
}

/// Single- or multi-line input.
public enum TextInputLayout: Hashable, Sendable {
    /// One line.
    case singleLine
    /// Several lines, growing up to a limit.
    case multiline(maximum: TextInputHeightLimit)

    /// Multi-line, up to four lines.
    public static let multiline = TextInputLayout.multiline(maximum: .lines(4))
}

/// An alert's text input.
public struct AlertTextInput: Hashable, Sendable {
    /// The placeholder.
    public var placeholder: String
    /// The initial text (cut to the maximum length).
    public var text: String
    /// The keyboard.
    public var keyboard: KeyboardKind
    /// Whether the text is hidden.
    public var isSecureEntry: Bool
    /// The maximum number of characters (grapheme clusters).
    public var maximumLength: Int?
    /// Whether the `n/max` counter shows.
    public var showsCharacterCount: Bool
    /// Single- or multi-line.
    public var layout: TextInputLayout
    /// What the input holds, for autofill.
    public var contentKind: TextContentKind?
    /// The return key.
    public var returnKey: ReturnKeyKind

    /// Called once each time the text reaches ``maximumLength`` (on the edge), with that
    /// limit. Not part of equality.
    public var onLimitReached: (@MainActor @Sendable (_ limit: Int) -> Void)?

    /// An input; invalid combinations throw `TextInputConfigurationError`.
    public init(
        placeholder: String = "", text: String = "", keyboard: KeyboardKind = .standard,
        isSecureEntry: Bool = false,
        maximumLength: Int? = nil, showsCharacterCount: Bool = false, layout: TextInputLayout = .singleLine,
        contentKind: TextContentKind? = nil, returnKey: ReturnKeyKind = .default,
        onLimitReached: (@MainActor @Sendable (_ limit: Int) -> Void)? = nil
    ) throws {
        self.init(
            unvalidatedPlaceholder: placeholder, text: text, keyboard: keyboard, isSecureEntry: isSecureEntry,
            maximumLength: maximumLength, showsCharacterCount: showsCharacterCount, layout: layout,
            contentKind: contentKind, returnKey: returnKey, onLimitReached: onLimitReached)
        try validate()
    }

    /// An input checked later (by ``validate()``, which ``AlertConfiguration`` calls).
    init(
        unvalidatedPlaceholder placeholder: String, text: String = "", keyboard: KeyboardKind = .standard,
        isSecureEntry: Bool = false,
        maximumLength: Int? = nil, showsCharacterCount: Bool = false, layout: TextInputLayout = .singleLine,
        contentKind: TextContentKind? = nil, returnKey: ReturnKeyKind = .default,
        onLimitReached: (@MainActor @Sendable (_ limit: Int) -> Void)? = nil
    ) {
        self.placeholder = placeholder
        self.text = maximumLength.map { String(text.prefix(max(0, $0))) } ?? text
        self.keyboard = keyboard
        self.isSecureEntry = isSecureEntry
        self.maximumLength = maximumLength
        self.showsCharacterCount = showsCharacterCount
        self.layout = layout
        self.contentKind = contentKind
        self.returnKey = returnKey
        self.onLimitReached = onLimitReached
    }

    /// Throws `TextInputConfigurationError` for an invalid combination: a maximum length
    /// that is not positive, a counter without a maximum or on several lines, secure
    /// multi-line entry, a line or height limit that is not positive.
    package func validate() throws {
        if let maximumLength, maximumLength <= 0 {
            throw TextInputConfigurationError.nonPositiveMaximumLength(maximumLength)
        }
        if showsCharacterCount, maximumLength == nil {
            throw TextInputConfigurationError.characterCountWithoutMaximumLength
        }
        if case .multiline(let limit) = layout {
            if showsCharacterCount { throw TextInputConfigurationError.characterCountOnMultiline }
            if isSecureEntry { throw TextInputConfigurationError.secureEntryOnMultiline }
            switch limit {
            case .lines(let lines) where lines <= 0:
                throw TextInputConfigurationError.nonPositiveLineLimit(lines)
            case .height(let height) where !(height.isFinite && height > 0):
                throw TextInputConfigurationError.invalidHeightLimit(height)
            default: break
            }
        }
    }

    /// Tells ``onLimitReached`` that the text reached ``maximumLength`` (nothing without one).
    @MainActor
    package func reportLimitReached() {
        guard let maximumLength else { return }
        onLimitReached?(maximumLength)
    }

    /// Equal when everything but ``onLimitReached`` is.
    public static func == (lhs: AlertTextInput, rhs: AlertTextInput) -> Bool {
        lhs.placeholder == rhs.placeholder && lhs.text == rhs.text && lhs.keyboard == rhs.keyboard
            && lhs.isSecureEntry == rhs.isSecureEntry && lhs.maximumLength == rhs.maximumLength
            && lhs.showsCharacterCount == rhs.showsCharacterCount && lhs.layout == rhs.layout
            && lhs.contentKind == rhs.contentKind && lhs.returnKey == rhs.returnKey
    }

    /// Hashes everything but ``onLimitReached``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(placeholder)
        hasher.combine(text)
        hasher.combine(keyboard)
        hasher.combine(isSecureEntry)
        hasher.combine(maximumLength)
        hasher.combine(showsCharacterCount)
        hasher.combine(layout)
        hasher.combine(contentKind)
        hasher.combine(returnKey)
    }

    /// The limiter for ``maximumLength``.
    package var limiter: TextLengthLimiter? {
        maximumLength.flatMap { try? TextLengthLimiter(maximumLength: $0) }
    }

    /// The input's height for content of `contentHeight` (text height without insets):
    /// at least `minimum`, growing to the limit, after which it scrolls.
    package func height(contentHeight: Double, lineHeight: Double, verticalInset: Double, minimum: Double)
        -> (height: Double, scrolls: Bool)
    {
        let natural = max(minimum, contentHeight + 2 * verticalInset)
        // A single-line field is at least one line plus its insets tall, so it grows with
        // Dynamic Type instead of clipping its text.
        guard case .multiline(let limit) = layout else {
            return (max(minimum, lineHeight + 2 * verticalInset), false)
        }
        let maximum: Double =
            switch limit {
            case .lines(let lines): max(minimum, 2 * verticalInset + lineHeight * Double(lines))
            case .height(let height): max(minimum, height)
            case .unlimited: .infinity
            }
        return (min(natural, maximum), natural > maximum)
    }
}

/// An alert's single accessory.
public enum AlertAccessory: Hashable, Sendable {
    /// A checkbox row (unselected and enabled unless said otherwise).
    case checkbox(title: String, isSelected: Bool = false, isEnabled: Bool = true)
    /// A text input.
    case textInput(AlertTextInput)

    /// A text input, XDDesignKit's way: single-line by default; `onLimitReached` receives
    /// the limit each time the text reaches it. An invalid combination (a counter on several
    /// lines …) is reported by the configuration holding it
    /// (`AlertConfigurationError/textInput(_:)`).
    public static func textInput(
        placeholder: String = "", text: String = "", maximumLength: Int? = nil,
        layout: TextInputLayout = .singleLine, showsCharacterCount: Bool = false,
        keyboard: KeyboardKind = .standard, isSecureEntry: Bool = false,
        onLimitReached: (@MainActor @Sendable (_ limit: Int) -> Void)? = nil
    ) -> AlertAccessory {
        .textInput(
            AlertTextInput(
                unvalidatedPlaceholder: placeholder, text: text, keyboard: keyboard,
                isSecureEntry: isSecureEntry, maximumLength: maximumLength,
                showsCharacterCount: showsCharacterCount, layout: layout, onLimitReached: onLimitReached))
    }

    /// Throws `AlertConfigurationError/textInput(_:)` for an invalid text input.
    package func validate() throws {
        guard case .textInput(let input) = self else { return }
        do { try input.validate() } catch let error as TextInputConfigurationError {
            throw AlertConfigurationError.textInput(error)
        }
    }
}
