import KeelDesign

/// A button's fill.
package enum ButtonBackground: Hashable, Sendable {
    /// One colour (clear for no fill).
    case solid(ColorValue)
    /// A gradient.
    case gradient(LinearColorGradient)

    /// The solid colour, if solid.
    package var solidColor: ColorValue? {
        if case .solid(let color) = self { return color }
        return nil
    }
}

/// A stroke around a shape.
package struct Border: Hashable, Sendable {
    /// The colour.
    package var color: ColorValue
    /// The width in points.
    package var width: Double

    /// A border.
    package init(color: ColorValue, width: Double) {
        self.color = color
        self.width = width
    }
}
