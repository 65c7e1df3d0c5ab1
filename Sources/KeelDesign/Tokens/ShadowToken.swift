/// A shadow style.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct ShadowToken: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The raw value.
    public var description: String { rawValue }

    /// Hashes a cheap fingerprint of the name (lookups are on hot paths); equality still
    /// compares the whole name.
    public func hash(into hasher: inout Hasher) { hasher.combine(TokenName.fingerprint(rawValue)) }

    /// Orders tokens by name.
    public static func < (lhs: ShadowToken, rhs: ShadowToken) -> Bool { lhs.rawValue < rhs.rawValue }

    /// No shadow.
    public static let none = ShadowToken(rawValue: "none")
    /// A resting card: offset (0, 2), radius 8, opacity 0.12.
    public static let card = ShadowToken(rawValue: "card")
    /// A floating surface: offset (0, 6), radius 16, opacity 0.16.
    public static let floating = ShadowToken(rawValue: "floating")

    /// The built-in tokens, in declaration order.
    public static let allCases: [ShadowToken] = [
        .none,
        .card,
        .floating,
    ]
}
