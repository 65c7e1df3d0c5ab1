/// A spacing step in points.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct SpacingToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 4 pt.
    public static let xxs = SpacingToken(rawValue: "xxs")
    /// 8 pt.
    public static let xs = SpacingToken(rawValue: "xs")
    /// 12 pt.
    public static let sm = SpacingToken(rawValue: "sm")
    /// 16 pt.
    public static let md = SpacingToken(rawValue: "md")
    /// 24 pt.
    public static let lg = SpacingToken(rawValue: "lg")
    /// 32 pt.
    public static let xl = SpacingToken(rawValue: "xl")

    /// The built-in tokens, in declaration order.
    package static let allCases: [SpacingToken] = [
        .xxs,
        .xs,
        .sm,
        .md,
        .lg,
        .xl,
    ]
}
