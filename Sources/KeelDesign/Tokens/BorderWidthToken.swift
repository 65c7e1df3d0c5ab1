/// A border width (see ``BorderWidth`` for points versus physical pixels).
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct BorderWidthToken: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
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
    public static func < (lhs: BorderWidthToken, rhs: BorderWidthToken) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// One physical pixel: `1 / displayScale` points.
    public static let hairline = BorderWidthToken(rawValue: "hairline")
    /// 0.5 pt.
    public static let thin = BorderWidthToken(rawValue: "thin")
    /// 1 pt.
    public static let regular = BorderWidthToken(rawValue: "regular")
    /// 2 pt.
    public static let strong = BorderWidthToken(rawValue: "strong")

    /// The built-in tokens, in declaration order.
    public static let allCases: [BorderWidthToken] = [
        .hairline,
        .thin,
        .regular,
        .strong,
    ]
}
