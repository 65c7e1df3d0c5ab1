import KeelComponents
import KeelDesign
import Testing

/// ``AlertLayout/resolve(_:measurer:)``: the frame of every element, from the theme's metrics
/// and the fixed-advance measurer (16 pt text: 8 pt per narrow character; title lines 22 pt,
/// message lines 24 pt).
@Suite("Alert layout: the complete layout")
struct AlertLayoutResolveTests {
    static let phone = Size(width: 390, height: 844)
    static let landscape = Size(width: 844, height: 390)

    static func input(
        _ configuration: AlertConfiguration, category: TextSizeCategory = .large,
        direction: TextDirection = .leftToRight, container: Size = phone, safeArea: Edges<Double> = .zero,
        keyboard: Double = 0, inputText: String? = nil, illustrationSize: Size? = nil,
        customHeight: Double = 0
    ) -> AlertLayoutInput {
        let resolver = Fixture.resolver(category: category, direction: direction)
        return AlertLayoutInput(
            configuration: configuration, theme: AlertTheme(resolver: resolver),
            buttonTheme: ButtonTheme(resolver: resolver), container: container, safeArea: safeArea,
            keyboardOverlap: keyboard, inputText: inputText, illustrationSize: illustrationSize,
            customContentFittingHeight: customHeight)
    }

    static func resolve(_ input: AlertLayoutInput) -> AlertLayoutResult {
        AlertLayout.resolve(input, measurer: Fixture.measurer)
    }

    /// The height of a button for `action` at `width` (the button's own, tested, layout).
    static func buttonHeight(_ action: AlertAction, width: Double, input: AlertLayoutInput) -> Double {
        let appearance = ButtonAppearance(
            theme: input.buttonTheme, style: action.buttonStyle, size: action.buttonSize,
            state: action.buttonState(alertIsBusy: input.configuration.isBusy))
        return ButtonLayout.intrinsicSize(
            content: ButtonContent(title: action.title), appearance: appearance, measurer: Fixture.measurer,
            width: width
        ).height
    }

    /// The shown section frames in the scroll content, top to bottom.
    static func sectionFrames(_ result: AlertLayoutResult) -> [Rect] {
        var frames: [Rect] = []
        if result.showsIllustration { frames.append(result.illustration) }
        if result.caption.isShown { frames.append(result.caption.frame) }
        for text in [result.title, result.message] where text.isShown { frames.append(text.frame) }
        if result.customContent.isShown { frames.append(result.customContent.slot) }
        if result.checkbox.isShown { frames.append(result.checkbox.row) }
        if result.textInput.isShown { frames.append(result.textInput.frame) }
        if result.actionAxis == .horizontal {
            frames.append(contentsOf: result.actions.prefix(1).map(\.frame))
        } else {
            frames.append(contentsOf: result.actions.map(\.frame))
        }
        return frames.sorted { $0.minY < $1.minY }
    }

    /// Every frame of the result.
    static func allFrames(_ result: AlertLayoutResult) -> [Rect] {
        [
            result.dimming, result.card, result.scrollFrame, result.illustration, result.caption.frame,
            result.title.frame, result.message.frame, result.customContent.slot, result.customContent.content,
            result.checkbox.row, result.checkbox.box, result.checkbox.icon, result.checkbox.label,
            result.textInput.frame, result.textInput.field, result.textInput.textArea,
            result.textInput.counter,
            result.closeButton.frame,
        ] + result.actions.map(\.frame) + result.keyboardFocusRects
    }

    static func isClean(_ rect: Rect) -> Bool {
        [rect.x, rect.y, rect.width, rect.height].allSatisfy { $0.isFinite && $0 >= 0 }
    }

    // MARK: - Configurations

    static func titleMessage(actions: [AlertAction]) throws -> AlertConfiguration {
        try AlertConfiguration(title: "Hi", message: "Short message", actions: actions)
    }

    static let long = String(repeating: "word ", count: 400)

