/// An opacity in `0...1`.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct OpacityToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 0.08: faint tints.
    public static let subtle = OpacityToken(rawValue: "subtle")
    /// 0.4: disabled content.
    public static let disabled = OpacityToken(rawValue: "disabled")
    /// 0.48: dimming behind alerts and sheets.
    public static let overlay = OpacityToken(rawValue: "overlay")

    /// The built-in tokens, in declaration order.
    package static let allCases: [OpacityToken] = [
        .subtle,
        .disabled,
        .overlay,
    ]
}
