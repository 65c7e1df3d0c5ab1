/// An icon, named by its symbol; the theme says how it is drawn.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct KeelIconToken: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
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
    public static func < (lhs: KeelIconToken, rhs: KeelIconToken) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A forward chevron (mirrored in right-to-left layouts).
    public static let arrowForward = KeelIconToken(rawValue: "arrow.forward")
    /// A check mark in a circle.
    public static let checkmarkCircle = KeelIconToken(rawValue: "checkmark.circle")
    /// A refresh arrow.
    public static let refresh = KeelIconToken(rawValue: "refresh")

    /// The built-in tokens, in declaration order.
    public static let allCases: [KeelIconToken] = [
        .arrowForward,
        .checkmarkCircle,
        .refresh,
    ]
}
