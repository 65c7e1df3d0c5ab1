/// Rounding to the device-pixel grid of a display scale.
///
/// Edges are rounded in absolute coordinates (so neighbours share an edge and sizes add up
/// to the parent's within one pixel), then frames are made relative again. A leaf with a
/// measure function (text) is never made smaller than its measured size: its far edge is
/// pushed out to the next pixel instead, so labels are not truncated (Yoga #749, #2011).
package struct PixelGrid: Sendable, Hashable {
    /// Device pixels per point (1, 2, 3 …).
    package let scale: Double

    /// A grid for `scale`; `nil` for a scale that is not a positive finite number.
    package init?(scale: Double) {
        guard scale.isFinite, scale > 0 else { return nil }
        self.scale = scale
    }

    /// The nearest grid line (halves round up, towards positive infinity, as browsers do).
    package func round(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let rounded = (value * scale + 0.5).rounded(.down) / scale
        // A huge scale times a large value overflows; such a value is already far finer than the grid.
        return rounded.isFinite ? rounded : value
    }

    /// The smallest grid length not below `value` (a tiny tolerance absorbs float noise).
    package func ceilLength(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let rounded = (value * scale - 1e-6).rounded(.up) / scale
        return rounded.isFinite ? rounded : value
    }
}
