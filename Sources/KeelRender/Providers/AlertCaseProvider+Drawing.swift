import KeelComponents
import KeelDesign

extension AlertCaseProvider {
    /// The illustration: the icon its name stands for, else a neutral placeholder of the
    /// image's frame (the gallery has no asset catalogue).
    static func drawIllustration(
        _ illustration: AlertIllustration?, in frame: Rect, theme: AlertTheme, context: GalleryContext,
        canvas: inout GalleryCanvas
    ) {
        let node: SVGNode =
            KeelIcon(symbolName: illustration?.imageName ?? "").map {
                $0.node(
                    in: frame, tint: theme.titleColor, contrast: theme.cardBackground,
                    direction: context.direction)
            }
            ?? .rect(
                SVGRectShape(
                    frame: frame, cornerRadius: theme.inputCornerRadius, fill: .color(theme.inputBackground)))
        canvas.draw(.group(SVGGroup([node], name: "illustration")))
    }

    /// The custom content's slot: the app's view stands in as a panel of its full fitting
    /// height, clipped to the clamped slot (it scrolls there).
    static func drawCustomContent(
        _ slot: AlertCustomContentFrame, in frame: Rect, theme: AlertTheme, canvas: inout GalleryCanvas
    ) {
        let panel = Rect(slot.content, at: frame.origin)
        canvas.draw(
            .group(
                SVGGroup(
                    [
                        .rect(
                            SVGRectShape(
                                frame: panel, cornerRadius: theme.inputCornerRadius,
                                fill: .color(theme.inputBackground)))
                    ],
                    clip: SVGClip(frame: frame),
                    name: slot.scrolls ? "custom-content-scrolls" : "custom-content")))
    }

    /// The text input as laid out: the rounded field, its text (or placeholder) in the text
    /// area — a multi-line text at its full height, clipped when the field scrolls — and the
    /// `n/max` counter, which reads left to right in every layout.
    static func drawInput(
        _ input: AlertTextInput, _ layout: AlertTextInputFrame, at origin: Point, theme: AlertTheme,
        context: GalleryContext, canvas: inout GalleryCanvas
    ) {
        let measurer = context.measurer
        let field = Rect(layout.field, at: origin)
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: field, cornerRadius: theme.inputCornerRadius, fill: .color(theme.inputBackground)))
        )
        let shown =
            input.text.isEmpty
            ? input.placeholder
            : (input.isSecureEntry ? String(repeating: "•", count: input.text.count) : input.text)
        let color = layout.showsPlaceholder ? theme.placeholderColor : theme.messageColor
        let area = Rect(layout.textArea, at: field.origin)
        if layout.isMultiline {
            let height = measurer.height(
                of: shown, font: theme.messageFont, width: area.width, maximumLines: nil)
            let drawn = measurer.draw(
                shown, font: theme.messageFont, color: color,
                in: Rect(x: area.x, y: area.y, width: area.width, height: height),
                direction: context.direction)
            canvas.record(drawn)
            if let node = drawn.node {
                canvas.draw(
                    .group(
                        SVGGroup(
                            [node], clip: layout.fieldScrolls ? SVGClip(frame: area) : nil, name: "input-text"
                        )))
            }
        } else {
            canvas.text(
                shown, font: theme.messageFont, color: color, in: area, direction: context.direction,
                maximumLines: 1)
        }
        guard layout.showsCounter, let counter = layout.characterCounter else { return }
        let frame = Rect(layout.counter, at: origin)
        let parts = counter.parts
        let countWidth = measurer.width(of: parts.count, font: theme.supportingFont)
        canvas.text(
            parts.count, font: theme.supportingFont, color: theme.messageColor,
            in: Rect(x: frame.x, y: frame.y, width: countWidth, height: frame.height))
        canvas.text(
            parts.maximum, font: theme.supportingFont, color: theme.placeholderColor,
            in: Rect(
                x: frame.x + countWidth, y: frame.y, width: max(0, frame.width - countWidth),
                height: frame.height))
    }
}
