/// Size arithmetic shared by the Apple processors, kept platform-neutral so it is tested on
/// Linux. Sizes here are in pixels and whole.
package enum ImageGeometry {
    /// The largest size with `info`'s aspect ratio that fits within `bounds` (pixels), never
    /// larger than the image itself and never below 1×1. An infinite side does not constrain;
    /// a side that is zero, negative or not a number allows one pixel.
    package static func fit(_ info: ImageInfo, within bounds: Size) -> Size {
        let width = Double(max(1, info.width))
        let height = Double(max(1, info.height))
        let scale = min(1, factor(bounds.width, width), factor(bounds.height, height))
        return Size(width: max(1, (width * scale).rounded()), height: max(1, (height * scale).rounded()))
    }

    /// How far `bound` lets `length` scale: `bound / length`, or the one-pixel factor for a
    /// bound that is not a positive number.
    private static func factor(_ bound: Double, _ length: Double) -> Double {
        guard bound > 0 else { return 1 / length }
        return bound / length
    }

    /// `size`'s sides as whole pixel counts (rounded, at least 1, at most `Int32.max`), what a
    /// bitmap context is made with.
    package static func pixelCounts(of size: Size) -> (width: Int, height: Int) {
        (count(size.width), count(size.height))
    }

    private static func count(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? Int(Int32.max) : 1 }
        return Int(min(Double(Int32.max), max(1, value.rounded())))
    }
}
