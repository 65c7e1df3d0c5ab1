#if canImport(SwiftUI)
    import KeelGeometry
    import SwiftUI

    // The CoreGraphics conversions (`CGRect(keel:)`, `keelRect`, …) are KeelUIKitBinding's,
    // shared with the UIKit front end; these are SwiftUI's own types.
    extension UnitPoint {
        init(keel point: Point) {
            self.init(x: point.x, y: point.y)
        }
    }

    extension ProposedViewSize {
        /// The proposal for a frame a headless layout chose.
        init(keel size: Size) {
            self.init(width: CGFloat(size.width), height: CGFloat(size.height))
        }
    }

    /// Places each subview at the frame the headless layout gave it: `frames[i]` for subview
    /// `i`, relative to the container's bounds. SwiftUI mirrors the placements itself in
    /// right-to-left layouts, so the frames are computed left to right.
    struct FrameLayout: Layout {
        var size: Size
        var frames: [Rect]

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            CGSize(keel: size)
        }

        func placeSubviews(
            in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
        ) {
            for (subview, frame) in zip(subviews, frames) {
                let placed = frame.offsetBy(dx: Double(bounds.minX), dy: Double(bounds.minY))
                subview.place(at: CGPoint(keel: placed.origin), proposal: ProposedViewSize(keel: placed.size))
            }
        }
    }
#endif
