import KeelDesign

extension AlertLayout {
    /// The alert's complete layout for `input`, measuring text with `measurer`: the card (width
    /// ``cardWidth(container:safeArea:theme:)``, frame and keyboard split
    /// ``cardFrame(contentHeight:customContent:customContentFittingHeight:container:safeArea:keyboardOverlap:theme:)``),
    /// every section stacked in ``AlertConfiguration/sections`` order with
    /// ``spacing(between:and:hasIllustration:theme:)``, the custom content clamped by
    /// ``customContentLayout(_:fittingHeight:otherContentHeight:availableCardHeight:cardWidth:theme:)``,
    /// the actions on ``actionAxis(for:cardWidth:theme:buttonTheme:measurer:)``, the adaptive
    /// ``alignment(_:text:font:availableWidth:measurer:)`` of the title and message, and the
    /// close button in the top-trailing corner.
    ///
    /// The close button shares the card's top row: a first title, message or illustration is
    /// narrowed by the button's overlap on both sides (so centred text stays centred); any
    /// other first section starts below the button. Right-to-left mirrors the checkbox row,
    /// the input and its counter, side-by-side actions and the close button.
    ///
    /// Every frame is finite and non-negative for any input (non-finite or negative sizes and
    /// measurements count as 0).
    package static func resolve(_ input: AlertLayoutInput, measurer: some TextMeasuring) -> AlertLayoutResult
    {
        let configuration = input.configuration
        let theme = input.theme
        let direction = input.direction
        let container = Size(
            width: sanitized(input.container.width), height: sanitized(input.container.height))
        let safeArea = Edges<Double>(
            top: sanitized(input.safeArea.top), left: sanitized(input.safeArea.left),
            bottom: sanitized(input.safeArea.bottom), right: sanitized(input.safeArea.right))
        let overlap = sanitized(input.keyboardOverlap)
        let width = cardWidth(container: container, safeArea: safeArea, theme: theme)
        let inner = contentWidth(cardWidth: width, theme: theme)
        let insets = theme.contentInsets.resolved(in: direction)
        let sections = configuration.sections
        let hasIllustration = configuration.illustration != nil

        // The close button and the first section share the card's top row.
        let closeSide = min(sanitized(theme.closeButtonSize), width)
        let showsClose = configuration.showsCloseButton
        let first = sections.first
        let narrowsFirst = showsClose && (first == .title || first == .message || first == .illustration)
        let reserve = narrowsFirst ? min(inner / 2, max(0, closeSide - theme.contentInsets.trailing)) : 0
        let topExtra = showsClose && !narrowsFirst ? max(0, closeSide - insets.top) : 0
        func availableWidth(_ target: AlertFocusTarget) -> Double {
            target == first ? max(0, inner - 2 * reserve) : inner
        }

        // Heights of every section but the custom content.
        let illustration = illustrationParts(
            input, width: availableWidth(.illustration), inner: inner, measurer: measurer)
        let title = textParts(
            configuration.title, rule: configuration.titleAlignment, font: theme.titleFont,
            width: availableWidth(.title), measurer: measurer)
        let message = textParts(
            configuration.message, rule: configuration.messageAlignment, font: theme.messageFont,
            width: availableWidth(.message), measurer: measurer)
        let accessory = accessoryParts(input, inner: inner, direction: direction, measurer: measurer)
        let actions = actionParts(input, cardWidth: width, inner: inner, measurer: measurer)

        func height(of section: AlertFocusTarget) -> Double {
            switch section {
            case .illustration: illustration.height
            case .title: title.height
            case .message: message.height
            case .checkbox, .textInput: accessory.height
            case .action: actions.height
            case .customContent, .closeButton: 0
            }
        }
        var other = topExtra
        for (index, section) in sections.enumerated() {
            if index > 0 {
                other += spacing(
                    between: sections[index - 1], and: section, hasIllustration: hasIllustration, theme: theme
                )
            }
            other += height(of: section)
        }
        let card = cardFrame(
            contentHeight: other, customContent: configuration.customContent,
            customContentFittingHeight: input.customContentFittingHeight, container: container,
            safeArea: safeArea, keyboardOverlap: overlap, theme: theme)

        // Place the sections top to bottom.
        var result = AlertLayoutResult(
            dimming: Rect(size: container),
            card: clean(card.frame),
            scrollFrame: clean(Rect(size: card.frame.size)),
            contentSize: Size(width: width, height: sanitized(card.contentHeight + insets.vertical)),
            scrolls: card.scrollsContent,
            illustration: .zero, showsIllustration: false, caption: .hidden, title: .hidden, message: .hidden,
            customContent: .hidden, checkbox: .hidden, textInput: .hidden, actionAxis: actions.axis,
            actions: [],
            closeButton: AlertCloseButtonFrame(
                isShown: showsClose, isEnabled: showsClose && !configuration.isBusy,
                frame: showsClose
                    ? clean(
                        Rect(x: width - closeSide, y: 0, width: closeSide, height: closeSide)
                            .placed(in: direction, containerWidth: width))
                    : .zero),
            sections: sections, keyboardOverlap: overlap, keyboardFocusRects: [])
        var y = insets.top + topExtra
        for (index, section) in sections.enumerated() {
            if index > 0 {
                y += spacing(
                    between: sections[index - 1], and: section, hasIllustration: hasIllustration, theme: theme
                )
            }
            let origin = Point(x: insets.left, y: y)
            switch section {
            case .illustration:
                result.showsIllustration = true
                result.illustration = clean(illustration.image.offsetBy(dx: origin.x, dy: origin.y))
                result.caption =
                    illustration.caption.map {
                        AlertTextFrame(
                            isShown: true, frame: clean($0.offsetBy(dx: origin.x, dy: origin.y)),
                            alignment: .center,
                            numberOfLines: 0)
                    } ?? .hidden
            case .title:
                result.title = title.frame(at: origin, inner: inner)
            case .message:
                result.message = message.frame(at: origin, inner: inner)
            case .customContent:
                let sizing = card.customContent
                let slotHeight = sizing?.height ?? 0
                result.customContent = AlertCustomContentFrame(
                    isShown: true, slot: clean(Rect(x: origin.x, y: y, width: inner, height: slotHeight)),
                    content: clean(Rect(x: 0, y: 0, width: inner, height: sizing?.fittingHeight ?? 0)),
                    scrolls: sizing?.scrolls ?? false, sizing: sizing)
                y += slotHeight
            case .checkbox:
                let row = accessory.checkbox
                result.checkbox = AlertCheckboxFrame(
                    isShown: true, row: clean(row.row.offsetBy(dx: origin.x, dy: origin.y)),
                    box: clean(row.box.offsetBy(dx: origin.x, dy: origin.y)),
                    icon: clean(row.icon.offsetBy(dx: origin.x, dy: origin.y)),
                    label: clean(row.label.offsetBy(dx: origin.x, dy: origin.y)))
            case .textInput:
                var field = accessory.textInput
                field.frame = clean(field.frame.offsetBy(dx: origin.x, dy: origin.y))
                result.textInput = field
                result.keyboardFocusRects = [field.frame]
            case .action:
                result.actions = actions.frames.map {
                    var frame = $0
                    frame.frame = clean(frame.frame.offsetBy(dx: origin.x, dy: origin.y))
                    return frame
                }
            case .closeButton:
                break
            }
            y += height(of: section)
        }
        return result
    }

