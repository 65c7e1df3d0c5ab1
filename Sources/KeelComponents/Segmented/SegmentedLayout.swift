import KeelDesign

/// The frames of every element of a segmented control or tabs, in the content's coordinates
/// (physical, after right-to-left mirroring: the first segment at the right), for a width.
///
/// Equal-width segments share the width given, each at least as wide as the widest one needs;
/// content-width segments are as wide as their own title and badge. Segments never truncate:
/// when they are wider together than the width given (tabs, or any style at accessibility
/// sizes), the content scrolls, and ``scrollOffset(revealing:from:)`` keeps the selected one
/// in view. Every segment is at least the 44-point target wide, and its touch area is grown to
/// 44 points high.
package struct SegmentedLayout: Hashable, Sendable {
    /// The control's size: the width given (a content-width segmented control hugs its
    /// segments when they are narrower), the appearance's height.
    package var size: Size
    /// The content's size (wider than ``size`` when it scrolls).
    package var contentSize: Size
    /// Each segment's frame, in order.
    package var segmentFrames: [Rect]
    /// Each segment's touch area: its frame grown to the touch target's height.
    package var touchFrames: [Rect]
    /// Each segment's title.
    package var titleFrames: [Rect]
    /// Each segment's badge (`nil` without one or while it is hidden).
    package var badgeFrames: [Rect?]
    /// The segmented style's track (the whole content), or the tabs' divider along the bottom.
    package var trackFrame: Rect
    /// Whether the content is wider than the control and scrolls.
    package var isScrollable: Bool
    /// How far the indicator sits inside its segment: the thumb's inset, or the underline at
    /// the segment's bottom.
    private var style: SegmentedStyle
    private var thumbInset: Double
    private var indicatorHeight: Double
    private var scrollMargin: Double
    private var direction: TextDirection

    /// Lays out `items` in `width` with `appearance`, measuring with `measurer`.
    package init(
        items: [SegmentItem], appearance: SegmentedAppearance, width: Double, measurer: some TextMeasuring
    ) {
        let width = width.isFinite ? max(0, width) : 0
        let height = appearance.height
        let padding = appearance.horizontalPadding
        let line = measurer.lineHeight(of: appearance.titleFont)
        var titleWidths: [Double] = []
        var badgeSizes: [Size?] = []
        var needed: [Double] = []
        titleWidths.reserveCapacity(items.count)
        badgeSizes.reserveCapacity(items.count)
        needed.reserveCapacity(items.count)
        for item in items {
            let title =
                item.title.isEmpty ? 0 : measurer.singleLineWidth(of: item.title, font: appearance.titleFont)
            var badge: Size?
            if let content = item.badge {
                let size = BadgeLayout(appearance: appearance.badgeAppearance(content), measurer: measurer)
                    .size
                badge = size.width > 0 ? size : nil
            }
            titleWidths.append(title)
            badgeSizes.append(badge)
            let badgeExtra = badge.map { $0.width + appearance.badgeSpacing } ?? 0
            needed.append(max(appearance.hitTarget.minimumSize.width, title + badgeExtra + 2 * padding))
        }
        var widths = needed
        if appearance.widthMode == .equal, !items.isEmpty {
            let share = max(width / Double(items.count), needed.max() ?? 0)
            widths = Array(repeating: share, count: items.count)
        }
        let segmentsWidth = widths.reduce(0, +)
        // A content-width segmented control hugs its segments; otherwise the content is at
        // least as wide as the control (tabs that fit start at the leading edge).
        let hugs = appearance.style == .segmented && appearance.widthMode == .content
        let controlWidth = hugs ? min(width, segmentsWidth) : width
        let contentWidth = hugs ? segmentsWidth : max(segmentsWidth, width)
        size = Size(width: controlWidth, height: height)
        contentSize = Size(width: contentWidth, height: height)
        isScrollable = contentWidth > controlWidth + 0.5
        let touchHeight = max(height, appearance.hitTarget.minimumSize.height)
        var segments: [Rect] = []
        var touches: [Rect] = []
        var titles: [Rect] = []
        var badges: [Rect?] = []
        segments.reserveCapacity(items.count)
        touches.reserveCapacity(items.count)
        titles.reserveCapacity(items.count)
        badges.reserveCapacity(items.count)
        var x = 0.0
        for index in items.indices {
            let segmentWidth = widths[index]
            segments.append(Rect(x: x, y: 0, width: segmentWidth, height: height))
            touches.append(
                Rect(x: x, y: (height - touchHeight) / 2, width: segmentWidth, height: touchHeight))
            // The title and badge are centred together in the segment.
            let badge = badgeSizes[index]
            let group = titleWidths[index] + (badge.map { $0.width + appearance.badgeSpacing } ?? 0)
            let titleX = x + max(padding, (segmentWidth - group) / 2)
            titles.append(Rect(x: titleX, y: (height - line) / 2, width: titleWidths[index], height: line))
            badges.append(
                badge.map { size in
                    Rect(
                        x: titleX + titleWidths[index] + appearance.badgeSpacing,
                        y: (height - size.height) / 2,
                        width: size.width, height: size.height)
                })
            x += segmentWidth
        }
        let track =
            appearance.style == .segmented
            ? Rect(x: 0, y: 0, width: contentWidth, height: height)
            : Rect(
                x: 0, y: height - appearance.dividerWidth, width: contentWidth,
                height: appearance.dividerWidth)
        if appearance.layoutDirection == .rightToLeft {
            let mirrorWidth = contentWidth
            segments = segments.map { $0.mirrored(inWidth: mirrorWidth) }
            touches = touches.map { $0.mirrored(inWidth: mirrorWidth) }
            titles = titles.map { $0.mirrored(inWidth: mirrorWidth) }
            badges = badges.map { $0?.mirrored(inWidth: mirrorWidth) }
        }
        segmentFrames = segments
        touchFrames = touches
        titleFrames = titles
        badgeFrames = badges
        trackFrame = track
        style = appearance.style
        thumbInset = appearance.thumbInset
        indicatorHeight = appearance.indicatorHeight
        scrollMargin = appearance.scrollMargin
        direction = appearance.layoutDirection
    }

    /// The indicator's frame under the segment at `index`: the thumb inside it (segmented
    /// style) or the underline along its bottom (tabs); `.zero` outside the list.
    package func indicatorFrame(selectedIndex index: Int) -> Rect {
        guard segmentFrames.indices.contains(index) else { return .zero }
        let segment = segmentFrames[index]
        switch style {
        case .segmented:
            return segment.insetBy(dx: thumbInset, dy: thumbInset)
        case .tabs:
            return Rect(
                x: segment.minX, y: segment.height - indicatorHeight, width: segment.width,
                height: indicatorHeight)
        }
    }

    /// The frame of a segment (`.zero` outside the list).
    package func segmentFrame(at index: Int) -> Rect {
        segmentFrames.indices.contains(index) ? segmentFrames[index] : .zero
    }

    /// The title frame of a segment (`.zero` outside the list).
    package func titleFrame(at index: Int) -> Rect {
        titleFrames.indices.contains(index) ? titleFrames[index] : .zero
    }

    /// The badge frame of a segment, or `.zero` without one (what a front end assigns).
    package func badgeFrame(at index: Int) -> Rect {
        badgeFrames.indices.contains(index) ? badgeFrames[index] ?? .zero : .zero
    }

    /// The frame of `part` with the segment at `selectedIndex` selected, or `.zero` when it is
    /// not shown (what a front end assigns).
    package func placedFrame(of part: SegmentedPart, selectedIndex: Int) -> Rect {
        switch part {
        case .track: trackFrame
        case .indicator: indicatorFrame(selectedIndex: selectedIndex)
        case .segment(let index): touchFrames.indices.contains(index) ? touchFrames[index] : .zero
        case .title(let index): titleFrame(at: index)
        case .badge(let index): badgeFrame(at: index)
        case .reveal(let index): revealFrame(at: index)
        }
    }

    /// The segment at `index` with `scrollMargin` of room on each side, within the content.
    package func revealFrame(at index: Int) -> Rect {
        guard segmentFrames.indices.contains(index) else { return .zero }
        let frame = segmentFrames[index]
        let minX = max(0, frame.minX - scrollMargin)
        let maxX = min(contentSize.width, frame.maxX + scrollMargin)
        return Rect(x: minX, y: frame.minY, width: max(0, maxX - minX), height: frame.height)
    }

    /// The segment whose touch area holds `point` (in content coordinates), if any.
    package func segmentIndex(at point: Point) -> Int? {
        touchFrames.firstIndex { $0.contains(point) }
    }

    /// The largest scroll offset (0 when the content fits).
    package var maximumScrollOffset: Double { max(0, contentSize.width - size.width) }

    /// Where a scrolling control starts: at the leading end (the right end right to left).
    package var initialScrollOffset: Double { direction == .rightToLeft ? maximumScrollOffset : 0 }

    /// The horizontal scroll offset that keeps the segment at `index` in view with
    /// ``SegmentedAppearance/scrollMargin`` of its neighbour showing, moving as little as
    /// possible from `current` (clamped to the content; 0 when nothing scrolls).
    package func scrollOffset(revealing index: Int, from current: Double) -> Double {
        guard isScrollable else { return 0 }
        let current = current.isFinite ? current : initialScrollOffset
        guard segmentFrames.indices.contains(index) else { return min(max(0, current), maximumScrollOffset) }
        let frame = segmentFrames[index]
        var offset = current
        if frame.maxX + scrollMargin > offset + size.width { offset = frame.maxX + scrollMargin - size.width }
        if frame.minX - scrollMargin < offset { offset = frame.minX - scrollMargin }
        return min(max(0, offset), maximumScrollOffset)
    }

    /// The width a size proposal gives the control: the proposal when positive and finite,
    /// otherwise the content's natural width (every segment as wide as it needs).
    package static func width(
        proposed: Double?, items: [SegmentItem], appearance: SegmentedAppearance, measurer: some TextMeasuring
    ) -> Double {
        if let proposed, proposed.isFinite, proposed > 0, proposed < .greatestFiniteMagnitude {
            return proposed
        }
        return SegmentedLayout(items: items, appearance: appearance, width: 0, measurer: measurer).contentSize
            .width
    }
}
