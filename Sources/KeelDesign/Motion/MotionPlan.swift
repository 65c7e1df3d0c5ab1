/// How a front end runs one resolved motion: the decision `UIView` animation helpers used to
/// make themselves, so every platform animates the same change the same way.
package enum MotionPlan: Hashable, Sendable {
    /// Apply the change at once and report it finished.
    case immediate
    /// Cross-fade over `duration` seconds.
    case crossFade(duration: Double)
    /// Animate along `timing` for `duration` seconds after `delay` seconds.
    case animate(timing: MotionTiming, duration: Double, delay: Double)
}

/// The timing of an animated ``MotionPlan``: a spring, or a cubic Bézier curve through the
/// control points `(x1, y1)` and `(x2, y2)`.
package enum MotionTiming: Hashable, Sendable {
    /// A spring with mass, stiffness and damping.
    case spring(Spring)
    /// A cubic Bézier timing curve.
    case cubic(x1: Double, y1: Double, x2: Double, y2: Double)
}

extension ResolvedMotion {
    /// How to run this motion: at once when `animated` is false, the kind is instant or the
    /// duration is not a positive number; a cross-fade for Reduce Motion's cross-fade; the
    /// curve otherwise.
    package func plan(animated: Bool) -> MotionPlan {
        guard animated, kind != .instant, duration > 0, duration.isFinite else { return .immediate }
        if kind == .crossFade { return .crossFade(duration: duration) }
        let delay = delay.isFinite ? max(0, delay) : 0
        if case .spring(let spring) = curve {
            return .animate(timing: .spring(spring), duration: duration, delay: delay)
        }
        let p = curve.controlPoints ?? [0, 0, 1, 1]
        return .animate(
            timing: .cubic(x1: p[0], y1: p[1], x2: p[2], y2: p[3]), duration: duration, delay: delay)
    }
}
