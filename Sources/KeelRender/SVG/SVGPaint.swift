import KeelDesign

/// One stop of a gradient.
public struct GradientStop: Hashable, Sendable {
    /// Where the stop sits along the gradient, `0...1`.
    public var offset: Double
    /// The colour at the stop (its alpha becomes `stop-opacity`).
    public var color: Color

    /// A stop.
    public init(offset: Double, color: Color) {
        self.offset = offset
        self.color = color
    }
}

/// A linear gradient in the shape's bounding box: `start` and `end` are unit coordinates
/// (`(0, 0)` top left, `(1, 1)` bottom right).
public struct LinearGradient: Hashable, Sendable {
    /// The colour stops, in order.
    public var stops: [GradientStop]
    /// The start point in unit coordinates.
    public var start: RenderPoint
    /// The end point in unit coordinates.
    public var end: RenderPoint

    /// A gradient; by default left to right.
    public init(
        stops: [GradientStop], start: RenderPoint = RenderPoint(x: 0, y: 0),
        end: RenderPoint = RenderPoint(x: 1, y: 0)
    ) {
        self.stops = stops
        self.start = start
        self.end = end
    }

    /// The same gradient running the other way horizontally (for right-to-left layouts).
    public var mirrored: LinearGradient {
        LinearGradient(
            stops: stops, start: RenderPoint(x: 1 - start.x, y: start.y),
            end: RenderPoint(x: 1 - end.x, y: end.y))
    }
}

/// How a shape is filled.
public enum SVGPaint: Hashable, Sendable {
    /// Not filled.
    case none
    /// A solid colour (alpha becomes `fill-opacity`).
    case color(Color)
    /// A linear gradient.
    case linearGradient(LinearGradient)
}

/// How a shape's outline is drawn.
public struct SVGStroke: Hashable, Sendable {
    /// The line colour.
    public var color: Color
    /// The line width in points.
    public var width: Double
    /// Dash and gap lengths (empty: solid).
    public var dash: [Double]
    /// Round caps and joins instead of butt caps and miter joins.
    public var rounded: Bool

    /// A stroke.
    public init(color: Color, width: Double, dash: [Double] = [], rounded: Bool = false) {
        self.color = color
        self.width = width
        self.dash = dash
        self.rounded = rounded
    }
}

/// A drop shadow, drawn with an SVG filter (blur of the shape's alpha, offset, flooded with
/// the colour, under the shape).
public struct SVGShadow: Hashable, Sendable {
    /// The shadow colour, alpha included.
    public var color: Color
    /// Horizontal offset in points.
    public var offsetX: Double
    /// Vertical offset in points.
    public var offsetY: Double
    /// Blur radius in points (CSS / UIKit `shadowRadius`; the Gaussian deviation is half).
    public var blur: Double
    /// Spread in points (the alpha mask grows by this much before blurring).
    public var spread: Double

    /// A shadow.
    public init(color: Color, offsetX: Double = 0, offsetY: Double, blur: Double, spread: Double = 0) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
    }

    /// A shadow from a resolved theme shadow; `nil` when it is invisible.
    public init?(_ shadow: ResolvedShadow) {
        guard shadow.color.alpha > 0 else { return nil }
        self.init(
            color: shadow.color, offsetX: shadow.offsetX, offsetY: shadow.offsetY, blur: shadow.radius,
            spread: shadow.spread)
    }
}