    // MARK: - Sections

    /// A title or message: its size at `width`, centred in the content width.
    struct TextParts {
        var isShown: Bool
        var width: Double
        var height: Double
        var alignment: ResolvedTextAlignment

        func frame(at origin: Point, inner: Double) -> AlertTextFrame {
            guard isShown else { return .hidden }
            return AlertTextFrame(
                isShown: true,
                frame: clean(
                    Rect(x: origin.x + (inner - width) / 2, y: origin.y, width: width, height: height)),
                alignment: alignment, numberOfLines: 0)
        }
    }

    static func textParts(
        _ text: String?, rule: AlertTextAlignment, font: FontDescriptor, width: Double,
        measurer: some TextMeasuring
    ) -> TextParts {
        guard let text, !text.isEmpty else {
            return TextParts(isShown: false, width: 0, height: 0, alignment: .natural)
        }
        return TextParts(
            isShown: true, width: width,
            height: sanitized(measurer.height(of: text, font: font, width: width, maximumLines: nil)),
            alignment: alignment(rule, text: text, font: font, availableWidth: width, measurer: measurer))
    }

    /// The illustration (aspect-fit into the theme's maximum, never scaled up, centred) and
    /// its caption (centred, full content width, a section inset below), relative to the
    /// section's origin.
    static func illustrationParts(
        _ input: AlertLayoutInput, width: Double, inner: Double, measurer: some TextMeasuring
    ) -> (image: Rect, caption: Rect?, height: Double) {
        guard let illustration = input.configuration.illustration else { return (.zero, nil, 0) }
        let theme = input.theme
        let box = Size(
            width: min(sanitized(theme.illustrationMaximumSize.width), width),
            height: sanitized(theme.illustrationMaximumSize.height))
        let natural = input.illustrationSize.map {
            Size(width: sanitized($0.width), height: sanitized($0.height))
        }
        let size: Size
        if let natural, natural.width > 0, natural.height > 0 {
            let scale = min(1, box.width / natural.width, box.height / natural.height)
            size = Size(width: natural.width * scale, height: natural.height * scale)
        } else {
            size = box
        }
        let image = Rect(x: (inner - size.width) / 2, y: 0, width: size.width, height: size.height)
        guard let caption = illustration.caption, !caption.isEmpty else { return (image, nil, size.height) }
        let captionHeight = sanitized(
            measurer.height(of: caption, font: theme.supportingFont, width: inner, maximumLines: nil))
        let top = size.height + theme.sectionInset
        return (image, Rect(x: 0, y: top, width: inner, height: captionHeight), top + captionHeight)
    }

