/// UIScrollView-style rubber-band resistance for dragging past an edge.
package enum RubberBand {
    /// The classic coefficient: the initial resistance factor.
    package static let defaultCoefficient = 0.55

    /// The displayed overshoot for a drag `offset` past the edge:
    /// `b(x) = (c·x·d) / (d + c·x)`, applied symmetrically with the sign of `offset`.
    /// It starts with slope `c` and never exceeds `dimension`.
    package static func offset(_ offset: Double, dimension: Double, coefficient: Double = defaultCoefficient)
        -> Double
    {
        guard dimension > 0, offset.isFinite, offset != 0 else { return 0 }
        let magnitude = abs(offset)
        let result = (coefficient * magnitude * dimension) / (dimension + coefficient * magnitude)
        return offset < 0 ? -result : result
    }

    /// `value` limited to `range`, with rubber-band resistance outside it.
    package static func clamp(
        _ value: Double, to range: ClosedRange<Double>, dimension: Double,
        coefficient: Double = defaultCoefficient
    ) -> Double {
        if value > range.upperBound {
            return range.upperBound
                + offset(value - range.upperBound, dimension: dimension, coefficient: coefficient)
        }
        if value < range.lowerBound {
            return range.lowerBound
                - offset(range.lowerBound - value, dimension: dimension, coefficient: coefficient)
        }
        return value
    }
}
