/// When a sheet shows its grabber.
public enum SheetGrabberVisibility: String, Hashable, Sendable, CaseIterable {
    /// When the sheet can be dragged: several detents, or swipe dismissal allowed.
    case automatic
    /// Always.
    case visible
    /// Never.
    case hidden
}

/// What activating the grabber (VoiceOver double-tap) does.
package enum SheetGrabberAction: Hashable, Sendable {
    /// Rest at this height (the next detent).
    case settle(height: Double)
    /// Dismiss the sheet (reported as ``OverlayDismissalReason/swipe``, whose accessible
    /// equivalent it is).
    case dismiss
    /// Nothing: a single detent and no swipe dismissal.
    case none
}

/// The grabber at the top of a sheet (the reference had none): its geometry, when it shows,
/// and what activating it does, so VoiceOver users can resize and dismiss a sheet that
/// sighted users drag.
package enum SheetGrabber {
    /// The drawn bar: 36 × 5 pt, fully rounded.
    package static let barSize = Size(width: 36, height: 5)
    /// The bar's distance from the sheet's top edge.
    package static let topInset = 5.0
    /// The touch and accessibility target around the bar (44 pt tall, 88 pt wide).
    package static let targetSize = Size(width: 88, height: 44)

    /// Whether the grabber shows for `configuration` with `detentCount` resting heights.
    package static func isShown(_ configuration: BottomSheetConfiguration, detentCount: Int) -> Bool {
        switch configuration.grabber {
        case .visible: true
        case .hidden: false
        case .automatic: detentCount > 1 || configuration.allowsSwipeDismissal
        }
    }

    /// The bar's frame in the sheet surface's coordinates: centred at the top.
    package static func barFrame(surfaceWidth: Double) -> Rect {
        let width = surfaceWidth.isFinite ? max(0, surfaceWidth) : 0
        return Rect(
            x: (width - barSize.width) / 2, y: topInset, width: barSize.width, height: barSize.height)
    }

    /// The target's frame in the sheet surface's coordinates: centred on the bar, starting at
    /// the top edge.
    package static func targetFrame(surfaceWidth: Double) -> Rect {
        let width = surfaceWidth.isFinite ? max(0, surfaceWidth) : 0
        return Rect(
            x: (width - targetSize.width) / 2, y: 0, width: targetSize.width, height: targetSize.height)
    }

    /// Activation steps to the next larger detent and from the largest back to the smallest;
    /// with one resting height it dismisses when swiping may, else does nothing.
    package static func activation(detentHeights: [Double], restingHeight: Double, allowsDismissal: Bool)
        -> SheetGrabberAction
    {
        let heights = detentHeights.filter(\.isFinite).sortedUnique()
        guard heights.count > 1 else { return allowsDismissal ? .dismiss : .none }
        if let next = heights.first(where: { $0 > restingHeight + 0.5 }) { return .settle(height: next) }
        return .settle(height: heights[0])
    }
}

/// What VoiceOver asks of the grabber.
package enum SheetGrabberAdjustment: Hashable, Sendable, CaseIterable {
    /// Activation (double-tap): ``SheetGrabber/activation(detentHeights:restingHeight:allowsDismissal:)``.
    case activate
    /// The next larger detent (swipe up on the adjustable grabber).
    case increment
    /// The next smaller detent (swipe down on the adjustable grabber).
    case decrement
    /// The grabber's dismiss action, where swiping may dismiss.
    case dismiss
}

extension SheetGrabber {
    /// What `adjustment` does for a sheet resting at `restingHeight` among `detentHeights`:
    /// activation as ``activation(detentHeights:restingHeight:allowsDismissal:)``; increment
    /// and decrement step one detent without wrapping (nothing past either end); dismiss
    /// when swiping may.
    package static func adjustment(
        _ adjustment: SheetGrabberAdjustment, detentHeights: [Double], restingHeight: Double,
        allowsDismissal: Bool
    ) -> SheetGrabberAction {
        let heights = detentHeights.filter(\.isFinite).sortedUnique()
        switch adjustment {
        case .activate:
            return activation(
                detentHeights: detentHeights, restingHeight: restingHeight, allowsDismissal: allowsDismissal)
        case .increment:
            return heights.first { $0 > restingHeight + 0.5 }.map { .settle(height: $0) } ?? .none
        case .decrement:
            return heights.last { $0 < restingHeight - 0.5 }.map { .settle(height: $0) } ?? .none
        case .dismiss:
            return allowsDismissal ? .dismiss : .none
        }
    }
}
