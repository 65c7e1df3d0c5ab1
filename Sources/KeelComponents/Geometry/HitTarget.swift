/// What a control does with a touch at a point: the single hit-testing rule every Keel
/// control shares (the reference copied its hit expansion into five classes).
package enum TouchDisposition: Hashable, Sendable {
    /// The touch is outside the control's (expanded) target: let the views below have it.
    case passThrough
    /// The control receives the touch and acts on it.
    case handle
    /// The control receives the touch but does nothing: it is busy (loading, pending) or
    /// disabled. Absorbing keeps a tap on a loading button from reaching the cell below.
    case absorb

    /// Whether the platform should deliver the touch to the control (handled or absorbed).
    package var receivesTouch: Bool { self != .passThrough }
}

/// The touch target of a control: its bounds grown symmetrically to a minimum size.
package struct HitTarget: Hashable, Sendable {
    /// The smallest target side lengths (44 × 44 by default, Apple's minimum).
    package var minimumSize: Size

    /// A hit target with a minimum size; negative or non-finite sides count as zero.
    package init(minimumSize: Size = Size(width: 44, height: 44)) {
        self.minimumSize = Size(
            width: minimumSize.width.isFinite ? max(0, minimumSize.width) : 0,
            height: minimumSize.height.isFinite ? max(0, minimumSize.height) : 0)
    }

    /// A square hit target.
    package init(minimumSide: Double) {
        self.init(minimumSize: Size(width: minimumSide, height: minimumSide))
    }

    /// `bounds` grown on each side by half the shortfall to the minimum (never shrunk).
    package func expandedRect(for bounds: Rect) -> Rect {
        let dx = max(0, (minimumSize.width - bounds.width) / 2)
        let dy = max(0, (minimumSize.height - bounds.height) / 2)
        return bounds.insetBy(dx: -dx, dy: -dy)
    }

    /// The size a control reports as its intrinsic size: the visual size grown to the target.
    package func intrinsicSize(visual: Size) -> Size {
        Size(width: max(visual.width, minimumSize.width), height: max(visual.height, minimumSize.height))
    }

    /// Whether a touch at `point` reaches the control.
    package func contains(_ point: Point, bounds: Rect) -> Bool {
        expandedRect(for: bounds).contains(point)
    }

    /// What to do with a touch at `point`: hidden controls let it through; a control that is
    /// busy or disabled absorbs it when it lies inside the target.
    package func disposition(
        of point: Point, bounds: Rect, isHidden: Bool = false, isInteractive: Bool = true
    ) -> TouchDisposition {
        guard !isHidden, contains(point, bounds: bounds) else { return .passThrough }
        return isInteractive ? .handle : .absorb
    }
}
