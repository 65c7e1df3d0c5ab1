/// A log message with privacy-annotated interpolations.
///
/// ```swift
/// logger.info("signed in \(email, privacy: .private(mask: .hash)) after \(attempts) tries")
/// ```
///
/// Interpolated values are kept apart from the literal text until the logging system renders
/// the message, redacting private values when its configuration says so. Integers, binary
/// floating-point numbers, booleans and durations are public by default; anything else
/// (`Decimal` amounts and strings included) is private by default.
public struct LogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    @usableFromInline
    enum Segment: Sendable {
        case literal(String)
        case value(String, LogPrivacy.Kind, isNumeric: Bool)
    }

    @usableFromInline
    var segments: [Segment]

    /// A message that is only literal text.
    @inlinable
    public init(stringLiteral value: String) {
        segments = [.literal(value)]
    }

    /// Builds a message from an interpolation.
    @inlinable
    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
    }

    /// The message with every value shown (no redaction): for debugging and tests.
    package var description: String {
        render(redacting: false, hasher: .processWide).text
    }

    /// Whether any interpolated value is private under `redacting`-on rules.
    package var hasPrivateValues: Bool {
        segments.contains { segment in
            if case .value(_, let kind, let isNumeric) = segment {
                return LogMessage.isPrivate(kind, isNumeric: isNumeric)
            }
            return false
        }
    }

    static func isPrivate(_ kind: LogPrivacy.Kind, isNumeric: Bool) -> Bool {
        switch kind {
        case .automatic: !isNumeric
        case .visible: false
        case .hidden: true
        }
    }

    /// Renders the text; `containsPrivateValues` tells whether raw private values remain in it.
    func render(redacting: Bool, hasher: PrivacyHasher) -> (text: String, containsPrivateValues: Bool) {
        if segments.count == 1, case .literal(let text) = segments[0] {
            return (text, false)
        }
        var text = ""
        var capacity = 0
        for segment in segments {
            switch segment {
            case .literal(let literal): capacity += literal.utf8.count
            case .value(let value, _, _): capacity += max(value.utf8.count, 16)
            }
        }
        text.reserveCapacity(capacity)
        var containsPrivate = false
        for segment in segments {
            switch segment {
            case .literal(let literal):
                text += literal
            case .value(let value, let kind, let isNumeric):
                guard LogMessage.isPrivate(kind, isNumeric: isNumeric) else {
                    text += value
                    continue
                }
                if !redacting {
                    text += value
                    containsPrivate = true
                } else if case .hidden(.hash) = kind {
                    text += hasher.mask(value)
                } else {
                    text += "<private>"
                }
            }
        }
        return (text, containsPrivate)
    }

    /// Collects the literal text and the values of a ``LogMessage``.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        @usableFromInline
        var segments: [Segment]

        /// Reserves room for the parts of one message.
        @inlinable
        public init(literalCapacity: Int, interpolationCount: Int) {
            segments = []
            segments.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Appends literal text.
        @inlinable
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { segments.append(.literal(literal)) }
        }

        /// Appends any value (a string as it is), private by default when redaction is on.
        @inlinable
        public mutating func appendInterpolation<T>(_ value: T, privacy: LogPrivacy = .auto) {
            // A `String` is taken as it is (specialised, the test and cast fold away); an optional
            // one prints as `Optional("…")`, as `String(describing:)` writes it.
            let text = T.self == String.self ? value as! String : String(describing: value)
            segments.append(.value(text, privacy.kind, isNumeric: false))
        }

        /// Appends an integer of any width, public by default.
        @inlinable
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, privacy: LogPrivacy = .auto) {
            segments.append(.value(String(value), privacy.kind, isNumeric: true))
        }

        /// Appends a binary floating-point number (`Double`, `Float`, `CGFloat`), public by
        /// default. (A `Decimal` is usually money and stays private unless marked public.)
        @inlinable
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(
            _ value: T, privacy: LogPrivacy = .auto
        ) {
            segments.append(.value(String(describing: value), privacy.kind, isNumeric: true))
        }

        /// Appends a Boolean, public by default.
        @inlinable
        public mutating func appendInterpolation(_ value: Bool, privacy: LogPrivacy = .auto) {
            segments.append(.value(value ? "true" : "false", privacy.kind, isNumeric: true))
        }

        /// Appends a duration, public by default.
        @inlinable
        public mutating func appendInterpolation(_ value: Duration, privacy: LogPrivacy = .auto) {
            segments.append(.value(String(describing: value), privacy.kind, isNumeric: true))
        }
    }
}
