/// A layer level: the z-order of a surface (higher draws above).
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct ElevationToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 0: ordinary content.
    public static let content = ElevationToken(rawValue: "content")
    /// 100: sticky headers.
    public static let sticky = ElevationToken(rawValue: "sticky")
    /// 1000: sheets and dimming.
    public static let overlay = ElevationToken(rawValue: "overlay")
    /// 1100: toasts.
    public static let toast = ElevationToken(rawValue: "toast")
    /// 1200: alerts.
    public static let alert = ElevationToken(rawValue: "alert")

    /// The built-in tokens, in declaration order.
    package static let allCases: [ElevationToken] = [
        .content,
        .sticky,
        .overlay,
        .toast,
        .alert,
    ]
}
