import KeelSupport

/// What a badge shows: a dot, or a count that overflows past the theme's maximum (`99+`).
public enum BadgeContent: Hashable, Sendable {
    /// A small dot: something is new, without a number.
    case dot
    /// A number; zero or less hides the badge.
    case count(Int)
}

/// A badge's colour pair. Apps add tones with `init(rawValue:)` and the theme keys
/// `<tone>.background` and `<tone>.text` in the `badge` component; a tone the theme does not
/// describe looks like ``critical``.
public struct BadgeTone: StringIdentifier {
    /// The tone's name (also its theme key prefix).
    public let rawValue: String
    /// A tone.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Needs attention: the palette's error pair (the default).
    public static let critical = BadgeTone(rawValue: "critical")
    /// Information: the palette's info pair.
    public static let info = BadgeTone(rawValue: "info")
    /// Done or fine: the palette's success pair.
    public static let success = BadgeTone(rawValue: "success")
    /// Quiet: primary text as the fill, inverse text on it.
    public static let neutral = BadgeTone(rawValue: "neutral")

    /// The built-in tones.
    package static let allCases: [BadgeTone] = [.critical, .info, .success, .neutral]
}
