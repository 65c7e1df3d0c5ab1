import KeelDesign

/// A button's fill.
public enum ButtonBackground: Hashable, Sendable {
    /// One colour (clear for no fill).
    case solid(Color)
    /// A gradient.
    case gradient(LinearColorGradient)

    /// The solid colour, if solid.
    public var solidColor: Color? {
        if case .solid(let color) = self { return color }
        return nil
    }
}

/// A stroke around a shape.
public struct Border: Hashable, Sendable {
    /// The colour.
    public var color: Color
    /// The width in points.
    public var width: Double

    /// A border.
    public init(color: Color, width: Double) {
        self.color = color
        self.width = width
    }
}
