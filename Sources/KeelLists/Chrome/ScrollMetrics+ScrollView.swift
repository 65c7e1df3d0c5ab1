extension ScrollMetrics {
    /// The metrics of a vertical scroll view from its raw geometry, as UIKit reports it:
    /// `contentOffset.y` (`offsetY`, negative while the content sits under a top bar),
    /// `contentSize.height`, `bounds.height` and the adjusted top and bottom content insets.
    ///
    /// The visible area starts below the top inset, so `contentOffset` is `offsetY + top` and
    /// `viewportHeight` is `boundsHeight - top`; the bottom inset is extra scrollable space.
    /// Non-finite input stays non-finite, so ``LoadMoreTrigger`` refuses it.
    package init(
        offsetY: Double, contentHeight: Double, boundsHeight: Double, adjustedTopInset: Double,
        adjustedBottomInset: Double
    ) {
        self.init(
            contentOffset: offsetY + adjustedTopInset, contentHeight: contentHeight,
            viewportHeight: boundsHeight - adjustedTopInset, bottomInset: adjustedBottomInset)
    }

    /// The distance from the bottom of the visible area to the end of the scrollable content
    /// (content plus bottom inset): 0 at the very end, negative when overscrolled past it.
    package var distanceToEnd: Double {
        contentHeight + bottomInset - (contentOffset + viewportHeight)
    }
}
