/// The corner radius a rounded-corner processor draws with: the rule behind the Apple
/// `ImageProcessor.roundCorners(radius:)`, platform-neutral so it is tested on every platform.
package enum CornerRadius {
    /// `radius` within `0...min(width, height) / 2` (infinity: a capsule), and 0 for NaN or a
    /// negative radius: the largest corner `CGPath(roundedRect:…)` accepts (CoreGraphics traps
    /// on a wider one, and the image's size comes from the network), as `UIBezierPath` clamps
    /// its own.
    package static func clamped(_ radius: Double, width: Double, height: Double) -> Double {
        guard radius > 0 else { return 0 }  // NaN compares false
        let shorter = min(width, height)
        guard shorter.isFinite, shorter > 0 else { return 0 }
        return min(radius, shorter / 2)
    }
}
