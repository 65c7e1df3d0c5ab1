/// A corner radius in points.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct RadiusToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 2 pt.
    public static let xs = RadiusToken(rawValue: "xs")
    /// 4 pt.
    public static let sm = RadiusToken(rawValue: "sm")
    /// 8 pt.
    public static let md = RadiusToken(rawValue: "md")
    /// 12 pt.
    public static let lg = RadiusToken(rawValue: "lg")
    /// 999 pt: fully rounded ends.
    public static let pill = RadiusToken(rawValue: "pill")

    /// The built-in tokens, in declaration order.
    package static let allCases: [RadiusToken] = [
        .xs,
        .sm,
        .md,
        .lg,
        .pill,
    ]
}
