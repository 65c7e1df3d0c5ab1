import KeelLists
import Testing

/// ``ScrollMetrics`` from a scroll view's raw geometry, and the load-more decision on it.
@Suite("Scroll metrics")
struct ScrollMetricsTests {
    @Test(
        "raw UIKit geometry (offset, content, bounds, adjusted insets) → distance to the end",
        arguments: [
            // offsetY, content, bounds, top, bottom, distance
            (0.0, 2_000.0, 800.0, 0.0, 0.0, 1_200.0),
            (-100.0, 2_000.0, 800.0, 100.0, 0.0, 1_300.0),  // at rest under a 100 pt bar
            (1_234.0, 2_000.0, 800.0, 100.0, 34.0, 0.0),  // scrolled to the very end (home indicator)
            (1_300.0, 2_000.0, 800.0, 100.0, 34.0, -66.0),  // overscrolled past the end
            (0.0, 300.0, 800.0, 0.0, 0.0, -500.0),  // content shorter than the view
        ])
    func distance(
        offsetY: Double, content: Double, bounds: Double, top: Double, bottom: Double, distance: Double
    ) {
        let metrics = ScrollMetrics(
            offsetY: offsetY, contentHeight: content, boundsHeight: bounds, adjustedTopInset: top,
            adjustedBottomInset: bottom)
        #expect(metrics.distanceToEnd == distance)
        #expect(metrics.viewportHeight == bounds - top)
    }

    @Test(
        "load more from raw geometry: insets count, bad geometry never triggers",
        arguments: [
            // offsetY, content, bounds, top, bottom, threshold, expected
            (1_000.0, 2_000.0, 800.0, 0.0, 0.0, LoadMoreThreshold.points(200), true),
            (999.0, 2_000.0, 800.0, 0.0, 0.0, .points(200), false),
            (1_000.0, 2_000.0, 800.0, 0.0, 34.0, .points(200), false),  // the bottom inset adds room
            (1_034.0, 2_000.0, 800.0, 0.0, 34.0, .points(200), true),
            (300.0, 2_000.0, 800.0, 100.0, 0.0, .screens(1), false),  // 700 pt viewport
            (500.0, 2_000.0, 800.0, 100.0, 0.0, .screens(1), true),
            (0.0, 2_000.0, 0.0, 0.0, 0.0, .points(100), false),  // zero-height view
            (0.0, 2_000.0, 80.0, 100.0, 0.0, .points(10_000), false),  // inset taller than the view
            (0.0, -10.0, 800.0, 0.0, 0.0, .points(100), false),  // negative content
            (.nan, 2_000.0, 800.0, 0.0, 0.0, .points(100), false),
            (0.0, .infinity, 800.0, 0.0, 0.0, .points(100), false),
            (0.0, 2_000.0, 800.0, .nan, 0.0, .points(100), false),
            (0.0, 2_000.0, 800.0, 0.0, .infinity, .points(100), false),
            (0.0, 0.0, 800.0, 0.0, 0.0, .points(0), true),  // an empty list is at its end
        ])
    func trigger(
        offsetY: Double, content: Double, bounds: Double, top: Double, bottom: Double,
        threshold: LoadMoreThreshold, expected: Bool
    ) {
        let metrics = ScrollMetrics(
            offsetY: offsetY, contentHeight: content, boundsHeight: bounds, adjustedTopInset: top,
            adjustedBottomInset: bottom)
        #expect(LoadMoreTrigger.shouldLoadMore(metrics, threshold: threshold) == expected)
    }
}
