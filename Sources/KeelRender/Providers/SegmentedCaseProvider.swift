import KeelComponents
import KeelDesign

/// Segmented controls and tabs: equal- and content-width segments, a disabled segment, badges
/// on segments, and tabs that overflow and scroll (the whole strip drawn, the visible window
/// outlined at the offset that keeps the selected tab in view) — drawn from
/// `SegmentedAppearance` and `SegmentedLayout`.
package struct SegmentedCaseProvider: GalleryCaseProvider {
    /// `segmented`.
    package let component = "segmented"
    /// `Segmented control and tabs`.
    package let title = "Segmented control and tabs"

    /// A provider.
    package init() {}

    /// One drawing.
    struct Sample: Sendable {
        var items: [SegmentItem]
        var style: SegmentedStyle
        var widthMode: SegmentWidth
        var selected: Int
        /// The control's width (the window of a scrolling strip).
        var width: Double = ComponentDrawing.maximumWidth
    }

    static let range = [SegmentItem("Day"), SegmentItem("Week"), SegmentItem("Month")]

    /// The samples shown: name, label, sample.
    static let samples: [(String, String, Sample)] = [
        (
            "segmented-equal", "Segmented · equal width",
            Sample(items: range, style: .segmented, widthMode: .equal, selected: 1)
        ),
        (
            "segmented-content", "Segmented · content width",
            Sample(items: range, style: .segmented, widthMode: .content, selected: 0)
        ),
        (
            "segmented-disabled", "Segmented · a disabled segment",
            Sample(
                items: [SegmentItem("Day"), SegmentItem("Week", isEnabled: false), SegmentItem("Month")],
                style: .segmented, widthMode: .equal, selected: 2)
        ),
        (
            "tabs-badges", "Tabs · badges",
            Sample(
                items: [
                    SegmentItem("Inbox", badge: .count(3)), SegmentItem("Mentions", badge: .dot),
                    SegmentItem("Archive"),
                ], style: .tabs, widthMode: .equal, selected: 0)
        ),
        (
            "tabs-overflow", "Tabs · overflow, scrolled to the selection",
            Sample(
                items: ["Top", "Science", "Technology", "Culture", "Business", "Sport", "Travel"].map {
                    SegmentItem($0)
                }, style: .tabs, widthMode: .content, selected: 4, width: 240)
        ),
    ]

    /// Every sample under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.samples.map { name, label, sample in
                    makeCase(name, label: label, theme: theme, traits: traits) { context in
                        Self.draw(sample, context: context)
                    }
                }
            }
        }
    }

    static func draw(_ sample: Sample, context: GalleryContext) -> GalleryCanvas {
        let appearance = SegmentedAppearance(
            theme: SegmentedTheme(resolver: context.resolver), style: sample.style,
            widthMode: sample.widthMode)
        let layout = SegmentedLayout(
            items: sample.items, appearance: appearance, width: sample.width, measurer: context.measurer)
        let margin = ComponentDrawing.margin
        let width = max(Sheet.width, layout.contentSize.width + 2 * margin)
        var canvas = context.canvas(width: width, height: layout.size.height + 2 * margin)
        let rtl = context.direction == .rightToLeft
        let origin = Point(x: rtl ? width - margin - layout.contentSize.width : margin, y: margin)
        ComponentDrawing.segmented(
            sample.items, appearance: appearance, layout: layout, selected: sample.selected, at: origin,
            context: context, canvas: &canvas)
        if layout.isScrollable {
            // The visible window at the offset the layout keeps the selection in view with.
            let offset = layout.scrollOffset(revealing: sample.selected, from: layout.initialScrollOffset)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(
                            x: origin.x + offset, y: origin.y - 4, width: layout.size.width,
                            height: layout.size.height + 8),
                        cornerRadius: 4, fill: .none,
                        stroke: SVGStroke(
                            color: context.resolver.color(.textSecondary), width: 1, dash: [4, 3]))))
        }
        return canvas
    }
}

extension ComponentDrawing {
    /// Draws a segmented control's content at `origin`: the track or divider, the indicator
    /// under the selection, every title and badge where `SegmentedLayout` puts them.
    static func segmented(
        _ items: [SegmentItem], appearance: SegmentedAppearance, layout: SegmentedLayout, selected: Int,
        at origin: Point, context: GalleryContext, canvas: inout GalleryCanvas
    ) {
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: Rect(layout.trackFrame, at: origin), cornerRadius: appearance.trackCornerRadius,
                    fill: .color(appearance.trackColor))))
        let indicator = layout.indicatorFrame(selectedIndex: selected)
        let border = appearance.indicatorBorderWidth
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: Rect(indicator, at: origin).insetBy(dx: border / 2, dy: border / 2),
                    cornerRadius: appearance.indicatorCornerRadius, fill: .color(appearance.indicatorColor),
                    stroke: border > 0
                        ? SVGStroke(color: appearance.indicatorBorderColor, width: border) : nil)))
        for index in items.indices {
            canvas.text(
                items[index].title, font: appearance.titleFont,
                color: appearance.titleColor(of: items, at: index, selectedIndex: selected),
                in: Rect(layout.titleFrame(at: index), at: origin), alignment: .leading,
                direction: appearance.layoutDirection, maximumLines: 1, centerVertically: true)
            if let badgeFrame = layout.badgeFrames[index], let content = items[index].badge {
                let badge = appearance.badgeAppearance(content)
                ComponentDrawing.badge(
                    badge, layout: BadgeLayout(appearance: badge, measurer: context.measurer),
                    in: Rect(badgeFrame, at: origin), canvas: &canvas)
            }
        }
    }
}
