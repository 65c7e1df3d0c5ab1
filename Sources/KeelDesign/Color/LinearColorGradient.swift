/// A colour at a position along a gradient: the one gradient-stop type, whether the colour is
/// a resolved ``ColorValue`` (components, the renderer) or a token file's `DTCGColor` (KeelDTCG).
package struct GradientStop<StopColor: Hashable & Sendable>: Hashable, Sendable {
    /// The colour.
    package var color: StopColor
    /// The position along the gradient, from 0 to 1.
    package var location: Double

    /// A stop.
    package init(color: StopColor, location: Double) {
        self.color = color
        self.location = location
    }
}

/// A linear gradient in unit coordinates of the filled bounds (`(0, 0)` top left to `(1, 1)`
/// bottom right): what a button's fill is and what the renderer draws.
package struct LinearColorGradient: Hashable, Sendable {
    /// The stops, at least two.
    package private(set) var stops: [GradientStop<ColorValue>]
    /// The start point.
    package private(set) var start: Point
    /// The end point.
    package private(set) var end: Point

    /// A gradient; fewer than two stops or a non-finite point or location are rejected with a
    /// ``GradientError``.
    package init(stops: [GradientStop<ColorValue>], start: Point, end: Point) throws {
        guard stops.count >= 2 else { throw GradientError.needsTwoStops(stops.count) }
        let numbers = [start.x, start.y, end.x, end.y] + stops.map(\.location)
        guard numbers.allSatisfy(\.isFinite) else { throw GradientError.nonFinite }
        self.init(unchecked: stops, start: start, end: end)
    }

    private init(unchecked stops: [GradientStop<ColorValue>], start: Point, end: Point) {
        self.stops = stops
        self.start = start
        self.end = end
    }

    /// Two colours from the leading to the trailing edge (start and end swap in a
    /// right-to-left layout, so the gradient follows reading direction).
    package static func horizontal(
        _ from: ColorValue, _ to: ColorValue, direction: TextDirection = .leftToRight
    )
        -> LinearColorGradient
    {
        let gradient = LinearColorGradient(
            unchecked: [GradientStop(color: from, location: 0), GradientStop(color: to, location: 1)],
            start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5))
        return direction == .rightToLeft ? gradient.mirrored : gradient
    }

    /// The same gradient running the other way horizontally (for right-to-left layouts).
    package var mirrored: LinearColorGradient {
        LinearColorGradient(
            unchecked: stops, start: Point(x: 1 - start.x, y: start.y), end: Point(x: 1 - end.x, y: end.y))
    }
}

/// Why a gradient is invalid.
package enum GradientError: Error, Hashable, Sendable {
    /// A gradient with fewer than two stops.
    case needsTwoStops(Int)
    /// A gradient with a non-finite point or location.
    case nonFinite
}