    /// Every kind of content, for the properties that hold for all of them.
    static func everything() throws -> [(String, AlertConfiguration)] {
        [
            ("title-message", try titleMessage(actions: [.primary("OK")])),
            ("two-actions", try titleMessage(actions: [.cancel("No"), .primary("Yes")])),
            (
                "three-actions",
                try titleMessage(actions: [.primary("One"), .cancel("Two"), .text("Three")])
            ),
            (
                "illustration-caption-close",
                try AlertConfiguration(
                    title: "Welcome", illustration: AlertIllustration(imageName: "art", caption: "A caption"),
                    actions: [.primary("Start")], showsCloseButton: true)
            ),
            (
                "checkbox",
                try AlertConfiguration(
                    title: "Sign out?",
                    accessory: .checkbox(title: "Do not ask again", isSelected: true, isEnabled: true),
                    actions: [.cancel("Cancel"), .primary("Sign out")])
            ),
            (
                "counter",
                try AlertConfiguration(
                    title: "Rename",
                    accessory: .textInput(
                        AlertTextInput(
                            placeholder: "Name", text: "Trip", maximumLength: 20, showsCharacterCount: true)),
                    actions: [.cancel("Cancel"), .primary("Save")])
            ),
            (
                "multiline",
                try AlertConfiguration(
                    title: "Feedback", accessory: .textInput(AlertTextInput(text: long, layout: .multiline)),
                    actions: [.primary("Send")])
            ),
            (
                "custom",
                try AlertConfiguration(
                    title: "Rate", customContent: try AlertCustomContent(maximumHeight: 120),
                    actions: [.primary("Send")], showsCloseButton: true)
            ),
            ("long", try AlertConfiguration(title: long, message: long, actions: [.primary("OK")])),
        ]
    }

    // MARK: - Exact frames

