import KeelDesign

/// How a shape is filled.
package enum SVGPaint: Hashable, Sendable {
    /// Not filled.
    case none
    /// A solid colour (alpha becomes `fill-opacity`).
    case color(ColorValue)
    /// A linear gradient.
    case linearGradient(LinearColorGradient)
}

/// How a shape's outline is drawn.
package struct SVGStroke: Hashable, Sendable {
    /// The line colour.
    package var color: ColorValue
    /// The line width in points.
    package var width: Double
    /// Dash and gap lengths (empty: solid).
    package var dash: [Double]
    /// Round caps and joins instead of butt caps and miter joins.
    package var rounded: Bool

    /// A stroke.
    package init(color: ColorValue, width: Double, dash: [Double] = [], rounded: Bool = false) {
        self.color = color
        self.width = width
        self.dash = dash
        self.rounded = rounded
    }
}

/// A drop shadow, drawn with an SVG filter (blur of the shape's alpha, offset, flooded with
/// the colour, under the shape).
package struct SVGShadow: Hashable, Sendable {
    /// The shadow colour, alpha included.
    package var color: ColorValue
    /// Horizontal offset in points.
    package var offsetX: Double
    /// Vertical offset in points.
    package var offsetY: Double
    /// Blur radius in points (CSS / UIKit `shadowRadius`; the Gaussian deviation is half).
    package var blur: Double
    /// Spread in points (the alpha mask grows by this much before blurring).
    package var spread: Double

    /// A shadow.
    package init(color: ColorValue, offsetX: Double = 0, offsetY: Double, blur: Double, spread: Double = 0) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
    }

    /// A shadow from a resolved theme shadow; `nil` when it is invisible.
    package init?(_ shadow: ResolvedShadow) {
        guard shadow.color.alpha > 0 else { return nil }
        self.init(
            color: shadow.color, offsetX: shadow.offsetX, offsetY: shadow.offsetY, blur: shadow.radius,
            spread: shadow.spread)
    }
}
