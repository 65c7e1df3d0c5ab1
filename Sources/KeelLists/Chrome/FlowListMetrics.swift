/// Edge insets in points, in UIKit's order (top, left, bottom, right), for the flow-layout
/// decisions of a collection list.
package struct ListInsets: Hashable, Sendable {
    /// The top inset.
    package var top: Double
    /// The left inset.
    package var left: Double
    /// The bottom inset.
    package var bottom: Double
    /// The right inset.
    package var right: Double

    /// Creates insets.
    package init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    package static let zero = ListInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// These insets with every non-finite or negative edge replaced by `fallback`'s edge.
    func sanitized(fallback: ListInsets) -> ListInsets {
        ListInsets(
            top: FlowListMetrics.length(top, fallback: fallback.top),
            left: FlowListMetrics.length(left, fallback: fallback.left),
            bottom: FlowListMetrics.length(bottom, fallback: fallback.bottom),
            right: FlowListMetrics.length(right, fallback: fallback.right))
    }
}

/// A size in points (width, height), for the flow-layout decisions of a collection list.
package struct ListSize: Hashable, Sendable {
    /// The width.
    package var width: Double
    /// The height.
    package var height: Double

    /// Creates a size.
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A zero size.
    package static let zero = ListSize(width: 0, height: 0)
}

/// The flow-layout metrics of one section of a collection list — its insets and spacings —
/// and the decisions `configureCollectionList` makes with them: a value the app gives for a
/// section wins, anything it does not give (or gives as a non-finite or negative number) falls
/// back to the flow layout's own setting, and the size handed to `itemSize` is the space the
/// list has for content.
package struct FlowListMetrics: Hashable, Sendable {
    /// The section's insets.
    package var sectionInset: ListInsets
    /// The spacing between lines (rows of a vertical list).
    package var minimumLineSpacing: Double
    /// The spacing between items of a line.
    package var minimumInteritemSpacing: Double

    /// Creates metrics (a flow layout's own `sectionInset`, `minimumLineSpacing` and
    /// `minimumInteritemSpacing`); non-finite or negative values become 0.
    package init(
        sectionInset: ListInsets = .zero, minimumLineSpacing: Double = 0, minimumInteritemSpacing: Double = 0
    ) {
        self.sectionInset = sectionInset.sanitized(fallback: .zero)
        self.minimumLineSpacing = Self.length(minimumLineSpacing, fallback: 0)
        self.minimumInteritemSpacing = Self.length(minimumInteritemSpacing, fallback: 0)
    }

    /// The metrics of `section`: each per-section closure that is given answers for it, the
    /// layout's value (`layout`, or zero when the list has no flow layout) stands for every
    /// one that is not, and for an answer that is non-finite or negative.
    package static func resolve(
        section: Int, layout: FlowListMetrics?, sectionInset: ((Int) -> ListInsets)? = nil,
        minimumLineSpacing: ((Int) -> Double)? = nil, minimumInteritemSpacing: ((Int) -> Double)? = nil
    ) -> FlowListMetrics {
        let base = layout ?? FlowListMetrics()
        var metrics = base
        if let sectionInset {
            metrics.sectionInset = sectionInset(section).sanitized(fallback: base.sectionInset)
        }
        if let minimumLineSpacing {
            metrics.minimumLineSpacing = length(
                minimumLineSpacing(section), fallback: base.minimumLineSpacing)
        }
        if let minimumInteritemSpacing {
            metrics.minimumInteritemSpacing = length(
                minimumInteritemSpacing(section), fallback: base.minimumInteritemSpacing)
        }
        return metrics
    }

    /// The size `itemSize` receives: the list's bounds less its adjusted content insets (the
    /// content insets plus the safe-area and bar insets UIKit adds, i.e.
    /// `adjustedContentInset`) — `bounds.width − left − right` by `bounds.height − top −
    /// bottom`. Section insets are *not* taken off (the item-size closure knows its own). Never
    /// negative; non-finite input gives 0.
    package static func availableSize(bounds: ListSize, adjustedContentInset: ListInsets) -> ListSize {
        let inset = adjustedContentInset.sanitized(fallback: .zero)
        return ListSize(
            width: length(bounds.width - inset.left - inset.right, fallback: 0),
            height: length(bounds.height - inset.top - inset.bottom, fallback: 0))
    }

    /// The size of an item: `size` when its sides are finite and non-negative, else `fallback`
    /// (the flow layout's `itemSize`; zero when the list has no flow layout), itself made finite
    /// and non-negative. No `size` (the app gave no `itemSize` closure) is the fallback.
    package static func itemSize(_ size: ListSize?, fallback: ListSize?) -> ListSize {
        let fallback = fallback ?? .zero
        let base = ListSize(
            width: length(fallback.width, fallback: 0), height: length(fallback.height, fallback: 0))
        guard let size else { return base }
        return ListSize(
            width: length(size.width, fallback: base.width),
            height: length(size.height, fallback: base.height))
    }

    /// `value` when it is finite and not negative, else `fallback`.
    static func length(_ value: Double, fallback: Double) -> Double {
        value.isFinite && value >= 0 ? value : fallback
    }
}