    /// The accessory's row, relative to the section's origin.
    static func accessoryParts(
        _ input: AlertLayoutInput, inner: Double, direction: TextDirection, measurer: some TextMeasuring
    ) -> (checkbox: AlertCheckboxFrame, textInput: AlertTextInputFrame, height: Double) {
        switch input.configuration.accessory {
        case .checkbox(let title, _, _):
            let row = checkboxRow(
                title: title, input: input, inner: inner, direction: direction, measurer: measurer)
            return (row, .hidden, row.row.height)
        case .textInput(let field):
            let frame = textInputRow(
                field, input: input, inner: inner, direction: direction, measurer: measurer)
            return (.hidden, frame, frame.frame.height)
        case nil:
            return (.hidden, .hidden, 0)
        }
    }

    /// The checkbox row: the icon centred on the title's first line, the title after it, the
    /// control's touch target centred on the icon.
    static func checkboxRow(
        title: String, input: AlertLayoutInput, inner: Double, direction: TextDirection,
        measurer: some TextMeasuring
    ) -> AlertCheckboxFrame {
        let theme = input.theme
        let iconSide = sanitized(theme.checkboxIconSize)
        let spacing = sanitized(theme.checkboxSpacing)
        let font = theme.checkboxFont
        let textWidth = SelectionRowLayout.checkboxTitleWidth(
            width: inner, iconSide: iconSide, spacing: spacing)
        let row = SelectionRowLayout.checkbox(
            width: inner, iconSide: iconSide, spacing: spacing,
            minimumHeight: sanitized(theme.checkboxRowHeight),
            touchTarget: IconButtonSpec(kind: .checkbox, resolver: input.buttonTheme.resolver).intrinsicSize,
            firstLineHeight: sanitized(measurer.lineHeight(of: font)),
            titleHeight: sanitized(
                measurer.height(of: title, font: font, width: textWidth, maximumLines: nil)))
        return AlertCheckboxFrame(
            isShown: true, row: row.row,
            box: row.control.placed(in: direction, containerWidth: inner),
            icon: row.icon.placed(in: direction, containerWidth: inner),
            label: row.label.placed(in: direction, containerWidth: inner))
    }

