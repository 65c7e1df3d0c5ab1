/// A border width (see ``BorderWidth`` for points versus physical pixels).
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct BorderWidthToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// One physical pixel: `1 / displayScale` points.
    public static let hairline = BorderWidthToken(rawValue: "hairline")
    /// 0.5 pt.
    public static let thin = BorderWidthToken(rawValue: "thin")
    /// 1 pt.
    public static let regular = BorderWidthToken(rawValue: "regular")
    /// 2 pt.
    public static let strong = BorderWidthToken(rawValue: "strong")

    /// The built-in tokens, in declaration order.
    package static let allCases: [BorderWidthToken] = [
        .hairline,
        .thin,
        .regular,
        .strong,
    ]
}
