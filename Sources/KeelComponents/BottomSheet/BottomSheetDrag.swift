import KeelDesign

/// What a released drag does.
package enum SheetReleaseDecision: Hashable, Sendable {
    /// Dismiss the sheet.
    case dismiss
    /// Spring back to the detent of this height.
    case settle(height: Double)
}

/// The drag-to-dismiss maths of a bottom sheet.
package struct BottomSheetDrag: Hashable, Sendable {
    /// The sheet's current height.
    package var height: Double
    /// Thresholds and resistance from the theme.
    package var theme: BottomSheetTheme
    /// Whether a downward release may dismiss.
    package var allowsDismissal: Bool
    /// How far the sheet may grow before an upward drag meets resistance: the distance from
    /// its height to its largest detent (0 on the largest).
    package var expansion: Double

    /// Drag maths for a sheet of `height` that may grow by `expansion` to its largest detent.
    package init(height: Double, theme: BottomSheetTheme, allowsDismissal: Bool = true, expansion: Double = 0)
    {
        self.height = height.isFinite ? max(0, height) : 0
        self.theme = theme
        self.allowsDismissal = allowsDismissal
        self.expansion = expansion.isFinite ? max(0, expansion) : 0
    }

    /// Whether a pan may start: more vertical than horizontal, the scroll arbitration lets
    /// the sheet have it, and moving down — or up when the sheet can expand to a larger
    /// detent.
    package static func canBegin(velocity: Point, sheetMayPan: Bool, canExpand: Bool = false) -> Bool {
        let vertical = abs(velocity.y) > abs(velocity.x) && sheetMayPan
        return vertical && (velocity.y > 0 || (velocity.y < 0 && canExpand))
    }

    /// The surface's vertical offset for a translation: followed downward, followed upward
    /// as far as ``expansion`` (to the largest detent), rubber-banded beyond it (the
    /// reference did not move upward at all).
    package func offset(forTranslation translation: Double) -> Double {
        guard translation.isFinite else { return 0 }
        if translation >= -expansion { return translation }
        return -expansion
            + RubberBand.offset(
                translation + expansion, dimension: max(height + expansion, 1),
                coefficient: theme.upwardResistance)
    }

    /// The dismissal progress 0…1.
    package func progress(forTranslation translation: Double) -> Double {
        guard height > 0, translation.isFinite else { return 0 }
        return min(1, max(0, translation / height))
    }

    /// The dimming colour's alpha: the overlay strength × (1 − progress).
    package func dimmingAlpha(forTranslation translation: Double) -> Double {
        theme.dimming.alpha * (1 - progress(forTranslation: translation))
    }

    /// The release decision: dismiss past the theme's distance fraction or above its
    /// velocity (downward only); otherwise settle at the nearest detent (`detentHeights`,
    /// the current height when empty), projecting a flick's velocity.
    package func release(translation: Double, velocity: Double, detentHeights: [Double] = [])
        -> SheetReleaseDecision
    {
        let translation = translation.isFinite ? translation : 0
        let velocity = velocity.isFinite ? velocity : 0
        if allowsDismissal, velocity >= 0,
            translation > theme.dismissDistanceFraction * height || velocity > theme.dismissVelocity
        {
            return .dismiss
        }
        let detents = detentHeights.isEmpty ? [height] : detentHeights
        // Where the sheet would come to rest: the current height less a short projection.
        let projected = height - translation - velocity * 0.1
        let nearest = detents.min { abs($0 - projected) < abs($1 - projected) } ?? height
        return .settle(height: nearest)
    }
}
