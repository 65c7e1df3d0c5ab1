import KeelDesign

/// The animation a keyboard frame change announces, read from the platform's notification:
/// what an overlay animates its layout alongside. Missing or invalid values mean "at once".
package struct KeyboardTransition: Hashable, Sendable {
    /// The duration in seconds (0 when missing, negative or not finite).
    package var duration: Double
    /// The platform's animation curve identifier (UIKit: `UIView.AnimationCurve`'s raw value).
    package var curve: UInt

    /// A transition from a notification's values, each possibly missing.
    package init(duration: Double?, curve: UInt?) {
        let seconds = duration ?? 0
        self.duration = seconds.isFinite ? max(0, seconds) : 0
        self.curve = curve ?? 0
    }

    /// The curve as UIKit's animation-option bits (`curve << 16`; only the curve's low four
    /// bits are meaningful, so the shift never overflows).
    package var animationOptionBits: UInt { (curve & 0xF) << 16 }
}

extension KeyboardTransition {
    /// The motion a layout follows the keyboard with: the keyboard's duration on its curve
    /// (UIKit's raw values: 0 ease-in-out, 1 ease-in, 2 ease-out, 3 linear; any other — the
    /// keyboard's own, undocumented curve 7 — as ease-out, its closest named curve); at once
    /// without a duration. Reduce Motion does not apply: the keyboard itself moves.
    package var motion: ResolvedMotion {
        let curves: [UInt: MotionCurve] = [0: .easeInOut, 1: .easeIn, 2: .easeOut, 3: .linear]
        return ResolvedMotion(
            style: MotionStyle(duration: duration, curve: curves[curve] ?? .easeOut), reduceMotion: false)
    }
}
