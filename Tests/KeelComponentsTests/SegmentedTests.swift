import KeelComponents
import KeelDesign
import KeelSupport
import Testing

@Suite("Segmented control and tabs")
struct SegmentedTests {
    static let appearances: [ThemeTraits] = [
        ThemeTraits(), ThemeTraits(colorScheme: .dark), ThemeTraits(contrast: .high),
        ThemeTraits(colorScheme: .dark, contrast: .high),
    ]
    static let items = [SegmentItem("Day"), SegmentItem("Week"), SegmentItem("Month")]

    static func appearance(
        _ style: SegmentedStyle = .segmented, _ width: SegmentWidth = .equal,
        resolver: KeelThemeResolver = Fixture.light
    ) -> SegmentedAppearance {
        SegmentedAppearance(theme: SegmentedTheme(resolver: resolver), style: style, widthMode: width)
    }

    static func layout(
        _ items: [SegmentItem] = items, _ appearance: SegmentedAppearance = appearance(), width: Double = 300
    ) -> SegmentedLayout {
        SegmentedLayout(items: items, appearance: appearance, width: width, measurer: Fixture.measurer)
    }

    @Test("equal-width segments share the width; each title and badge is centred in its segment")
    func equalWidth() {
        let layout = Self.layout()
        #expect(layout.size == Size(width: 300, height: 32))
        #expect(layout.contentSize == layout.size && !layout.isScrollable)
        #expect(
            layout.segmentFrames == [
                Rect(x: 0, y: 0, width: 100, height: 32), Rect(x: 100, y: 0, width: 100, height: 32),
                Rect(x: 200, y: 0, width: 100, height: 32),
            ])
        // "Day" is 21 pt at 14 pt (7 pt a letter), centred in 100; the 22 pt line centred in 32.
        #expect(layout.titleFrames[0] == Rect(x: 39.5, y: 5, width: 21, height: 22))
        #expect(layout.trackFrame == Rect(x: 0, y: 0, width: 300, height: 32))
    }

    @Test(
        "content-width segments are as wide as their titles (at least 44 pt); the segmented style hugs them")
    func contentWidth() {
        let items = [SegmentItem("A"), SegmentItem("Week"), SegmentItem("Month")]
        let layout = Self.layout(items, Self.appearance(.segmented, .content))
        // "A" needs 7 + 24 < 44; "Week" 28 + 24; "Month" 35 + 24.
        #expect(layout.segmentFrames.map(\.width) == [44, 52, 59])
        #expect(layout.size.width == 155 && layout.contentSize.width == 155)
        let tabs = Self.layout(items, Self.appearance(.tabs, .content))
        #expect(tabs.size.width == 300 && tabs.segmentFrames[0].minX == 0)
        #expect(tabs.trackFrame == Rect(x: 0, y: 43, width: 300, height: 1))
    }

    @Test("segments that do not fit scroll instead of truncating; equal segments take the widest one's width")
    func overflow() {
        let items = (1...8).map { SegmentItem("Section \($0)") }
        let layout = Self.layout(items, Self.appearance(.tabs, .equal), width: 320)
        // "Section 1" is 63 pt + 24.
        #expect(layout.segmentFrames.allSatisfy { $0.width == 87 })
        #expect(layout.contentSize.width == 696 && layout.size.width == 320 && layout.isScrollable)
        #expect(layout.titleFrames.allSatisfy { $0.width == 63 })
        #expect(layout.maximumScrollOffset == 376)
    }

    @Test("the scroll offset keeps the selected tab in view with a margin, moving as little as possible")
    func scrollOffset() {
        let items = (1...8).map { SegmentItem("Section \($0)") }
        let layout = Self.layout(items, Self.appearance(.tabs, .equal), width: 320)
        #expect(layout.initialScrollOffset == 0)
        // Already visible: no movement.
        #expect(layout.scrollOffset(revealing: 1, from: 0) == 0)
        // Tab 4 ends at 348: 348 + 24 − 320.
        #expect(layout.scrollOffset(revealing: 3, from: 0) == 52)
        // Back to tab 2 (starts at 87) from far right: 87 − 24.
        #expect(layout.scrollOffset(revealing: 1, from: 376) == 63)
        // Clamped at both ends.
        #expect(layout.scrollOffset(revealing: 7, from: 0) == 376)
        #expect(layout.scrollOffset(revealing: 0, from: 376) == 0)
        #expect(layout.scrollOffset(revealing: 99, from: .nan) == 0)
        // Nothing scrolls when everything fits.
        #expect(Self.layout().scrollOffset(revealing: 2, from: 40) == 0)
    }

    /// SwiftUI scrolls a segment into view with `ScrollViewReader.scrollTo`, which moves the
    /// least that shows the target view; its target is the `.reveal(i)` part. It used to be the
    /// segment itself, so no neighbour peeked and the selected tab could sit against the edge.
    /// The least movement revealing `.reveal(i)` is exactly UIKit's
    /// `scrollOffset(revealing:from:)`, from every offset.
    @Test("scrolling the reveal part into view lands where UIKit's scroll offset does, from any offset")
    func revealPartMatchesTheScrollOffset() {
        func leastMovement(revealing target: Rect, from offset: Double, layout: SegmentedLayout) -> Double {
            var next = offset
            if target.maxX > next + layout.size.width { next = target.maxX - layout.size.width }
            if target.minX < next { next = target.minX }
            return min(max(0, next), layout.maximumScrollOffset)
        }
        var compared = 0
        var marginMatters = 0
        for count in [4, 8, 12] {
            let items = (1...count).map { SegmentItem("Section \($0)") }
            for width in [200.0, 320, 414] {
                for mode in [SegmentWidth.equal, .content] {
                    let layout = Self.layout(items, Self.appearance(.tabs, mode), width: width)
                    guard layout.isScrollable else { continue }
                    for index in items.indices {
                        for offset in stride(from: 0, through: layout.maximumScrollOffset, by: 17) {
                            let reveal = layout.placedFrame(of: .reveal(index), selectedIndex: index)
                            #expect(
                                leastMovement(revealing: reveal, from: offset, layout: layout)
                                    == layout.scrollOffset(revealing: index, from: offset),
                                "\(count) items, \(width) pt, \(mode), segment \(index) from \(offset)")
                            let segment = layout.placedFrame(of: .segment(index), selectedIndex: index)
                            if leastMovement(revealing: segment, from: offset, layout: layout)
                                != layout.scrollOffset(revealing: index, from: offset)
                            {
                                marginMatters += 1
                            }
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 100)
        #expect(marginMatters > 0, "the margin never changed the result: the check would not catch its loss")
    }

    @Test(
        "right to left: the first segment is at the right, badges lead the titles' ends, the scroll starts at the right"
    )
    func rightToLeft() throws {
        let items = [SegmentItem("Inbox", badge: .count(3)), SegmentItem("Sent"), SegmentItem("Drafts")]
        let ltr = Self.layout(items, Self.appearance(.tabs, .equal))
        let rtl = Self.layout(items, Self.appearance(.tabs, .equal, resolver: Fixture.rtl))
        #expect(rtl.segmentFrames == ltr.segmentFrames.map { $0.mirrored(inWidth: 300) })
        #expect(rtl.segmentFrames[0].minX == 200)
        let badge = try #require(rtl.badgeFrames[0])
        #expect(badge.maxX <= rtl.titleFrames[0].minX)
        #expect(
            rtl.indicatorFrame(selectedIndex: 0)
                == ltr.indicatorFrame(selectedIndex: 0).mirrored(inWidth: 300))
        let many = (1...8).map { SegmentItem("Section \($0)") }
        let scrolling = Self.layout(many, Self.appearance(.tabs, .equal, resolver: Fixture.rtl), width: 320)
        #expect(scrolling.initialScrollOffset == 376)
        // The first tab (at the far right) is in view at the initial offset.
        #expect(scrolling.scrollOffset(revealing: 0, from: scrolling.initialScrollOffset) == 376)
        // Tabs that fit start at the leading (right) edge.
        let few = Self.layout(
            [SegmentItem("A"), SegmentItem("B")], Self.appearance(.tabs, .content, resolver: Fixture.rtl))
        #expect(few.segmentFrames.map(\.maxX) == [300, 256] && !few.isScrollable)
    }

    @Test("the indicator: the thumb inside the selected segment, or the underline along its bottom")
    func indicator() {
        let segmented = Self.layout()
        #expect(segmented.indicatorFrame(selectedIndex: 1) == Rect(x: 102, y: 2, width: 96, height: 28))
        let tabs = Self.layout(Self.items, Self.appearance(.tabs))
        #expect(tabs.indicatorFrame(selectedIndex: 2) == Rect(x: 200, y: 41, width: 100, height: 3))
        #expect(tabs.indicatorFrame(selectedIndex: 5) == .zero)
        let appearance = Self.appearance()
        #expect(appearance.indicatorCornerRadius == 6 && appearance.indicatorBorderWidth == 1.5)
        #expect(Self.appearance(.tabs).indicatorCornerRadius == 1.5)
    }

    @Test("badges on segments are the Badge component's, sized by its layout; a hidden badge takes no room")
    func badges() throws {
        let items = [SegmentItem("Inbox", badge: .count(120)), SegmentItem("Sent", badge: .count(0))]
        let appearance = Self.appearance(.tabs, .content)
        let layout = Self.layout(items, appearance)
        let badgeSize = BadgeLayout(
            appearance: appearance.badgeAppearance(.count(120)), measurer: Fixture.measurer
        )
        .size
        let badge = try #require(layout.badgeFrames[0])
        #expect(Size(width: badge.width, height: badge.height) == badgeSize)
        #expect(badge.minX == layout.titleFrames[0].maxX + 6)
        // "Inbox" 35 + 6 + the badge + 24.
        #expect(layout.segmentFrames[0].width == 35 + 6 + badgeSize.width + 24)
        #expect(layout.badgeFrames[1] == nil && layout.badgeFrame(at: 1) == .zero)
        #expect(layout.segmentFrames[1].width == 52)
    }

    @Test("the room a front end leaves for the touch areas: 6 pt past a 32 pt track, none past a 44 pt one")
    func touchAreaRoom() {
        let regular = Self.appearance()
        #expect(regular.touchInset == (44 - regular.height) / 2 && regular.touchInset > 0)
        #expect(regular.touchAreaHeight == 44 && regular.touchOutset == -regular.touchInset)
        let layout = SegmentedLayout(
            items: Self.items, appearance: regular, width: 320, measurer: Fixture.measurer)
        // The touch frames fit exactly in the room left above and below the track.
        #expect(
            layout.touchFrames.allSatisfy {
                $0.minY == -regular.touchInset && $0.height == regular.touchAreaHeight
            })
        let large = Self.appearance(resolver: Fixture.resolver(category: .accessibilityExtraExtraExtraLarge))
        if large.height >= 44 {
            #expect(large.touchInset == 0 && large.touchAreaHeight == large.height)
        } else {
            #expect(large.touchAreaHeight == 44)
        }
    }

    @Test("touch areas are at least 44 points high and wide")
    func touchTargets() {
        let layout = Self.layout([SegmentItem("A"), SegmentItem("B")], Self.appearance(.segmented, .content))
        for frame in layout.touchFrames {
            #expect(frame.height >= 44 && frame.width >= 44)
        }
        #expect(layout.touchFrames[0] == Rect(x: 0, y: -6, width: 44, height: 44))
        #expect(layout.segmentIndex(at: Point(x: 50, y: -5)) == 1)
        #expect(layout.segmentIndex(at: Point(x: 50, y: 40)) == nil)
    }

    @Test(
        "Dynamic Type grows the control from the smallest to the largest size; segments still fit their titles"
    )
    func dynamicType() {
        func layout(_ category: TextSizeCategory) -> SegmentedLayout {
            Self.layout(
                Self.items, Self.appearance(resolver: Fixture.resolver(category: category)), width: 320)
        }
        let smallest = layout(.extraSmall)
        let large = layout(.large)
        let largest = layout(.accessibilityExtraExtraExtraLarge)
        #expect(smallest.size.height == 32)
        #expect(largest.size.height > large.size.height)
        #expect(largest.size.height <= 2 * 32 + 1)
        for item in [smallest, large, largest] {
            for (segment, title) in zip(item.segmentFrames, item.titleFrames) {
                #expect(title.minX >= segment.minX && title.maxX <= segment.maxX)
                #expect(title.height <= segment.height)
            }
        }
    }

    @Test(
        "selection: taps, VoiceOver's adjustments and the app's changes",
        arguments: [
            MachineRow(
                name: "tap another segment",
                machine: SegmentedSelection(enabled: [true, true, true], selected: 0),
                event: .tap(2), outcome: .accepted(effects: [.selectionChanged(2)], state: 2)),
            MachineRow(
                name: "tap the selected segment",
                machine: SegmentedSelection(enabled: [true, true], selected: 1),
                event: .tap(1), outcome: .rejected),
            MachineRow(
                name: "tap a disabled segment",
                machine: SegmentedSelection(enabled: [true, false], selected: 0),
                event: .tap(1), outcome: .rejected),
            MachineRow(
                name: "tap outside the list", machine: SegmentedSelection(enabled: [true], selected: 0),
                event: .tap(-1), outcome: .rejected),
            MachineRow(
                name: "increment skips a disabled segment",
                machine: SegmentedSelection(enabled: [true, false, true], selected: 0),
                event: .adjust(.increment), outcome: .accepted(effects: [.selectionChanged(2)], state: 2)),
            MachineRow(
                name: "increment at the end does not wrap",
                machine: SegmentedSelection(enabled: [true, true], selected: 1), event: .adjust(.increment),
                outcome: .rejected),
            MachineRow(
                name: "decrement", machine: SegmentedSelection(enabled: [true, true], selected: 1),
                event: .adjust(.decrement), outcome: .accepted(effects: [.selectionChanged(0)], state: 0)),
            MachineRow(
                name: "decrement past disabled ones only",
                machine: SegmentedSelection(enabled: [false, true], selected: 1),
                event: .adjust(.decrement), outcome: .rejected),
            MachineRow(
                name: "the app selects", machine: SegmentedSelection(enabled: [true, false], selected: 0),
                event: .select(1), outcome: .accepted(effects: [.moveIndicator(1)], state: 1)),
            MachineRow(
                name: "the app selects the selected one",
                machine: SegmentedSelection(enabled: [true], selected: 0),
                event: .select(0), outcome: .rejected),
            MachineRow(
                name: "disable a segment", machine: SegmentedSelection(enabled: [true, true], selected: 0),
                event: .setEnabled(1, false), outcome: .accepted(effects: [.redraw], state: 0)),
            MachineRow(
                name: "disable a disabled segment",
                machine: SegmentedSelection(enabled: [true, false], selected: 0),
                event: .setEnabled(1, false), outcome: .rejected),
        ])
    func selection(row: MachineRow<SegmentedSelection>) {
        row.check()
    }

    @Test("a selection out of range is clamped; an empty control selects nothing it can lose")
    func clampedSelection() {
        #expect(SegmentedSelection(items: Self.items, selected: 9).state == 2)
        #expect(SegmentedSelection(items: Self.items, selected: -4).state == 0)
        var empty = SegmentedSelection(items: [], selected: 3)
        #expect(empty.state == 0)
        #expect(!empty.send(.adjust(.increment)).isAccepted)
    }

    @Test("VoiceOver: each segment a button with its position, selected or not, its badge's words")
    func accessibility() {
        let appearance = Self.appearance()
        let inbox = SegmentItem("Inbox", badge: .count(3))
        let selected = appearance.accessibility(
            item: inbox, index: 1, count: 4, isSelected: true, strings: .english)
        #expect(selected.role == .button)
        #expect(selected.label == "Inbox, 3 new")
        #expect(selected.value == "2 of 4")
        #expect(selected.platformTraits == [.button, .selected])
        let disabled = appearance.accessibility(
            item: SegmentItem("Drafts", isEnabled: false), index: 3, count: 4, isSelected: false,
            strings: .english)
        #expect(disabled.platformTraits == [.button, .notEnabled] && disabled.label == "Drafts")
        let chinese = appearance.accessibility(
            item: SegmentItem("日"), index: 0, count: 3, isSelected: false, strings: .simplifiedChinese)
        #expect(chinese.value == "第 1 项，共 3 项")
    }

    @Test("the indicator moves with the standard motion; under Reduce Motion it jumps")
    func motion() {
        let animated = Self.appearance().motion
        #expect(animated.plan(animated: true) != .immediate)
        let reduced = Self.appearance(
            resolver: KeelThemeResolver(theme: .default, traits: ThemeTraits(reduceMotion: true))
        ).motion
        #expect(reduced.plan(animated: true) == .immediate)
    }

    @Test("every declared contrast pair passes in light, dark and increased contrast, in both themes")
    func contrast() {
        for theme in [KeelTheme.default, .blue] {
            for traits in Self.appearances {
                let pairs = SegmentedTheme(resolver: KeelThemeResolver(theme: theme, traits: traits))
                    .contrastPairs
                #expect(pairs.count == 6)
                for pair in pairs { #expect(pair.isSatisfied, "\(theme.identifier) \(traits): \(pair)") }
            }
        }
    }

    @Test("titles: selected, normal and disabled colours; no width for an empty title")
    func titles() {
        let appearance = Self.appearance()
        #expect(appearance.titleColor(isSelected: true, isEnabled: true) == appearance.colors.titleSelected)
        #expect(appearance.titleColor(isSelected: false, isEnabled: true) == appearance.colors.titleNormal)
        #expect(appearance.titleColor(isSelected: true, isEnabled: false) == appearance.colors.titleDisabled)
        let layout = Self.layout([SegmentItem("")], Self.appearance(.segmented, .content), width: .infinity)
        // A width that is not a number counts as 0; the segment keeps its 44-point target.
        #expect(layout.segmentFrames == [Rect(x: 0, y: 0, width: 44, height: 32)])
        #expect(layout.titleFrames[0].width == 0)
        #expect(
            SegmentedLayout.width(
                proposed: nil, items: Self.items, appearance: Self.appearance(.tabs, .content),
                measurer: Fixture.measurer) == 45 + 52 + 59)
    }
}
