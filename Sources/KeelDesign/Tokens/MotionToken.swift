/// A motion style: duration and curve.
///
/// Apps add their own with `init(rawValue:)`; an empty raw value is reported by theme
/// validation, never trapped.
public struct MotionToken: DesignToken {
    /// The token's name, dot-separated (`brand.primary`).
    public let rawValue: String

    /// A token with this name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 0 s, linear.
    public static let instant = MotionToken(rawValue: "instant")
    /// 0.15 s, ease out.
    public static let fast = MotionToken(rawValue: "fast")
    /// 0.25 s, ease in-out.
    public static let standard = MotionToken(rawValue: "standard")
    /// 0.35 s, ease in-out.
    public static let emphasized = MotionToken(rawValue: "emphasized")

    /// The built-in tokens, in declaration order.
    package static let allCases: [MotionToken] = [
        .instant,
        .fast,
        .standard,
        .emphasized,
    ]
}
