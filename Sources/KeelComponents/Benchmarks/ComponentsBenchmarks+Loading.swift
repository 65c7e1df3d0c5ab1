import KeelDesign
import KeelGeometry

extension ComponentsBenchmarks {
    /// The segmented control's, progress indicators' and skeletons' workloads for `keel-bench
    /// components`, by name with their budget in seconds, each set up once and doing its work
    /// `n` times when called with `n`: a segmented control's appearance and layout (three
    /// segments, one badged, cycling styles and width modes, with the indicator's frame and the
    /// scroll offset), a progress indicator's (bar and ring, determinate and indeterminate at a
    /// moving time, with their shapes), each budget 2 µs like the button's; and a 20-row feed
    /// skeleton's appearance and layout (every shape of every row, with the shimmer band),
    /// budget 50 µs.
    static func loadingWorkloads(resolver: KeelThemeResolver) -> [(
        name: String, budget: Double, run: (Int) -> Void
    )] {
        let measurer = FixedAdvanceTextMeasurer()
        let segmentedTheme = SegmentedTheme(resolver: resolver)
        let segmentSets = [
            [SegmentItem("Day"), SegmentItem("Week"), SegmentItem("Month")],
            [SegmentItem("Inbox", badge: .count(3)), SegmentItem("Mentions"), SegmentItem("Archive")],
        ]
        let progressTheme = ProgressTheme(resolver: resolver)
        let progressStyles = ProgressStyle.allCases
        let progressValues: [ProgressValue] = [.determinate(0.42), .indeterminate, .determinate(1)]
        let skeletonTheme = SkeletonTheme(resolver: resolver)
        let feed = Size(width: 375, height: 20 * 72)
        let styles = SegmentedStyle.allCases
        let widthModes = SegmentWidth.allCases
        return [
            (
                "segmented.appearance+layout", 2e-6,
                { count in
                    for index in 0..<count {
                        let appearance = SegmentedAppearance(
                            theme: segmentedTheme, style: styles[index % styles.count],
                            widthMode: widthModes[(index / 2) % widthModes.count])
                        let layout = SegmentedLayout(
                            items: segmentSets[index % segmentSets.count], appearance: appearance, width: 343,
                            measurer: measurer)
                        keep(layout.indicatorFrame(selectedIndex: index % 3))
                        keep(layout.scrollOffset(revealing: index % 3, from: 0))
                    }
                }
            ),
            (
                "progress.appearance+layout", 2e-6,
                { count in
                    for index in 0..<count {
                        let appearance = ProgressAppearance(
                            theme: progressTheme, style: progressStyles[index % progressStyles.count],
                            value: progressValues[index % progressValues.count])
                        let layout = ProgressLayout(
                            appearance: appearance, width: 343, time: Double(index) * 0.016)
                        keep(layout.trackShape(appearance: appearance))
                        keep(layout.indicatorShape(appearance: appearance))
                    }
                }
            ),
            (
                "skeleton.feed-20-rows.appearance+layout", 50e-6,
                { count in
                    for index in 0..<count {
                        let appearance = SkeletonAppearance(theme: skeletonTheme)
                        let layout = SkeletonLayout(
                            spec: .listRow, theme: skeletonTheme, width: 375, count: 20)
                        keep(layout.shapes)
                        keep(appearance.shimmerFrame(in: feed, at: Double(index) * 0.016))
                    }
                }
            ),
        ]
    }
}
