/// A border width, in points or in physical pixels.
public enum BorderWidth: Hashable, Sendable {
    /// A width in points.
    case points(Double)
    /// A width in physical pixels: `n / displayScale` points.
    case physicalPixels(Double)

    /// The width in points on a display with `displayScale` pixels per point (a scale below 1
    /// is treated as 1).
    package func points(displayScale: Double) -> Double {
        switch self {
        case .points(let value): value
        case .physicalPixels(let pixels): pixels / max(displayScale.isFinite ? displayScale : 1, 1)
        }
    }

    /// The stored number (points or pixels).
    package var rawAmount: Double {
        switch self {
        case .points(let value), .physicalPixels(let value): value
        }
    }
}

/// The colour of a shadow: a palette token or a colour of its own.
public enum ShadowColor: Hashable, Sendable {
    /// A colour token of the theme.
    case token(ColorToken)
    /// A themed colour that belongs to the shadow.
    case fixed(KeelThemeColor)
}

/// A drop shadow.
public struct ShadowValue: Hashable, Sendable {
    /// The shadow colour.
    package var color: ShadowColor
    /// Horizontal offset in points.
    package var offsetX: Double
    /// Vertical offset in points.
    package var offsetY: Double
    /// The blur radius in points (CALayer `shadowRadius`; CSS/DTCG blur is twice this).
    package var radius: Double
    /// The opacity applied to the colour, `0...1`.
    package var opacity: Double
    /// Spread in points (not drawn by CALayer; kept for other front ends).
    package var spread: Double

    /// A shadow.
    public init(
        color: ShadowColor = .token(.shadowPrimary), offsetX: Double = 0, offsetY: Double, radius: Double,
        opacity: Double, spread: Double = 0
    ) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.radius = radius
        self.opacity = opacity
        self.spread = spread
    }

    /// No shadow.
    package static let none = ShadowValue(offsetY: 0, radius: 0, opacity: 0)
}

/// How an icon is drawn.
public struct IconStyle: Hashable, Sendable {
    /// The symbol or asset name.
    public var symbolName: String
    /// Whether the icon is mirrored in right-to-left layouts (directional icons).
    public var mirrorsInRightToLeft: Bool

    /// An icon style.
    public init(symbolName: String, mirrorsInRightToLeft: Bool = false) {
        self.symbolName = symbolName
        self.mirrorsInRightToLeft = mirrorsInRightToLeft
    }
}