    @Test("title, message and one action: exact frames from the theme's metrics")
    func exactFrames() throws {
        let configuration = try Self.titleMessage(actions: [.primary("OK")])
        let input = Self.input(configuration)
        let result = Self.resolve(input)
        let theme = input.theme
        let inner = 300 - theme.contentInsets.horizontal  // 272
        let button = Self.buttonHeight(configuration.actions[0], width: inner, input: input)
        #expect(result.title.frame == Rect(x: 14, y: 14, width: inner, height: 22))
        // Title and message adjacent without an illustration: the section inset between them.
        #expect(
            result.message.frame == Rect(x: 14, y: 14 + 22 + theme.sectionInset, width: inner, height: 24))
        let actionTop = 14 + 22 + theme.sectionInset + 24 + theme.contentSpacing
        #expect(result.actions.map(\.frame) == [Rect(x: 14, y: actionTop, width: inner, height: button)])
        let cardHeight = actionTop + button + 14
        // Centred in the container less the screen insets.
        #expect(
            result.card == Rect(x: 45, y: 24 + (844 - 48 - cardHeight) / 2, width: 300, height: cardHeight))
        #expect(result.contentSize == Size(width: 300, height: cardHeight))
        #expect(result.scrollFrame == Rect(x: 0, y: 0, width: 300, height: cardHeight))
        #expect(!result.scrolls)
        #expect(result.title.alignment == .center && result.message.alignment == .center)
        #expect(result.dimming == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(!result.closeButton.isShown && result.closeButton.frame == .zero)
        #expect(!result.showsIllustration && !result.checkbox.isShown && !result.textInput.isShown)
        #expect(result.keyboardFocusRects.isEmpty)
    }

    @Test(
        "1, 2 and 3 actions: side by side (first leading) or stacked",
        arguments: [TextDirection.leftToRight, .rightToLeft])
    func actions(direction: TextDirection) throws {
        let inner = 272.0
        let half = (inner - 10) / 2  // 131
        let two = Self.input(
            try Self.titleMessage(actions: [.cancel("No"), .primary("Yes")]), direction: direction)
        let pair = Self.resolve(two)
        #expect(pair.actionAxis == .horizontal)
        let top = try #require(pair.actions.first).frame.minY
        let height = Self.buttonHeight(two.configuration.actions[0], width: half, input: two)
        let leading = Rect(x: 14, y: top, width: half, height: height)
        let trailing = Rect(x: 14 + half + 10, y: top, width: half, height: height)
        if direction == .leftToRight {
            #expect(pair.actions.map(\.frame) == [leading, trailing])
        } else {
            // The first action still leads: on the right.
            #expect(
                pair.actions.map(\.frame) == [
                    leading.mirrored(inWidth: 300), trailing.mirrored(inWidth: 300),
                ])
            #expect(pair.actions[0].frame.minX > pair.actions[1].frame.minX)
        }
        #expect(pair.actions.map(\.id) == [.cancel, .primary])
        #expect(pair.actions[0].borderOverride == two.theme.cancelBorder)
        #expect(pair.actions[1].borderOverride == nil)

        let three = Self.input(
            try Self.titleMessage(actions: [.primary("One"), .cancel("Two"), .text("Three")]),
            direction: direction)
        let stack = Self.resolve(three)
        #expect(stack.actionAxis == .vertical)
        var y = try #require(stack.actions.first).frame.minY
        for (frame, action) in zip(stack.actions, three.configuration.actions) {
            let height = Self.buttonHeight(action, width: inner, input: three)
            #expect(frame.frame == Rect(x: 14, y: y, width: inner, height: height))
            y += height + three.theme.actionVerticalSpacing
        }
        #expect(stack.actions[2].size == .small)

        let one = Self.resolve(
            Self.input(try Self.titleMessage(actions: [.primary("OK")]), direction: direction))
        #expect(one.actionAxis == .vertical && one.actions.count == 1 && one.actions[0].frame.width == inner)
    }

    @Test(
        "text sizes: sections stack in order without overlap inside the content; actions stack at accessibility sizes",
        arguments: [TextSizeCategory.large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge])
    func textSizes(category: TextSizeCategory) throws {
        for (name, configuration) in try Self.everything() {
            let input = Self.input(configuration, category: category, customHeight: 80)
            let result = Self.resolve(input)
            let frames = Self.sectionFrames(result)
            let content = Rect(size: result.contentSize).inset(
                by: input.theme.contentInsets.resolved(in: .leftToRight))
            for frame in frames {
                #expect(content.contains(frame), "\(name) \(category): \(frame) outside \(content)")
            }
            for (upper, lower) in zip(frames, frames.dropFirst()) {
                #expect(upper.maxY <= lower.minY + 1e-9, "\(name) \(category): \(upper) overlaps \(lower)")
            }
            // The last section ends the content exactly.
            #expect(abs((frames.last?.maxY ?? 0) + 14 - result.contentSize.height) < 1e-9, "\(name)")
            if category.isAccessibilityCategory { #expect(result.actionAxis == .vertical, "\(name)") }
            let grown = Self.resolve(Self.input(configuration, category: .large, customHeight: 80))
            if category != .large {
                #expect(result.contentSize.height > grown.contentSize.height, "\(name) grows with text")
            }
        }
    }

    @Test(
        "right-to-left mirrors every frame in the card",
        arguments: [TextSizeCategory.large, .accessibilityMedium])
    func rightToLeft(category: TextSizeCategory) throws {
        for (name, configuration) in try Self.everything() {
            let ltr = Self.resolve(Self.input(configuration, category: category, customHeight: 60))
            let rtl = Self.resolve(
                Self.input(configuration, category: category, direction: .rightToLeft, customHeight: 60))
            let width = ltr.contentSize.width
            #expect(rtl.card == ltr.card, "\(name)")
            let pairs: [(Rect, Rect)] =
                [
                    (ltr.title.frame, rtl.title.frame), (ltr.message.frame, rtl.message.frame),
                    (ltr.illustration, rtl.illustration), (ltr.caption.frame, rtl.caption.frame),
                    (ltr.checkbox.icon, rtl.checkbox.icon), (ltr.checkbox.label, rtl.checkbox.label),
                    (ltr.checkbox.box, rtl.checkbox.box), (ltr.textInput.frame, rtl.textInput.frame),
                    (ltr.customContent.slot, rtl.customContent.slot),
                    (ltr.closeButton.frame, rtl.closeButton.frame),
                ] + zip(ltr.actions.map(\.frame), rtl.actions.map(\.frame)).map { ($0, $1) }
            for (left, right) in pairs where left != .zero {
                #expect(right == left.mirrored(inWidth: width), "\(name): \(left) ↔ \(right)")
            }
            let row = ltr.textInput.frame.width
            for (left, right) in [
                (ltr.textInput.field, rtl.textInput.field), (ltr.textInput.counter, rtl.textInput.counter),
            ]
            where left != .zero {
                #expect(right == left.mirrored(inWidth: row), "\(name) input: \(left) ↔ \(right)")
            }
        }
    }

    @Test(
        "close button: top-trailing corner (top-left in right-to-left); a first title is narrowed on both sides"
    )
    func closeButton() throws {
        let configuration = try AlertConfiguration(
            title: "Hi", message: "Message", actions: [.primary("OK")], showsCloseButton: true)
        let ltr = Self.resolve(Self.input(configuration))
        let rtl = Self.resolve(Self.input(configuration, direction: .rightToLeft))
        #expect(ltr.closeButton.isShown && ltr.closeButton.isEnabled)
        #expect(ltr.closeButton.frame == Rect(x: 256, y: 0, width: 44, height: 44))
        #expect(rtl.closeButton.frame == Rect(x: 0, y: 0, width: 44, height: 44))
        // The button overlaps the content by 44 − 14 = 30 pt: the title loses 30 pt each side.
        #expect(ltr.title.frame == Rect(x: 44, y: 14, width: 212, height: 22))
        #expect(ltr.message.frame.width == 272)
        #expect(!ltr.closeButton.frame.intersects(ltr.title.frame))
        // A first section that cannot be narrowed starts below the button.
        let input = try AlertConfiguration(
            accessory: .textInput(AlertTextInput(placeholder: "Name")), actions: [.primary("OK")],
            showsCloseButton: true)
        let pushed = Self.resolve(Self.input(input))
        #expect(pushed.textInput.frame.minY == 44)
        // Busy: shown but not tappable.
        var busy = configuration
        busy.setLoading(true, forAction: .primary)
        #expect(Self.resolve(Self.input(busy)).closeButton.isEnabled == false)
    }

    @Test(
        "keyboard up and down: the card sits above the keyboard, ¾ of the free space over it, and shrinks to scroll"
    )
    func keyboard() throws {
        let configuration = try AlertConfiguration(
            title: "Rename", accessory: .textInput(AlertTextInput(placeholder: "Name")),
            actions: [.cancel("Cancel"), .primary("Save")])
        let down = Self.resolve(Self.input(configuration))
        let up = Self.resolve(Self.input(configuration, keyboard: 336))
        #expect(down.keyboardOverlap == 0 && up.keyboardOverlap == 336)
        #expect(up.card.size == down.card.size)
        let available = 844 - 336 - 24 - 24.0
        let free = available - up.card.height
        #expect(up.card.minY == 24 + free * 0.75)
        #expect(up.card.maxY <= 844 - 336 - 24)
        #expect(down.card.minY == 24 + (844 - 48 - down.card.height) / 2)
        #expect(up.keyboardFocusRects == [up.textInput.frame])
        // A tall alert shrinks to the room above the keyboard and scrolls.
        let tall = try AlertConfiguration(
            title: Self.long, accessory: .textInput(AlertTextInput()), actions: [.primary("OK")])
        let shrunk = Self.resolve(Self.input(tall, keyboard: 336))
        #expect(shrunk.card.height == available)
        #expect(shrunk.scrolls && shrunk.contentSize.height > shrunk.card.height)
    }

    @Test("landscape: the card keeps its width and clamps to the short height, scrolling")
    func landscape() throws {
        let configuration = try AlertConfiguration(
            title: "A new version", message: String(repeating: "Update now to get the fixes. ", count: 12),
            actions: [.primary("Update"), .cancel("Later"), .text("Skip")])
        let result = Self.resolve(
            Self.input(
                configuration, container: Self.landscape,
                safeArea: Edges(top: 0, left: 47, bottom: 21, right: 47)))
        #expect(result.card.width == 300)
        #expect(result.card.minX == 47 + (844 - 94 - 300) / 2)
        #expect(result.card.height == 390 - 21 - 48)
        #expect(result.scrolls)
        #expect(result.contentSize.height > result.card.height)
    }

    @Test("checkbox row: icon on the first line, title after it, 44 pt touch target centred on the icon")
    func checkbox() throws {
        let configuration = try AlertConfiguration(
            accessory: .checkbox(title: "Do not ask me again", isSelected: false, isEnabled: true),
            actions: [.primary("OK")])
        let input = Self.input(configuration)
        let result = Self.resolve(input)
        let row = result.checkbox.row
        #expect(row == Rect(x: 14, y: 14, width: 272, height: 24))
        #expect(result.checkbox.icon == Rect(x: 14, y: 14, width: 24, height: 24))
        #expect(result.checkbox.label == Rect(x: 14 + 24 + 8, y: 14 + 1, width: 272 - 32, height: 22))
        #expect(result.checkbox.box.size == Size(width: 44, height: 44))
        #expect(result.checkbox.box.center == result.checkbox.icon.center)
        // A title that wraps grows the row; the icon stays on the first line.
        let wrapped = try AlertConfiguration(
            accessory: .checkbox(
                title: String(repeating: "a", count: 60), isSelected: false, isEnabled: true),
            actions: [.primary("OK")])
        let tall = Self.resolve(Self.input(wrapped))
        #expect(tall.checkbox.row.height == 22 * 2)
        #expect(tall.checkbox.icon.minY == 14)
    }

    @Test("text input with counter: the counter after the field on its row; the field takes the rest")
    func counter() throws {
        let configuration = try AlertConfiguration(
            title: "Rename",
            accessory: .textInput(
                AlertTextInput(
                    placeholder: "Name", text: "Trip", maximumLength: 20, showsCharacterCount: true)),
            actions: [.primary("Save")])
        let result = Self.resolve(Self.input(configuration, inputText: "Road trip"))
        let input = result.textInput
        // "9/20": 4 characters of 14 pt at 7 pt.
        #expect(input.characterCounter == CharacterCounter(count: 9, maximum: 20))
        #expect(input.counter == Rect(x: 272 - 28, y: (48 - 20) / 2, width: 28, height: 20))
        #expect(input.field == Rect(x: 0, y: 0, width: 272 - 28 - 8, height: 48))
        #expect(input.textInsets == Edges(top: 12, left: 16, bottom: 12, right: 16))
        #expect(input.textArea == Rect(x: 16, y: (48 - 24) / 2, width: 272 - 36 - 32, height: 24))
        #expect(input.frame == Rect(x: 14, y: 14 + 22 + 16, width: 272, height: 48))
        #expect(!input.showsPlaceholder && input.showsCounter && !input.isMultiline)
        let empty = Self.resolve(Self.input(configuration, inputText: ""))
        #expect(empty.textInput.showsPlaceholder)
    }

    @Test("multi-line input grows line by line to four lines, then scrolls")
    func multiline() throws {
        func field(_ text: String) throws -> AlertTextInputFrame {
            let configuration = try AlertConfiguration(
                accessory: .textInput(AlertTextInput(layout: .multiline)), actions: [.primary("Send")])
            return Self.resolve(Self.input(configuration, inputText: text)).textInput
        }
        // 272 − 32 = 240 pt of text: 30 narrow characters a line.
        #expect(try field("short").field.height == 48)
        #expect(try field(String(repeating: "a", count: 61)).field.height == 3 * 24 + 24)
        let full = try field(String(repeating: "a", count: 500))
        #expect(full.field.height == 4 * 24 + 24)
        #expect(full.fieldScrolls && full.isMultiline)
        #expect(full.textArea == Rect(x: 16, y: 12, width: 240, height: 4 * 24))
    }

    @Test("long texts: the card clamps to the screen and its content scrolls")
    func longTexts() throws {
        let configuration = try AlertConfiguration(
            title: Self.long, message: Self.long, actions: [.primary("OK")])
        let result = Self.resolve(Self.input(configuration))
        #expect(result.card.height == 844 - 48)
        #expect(result.scrolls)
        #expect(result.contentSize.height == (result.actions.last?.frame.maxY ?? 0) + 14)
        #expect(result.title.alignment == .natural)
    }

    @Test(
        "illustration: aspect-fit into 112 × 112 without scaling up, centred; caption a section inset below")
    func illustration() throws {
        let configuration = try AlertConfiguration(
            title: "Welcome", illustration: AlertIllustration(imageName: "art", caption: "Caption"),
            actions: [.primary("Start")])
        let wide = Self.resolve(Self.input(configuration, illustrationSize: Size(width: 224, height: 112)))
        #expect(wide.illustration == Rect(x: 14 + (272 - 112) / 2, y: 14, width: 112, height: 56))
        #expect(wide.caption.frame == Rect(x: 14, y: 14 + 56 + 8, width: 272, height: 20))
        #expect(wide.caption.alignment == .center)
        #expect(wide.title.frame.minY == 14 + 56 + 8 + 20 + 16)
        let small = Self.resolve(Self.input(configuration, illustrationSize: Size(width: 40, height: 20)))
        #expect(small.illustration.size == Size(width: 40, height: 20))
        let unknown = Self.resolve(Self.input(configuration))
        #expect(unknown.illustration.size == Size(width: 112, height: 112))
        // With an illustration, title and message are a content spacing apart.
        let both = try AlertConfiguration(
            title: "T", message: "M", illustration: AlertIllustration(imageName: "art"),
            actions: [.primary("OK")])
        let spaced = Self.resolve(Self.input(both))
        #expect(spaced.message.frame.minY - spaced.title.frame.maxY == 16)
    }

    @Test("custom content: clamped to its maximum and scrolling in its slot; full height when it fits")
    func customContent() throws {
        let configuration = try AlertConfiguration(
            title: "Rate", customContent: try AlertCustomContent(maximumHeight: 120),
            actions: [.primary("Send")])
        let clamped = Self.resolve(Self.input(configuration, customHeight: 300))
        #expect(clamped.customContent.slot == Rect(x: 14, y: 14 + 22 + 16, width: 272, height: 120))
        #expect(clamped.customContent.content == Rect(x: 0, y: 0, width: 272, height: 300))
        #expect(clamped.customContent.scrolls)
        #expect(clamped.actions[0].frame.minY == 14 + 22 + 16 + 120 + 16)
        let fits = Self.resolve(Self.input(configuration, customHeight: 60))
        #expect(fits.customContent.slot.height == 60 && !fits.customContent.scrolls)
    }

    @Test("busy: the loading action keeps its look, the others are disabled")
    func busy() throws {
        var configuration = try Self.titleMessage(actions: [.cancel("Cancel"), .primary("Save")])
        configuration.setLoading(true, forAction: .primary)
        let result = Self.resolve(Self.input(configuration))
        #expect(result.actions.map(\.isLoading) == [false, true])
        #expect(result.actions.map(\.isEnabled) == [false, true])
        #expect(result.actions.map(\.state) == [.disabled, .loading])
    }

    @Test("bad input never yields a non-finite or negative frame")
    func badInput() throws {
        let sizes = [
            Size(width: .nan, height: .nan), Size(width: -100, height: -100),
            Size(width: .infinity, height: .infinity),
            Size(width: 0, height: 0), Size(width: 10, height: 10),
        ]
        let safeAreas = [Edges<Double>.zero, Edges(top: .nan, left: -5, bottom: .infinity, right: 500)]
        for (name, configuration) in try Self.everything() {
            for size in sizes {
                for safeArea in safeAreas {
                    let result = Self.resolve(
                        Self.input(
                            configuration, container: size, safeArea: safeArea, keyboard: .nan,
                            illustrationSize: Size(width: .infinity, height: -1), customHeight: .infinity))
                    for frame in Self.allFrames(result) {
                        #expect(Self.isClean(frame), "\(name) \(size): \(frame)")
                    }
                    #expect(result.contentSize.width.isFinite && result.contentSize.height.isFinite)
                    #expect(result.keyboardOverlap == 0)
                }
            }
        }
    }
}

