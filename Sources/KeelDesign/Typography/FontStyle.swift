/// How a font reacts to the user's Dynamic Type setting.
public enum FontScaling: Hashable, Sendable {
    /// Always the base size: the explicit escape hatch for layouts that cannot grow.
    case fixed
    /// Scales along the style's text style, capped at `maximum` points when given.
    case dynamic(maximum: Double?)

    /// Scales without a cap.
    public static let dynamic = FontScaling.dynamic(maximum: nil)
}

/// A typographic style: family candidates, size, weight, line height, tracking and how it
/// scales.
public struct FontStyle: Hashable, Sendable {
    /// Families in order of preference; the system font is always the last resort.
    package var families: [FontFamily]
    /// The size in points at the default (Large) text size.
    package var size: Double
    /// The weight.
    package var weight: FontWeight
    /// The line height in points at the base size (`nil`: the font's natural leading).
    package var lineHeight: Double?
    /// Extra space between characters, in points.
    package var letterSpacing: Double
    /// The Dynamic Type curve the size follows.
    package var textStyle: TextStyle
    /// Fixed or dynamic (with an optional maximum).
    package var scaling: FontScaling

    /// A style; families default to PingFang SC, then the system font.
    public init(
        families: [FontFamily] = [.pingFangSC, .system], size: Double, weight: FontWeight = .regular,
        lineHeight: Double? = nil, letterSpacing: Double = 0, textStyle: TextStyle = .body,
        scaling: FontScaling = .dynamic
    ) {
        self.families = families
        self.size = size
        self.weight = weight
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.textStyle = textStyle
        self.scaling = scaling
    }

    /// A fixed-size style that ignores Dynamic Type: the deliberate escape hatch for the few
    /// places that cannot grow (prefer a token; promote a size used across screens to one).
    package static func fixed(
        _ weight: FontWeight, _ size: Double, families: [FontFamily] = [.pingFangSC, .system]
    ) -> FontStyle {
        FontStyle(families: families, size: size, weight: weight, scaling: .fixed)
    }

    /// The size at `category`, following ``scaling``.
    package func scaledSize(at category: TextSizeCategory) -> Double {
        switch scaling {
        case .fixed: size
        case .dynamic(let maximum): DynamicTypeTable.scaled(size, textStyle, category, maximum: maximum)
        }
    }

    /// The line height at `category`: the base line height times the size's growth.
    package func scaledLineHeight(at category: TextSizeCategory) -> Double? {
        guard let lineHeight else { return nil }
        guard size > 0 else { return lineHeight }
        return lineHeight * scaledSize(at: category) / size
    }
}
