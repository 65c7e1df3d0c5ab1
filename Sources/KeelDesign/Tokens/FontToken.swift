/// A semantic text style, resolved to a ``FontStyle`` by the theme.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct KeelFontToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The largest title (20 pt semibold).
    public static let title1 = KeelFontToken(rawValue: "title1")
    /// A section title (18 pt semibold).
    public static let title2 = KeelFontToken(rawValue: "title2")
    /// A small title (16 pt semibold).
    public static let title3 = KeelFontToken(rawValue: "title3")
    /// Large body text (16 pt).
    public static let bodyLarge = KeelFontToken(rawValue: "body.large")
    /// Body text (14 pt).
    public static let body = KeelFontToken(rawValue: "body")
    /// Medium-weight body text (14 pt).
    public static let bodyMedium = KeelFontToken(rawValue: "body.medium")
    /// Captions (12 pt).
    public static let caption = KeelFontToken(rawValue: "caption")
    /// Medium-weight captions (12 pt).
    public static let captionMedium = KeelFontToken(rawValue: "caption.medium")

    /// The built-in tokens, in declaration order.
    package static let allCases: [KeelFontToken] = [
        .title1,
        .title2,
        .title3,
        .bodyLarge,
        .body,
        .bodyMedium,
        .caption,
        .captionMedium,
    ]
}
