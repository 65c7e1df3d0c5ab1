import KeelComponents
import KeelDesign
import Testing

/// SwiftUI lays the segmented control out left to right and lets its `Layout` mirror the
/// placements; UIKit lays it out in the traits' direction. Mirroring the left-to-right frames
/// in the content's width gives exactly the right-to-left ones, part by part.
@Suite("Segmented control: both front ends place the same frames")
struct SegmentedFrontEndParityTests {
    @Test("every part, both styles and width modes, with badges and overflow")
    func parts() {
        let theme = SegmentedTheme(resolver: Fixture.resolver(direction: .rightToLeft))
        let sets: [[SegmentItem]] = [
            SegmentedTests.items,
            [
                SegmentItem("Inbox", badge: .count(120)), SegmentItem("Mentions", badge: .dot),
                SegmentItem("Sent"),
            ],
            (1...8).map { SegmentItem("Section \($0)") },
        ]
        for style in SegmentedStyle.allCases {
            for widthMode in SegmentWidth.allCases {
                let appearance = SegmentedAppearance(theme: theme, style: style, widthMode: widthMode)
                for items in sets {
                    let uikit = SegmentedLayout(
                        items: items, appearance: appearance, width: 320, measurer: Fixture.measurer)
                    let swiftUI = SegmentedLayout(
                        items: items, appearance: appearance.leftToRight, width: 320,
                        measurer: Fixture.measurer)
                    #expect(swiftUI.contentSize == uikit.contentSize)
                    let width = uikit.contentSize.width
                    var parts: [SegmentedPart] = [.track, .indicator]
                    for index in items.indices { parts += [.segment(index), .title(index), .badge(index)] }
                    for selected in items.indices {
                        for part in parts {
                            let mirrored = swiftUI.placedFrame(of: part, selectedIndex: selected)
                            let expected = uikit.placedFrame(of: part, selectedIndex: selected)
                            // A part that is not shown is at .zero in both.
                            #expect(
                                expected == .zero
                                    ? mirrored == .zero : mirrored.mirrored(inWidth: width) == expected,
                                "\(style) \(widthMode) \(part) selected \(selected)")
                        }
                    }
                }
            }
        }
    }
}
