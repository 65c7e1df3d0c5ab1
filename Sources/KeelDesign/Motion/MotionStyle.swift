/// What an animation becomes when the user asks for reduced motion.
public enum ReducedMotionBehavior: Hashable, Sendable {
    /// No animation: the change happens at once.
    case instant
    /// A cross-fade of the given duration replaces the movement.
    case crossFade(duration: Double)
}

/// A motion style: duration, delay and curve.
public struct MotionStyle: Hashable, Sendable {
    /// The duration in seconds. A spring curve runs for its settling duration instead (the
    /// value kept here is what a platform needs when it asks for one).
    package var duration: Double
    /// The curve.
    package var curve: MotionCurve
    /// The delay before starting, in seconds.
    package var delay: Double
    /// The replacement under Reduce Motion.
    package var reducedMotion: ReducedMotionBehavior

    /// A motion style.
    public init(
        duration: Double, curve: MotionCurve, delay: Double = 0,
        reducedMotion: ReducedMotionBehavior = .instant
    ) {
        self.duration = duration
        self.curve = curve
        self.delay = delay
        self.reducedMotion = reducedMotion
    }
}

/// A motion style resolved for the current traits.
public struct ResolvedMotion: Hashable, Sendable {
    /// How the change is shown.
    package enum Kind: Hashable, Sendable {
        /// Animate the movement along ``ResolvedMotion/curve``.
        case animate
        /// Cross-fade (Reduce Motion).
        case crossFade
        /// Apply at once (Reduce Motion, or a zero duration).
        case instant
    }

    /// How the change is shown.
    package var kind: Kind
    /// The duration in seconds (0 for `instant`).
    package var duration: Double
    /// The delay in seconds.
    package var delay: Double
    /// The curve (linear for a cross-fade or an instant change).
    package var curve: MotionCurve

    /// Resolves `style` with or without Reduce Motion.
    package init(style: MotionStyle, reduceMotion: Bool) {
        guard reduceMotion else {
            // A spring runs until it settles, whatever the token's duration says: the SwiftUI
            // components ended (and removed their host) at the token's duration, about a second
            // before a soft spring that UIKit's animator ran to the end had stopped.
            let length: Double =
                if case .spring(let spring) = style.curve, let settling = spring.settlingDuration() {
                    settling
                } else {
                    style.duration
                }
            kind = length > 0 ? .animate : .instant
            duration = length
            delay = style.delay
            curve = style.curve
            return
        }
        switch style.reducedMotion {
        case .instant:
            kind = .instant
            duration = 0
        case .crossFade(let fade):
            kind = fade > 0 ? .crossFade : .instant
            duration = max(0, fade)
        }
        delay = 0
        curve = .linear
    }
}
