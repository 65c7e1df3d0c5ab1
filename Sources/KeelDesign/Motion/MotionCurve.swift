/// The timing curve of an animation.
public enum MotionCurve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Starts slowly: cubic Bézier (0.42, 0, 1, 1).
    case easeIn
    /// Ends slowly: cubic Bézier (0, 0, 0.58, 1).
    case easeOut
    /// Starts and ends slowly: cubic Bézier (0.42, 0, 0.58, 1).
    case easeInOut
    /// A CSS-style cubic Bézier with control points (x1, y1) and (x2, y2); x values in `0...1`.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A spring; the animation's duration is the spring's settling duration.
    case spring(Spring)

    /// The control points of the curve as a cubic Bézier (`nil` for a spring).
    package var controlPoints: [Double]? {
        switch self {
        case .linear: [0, 0, 1, 1]
        case .easeIn: [0.42, 0, 1, 1]
        case .easeOut: [0, 0, 0.58, 1]
        case .easeInOut: [0.42, 0, 0.58, 1]
        case .cubicBezier(let x1, let y1, let x2, let y2): [x1, y1, x2, y2]
        case .spring: nil
        }
    }

    /// The named curve with these control points, or a `cubicBezier`.
    package static func bezier(_ points: [Double]) -> MotionCurve {
        for named in [MotionCurve.linear, .easeIn, .easeOut, .easeInOut] where named.controlPoints == points {
            return named
        }
        let p = points + Array(repeating: 0, count: max(0, 4 - points.count))
        return .cubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
    }
}