    /// The text input row: the field (single line, or multi-line growing to its limit) and,
    /// when asked for, the `n/max` counter after it on the same row.
    static func textInputRow(
        _ field: AlertTextInput, input: AlertLayoutInput, inner: Double, direction: TextDirection,
        measurer: some TextMeasuring
    ) -> AlertTextInputFrame {
        let theme = input.theme
        let text = input.inputText ?? field.text
        let font = theme.messageFont
        let lineHeight = sanitized(measurer.lineHeight(of: font))
        let counter = field.maximumLength.map { CharacterCounter(count: text.count, maximum: $0) }
        let showsCounter = field.showsCharacterCount && counter != nil
        let counterFont = theme.supportingFont
        let counterSize =
            showsCounter
            ? Size(
                width: sanitized(measurer.singleLineWidth(of: counter?.text ?? "", font: counterFont))
                    .rounded(.up),
                height: sanitized(measurer.lineHeight(of: counterFont)))
            : .zero
        let counterSpacing = showsCounter ? sanitized(theme.counterSpacing) : 0
        let fieldWidth = max(0, inner - counterSize.width - counterSpacing)
        let textInsets = theme.inputInsets.resolved(in: direction)
        let textWidth = max(0, fieldWidth - textInsets.horizontal)
        let isMultiline: Bool
        if case .multiline = field.layout { isMultiline = true } else { isMultiline = false }
        let shown = text.isEmpty ? field.placeholder : text
        let contentHeight =
            isMultiline
            ? sanitized(measurer.height(of: shown, font: font, width: textWidth, maximumLines: nil))
            : lineHeight
        let sizing = field.height(
            contentHeight: contentHeight, lineHeight: lineHeight, verticalInset: theme.inputInsets.top,
            minimum: sanitized(theme.inputHeight))
        let fieldHeight = sanitized(sizing.height)
        let height = max(fieldHeight, counterSize.height)
        let fieldFrame = Rect(x: 0, y: (height - fieldHeight) / 2, width: fieldWidth, height: fieldHeight)
        let textArea =
            isMultiline
            ? Rect(
                x: textInsets.left, y: textInsets.top, width: textWidth,
                height: max(0, fieldHeight - textInsets.vertical))
            : Rect(
                x: textInsets.left, y: (fieldHeight - lineHeight) / 2, width: textWidth, height: lineHeight)
        let counterFrame =
            showsCounter
            ? Rect(
                x: fieldWidth + counterSpacing, y: (height - counterSize.height) / 2,
                width: counterSize.width,
                height: counterSize.height
            ).placed(in: direction, containerWidth: inner) : .zero
        return AlertTextInputFrame(
            isShown: true, frame: Rect(x: 0, y: 0, width: inner, height: height),
            field: clean(fieldFrame.placed(in: direction, containerWidth: inner)), textInsets: textInsets,
            textArea: clean(textArea), isMultiline: isMultiline, fieldScrolls: sizing.scrolls,
            showsPlaceholder: text.isEmpty, showsCounter: showsCounter, counter: clean(counterFrame),
            characterCounter: counter)
    }

    /// The actions: side by side (equal widths, first action leading, as tall as the tallest)
    /// or stacked at the content width, each its intrinsic height at its width; relative to
    /// the section's origin.
    static func actionParts(
        _ input: AlertLayoutInput, cardWidth: Double, inner: Double, measurer: some TextMeasuring
    ) -> (axis: AlertActionAxis, frames: [AlertActionFrame], height: Double) {
        let configuration = input.configuration
        let theme = input.theme
        guard !configuration.actions.isEmpty else { return (.vertical, [], 0) }
        let axis = actionAxis(
            for: configuration.actions, cardWidth: cardWidth, theme: theme, buttonTheme: input.buttonTheme,
            measurer: measurer)
        let horizontal = axis == .horizontal
        let spacing = sanitized(horizontal ? theme.actionHorizontalSpacing : theme.actionVerticalSpacing)
        let buttonWidth = horizontal ? max(0, (inner - spacing) / 2) : inner
        let busy = configuration.isBusy
        var frames: [AlertActionFrame] = []
        frames.reserveCapacity(configuration.actions.count)
        var heights: [Double] = []
        heights.reserveCapacity(configuration.actions.count)
        for action in configuration.actions {
            let state = action.buttonState(alertIsBusy: busy)
            let appearance = ButtonAppearance(
                theme: input.buttonTheme, style: action.buttonStyle, size: action.buttonSize, state: state)
            let size = ButtonLayout.intrinsicSize(
                content: ButtonContent(title: action.title), appearance: appearance, measurer: measurer,
                width: buttonWidth)
            heights.append(sanitized(size.height))
            frames.append(
                AlertActionFrame(
                    id: action.id, frame: .zero, style: action.buttonStyle, size: action.buttonSize,
                    state: state,
                    borderOverride: action.usesCancelBorder ? theme.cancelBorder : nil))
        }
        let rowHeight = heights.max() ?? 0
        var y = 0.0
        for index in frames.indices {
            if horizontal {
                frames[index].frame = Rect(
                    x: Double(index) * (buttonWidth + spacing), y: 0, width: buttonWidth, height: rowHeight
                ).placed(in: input.direction, containerWidth: inner)
            } else {
                frames[index].frame = Rect(x: 0, y: y, width: buttonWidth, height: heights[index])
                y += heights[index] + spacing
            }
        }
        let height = horizontal ? rowHeight : max(0, y - spacing)
        return (axis, frames, height)
    }

    /// `rect` with finite, non-negative origin and size.
    static func clean(_ rect: Rect) -> Rect {
        Rect(
            x: sanitized(rect.x), y: sanitized(rect.y), width: sanitized(rect.width),
            height: sanitized(rect.height))
    }
}