extension Rect {
    /// Whether the two rectangles share any area.
    fileprivate func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

@Suite("Alert text input: edits the front end applies")
struct AlertTextInputEditTests {
    @Test("a limited edit only when the limit trims; none without a limit or for bad ranges")
    func limitedEdit() throws {
        let limited = try AlertTextInput(maximumLength: 5)
        let state = TextInputState(text: "abcd", selection: 4..<4, markedRange: nil)
        let trimmed = try #require(limited.limitedEdit(location: 4, length: 0, replacement: "xyz", in: state))
        #expect(trimmed.text == "abcdx" && trimmed.caret == 5)
        #expect(limited.limitedEdit(location: 4, length: 0, replacement: "x", in: state) == nil)
        #expect(limited.limitedEdit(location: -1, length: 0, replacement: "xyz", in: state) == nil)
        #expect(
            try AlertTextInput().limitedEdit(location: 4, length: 0, replacement: "xyz", in: state) == nil)
        let over = TextInputState(text: "abcdefg", selection: 7..<7, markedRange: nil)
        #expect(limited.enforcedEdit(over)?.text == "abcde")
        #expect(limited.enforcedEdit(state) == nil)
        #expect(
            limited.enforcedEdit(TextInputState(text: "abcdefg", selection: 7..<7, markedRange: 5..<7)) == nil
        )
    }
}
