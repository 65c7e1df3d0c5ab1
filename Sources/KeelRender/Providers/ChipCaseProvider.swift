import KeelComponents
import KeelDesign

/// Chips: filter chips in every state (the checkmark leads while selected), input chips with
/// their remove button, a title that truncates at the page's width, and a group that wraps
/// onto rows (KeelLayout's flex wrap, rows spaced for 44-point targets) — drawn from
/// `ChipAppearance`, `ChipLayout` and `ChipGroupLayout`.
package struct ChipCaseProvider: GalleryCaseProvider {
    /// `chip`.
    package let component = "chip"
    /// `Chip`.
    package let title = "Chip"

    /// A provider.
    package init() {}

    /// One drawing: single chips or a group.
    enum Sample: Sendable {
        case chip(String, ChipKind, ChipState)
        case group([String], selected: Set<Int>)
    }

    /// The samples shown: name, label, sample.
    static let samples: [(String, String, Sample)] = [
        ("filter-normal", "Filter · normal", .chip("Jazz", .filter, .normal)),
        ("filter-selected", "Filter · selected", .chip("Jazz", .filter, .selected)),
        ("filter-highlighted", "Filter · highlighted", .chip("Jazz", .filter, .highlighted)),
        ("filter-disabled", "Filter · disabled", .chip("Jazz", .filter, .disabled)),
        (
            "filter-selected-disabled", "Filter · selected, disabled",
            .chip("Jazz", .filter, [.selected, .disabled])
        ),
        ("input-normal", "Input · normal", .chip("Ada Lovelace", .input, .normal)),
        ("input-disabled", "Input · disabled", .chip("Ada Lovelace", .input, .disabled)),
        (
            "input-long-title", "Input · long title",
            .chip("ada.lovelace@analytical-engine.example.org (work address)", .input, .normal)
        ),
        (
            "group-wraps", "Group · wraps",
            .group(["Jazz", "Rock", "Folk", "Classical", "Hip-hop", "Electronic", "Soul"], selected: [1, 3])
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
        let theme = ChipTheme(resolver: context.resolver)
        let margin = ComponentDrawing.margin
        let width = ComponentDrawing.maximumWidth
        switch sample {
        case .chip(let title, let kind, let state):
            let appearance = ChipAppearance(theme: theme, kind: kind, state: state)
            let size = ChipLayout.intrinsicSize(
                title: title, appearance: appearance, measurer: context.measurer, maximumWidth: width)
            var canvas = context.canvas(width: Sheet.width, height: size.height + 2 * margin)
            let x = context.direction == .rightToLeft ? Sheet.width - margin - size.width : margin
            ComponentDrawing.chip(
                title, appearance: appearance,
                in: Rect(x: x, y: margin, width: size.width, height: size.height),
                context: context, canvas: &canvas)
            return canvas
        case .group(let titles, let selected):
            let group = ChipGroupSelection(count: titles.count, selected: selected, mode: .multiple)
            let states = titles.indices.map { group.chipState(at: $0) }
            let layout = ChipGroupLayout(
                titles: titles, kind: .filter, states: states, width: width, theme: theme,
                measurer: context.measurer)
            var canvas = context.canvas(width: Sheet.width, height: layout.size.height + 2 * margin)
            for (index, frame) in layout.chipFrames.enumerated() {
                ComponentDrawing.chip(
                    titles[index],
                    appearance: ChipAppearance(theme: theme, kind: .filter, state: states[index]),
                    in: Rect(frame, at: Point(x: margin, y: margin)), context: context, canvas: &canvas)
            }
            return canvas
        }
    }
}

extension ComponentDrawing {
    /// Draws a chip in `frame`: the capsule and border, the checkmark, the title and the
    /// remove icon where `ChipLayout` puts them.
    static func chip(
        _ title: String, appearance: ChipAppearance, in frame: Rect, context: GalleryContext,
        canvas: inout GalleryCanvas
    ) {
        let layout = ChipLayout(
            title: title, appearance: appearance, bounds: Size(width: frame.width, height: frame.height),
            measurer: context.measurer)
        let inset = appearance.borderWidth / 2
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: frame.insetBy(dx: inset, dy: inset), cornerRadius: appearance.cornerRadius - inset,
                    fill: .color(appearance.colors.background),
                    stroke: SVGStroke(color: appearance.colors.border, width: appearance.borderWidth))))
        let contrast = appearance.colors.background
        if let check = layout.checkmarkFrame {
            canvas.draw(
                KeelIcon.checkmark.node(
                    in: Rect(check, at: frame.origin), tint: appearance.colors.icon, contrast: contrast,
                    direction: .leftToRight))
        }
        if let remove = layout.removeButtonFrame {
            canvas.draw(
                KeelIcon.close.node(
                    in: Rect(remove, at: frame.origin), tint: appearance.colors.icon, contrast: contrast,
                    direction: .leftToRight))
        }
        canvas.text(
            title, font: appearance.titleFont, color: appearance.colors.title,
            in: Rect(layout.titleFrame, at: frame.origin), alignment: .leading,
            direction: appearance.layoutDirection, maximumLines: 1, centerVertically: true)
    }
}
