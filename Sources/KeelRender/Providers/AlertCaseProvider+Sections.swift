import KeelComponents
import KeelDesign

extension AlertCaseProvider {
    /// The text input: a rounded field (single line, or growing multi-line that clips and
    /// scrolls past its limit) and, when asked for, the `n/max` counter after it.
    static func inputSection(
        _ input: AlertTextInput, width: Double, theme: AlertTheme, context: GalleryContext
    ) -> Section {
        let measurer = context.measurer
        let font = theme.messageFont
        let counterFont = theme.supportingFont
        let lineHeight = measurer.lineHeight(of: font)
        var counter: CharacterCounter?
        var counterWidth = 0.0
        if input.showsCharacterCount, let maximum = input.maximumLength {
            let value = CharacterCounter(count: input.text.count, maximum: maximum)
            counter = value
            counterWidth = measurer.width(of: value.text, font: counterFont)
        }
        let fieldWidth = max(0, width - (counter == nil ? 0 : counterWidth + theme.counterSpacing))
        let textWidth = max(0, fieldWidth - theme.inputInsets.horizontal)
        let shown =
            input.text.isEmpty
            ? input.placeholder
            : (input.isSecureEntry ? String(repeating: "•", count: input.text.count) : input.text)
        let color = input.text.isEmpty ? theme.placeholderColor : theme.titleColor
        let multiline: Bool
        if case .multiline = input.layout { multiline = true } else { multiline = false }
        let contentHeight =
            multiline
            ? measurer.height(of: shown, font: font, width: textWidth, maximumLines: nil) : lineHeight
        let field = input.height(
            contentHeight: contentHeight, lineHeight: lineHeight, verticalInset: theme.inputInsets.top,
            minimum: theme.inputHeight)
        let counterHeight = counter == nil ? 0 : measurer.lineHeight(of: counterFont)
        let height = max(field.height, counterHeight)
        let rtl = context.direction == .rightToLeft
        return Section(target: .textInput, height: height) { canvas, origin in
            let fieldX = rtl ? origin.x + width - fieldWidth : origin.x
            let fieldRect = Rect(x: fieldX, y: origin.y, width: fieldWidth, height: field.height)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: fieldRect, cornerRadius: theme.inputCornerRadius,
                        fill: .color(theme.inputBackground))))
            let physical = theme.inputInsets.resolved(in: context.direction)
            if multiline {
                // The text keeps its full measured height; the field shows what fits.
                let textRect = Rect(
                    x: fieldX + physical.left, y: origin.y + physical.top, width: textWidth,
                    height: contentHeight)
                let drawn = measurer.draw(
                    shown, font: font, color: color, in: textRect, direction: context.direction)
                canvas.record(drawn)
                if let node = drawn.node {
                    let clip = SVGClip(frame: fieldRect.insetBy(dx: 0, dy: physical.top))
                    canvas.draw(
                        .group(SVGGroup([node], clip: field.scrolls ? clip : nil, name: "input-text")))
                }
            } else {
                canvas.text(
                    shown, font: font, color: color,
                    in: Rect(
                        x: fieldX + physical.left, y: origin.y + (field.height - lineHeight) / 2,
                        width: textWidth, height: lineHeight),
                    direction: context.direction, maxLines: 1)
            }
            guard let counter else { return }
            // "n/max" reads left to right in every layout; it sits after the field.
            let parts = counter.parts
            let countWidth = measurer.width(of: parts.count, font: counterFont)
            let slashWidth = measurer.width(of: parts.maximum, font: counterFont)
            let x = rtl ? origin.x : fieldRect.maxX + theme.counterSpacing
            let y = origin.y + (field.height - counterHeight) / 2
            canvas.text(
                parts.count, font: counterFont, color: theme.titleColor,
                in: Rect(x: x, y: y, width: countWidth, height: counterHeight))
            canvas.text(
                parts.maximum, font: counterFont, color: theme.placeholderColor,
                in: Rect(x: x + countWidth, y: y, width: slashWidth, height: counterHeight))
        }
    }

    /// The actions, side by side (equal widths, first action leading) or stacked, as
    /// ``KeelComponents/AlertLayout/actionAxis(for:cardWidth:theme:buttonTheme:measurer:)``
    /// decides; each drawn as its button style, the cancel action with the alert's border.
    static func actionsSection(
        _ configuration: AlertConfiguration, cardWidth: Double, width: Double, theme: AlertTheme,
        buttonTheme: ButtonTheme, context: GalleryContext
    ) -> Section {
        let actions = configuration.actions
        let measurer = context.measurer
        let axis = AlertLayout.actionAxis(
            for: actions, cardWidth: cardWidth, theme: theme, buttonTheme: buttonTheme, measurer: measurer)
        let buttons = actions.map { action in
            (
                action,
                ButtonAppearance(
                    theme: buttonTheme, style: action.buttonStyle, size: action.buttonSize,
                    state: action.buttonState(alertIsBusy: configuration.isBusy)),
                ButtonContent(title: action.title)
            )
        }
        let buttonWidth = axis == .horizontal ? (width - theme.actionHorizontalSpacing) / 2 : width
        let heights = buttons.map { _, appearance, content in
            ButtonLayout.intrinsicSize(
                content: content, appearance: appearance, measurer: measurer, width: buttonWidth
            ).height
        }
        let height: Double
        switch axis {
        case .horizontal: height = heights.max() ?? 0
        case .vertical:
            height = heights.reduce(0, +) + Double(max(0, heights.count - 1)) * theme.actionVerticalSpacing
        }
        let rtl = context.direction == .rightToLeft
        return Section(target: .action(actions.first?.id ?? ""), height: height) { canvas, origin in
            var y = origin.y
            for (index, (action, appearance, content)) in buttons.enumerated() {
                let frame: Rect
                switch axis {
                case .horizontal:
                    let leading = Double(index) * (buttonWidth + theme.actionHorizontalSpacing)
                    let x = rtl ? origin.x + width - leading - buttonWidth : origin.x + leading
                    frame = Rect(x: x, y: origin.y, width: buttonWidth, height: height)
                case .vertical:
                    frame = Rect(x: origin.x, y: y, width: buttonWidth, height: heights[index])
                    y += heights[index] + theme.actionVerticalSpacing
                }
                ComponentDrawing.button(
                    content, icon: nil, appearance: appearance, in: frame,
                    borderOverride: action.usesCancelBorder ? theme.cancelBorder : nil, context: context,
                    canvas: &canvas)
            }
        }
    }
}
