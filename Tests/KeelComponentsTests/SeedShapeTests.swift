import KeelComponents
import KeelDesign
import Testing

/// XDDesignKit's README shapes that have headless behaviour: try-free alert actions,
/// accessories and configurations (an invalid one is recorded, never thrown), the bottom
/// sheet's try-free configuration, the button's loading value and its fixed product colours.
@Suite("XDDesignKit's shapes behave as the document says")
struct SeedShapeTests {
    @Test("Action factories need no try; an empty title is reported by the configuration")
    func actionFactories() throws {
        let actions: [AlertAction] = [.cancel("取消"), .primary("删除") { _ in }, .destructive("D"), .text("T")]
        #expect(actions.map(\.buttonStyle) == [.outlineTransparent, .primary, .destructive, .text])
        #expect(actions[1].handler != nil)
        #expect(throws: AlertConfigurationError.emptyActionTitle) {
            try AlertConfiguration(title: "T", actions: [.primary("  ")])
        }
        #expect(throws: AlertConfigurationError.emptyActionTitle) { try AlertAction("") }
    }

    @Test("The checkbox accessory defaults to unselected and enabled")
    func checkboxDefaults() throws {
        let configuration = try AlertConfiguration(
            title: "T", accessory: .checkbox(title: "同时删除"), actions: [.primary("OK")])
        #expect(configuration.accessory == .checkbox(title: "同时删除", isSelected: false, isEnabled: true))
        #expect(configuration.checkboxTitle == "同时删除")
        #expect(!configuration.checkboxIsSelected)
        #expect(configuration.checkboxIsEnabled)
    }

    @Test("The text input accessory: single line by default, the seed's layouts, the legacy field")
    func textInputAccessory() throws {
        guard case .textInput(let plain) = AlertAccessory.textInput(placeholder: "名称") else {
            Issue.record("not a text input")
            return
        }
        #expect(plain.layout == .singleLine && plain.placeholder == "名称" && plain.maximumLength == nil)
        for limit in [TextInputHeightLimit.lines(4), .height(160), .unlimited] {
            let accessory = AlertAccessory.textInput(
                placeholder: "反馈", maximumLength: 200, layout: .multiline(maximum: limit))
            let configuration = try AlertConfiguration(
                title: "T", accessory: accessory, actions: [.primary("OK")])
            #expect(configuration.textInputOrPlain.layout == .multiline(maximum: limit))
            #expect(configuration.textInputOrPlain.maximumLength == 200)
        }
        let counted = try AlertConfiguration(
            title: "T",
            accessory: .textInput(placeholder: "试卷名称", maximumLength: 15, showsCharacterCount: true),
            actions: [.primary("OK")])
        #expect(counted.textInputOrPlain.showsCharacterCount)
    }

    @Test(
        "An invalid text input accessory is reported when the configuration is made",
        arguments: [
            (
                AlertAccessory.textInput(placeholder: "x", maximumLength: 0),
                TextInputConfigurationError.nonPositiveMaximumLength(0)
            ),
            (.textInput(placeholder: "x", showsCharacterCount: true), .characterCountWithoutMaximumLength),
            (
                .textInput(
                    placeholder: "x", maximumLength: 10, layout: .multiline(maximum: .lines(4)),
                    showsCharacterCount: true), .characterCountOnMultiline
            ),
            (.textInput(placeholder: "x", layout: .multiline(maximum: .lines(0))), .nonPositiveLineLimit(0)),
            (.textInput(placeholder: "x", layout: .multiline(maximum: .height(-5))), .invalidHeightLimit(-5)),
        ])
    func invalidTextInput(accessory: AlertAccessory, error: TextInputConfigurationError) {
        #expect(throws: AlertConfigurationError.textInput(error)) {
            try AlertConfiguration(title: "T", accessory: accessory, actions: [.primary("OK")])
        }
        let recorded = AlertConfiguration.recording(
            title: "T", message: nil, accessory: accessory, actions: [.primary("OK")])
        #expect(recorded.validationError == .textInput(error))
    }

    @Test("onLimitReached receives the limit")
    @MainActor
    func limitReachedReceivesTheLimit() throws {
        final class Box: @unchecked Sendable {
            var limits: [Int] = []
        }
        let box = Box()
        let accessory = AlertAccessory.textInput(
            placeholder: "反馈", maximumLength: 200, layout: .multiline(maximum: .lines(4)),
            onLimitReached: { limit in box.limits.append(limit) })
        guard case .textInput(let input) = accessory else {
            Issue.record("not a text input")
            return
        }
        input.reportLimitReached()
        #expect(box.limits == [200])
        // Equality ignores the closure.
        #expect(input == (try AlertTextInput(placeholder: "反馈", maximumLength: 200, layout: .multiline)))
        try? AlertTextInput(placeholder: "无上限", onLimitReached: { box.limits.append($0) })
            .reportLimitReached()
        #expect(box.limits == [200])
    }

    @Test("The seed's alignment configuration needs no try and records what is wrong")
    func alignmentConfiguration() throws {
        let valid = AlertConfiguration(
            title: "提示", message: "说明", actions: [.primary("知道了")], titleAlignment: .center,
            messageAlignment: .leading)
        #expect(valid.validationError == nil)
        #expect(valid.titleAlignment == .center && valid.messageAlignment == .leading)
        #expect(
            valid
                == (try AlertConfiguration(
                    title: "提示", message: "说明", illustration: nil, actions: [.primary("知道了")],
                    titleAlignment: .center, messageAlignment: .leading)))
        let noAction = AlertConfiguration(
            title: "提示", message: nil, actions: [], titleAlignment: .adaptive, messageAlignment: .adaptive)
        #expect(noAction.validationError == .noWayToDismiss)
        let empty = AlertConfiguration.recording(
            title: " ", message: nil, accessory: nil, actions: [.primary("OK")])
        #expect(empty.validationError == .noContent)
        let shown = AlertConfiguration.recording(
            title: "确定删除分类吗？", message: "…", accessory: .checkbox(title: "同时删除"),
            actions: [.cancel("取消"), .primary("删除")])
        #expect(shown.validationError == nil)
        #expect(shown.actions.map(\.id) == [.cancel, .primary])
    }

    @Test("The bottom sheet's try-free configuration records an invalid height or width")
    func sheetConfiguration() throws {
        let valid = BottomSheetConfiguration(height: .content, width: .fullWidth)
        #expect(valid.validationError == nil)
        #expect(valid == (try BottomSheetConfiguration(height: .content, width: .fullWidth, detents: [])))
        for height in [BottomSheetHeight.content(maximum: 400), .fixed(300), .fraction(0.5)] {
            #expect(
                BottomSheetConfiguration(height: height, width: .horizontalInsets(16)).validationError == nil)
        }
        #expect(
            BottomSheetConfiguration(height: .fraction(1.5), width: .fullWidth).validationError
                == .invalidFraction(1.5))
        #expect(
            BottomSheetConfiguration(height: .fixed(-1), width: .fullWidth).validationError
                == .invalidHeight(-1))
        #expect(
            BottomSheetConfiguration(height: .content, width: .centered(maximumWidth: 0)).validationError
                == .invalidWidth(0))
        #expect(OverlayPresentationFailure.invalidConfiguration("x") != .presentationRejected)
    }

    @Test("loadingAccessibilityValue replaces the localised Loading value while loading only")
    func loadingValue() {
        let strings = AccessibilityStrings(preferredLanguages: ["en"])
        let loading = ButtonAppearance(
            theme: Fixture.lightButtons, style: .primary, size: .large, state: .loading)
        #expect(
            loading.accessibility(title: "Confirm", strings: strings, loadingValue: "Saving").value
                == "Saving")
        #expect(loading.accessibility(title: "Confirm", strings: strings).value == "Loading")
        let idle = ButtonAppearance(
            theme: Fixture.lightButtons, style: .primary, size: .large, state: .normal)
        #expect(idle.accessibility(title: "Confirm", strings: strings, loadingValue: "Saving").value == nil)
    }

    @Test("primary and outline keep their product colours under another theme; brand follows it")
    func fixedProductColours() throws {
        let blue = ButtonTheme(resolver: KeelThemeResolver(theme: .blue))
        let blueDark = ButtonTheme(
            resolver: KeelThemeResolver(theme: .blue, traits: ThemeTraits(colorScheme: .dark)))
        // The document: primary and outline keep their product colours in light and dark mode
        // and under every theme. (Keel's transparent outline keeps them across themes, but reads
        // light on the dark surface its clear background shows.)
        for (style, themes) in [
            (ButtonVariant.primary, [blue, blueDark, Fixture.darkButtons]),
            (.outline, [blue, blueDark, Fixture.darkButtons]),
            (.outlineTransparent, [blue]),
        ] {
            let reference = ButtonAppearance(
                theme: Fixture.lightButtons, style: style, size: .large, state: .normal)
            for theme in themes {
                let other = ButtonAppearance(theme: theme, style: style, size: .large, state: .normal)
                #expect(other.background == reference.background, "\(style)")
                #expect(other.titleColor == reference.titleColor, "\(style)")
                #expect(other.border == reference.border, "\(style)")
            }
        }
        let brand = ButtonAppearance(theme: Fixture.lightButtons, style: .brand, size: .large, state: .normal)
        let blueBrand = ButtonAppearance(theme: blue, style: .brand, size: .large, state: .normal)
        #expect(brand.background != blueBrand.background)
        let large = ButtonAppearance(
            theme: Fixture.lightButtons, style: .primary, size: .large, state: .normal)
        #expect(large.minimumHeight == 48 && large.cornerRadius == 8)
        #expect(large.titleFont.size == 16 && large.titleFont.weight == .regular)
        #expect(large.titleColor == (try ColorValue(hex: "#FFFFFF")))
        let outline = ButtonAppearance(
            theme: Fixture.lightButtons, style: .outline, size: .large, state: .normal)
        #expect(outline.border?.color == (try ColorValue(hex: "#CDCFD4")) && outline.borderWidth == 1)
        #expect(outline.titleColor == (try ColorValue(hex: "#222222")))
    }
}
