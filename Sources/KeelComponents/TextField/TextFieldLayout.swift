import KeelDesign

/// The parts of a text field a layout places.
package enum TextFieldPart: String, CaseIterable, Hashable, Sendable {
    /// The label above the field.
    case label
    /// The field's box (fill and border).
    case field
    /// The leading icon.
    case leadingIcon
    /// The editor (the text and, while empty, the placeholder).
    case text
    /// The clear button's touch area.
    case clearButton
    /// The reveal button's touch area.
    case revealButton
    /// The trailing icon.
    case trailingIcon
    /// The helper or error text.
    case supportingText
    /// The `n/max` counter.
    case counter
}

/// How tall a text area's editor is for its measured text: as many lines as the text takes,
/// at least the minimum and at most the maximum, after which the editor scrolls.
package struct TextAreaSizing: Hashable, Sendable {
    /// The lines shown.
    package var lines: Int
    /// Whether the text is taller than the editor (it scrolls).
    package var scrolls: Bool

    /// The sizing for text measured at `measuredHeight` in lines `lineHeight` tall, within
    /// `range` lines. Non-finite or negative measures count as one line.
    package init(measuredHeight: Double, lineHeight: Double, range: ClosedRange<Int>) {
        let measured: Int
        if measuredHeight.isFinite, lineHeight.isFinite, lineHeight > 0, measuredHeight > 0 {
            // Rounded, so a measure a hair over a whole number of lines is not a line more.
            measured = Int(min(1e6, (measuredHeight / lineHeight).rounded()))
        } else {
            measured = 1
        }
        lines = min(max(measured, range.lowerBound), range.upperBound)
        scrolls = measured > range.upperBound
    }
}

