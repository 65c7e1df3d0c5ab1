/// An icon size in points.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct IconSizeToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 16 pt.
    public static let small = IconSizeToken(rawValue: "small")
    /// 20 pt: button icons.
    public static let medium = IconSizeToken(rawValue: "medium")
    /// 24 pt: alert and checkbox icons.
    public static let large = IconSizeToken(rawValue: "large")
    /// 28 pt: large close buttons.
    public static let extraLarge = IconSizeToken(rawValue: "extra.large")

    /// The built-in tokens, in declaration order.
    package static let allCases: [IconSizeToken] = [
        .small,
        .medium,
        .large,
        .extraLarge,
    ]
}
