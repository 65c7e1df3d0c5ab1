/// Size arithmetic shared by the Apple processors, kept platform-neutral so it is tested on
/// Linux.
public enum ImageGeometry {
    /// The largest size with `info`'s aspect ratio that fits within `bounds`, never larger
    /// than the image itself and never below 1×1.
    public static func fit(_ info: ImageInfo, within bounds: ImageSize) -> ImageSize {
        guard info.width > 0, info.height > 0, bounds.width > 0, bounds.height > 0 else {
            return ImageSize(
                width: max(1, min(info.width, bounds.width)), height: max(1, min(info.height, bounds.height)))
        }
        let scale = min(
            1, min(Double(bounds.width) / Double(info.width), Double(bounds.height) / Double(info.height)))
        return ImageSize(
            width: max(1, clampedInt(Double(info.width) * scale)),
            height: max(1, clampedInt(Double(info.height) * scale)))
    }

    /// Rounds to an `Int` without trapping: `Double(Int.max)` is 2⁶³, one past `Int.max`.
    static func clampedInt(_ value: Double) -> Int {
        let rounded = value.rounded()
        guard rounded.isFinite else { return rounded > 0 ? .max : 0 }
        if rounded >= 9.2e18 { return .max }
        return rounded <= -9.2e18 ? .min : Int(rounded)
    }
}
