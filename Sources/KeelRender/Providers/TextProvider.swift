import KeelDesign

/// Text layout with measured metrics: alignment, wrapping, truncation after a number of
/// lines, mixed Latin and CJK, and tracking — the behaviours components rely on.
package struct TextProvider: GalleryCaseProvider {
    /// `text`.
    package let component = "text"
    /// `Text layout`.
    package let title = "Text layout"

    /// A provider.
    package init() {}

    /// One case per theme at Large, xxxLarge, AX3 and right-to-left.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            (GalleryTraits.textSizes + [.rightToLeft]).map { traits in
                makeCase(
                    "layout", label: "Wrapping, alignment, truncation", theme: theme, traits: traits,
                    draw: Self.draw)
            }
        }
    }

    static let paragraph =
        "Keel lays text out with metrics read from the font file, so what you see is what was measured."

    /// The right-to-left paragraph (Hebrew: no contextual shaping, so measured widths hold).
    static let rightToLeftParagraph =
        "קיל פורס טקסט לפי מדדים שנקראו מקובץ הגופן, כך שמה שרואים הוא מה שנמדד."

    static func draw(_ context: GalleryContext) -> GalleryCanvas {
        let resolver = context.resolver
        let paragraph = context.direction == .rightToLeft ? rightToLeftParagraph : paragraph
        let measurer = context.measurer
        var canvas = context.canvas(width: Sheet.width, height: 0)
        let body = resolver.font(.body)
        let caption = resolver.font(.caption)
        var y = Sheet.heading("Text layout", at: Sheet.margin, on: &canvas, context: context)
        let width = Sheet.contentWidth
        func box(
            _ label: String, _ text: String, font: FontDescriptor, alignment: TextBlockAlignment,
            maximumLines: Int
        ) {
            let title = canvas.text(
                label, font: caption, color: resolver.color(.textSecondary),
                in: Rect(x: Sheet.margin, y: y, width: width, height: .infinity),
                direction: context.direction)
            y += title.layout.height + 4
            let laidOut = measurer.layout(
                text, font: font, maximumWidth: width - 16, maximumLines: maximumLines)
            let frame = Rect(x: Sheet.margin, y: y, width: width, height: laidOut.height + 16)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: frame, cornerRadius: resolver.radius(.md),
                        fill: .color(resolver.color(.backgroundSecondary)),
                        stroke: SVGStroke(color: resolver.color(.borderPrimary), width: 1))))
            canvas.text(
                text, font: font, color: resolver.color(.textPrimary), in: frame.insetBy(dx: 8, dy: 8),
                alignment: alignment, direction: context.direction, maximumLines: maximumLines)
            y = frame.maxY + 12
        }
        for alignment in TextBlockAlignment.allCases {
            box(
                "\(alignment.rawValue), wrapped", paragraph, font: body, alignment: alignment, maximumLines: 0
            )
        }
        box(
            "two lines, then an ellipsis", paragraph + " " + paragraph, font: body, alignment: .leading,
            maximumLines: 2)
        box(
            "one line, then an ellipsis", paragraph, font: resolver.font(.bodyMedium), alignment: .leading,
            maximumLines: 1)
        box(
            "Latin and CJK (ideographs full-width)", "设计系统把每个决定写成可测试的代码 Design tokens 主题与排版", font: body,
            alignment: .leading, maximumLines: 0)
        var tracked = resolver.font(.captionMedium)
        tracked.tracking = 1.5
        box(
            "tracking 1.5", "LETTER SPACING IS MEASURED TOO", font: tracked, alignment: .leading,
            maximumLines: 0)
        canvas.height = y + Sheet.margin - 12
        return canvas
    }
}
