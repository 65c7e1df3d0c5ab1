import KeelDesign

/// A colour at a position along a gradient.
public struct GradientStop: Hashable, Sendable {
    /// The colour.
    public var color: Color
    /// The position from 0 to 1.
    public var location: Double

    /// A stop.
    public init(color: Color, location: Double) {
        self.color = color
        self.location = location
    }
}

/// A linear gradient in unit coordinates of the bounds (0,0 top-left to 1,1 bottom-right).
public struct LinearGradient: Hashable, Sendable {
    /// The stops, at least two.
    public var stops: [GradientStop]
    /// The start point.
    public var start: Point
    /// The end point.
    public var end: Point

    /// A gradient; fewer than two stops or non-finite points are rejected.
    public init(stops: [GradientStop], start: Point, end: Point) throws {
        guard stops.count >= 2 else { throw ButtonThemeError.gradientNeedsTwoStops(stops.count) }
        let numbers = [start.x, start.y, end.x, end.y] + stops.map(\.location)
        guard numbers.allSatisfy(\.isFinite) else { throw ButtonThemeError.nonFiniteGradient }
        self.stops = stops
        self.start = start
        self.end = end
    }

    /// Two colours from the leading to the trailing edge (start and end swap in a
    /// right-to-left layout, so the gradient follows reading direction).
    public static func horizontal(_ from: Color, _ to: Color, direction: LayoutDirection = .leftToRight)
        -> LinearGradient
    {
        let stops = [GradientStop(color: from, location: 0), GradientStop(color: to, location: 1)]
        let leading = Point(x: direction == .rightToLeft ? 1 : 0, y: 0.5)
        let trailing = Point(x: direction == .rightToLeft ? 0 : 1, y: 0.5)
        // Two valid stops and finite points: cannot fail.
        return (try? LinearGradient(stops: stops, start: leading, end: trailing))
            ?? LinearGradient(unchecked: stops, start: leading, end: trailing)
    }

    private init(unchecked stops: [GradientStop], start: Point, end: Point) {
        self.stops = stops
        self.start = start
        self.end = end
    }
}

/// A button's fill.
public enum ButtonBackground: Hashable, Sendable {
    /// One colour (clear for no fill).
    case solid(Color)
    /// A gradient.
    case gradient(LinearGradient)

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

/// Why a button theme value is invalid.
public enum ButtonThemeError: Error, Hashable, Sendable {
    /// A gradient with fewer than two stops.
    case gradientNeedsTwoStops(Int)
    /// A gradient with a non-finite point or location.
    case nonFiniteGradient
}
