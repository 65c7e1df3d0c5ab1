import KeelDesign

/// A button's fill.
public enum ButtonBackground: Hashable, Sendable {
    /// One colour (clear for no fill).
    case solid(ColorValue)
    /// A gradient.
    case gradient(LinearColorGradient)

    /// The solid colour, if solid.
    public var solidColor: ColorValue? {
        if case .solid(let color) = self { return color }
        return nil
    }
}

/// A stroke around a shape.
public struct Border: Hashable, Sendable {
    /// The colour.
    public var color: ColorValue
    /// The width in points.
    public var width: Double

    /// A border.
    public init(color: ColorValue, width: Double) {
        self.color = color
        self.width = width
    }
}
