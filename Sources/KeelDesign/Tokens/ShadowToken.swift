/// A shadow style.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct ShadowToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No shadow.
    public static let none = ShadowToken(rawValue: "none")
    /// A resting card: offset (0, 2), radius 8, opacity 0.12.
    public static let card = ShadowToken(rawValue: "card")
    /// A floating surface: offset (0, 6), radius 16, opacity 0.16.
    public static let floating = ShadowToken(rawValue: "floating")

    /// The built-in tokens, in declaration order.
    package static let allCases: [ShadowToken] = [
        .none,
        .card,
        .floating,
    ]
}