/// The frames of every element of a text field or text area, in its coordinates (physical,
/// after right-to-left mirroring), for a width; the height follows from the content.
///
/// The label sits above the field; inside it the leading icon, the editor, then from the
/// trailing edge inwards the trailing icon, the reveal button and the clear button (each
/// button a 44-point touch area, the icon centred); below it the helper or error text with
/// the counter at its trailing end, or below it at accessibility text sizes. A text area's
/// editor grows line by line with its text to its maximum, then scrolls.
package struct TextFieldLayout: Hashable, Sendable {
    /// The whole size.
    package var size: Size
    /// The label (`nil` without one).
    package var labelFrame: Rect?
    /// The field's box.
    package var fieldFrame: Rect
    /// The leading icon.
    package var leadingIconFrame: Rect?
    /// The editor.
    package var textFrame: Rect
    /// The clear button's touch area.
    package var clearButtonFrame: Rect?
    /// The clear button's icon.
    package var clearIconFrame: Rect?
    /// The reveal button's touch area.
    package var revealButtonFrame: Rect?
    /// The reveal button's icon.
    package var revealIconFrame: Rect?
    /// The trailing icon.
    package var trailingIconFrame: Rect?
    /// The helper or error text.
    package var supportingTextFrame: Rect?
    /// The counter.
    package var counterFrame: Rect?
    /// Whether the counter sits below the helper text.
    package var counterIsStacked: Bool
    /// A text area's lines and whether it scrolls (one line, never scrolling, for a field).
    package var sizing: TextAreaSizing

    /// Lays out `configuration` holding `text` (focused or not) in `width`.
    package init(
        configuration: TextFieldConfiguration, appearance: TextFieldAppearance, text: String, isFocused: Bool,
        width: Double, measurer: some TextMeasuring
    ) {
        let width = width.isFinite ? max(0, width) : 0
        let shown = configuration.accessories(text: text, isFocused: isFocused)
        let icon = appearance.iconSize
        let target = appearance.hitTarget.minimumSize
        var y = 0.0
        var label: Rect?
        if let text = configuration.shownLabel {
            let height = measurer.height(
                of: text, font: appearance.labelFont, width: width, maximumLines: nil)
            label = Rect(x: 0, y: 0, width: width, height: height)
            y = height + appearance.labelSpacing
        }
        let fieldTop = y
        let line = measurer.lineHeight(of: appearance.inputFont)
        // The editor's width: the field less its padding and every accessory.
        let padding = appearance.horizontalPadding
        var textLeft = padding
        if shown.leadingIcon { textLeft += icon + appearance.iconSpacing }
        // From the trailing edge inwards: `trailing` is where the next icon may end, and
        // `occupied` where the last element's touch area begins (a button's icon sits inside
        // a 44-point area that must not overlap its neighbour's).
        var trailing = width - padding
        var occupied = width
        let excess = max(0, target.width - icon) / 2
        var trailingIconX: Double?
        var revealX: Double?
        var clearX: Double?
        if shown.trailingIcon {
            let x = trailing - icon
            trailingIconX = x
            trailing = x - appearance.iconSpacing
            occupied = x
        }
        func placeButton() -> Double {
            let x = min(trailing, occupied - excess) - icon
            trailing = x - appearance.iconSpacing
            occupied = x - excess
            return x
        }
        if shown.revealButton { revealX = placeButton() }
        if shown.clearButton { clearX = placeButton() }
        trailing = min(trailing, occupied)
        let textWidth = max(0, trailing - textLeft)
        let multiline = configuration.isMultiline
        let sizing: TextAreaSizing
        if multiline {
            let measured =
                text.isEmpty
                ? line
                : measurer.height(of: text, font: appearance.inputFont, width: textWidth, maximumLines: nil)
            sizing = TextAreaSizing(
                measuredHeight: measured, lineHeight: line, range: configuration.lineRange)
        } else {
            sizing = TextAreaSizing(measuredHeight: line, lineHeight: line, range: 1...1)
        }
        let editorHeight = Double(sizing.lines) * line
        let fieldHeight =
            multiline
            ? max(editorHeight + 2 * appearance.verticalPadding, target.height)
            : max(appearance.fieldHeight, line + appearance.verticalPadding, target.height)
        var field = Rect(x: 0, y: fieldTop, width: width, height: fieldHeight)
        let textY = multiline ? fieldTop + appearance.verticalPadding : fieldTop + (fieldHeight - line) / 2
        var textRect = Rect(x: textLeft, y: textY, width: textWidth, height: editorHeight)
        // Icons centre on the first line.
        let iconY = textY + (line - icon) / 2
        func iconRect(_ x: Double) -> Rect { Rect(x: x, y: iconY, width: icon, height: icon) }
        func touchRect(_ x: Double) -> Rect {
            let side = Size(width: max(target.width, icon), height: max(target.height, icon))
            return Rect(
                x: x + (icon - side.width) / 2, y: iconY + (icon - side.height) / 2, width: side.width,
                height: side.height)
        }
        var leading = shown.leadingIcon ? iconRect(padding) : nil
        var trailingIcon = trailingIconX.map(iconRect)
        var reveal = revealX.map(touchRect)
        var revealIcon = revealX.map(iconRect)
        var clear = clearX.map(touchRect)
        var clearIcon = clearX.map(iconRect)
        y = fieldTop + fieldHeight
        // The helper or error text, and the counter beside it or below it.
        let supportingLine = measurer.lineHeight(of: appearance.supportingFont)
        let counterText = configuration.counter(for: text)?.text
        let counterWidth = counterText.map {
            min(width, measurer.singleLineWidth(of: $0, font: appearance.supportingFont))
        }
        let supportingText = configuration.supportingText
        let stacks = appearance.stacksCounter && supportingText != nil && counterText != nil
        var supporting: Rect?
        var counter: Rect?
        if supportingText != nil || counterText != nil {
            y += appearance.supportingSpacing
            var rowHeight = 0.0
            if let supportingText {
                let room =
                    stacks
                    ? width : max(0, width - (counterWidth.map { $0 + appearance.counterSpacing } ?? 0))
                let height = measurer.height(
                    of: supportingText, font: appearance.supportingFont, width: room, maximumLines: nil)
                supporting = Rect(x: 0, y: y, width: room, height: height)
                rowHeight = height
            }
            if let counterWidth {
                if stacks {
                    y += rowHeight
                    counter = Rect(x: 0, y: y, width: counterWidth, height: supportingLine)
                } else {
                    counter = Rect(x: width - counterWidth, y: y, width: counterWidth, height: supportingLine)
                }
                rowHeight = stacks ? supportingLine : max(rowHeight, supportingLine)
            }
            y += rowHeight
        }
        size = Size(width: width, height: y)
        if appearance.layoutDirection == .rightToLeft {
            label = label?.mirrored(inWidth: width)
            field = field.mirrored(inWidth: width)
            leading = leading?.mirrored(inWidth: width)
            textRect = textRect.mirrored(inWidth: width)
            trailingIcon = trailingIcon?.mirrored(inWidth: width)
            reveal = reveal?.mirrored(inWidth: width)
            revealIcon = revealIcon?.mirrored(inWidth: width)
            clear = clear?.mirrored(inWidth: width)
            clearIcon = clearIcon?.mirrored(inWidth: width)
            supporting = supporting?.mirrored(inWidth: width)
            counter = counter?.mirrored(inWidth: width)
        }
        labelFrame = label
        fieldFrame = field
        leadingIconFrame = leading
        textFrame = textRect
        clearButtonFrame = clear
        clearIconFrame = clearIcon
        revealButtonFrame = reveal
        revealIconFrame = revealIcon
        trailingIconFrame = trailingIcon
        supportingTextFrame = supporting
        counterFrame = counter
        counterIsStacked = stacks
        self.sizing = sizing
    }

    /// The frame of `part` (buttons: their touch areas), or `nil` when it is not shown.
    package func frame(of part: TextFieldPart) -> Rect? {
        switch part {
        case .label: labelFrame
        case .field: fieldFrame
        case .leadingIcon: leadingIconFrame
        case .text: textFrame
        case .clearButton: clearButtonFrame
        case .revealButton: revealButtonFrame
        case .trailingIcon: trailingIconFrame
        case .supportingText: supportingTextFrame
        case .counter: counterFrame
        }
    }

    /// The frame of `part`, or `.zero` when it is not shown (what a front end assigns).
    package func placedFrame(of part: TextFieldPart) -> Rect { frame(of: part) ?? .zero }

    /// The width a front end lays out at when nothing proposes one: a small phone's less
    /// its margins.
    package static let fallbackWidth = 288.0

    /// The width a size proposal gives the field: the proposal when positive and finite,
    /// otherwise `fallback`.
    package static func width(proposed: Double?, fallback: Double) -> Double {
        if let proposed, proposed.isFinite, proposed > 0, proposed < .greatestFiniteMagnitude {
            return proposed
        }
        return fallback
    }
}
