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

    /// An input; invalid combinations throw ``TextInputConfigurationError``.
    public init(
        placeholder: String = "", text: String = "", keyboard: KeyboardKind = .standard,
        isSecureEntry: Bool = false,
        maximumLength: Int? = nil, showsCharacterCount: Bool = false, layout: TextInputLayout = .singleLine,
        contentKind: TextContentKind? = nil, returnKey: ReturnKeyKind = .default
    ) throws {
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
        self.placeholder = placeholder
        self.text = maximumLength.map { String(text.prefix($0)) } ?? text
        self.keyboard = keyboard
        self.isSecureEntry = isSecureEntry
        self.maximumLength = maximumLength
        self.showsCharacterCount = showsCharacterCount
        self.layout = layout
        self.contentKind = contentKind
        self.returnKey = returnKey
    }

    /// The limiter for ``maximumLength``.
    public var limiter: TextLengthLimiter? {
        maximumLength.flatMap { try? TextLengthLimiter(maximumLength: $0) }
    }

    /// The input's height for content of `contentHeight` (text height without insets):
    /// at least `minimum`, growing to the limit, after which it scrolls.
    public func height(contentHeight: Double, lineHeight: Double, verticalInset: Double, minimum: Double)
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
    /// A checkbox row.
    case checkbox(title: String, isSelected: Bool, isEnabled: Bool)
    /// A text input.
    case textInput(AlertTextInput)
}
