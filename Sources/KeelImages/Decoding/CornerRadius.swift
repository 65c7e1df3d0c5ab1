import Foundation

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

/// The identifier of the Apple `ImageProcessor.crop(to:)`, platform-neutral so it is tested on
/// every platform (it is part of the cache key).
package enum CropName {
    /// `crop(x,y,w,h)` of the rectangle actually cropped: `CGImage.cropping(to:)` takes the
    /// integral rectangle, so `(10.5, 0, 100, 100)` crops 101 pixels wide and is named so.
    package static func identifier(_ rect: CGRect) -> String {
        let cropped = rect.integral
        let parts = [cropped.minX, cropped.minY, cropped.width, cropped.height].map(pixels)
        return "crop(\(parts.joined(separator: ",")))"
    }

    /// One coordinate: whole pixels, or the number as written when it is not finite or beyond
    /// `Int` (`CGRect.infinite`, `.null`), which `Int(_:)` trapped on.
    private static func pixels(_ value: CGFloat) -> String {
        value.isFinite && value.magnitude < 1e15 ? String(Int(value)) : "\(value)"
    }
}
