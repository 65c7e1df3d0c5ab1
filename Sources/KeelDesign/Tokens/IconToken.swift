/// An icon, named by its symbol; the theme says how it is drawn.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct KeelIconToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A forward chevron (mirrored in right-to-left layouts).
    public static let arrowForward = KeelIconToken(rawValue: "arrow.forward")
    /// A check mark in a circle.
    public static let checkmarkCircle = KeelIconToken(rawValue: "checkmark.circle")
    /// A refresh arrow.
    public static let refresh = KeelIconToken(rawValue: "refresh")

    /// The built-in tokens, in declaration order.
    package static let allCases: [KeelIconToken] = [
        .arrowForward,
        .checkmarkCircle,
        .refresh,
    ]
}
