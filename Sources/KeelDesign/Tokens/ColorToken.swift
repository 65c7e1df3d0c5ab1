/// A colour in a theme's palette, such as `brand.primary` or `text.primary`.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct ColorToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The brand colour: fills of brand buttons, accents.
    public static let brandPrimary = ColorToken(rawValue: "brand.primary")
    /// The brand colour while pressed.
    public static let brandPrimaryHighlighted = ColorToken(rawValue: "brand.primary.highlighted")
    /// The brand colour of a disabled control.
    public static let brandPrimaryDisabled = ColorToken(rawValue: "brand.primary.disabled")
    /// A faint brand tint for highlighted text buttons.
    public static let brandPrimarySubtle = ColorToken(rawValue: "brand.primary.subtle")
    /// Primary text.
    public static let textPrimary = ColorToken(rawValue: "text.primary")
    /// Secondary text.
    public static let textSecondary = ColorToken(rawValue: "text.secondary")
    /// Tertiary text, placeholders and disabled titles.
    public static let textTertiary = ColorToken(rawValue: "text.tertiary")
    /// Text on brand or dark fills.
    public static let textInverse = ColorToken(rawValue: "text.inverse")
    /// The main surface.
    public static let backgroundPrimary = ColorToken(rawValue: "background.primary")
    /// A secondary surface (grouped rows, secondary buttons).
    public static let backgroundSecondary = ColorToken(rawValue: "background.secondary")
    /// A pressed secondary surface.
    public static let backgroundHighlighted = ColorToken(rawValue: "background.highlighted")
    /// A disabled surface.
    public static let backgroundDisabled = ColorToken(rawValue: "background.disabled")
    /// Hairlines and outlines.
    public static let borderPrimary = ColorToken(rawValue: "border.primary")
    /// Emphasised outlines.
    public static let borderStrong = ColorToken(rawValue: "border.strong")
    /// The colour of shadows.
    public static let shadowPrimary = ColorToken(rawValue: "shadow.primary")
    /// Success status fill.
    public static let success = ColorToken(rawValue: "status.success")
    /// Text and icons on a success fill.
    public static let onSuccess = ColorToken(rawValue: "status.success.on")
    /// Warning status fill.
    public static let warning = ColorToken(rawValue: "status.warning")
    /// Text and icons on a warning fill.
    public static let onWarning = ColorToken(rawValue: "status.warning.on")
    /// Error status fill.
    public static let error = ColorToken(rawValue: "status.error")
    /// Text and icons on an error fill.
    public static let onError = ColorToken(rawValue: "status.error.on")
    /// Informational status fill.
    public static let info = ColorToken(rawValue: "status.info")
    /// Text and icons on an informational fill.
    public static let onInfo = ColorToken(rawValue: "status.info.on")

    /// The built-in tokens, in declaration order.
    package static let allCases: [ColorToken] = [
        .brandPrimary,
        .brandPrimaryHighlighted,
        .brandPrimaryDisabled,
        .brandPrimarySubtle,
        .textPrimary,
        .textSecondary,
        .textTertiary,
        .textInverse,
        .backgroundPrimary,
        .backgroundSecondary,
        .backgroundHighlighted,
        .backgroundDisabled,
        .borderPrimary,
        .borderStrong,
        .shadowPrimary,
        .success,
        .onSuccess,
        .warning,
        .onWarning,
        .error,
        .onError,
        .info,
        .onInfo,
    ]
}
