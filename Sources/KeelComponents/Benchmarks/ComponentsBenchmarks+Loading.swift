import KeelDesign
import KeelGeometry

extension ComponentsBenchmarks {
    /// The segmented control's, progress indicators' and skeletons' workloads for `keel-bench
    /// components`, by name with their budget in seconds, each set up once and doing its work
    /// `n` times when called with `n`: a segmented control's appearance and layout (three
    /// segments, one badged, cycling styles and width modes, with the indicator's frame and the
    /// scroll offset), budget 2 µs like the button's.
    public static func loadingWorkloads(resolver: KeelThemeResolver) -> [(
        name: String, budget: Double, run: (Int) -> Void
    )] {
        let measurer = FixedAdvanceTextMeasurer()
        let segmentedTheme = SegmentedTheme(resolver: resolver)
        let segmentSets = [
            [SegmentItem("Day"), SegmentItem("Week"), SegmentItem("Month")],
            [SegmentItem("Inbox", badge: .count(3)), SegmentItem("Mentions"), SegmentItem("Archive")],
        ]
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
            )
        ]
    }
}
