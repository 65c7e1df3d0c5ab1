import KeelComponents
import KeelDesign
import Testing

@Suite("Alert")
struct AlertTests {
    static let theme = AlertTheme(resolver: Fixture.light)

    @Test("configuration errors are typed")
    func configurationErrors() throws {
        #expect(throws: AlertConfigurationError.noContent) {
            try AlertConfiguration(title: "  ", actions: [.primary("OK")])
        }
        #expect(throws: AlertConfigurationError.noWayToDismiss) { try AlertConfiguration(title: "Hi") }
        #expect(throws: AlertConfigurationError.emptyActionTitle) { try AlertAction("") }
        let ok = AlertActionID("ok")
        #expect(throws: AlertConfigurationError.duplicateActionIdentifier(ok)) {
            try AlertConfiguration(
                title: "Hi", actions: [.primary("OK", id: ok), .cancel("Back", id: ok)])
        }
        _ = try AlertConfiguration(title: "Hi", allowsBackgroundDismissal: true)
        _ = try AlertConfiguration(illustration: AlertIllustration(imageName: "art"), showsCloseButton: true)
    }

    @Test("text input errors are typed")
    func inputErrors() {
        #expect(throws: TextInputConfigurationError.nonPositiveMaximumLength(0)) {
            try AlertTextInput(maximumLength: 0)
        }
        #expect(throws: TextInputConfigurationError.characterCountWithoutMaximumLength) {
            try AlertTextInput(showsCharacterCount: true)
        }
        #expect(throws: TextInputConfigurationError.characterCountOnMultiline) {
            try AlertTextInput(maximumLength: 5, showsCharacterCount: true, layout: .multiline)
        }
        #expect(throws: TextInputConfigurationError.secureEntryOnMultiline) {
            try AlertTextInput(isSecureEntry: true, layout: .multiline)
        }
        #expect(throws: TextInputConfigurationError.nonPositiveLineLimit(0)) {
            try AlertTextInput(layout: .multiline(maximum: .lines(0)))
        }
        #expect(throws: TextInputConfigurationError.invalidHeightLimit(-1)) {
            try AlertTextInput(layout: .multiline(maximum: .height(-1)))
        }
    }

    @Test("roles and appearances are independent; destructive looks destructive")
    func actionStyles() throws {
        #expect(AlertAction.primary("A").buttonStyle == .primary)
        #expect(AlertAction.destructive("A").buttonStyle == .destructive)
        #expect(AlertAction.cancel("A").buttonStyle == .outlineTransparent)
        #expect(AlertAction.cancel("A").usesCancelBorder)
        #expect(try AlertAction("A", role: .cancel, appearance: .outlined).buttonStyle == .outline)
        #expect(try AlertAction("A", role: .destructive, appearance: .outlined).buttonStyle == .outline)
        #expect(AlertAction.text("A").buttonStyle == .text)
        #expect(AlertAction.text("A").buttonSize == .small)
        #expect(AlertAction.primary("A").buttonSize == .large)
    }

    @Test("per-action enabled and loading; the rest of the alert waits while one loads")
    func busy() throws {
        let ok = try AlertAction("OK", isEnabled: false)
        #expect(ok.buttonState(alertIsBusy: false) == .disabled)
        let saving = try AlertAction("Save", isLoading: true)
        let cancel = AlertAction.cancel("Cancel")
        let configuration = try AlertConfiguration(
            title: "Save?", actions: [cancel, saving], allowsBackgroundDismissal: true)
        #expect(configuration.isBusy)
        #expect(saving.buttonState(alertIsBusy: true) == .loading)
        #expect(cancel.buttonState(alertIsBusy: true) == .disabled)
        #expect(!configuration.backgroundTapDismisses)
        #expect(configuration.escapeBehavior == .ignored)
    }

    @Test("escape: the cancel action, else dismiss when allowed, else nothing")
    func escape() throws {
        #expect(
            try AlertConfiguration(title: "T", actions: [.primary("OK"), .cancel("No")])
                .escapeBehavior
                == .trigger(.cancel))
        #expect(try AlertConfiguration(title: "T", actions: [.primary("OK")]).escapeBehavior == .ignored)
        #expect(
            try AlertConfiguration(title: "T", actions: [.primary("OK")], showsCloseButton: true)
                .escapeBehavior == .dismiss)
        #expect(
            try AlertConfiguration(title: "T", allowsBackgroundDismissal: true).escapeBehavior == .dismiss)
    }

    @Test("initial accessibility focus")
    func focus() throws {
        let input = try AlertTextInput(placeholder: "Name")
        #expect(
            try AlertConfiguration(title: "T", accessory: .textInput(input), actions: [.primary("OK")])
                .initialAccessibilityFocus == .textInput)
        #expect(
            try AlertConfiguration(title: "T", message: "M", actions: [.primary("OK")])
                .initialAccessibilityFocus == .title)
        #expect(
            try AlertConfiguration(message: "M", actions: [.primary("OK")]).initialAccessibilityFocus
                == .message)
        #expect(
            try AlertConfiguration(
                accessory: .checkbox(title: "Don't ask", isSelected: false, isEnabled: true),
                actions: [.primary("OK")]
            )
            .initialAccessibilityFocus == .checkbox)
    }

    /// The SwiftUI alert gave no element focus and no keyboard when presented; it now does
    /// what UIKit's does from one answer: the text input takes the keyboard exactly when it is
    /// the initial focus (a checkbox, title or message never raises one).
    @Test("presenting gives the keyboard to the text input exactly when it is the initial focus")
    func keyboardFollowsInitialFocus() throws {
        let input = try AlertTextInput(placeholder: "Name")
        let cases: [(AlertConfiguration, Bool)] = [
            (
                try AlertConfiguration(title: "T", accessory: .textInput(input), actions: [.primary("OK")]),
                true
            ),
            (try AlertConfiguration(accessory: .textInput(input), actions: [.cancel("No")]), true),
            (try AlertConfiguration(title: "T", message: "M", actions: [.primary("OK")]), false),
            (
                try AlertConfiguration(
                    accessory: .checkbox(title: "Don't ask", isSelected: false, isEnabled: true),
                    actions: [.primary("OK")]), false
            ),
            (try AlertConfiguration(customContent: AlertCustomContent(), showsCloseButton: true), false),
        ]
        for (configuration, takesKeyboard) in cases {
            #expect(configuration.initialFocusTakesKeyboard == takesKeyboard)
            #expect(takesKeyboard == (configuration.initialAccessibilityFocus == .textInput))
        }
    }

    @Test(
        "action axis: two non-text side by side, otherwise stacked; accessibility sizes and long titles stack"
    )
    func axis() throws {
        let buttons = Fixture.lightButtons
        func axis(_ actions: [AlertAction], buttons: ButtonTheme = Fixture.lightButtons) -> AlertActionAxis {
            AlertLayout.actionAxis(
                for: actions, cardWidth: 300, theme: Self.theme, buttonTheme: buttons,
                measurer: Fixture.measurer)
        }
        #expect(axis([.cancel("No"), .primary("Yes")]) == .horizontal)
        #expect(axis([.primary("Yes")]) == .vertical)
        #expect(axis([.primary("A"), .primary("B"), .primary("C")]) == .vertical)
        #expect(axis([.primary("Yes"), .text("Later")]) == .vertical)
        // Halves of (300 − 28 − 10) = 131 pt less 40 pt padding leave 91 pt: 11 narrow characters
        // (88 pt) fit, 12 (96 pt) do not.
        #expect(axis([.primary(String(repeating: "a", count: 11)), .primary("B")]) == .horizontal)
        #expect(axis([.primary(String(repeating: "a", count: 12)), .primary("B")]) == .vertical)
        let big = ButtonTheme(resolver: Fixture.resolver(category: .accessibilityMedium))
        #expect(axis([.cancel("No"), .primary("Yes")], buttons: big) == .vertical)
        _ = buttons
    }

    @Test("adaptive alignment centres text that fits one line")
    func alignment() {
        let font = Self.theme.messageFont  // 16 pt: 8 pt per narrow character
        func resolve(_ text: String, _ alignment: AlertTextAlignment = .adaptive, width: Double = 80)
            -> ResolvedTextAlignment
        {
            AlertLayout.alignment(
                alignment, text: text, font: font, availableWidth: width, measurer: Fixture.measurer)
        }
        #expect(resolve("abcdefghij") == .center)  // 80 ≤ 80
        #expect(resolve("abcdefghijk") == .natural)
        #expect(resolve("abcdefghij", width: 79.9) == .natural)  // floor(79.9) = 79
        #expect(resolve("背书学习") == .center)  // 64
        #expect(resolve("a\nb") == .natural)
        #expect(resolve("abcdefghijk", .center) == .center)
        #expect(resolve("a", .leading) == .natural)
    }

    @Test("card width and height clamps, scrolling, keyboard ¾ / ¼")
    func card() {
        let screen = Size(width: 390, height: 844)
        let safe = Edges<Double>(top: 47, bottom: 34)
        #expect(AlertLayout.cardWidth(container: screen, safeArea: safe, theme: Self.theme) == 300)
        #expect(
            AlertLayout.cardWidth(
                container: Size(width: 320, height: 568), safeArea: .zero, theme: Self.theme) == 256)
        let centred = AlertLayout.cardFrame(
            contentHeight: 172, container: screen, safeArea: safe, theme: Self.theme)
        // Available: 844 − 47 − 34 − 48 = 715; card 200; free 515, half above.
        #expect(centred.frame == Rect(x: 45, y: 71 + 257.5, width: 300, height: 200))
        #expect(!centred.scrollsContent)
        let tall = AlertLayout.cardFrame(
            contentHeight: 2000, container: screen, safeArea: safe, theme: Self.theme)
        #expect(tall.frame.height == 715)
        #expect(tall.scrollsContent)
        let keyboard = AlertLayout.cardFrame(
            contentHeight: 172, container: screen, safeArea: safe, keyboardOverlap: 336, theme: Self.theme)
        // Available: 844 − 336 − 24 − 71 = 413; free 213; ¾ above.
        #expect(keyboard.frame.minY == 71 + 213 * 0.75)
    }

    @Test("multi-line input heights: grow, then scroll at the limit")
    func inputHeights() throws {
        let lines = try AlertTextInput(layout: .multiline(maximum: .lines(4)))
        #expect(
            lines.height(contentHeight: 22, lineHeight: 22, verticalInset: 12, minimum: 48) == (48, false))
        #expect(
            lines.height(contentHeight: 66, lineHeight: 22, verticalInset: 12, minimum: 48) == (90, false))
        #expect(
            lines.height(contentHeight: 132, lineHeight: 22, verticalInset: 12, minimum: 48) == (112, true))
        let height = try AlertTextInput(layout: .multiline(maximum: .height(60)))
        #expect(
            height.height(contentHeight: 88, lineHeight: 22, verticalInset: 12, minimum: 48) == (60, true))
        let unlimited = try AlertTextInput(layout: .multiline(maximum: .unlimited))
        #expect(
            unlimited.height(contentHeight: 880, lineHeight: 22, verticalInset: 12, minimum: 48) == (
                904, false
            ))
        let single = try AlertTextInput(text: "背书📚学习", maximumLength: 3)
        #expect(single.text == "背书📚")
        #expect(
            single.height(contentHeight: 200, lineHeight: 22, verticalInset: 12, minimum: 48) == (48, false))
        // At accessibility sizes a single line outgrows the minimum: the field grows with it.
        #expect(
            single.height(contentHeight: 53, lineHeight: 53, verticalInset: 12, minimum: 48) == (77, false))
        #expect(single.limiter?.maximumLength == 3)
    }

    @Test("section spacing: title and message adjacent without illustration share no inner inset")
    func sections() {
        #expect(
            AlertLayout.spacing(between: .title, and: .message, hasIllustration: false, theme: Self.theme)
                == 8)
        #expect(
            AlertLayout.spacing(between: .title, and: .message, hasIllustration: true, theme: Self.theme)
                == 16)
        #expect(
            AlertLayout.spacing(between: .message, and: .textInput, hasIllustration: false, theme: Self.theme)
                == 16)
    }

    @Test("the reference's alert metrics and colours")
    func metrics() {
        let t = Self.theme
        #expect(t.maximumWidth == 300 && t.cornerRadius == 12)
        #expect(t.screenHorizontalInset == 32 && t.screenVerticalInset == 24)
        #expect(
            t.contentInsets == DirectionalInsets(all: 14) && t.sectionInset == 8 && t.contentSpacing == 16)
        #expect(t.actionHorizontalSpacing == 10 && t.actionVerticalSpacing == 10)
        #expect(
            t.inputHeight == 48 && t.inputInsets == DirectionalInsets(horizontal: 16, vertical: 12)
                && t.inputCornerRadius == 8)
        #expect(t.illustrationMaximumSize == Size(width: 112, height: 112))
        #expect(
            t.closeButtonSize == 44 && t.checkboxIconSize == 24 && t.checkboxSpacing == 8
                && t.checkboxRowHeight == 24)
        #expect(t.presentationScale == 0.96 && t.keyboardTopFreeSpaceRatio == 0.75)
        #expect(t.dimming.alpha == 0.48)
        #expect(t.titleFont.size == 16 && t.titleFont.weight == .semibold && t.titleFont.lineHeight == 22)
        #expect(t.messageFont.size == 16 && t.messageFont.lineHeight == 24)
        #expect(t.supportingFont.size == 14 && t.supportingFont.lineHeight == 20)
        #expect(
            t.titleColor.hex == "#222222" && t.messageColor.hex == "#484D54"
                && t.supportingColor.hex == "#ABB2B6")
        #expect(
            t.inputBackground.hex == "#ECEDEF" && t.placeholderColor.hex == "#ABB2B6"
                && t.cancelBorder.hex == "#CDCFD4")
        #expect(t.cardBackground.hex == "#FFFFFF")
        let dark = AlertTheme(resolver: Fixture.dark)
        #expect(dark.messageColor.hex == "#D1D5DB" && dark.supportingColor.hex == "#9DA5B4")
        #expect(
            dark.inputBackground.hex == "#2B2F36" && dark.placeholderColor.hex == "#86909C"
                && dark.cardBackground.hex == "#17191C")
    }
}
