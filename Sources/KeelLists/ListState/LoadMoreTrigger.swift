/// How far from the bottom loading more starts.
public enum LoadMoreThreshold: Hashable, Sendable {
    /// A distance in points.
    case points(Double)
    /// A distance in viewport heights ("screens").
    case screens(Double)
}

/// A scroll view's geometry along the scrolling axis, in points.
public struct ScrollMetrics: Hashable, Sendable {
    /// The offset of the visible top from the content's top.
    package var contentOffset: Double
    /// The height of the content.
    package var contentHeight: Double
    /// The height of the visible area.
    package var viewportHeight: Double
    /// Extra scrollable space below the content (the bottom content inset).
    package var bottomInset: Double

    /// Creates metrics, in points: the offset of the visible top from the content's top, the
    /// content's height, the visible area's height and the extra scrollable space below the
    /// content (the bottom content inset).
    public init(contentOffset: Double, contentHeight: Double, viewportHeight: Double, bottomInset: Double = 0)
    {
        self.contentOffset = contentOffset
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        self.bottomInset = bottomInset
    }
}

/// The one "should the next page load?" decision of Keel's lists, from scroll geometry
/// (``ScrollMetrics`` and a ``LoadMoreThreshold``) or from a shown item's index. Every entry
/// point asks it: ``ListLoader/scrolled(_:threshold:)``, ``PagingController/itemAppeared(at:)``
/// and the lists that load as their rows appear (``displaying(_:sectionCount:itemCount:distance:loadMore:)``).
///
/// Index distances count the items *after* the shown one: with distance 3, the last four items
/// of a list trigger. Negative distances and out-of-range input never trigger.
public enum LoadMoreTrigger {
    /// Whether the bottom of the viewport is within `threshold` of the end of the content
    /// (content shorter than the viewport always qualifies). Non-finite or negative geometry
    /// never triggers.
    package static func shouldLoadMore(_ metrics: ScrollMetrics, threshold: LoadMoreThreshold) -> Bool {
        let values = [
            metrics.contentOffset, metrics.contentHeight, metrics.viewportHeight, metrics.bottomInset,
        ]
        guard values.allSatisfy(\.isFinite), metrics.viewportHeight > 0, metrics.contentHeight >= 0 else {
            return false
        }
        let limit: Double
        switch threshold {
        case .points(let points): limit = points
        case .screens(let screens): limit = screens * metrics.viewportHeight
        }
        guard limit.isFinite, limit >= 0 else { return false }
        return metrics.distanceToEnd <= limit
    }

    /// Whether showing the item at `index` of `count` items should load the page before the
    /// first: at most `distance` items precede it. Out-of-range input never triggers.
    package static func shouldLoadPrevious(displaying index: Int, count: Int, distance: Int) -> Bool {
        guard count > 0, index >= 0, index < count, distance >= 0 else { return false }
        return index <= distance
    }

    /// Whether displaying the item at `index` of the last section (of `count` items) should
    /// load more: within `distance` items of its end. Out-of-range input never triggers.
    package static func shouldLoadMore(
        displaying index: Int, ofLastSectionCount count: Int, distance: Int = 3
    )
        -> Bool
    {
        guard count > 0, index >= 0, index < count, distance >= 0 else { return false }
        return index >= count - 1 - distance
    }

    /// Whether displaying the item at `index` should load more: it is in the last of
    /// `sectionCount` sections and within `distance` items of that section's end
    /// (`itemCount(section)` items). Out-of-range input never triggers.
    package static func shouldLoadMore(
        displaying index: ItemIndex, sectionCount: Int, itemCount: (Int) -> Int, distance: Int = 3
    ) -> Bool {
        guard sectionCount > 0, index.section == sectionCount - 1 else { return false }
        return shouldLoadMore(
            displaying: index.item, ofLastSectionCount: itemCount(index.section), distance: distance)
    }

    /// Runs `loadMore` when displaying the item at `index` should load more (see
    /// `shouldLoadMore(displaying:sectionCount:itemCount:distance:)`) — so a list adapter
    /// only forwards the display.
    public static func displaying(
        _ index: ItemIndex, sectionCount: Int, itemCount: (Int) -> Int, distance: Int = 3,
        loadMore: (() -> Void)?
    ) {
        guard
            shouldLoadMore(
                displaying: index, sectionCount: sectionCount, itemCount: itemCount, distance: distance)
        else { return }
        loadMore?()
    }
}
