import KeelComponents
import KeelDesign
import Testing

@Suite("Text field and text area")
struct TextFieldTests {
    static let email = TextFieldConfiguration(
        label: "E-mail", placeholder: "name@example.com", helperText: "We never share it.",
        leadingIcon: "envelope", showsClearButton: true, maximumLength: 40, showsCharacterCount: true,
        keyboard: .emailAddress, returnKey: .next, contentKind: .emailAddress)
    static let text = "ada@example.com"

    static func appearance(
        _ configuration: TextFieldConfiguration = email, text: String = text, isFocused: Bool = true,
        resolver: KeelThemeResolver = Fixture.light
    ) -> TextFieldAppearance {
        TextFieldAppearance(
            theme: TextFieldTheme(resolver: resolver), configuration: configuration, text: text,
            isFocused: isFocused)
    }

    static func layout(
        _ configuration: TextFieldConfiguration = email, text: String = text, isFocused: Bool = true,
        width: Double = 320, resolver: KeelThemeResolver = Fixture.light
    ) -> TextFieldLayout {
        TextFieldLayout(
            configuration: configuration,
            appearance: appearance(configuration, text: text, isFocused: isFocused, resolver: resolver),
            text: text,
            isFocused: isFocused, width: width, measurer: Fixture.measurer)
    }

    @Test(
        "the visual state: disabled, then read-only, then error, then focused, then filled, else normal",
        arguments: [
            (false, false, nil, true, false, TextFieldVisualState.disabled),
            (true, true, "Bad", true, false, .readOnly),
            (true, false, "Bad", true, false, .error),
            (true, false, "", true, false, .focused),
            (true, false, nil, false, false, .filled),
            (true, false, nil, false, true, .normal),
        ] as [(Bool, Bool, String?, Bool, Bool, TextFieldVisualState)])
    func visualState(row: (Bool, Bool, String?, Bool, Bool, TextFieldVisualState)) {
        let (enabled, readOnly, error, focused, empty, expected) = row
        let configuration = TextFieldConfiguration(errorText: error, isEnabled: enabled, isReadOnly: readOnly)
        #expect(
            TextFieldVisualState(configuration: configuration, isFocused: focused, isEmpty: empty) == expected
        )
    }

    @Test("every state draws from its own tokens: focused and error borders, disabled text, read-only fill")
    func stateColors() {
        let theme = TextFieldTheme(resolver: Fixture.light)
        let resolver = Fixture.light
        #expect(theme.colors(.normal).border == resolver.color(.textSecondary))
        #expect(theme.colors(.focused).border == resolver.color(.brandPrimary))
        #expect(theme.colors(.error).border == resolver.color(.error))
        #expect(theme.colors(.error).supporting == resolver.color(.error))
        #expect(theme.colors(.disabled).text == resolver.color(.textTertiary))
        #expect(theme.colors(.disabled).background == resolver.color(.backgroundDisabled))
        #expect(theme.colors(.readOnly).background == resolver.color(.backgroundSecondary))
        #expect(theme.colors(.filled) == theme.colors(.normal))
        let dark = TextFieldTheme(resolver: Fixture.dark)
        #expect(dark.colors(.focused).border == Fixture.dark.color(.brandPrimary))
        #expect(dark.colors(.normal).text != theme.colors(.normal).text)
        // The focused border is the wider one.
        #expect(TextFieldAppearance(theme: theme, state: .focused).borderWidth == 2)
        #expect(TextFieldAppearance(theme: theme, state: .filled).borderWidth == 1)
    }

    @Test("a theme's own text field values replace the reference's")
    func themeOverrides() {
        var theme = KeelTheme.default
        theme.components[TextFieldTheme.component] = ComponentTheme([
            ComponentValueKey(rawValue: "border.focused"): .colorToken(.success),
            ComponentValueKey(rawValue: "height"): .dimension(56),
        ])
        let resolver = KeelThemeResolver(theme: theme, traits: ThemeTraits())
        let fieldTheme = TextFieldTheme(resolver: resolver)
        #expect(fieldTheme.colors(.focused).border == resolver.color(.success))
        #expect(TextFieldAppearance(theme: fieldTheme, state: .normal).fieldHeight == 56)
    }

    @Test("every declared contrast pair passes in light, dark and increased contrast, in both themes")
    func contrast() {
        for theme in [KeelTheme.default, .blue] {
            for traits in BadgeTests.appearances {
                let pairs = TextFieldTheme(resolver: KeelThemeResolver(theme: theme, traits: traits))
                    .contrastPairs
                #expect(pairs.count == 29)
                for pair in pairs { #expect(pair.isSatisfied, "\(theme.identifier) \(traits): \(pair)") }
            }
        }
    }

    @Test("every element's frame, left to right: label, field, icon, editor, clear button, helper, counter")
    func frames() {
        let layout = Self.layout()
        #expect(layout.labelFrame == Rect(x: 0, y: 0, width: 320, height: 22))
        #expect(layout.fieldFrame == Rect(x: 0, y: 28, width: 320, height: 48))
        #expect(layout.leadingIconFrame == Rect(x: 12, y: 42, width: 20, height: 20))
        #expect(layout.textFrame == Rect(x: 40, y: 41, width: 236, height: 22))
        #expect(layout.clearIconFrame == Rect(x: 288, y: 42, width: 20, height: 20))
        #expect(layout.clearButtonFrame == Rect(x: 276, y: 30, width: 44, height: 44))
        #expect(layout.revealButtonFrame == nil && layout.trailingIconFrame == nil)
        #expect(layout.supportingTextFrame == Rect(x: 0, y: 80, width: 278, height: 18))
        #expect(layout.counterFrame == Rect(x: 290, y: 80, width: 30, height: 18))
        #expect(!layout.counterIsStacked)
        #expect(layout.size == Size(width: 320, height: 98))
    }

    @Test(
        "right to left, every frame mirrors: the icon on the right, the clear button and counter on the left")
    func rightToLeft() {
        let ltr = Self.layout()
        let layout = Self.layout(resolver: Fixture.rtl)
        #expect(layout.leadingIconFrame == Rect(x: 288, y: 42, width: 20, height: 20))
        #expect(layout.textFrame == Rect(x: 44, y: 41, width: 236, height: 22))
        #expect(layout.clearButtonFrame == Rect(x: 0, y: 30, width: 44, height: 44))
        #expect(layout.counterFrame == Rect(x: 0, y: 80, width: 30, height: 18))
        for part in TextFieldPart.allCases {
            #expect(layout.frame(of: part) == ltr.frame(of: part)?.mirrored(inWidth: 320), "\(part)")
        }
    }

    @Test("secure entry: the reveal button trails, a 44-point target clear of the clear button's")
    func secureEntry() throws {
        let password = TextFieldConfiguration(
            label: "Password", trailingIcon: "lock", showsClearButton: true, isSecureEntry: true)
        let layout = Self.layout(password, text: "hunter2")
        let trailing = try #require(layout.trailingIconFrame)
        let reveal = try #require(layout.revealButtonFrame)
        let clear = try #require(layout.clearButtonFrame)
        #expect(trailing == Rect(x: 288, y: 42, width: 20, height: 20))
        #expect(reveal.size == Size(width: 44, height: 44) && clear.size == Size(width: 44, height: 44))
        #expect(reveal == Rect(x: 244, y: 30, width: 44, height: 44))
        #expect(clear == Rect(x: 200, y: 30, width: 44, height: 44))
        #expect(reveal.maxX <= trailing.minX && clear.maxX <= reveal.minX)
        #expect(layout.textFrame.maxX <= clear.minX)
        #expect(layout.revealIconFrame.map { reveal.contains(Point(x: $0.midX, y: $0.midY)) } == true)
    }

    @Test(
        "the clear button shows only while focused, editable and not empty; reveal only for secure one-line entry"
    )
    func accessories() {
        let clearable = TextFieldConfiguration(showsClearButton: true)
        #expect(clearable.accessories(text: "a", isFocused: true).clearButton)
        #expect(!clearable.accessories(text: "", isFocused: true).clearButton)
        #expect(!clearable.accessories(text: "a", isFocused: false).clearButton)
        #expect(
            !TextFieldConfiguration(showsClearButton: true, isReadOnly: true).accessories(
                text: "a", isFocused: true
            ).clearButton)
        #expect(
            !TextFieldConfiguration(showsClearButton: true, isEnabled: false).accessories(
                text: "a", isFocused: true
            ).clearButton)
        #expect(
            TextFieldConfiguration(isSecureEntry: true).accessories(text: "", isFocused: false).revealButton)
        #expect(
            !TextFieldConfiguration(isSecureEntry: true, lines: .textArea).accessories(
                text: "", isFocused: false
            ).revealButton)
        #expect(Self.layout(Self.email, isFocused: false).clearButtonFrame == nil)
    }

    @Test(
        "smallest and largest Dynamic Type: the field grows, and at accessibility sizes the counter moves below the helper text"
    )
    func dynamicType() throws {
        let small = Self.layout(resolver: Fixture.resolver(category: .extraSmall))
        let large = Self.layout(resolver: Fixture.resolver(category: .accessibilityExtraExtraExtraLarge))
        let rtlLarge = Self.layout(
            resolver: Fixture.resolver(category: .accessibilityExtraExtraExtraLarge, direction: .rightToLeft))
        #expect(small.fieldFrame.height == 48)
        #expect(!small.counterIsStacked)
        #expect(large.fieldFrame.height == 96)
        #expect(large.counterIsStacked)
        let helper = try #require(large.supportingTextFrame)
        let counter = try #require(large.counterFrame)
        #expect(helper.width == 320 && counter.minX == 0 && counter.minY == helper.maxY)
        #expect(large.size.height == counter.maxY)
        #expect(rtlLarge.counterFrame?.maxX == 320)
        // The clear button keeps a 44-point target at every size, and the editor its line.
        for layout in [small, large] {
            let clear = try #require(layout.clearButtonFrame)
            #expect(clear.width >= 44 && clear.height >= 44)
            #expect(layout.fieldFrame.contains(Point(x: clear.midX, y: clear.midY)))
            #expect(layout.textFrame.height > 0 && layout.textFrame.maxY <= layout.fieldFrame.maxY)
        }
        // Without helper text the counter stays on its row, trailing.
        var counterOnly = Self.email
        counterOnly.helperText = nil
        let alone = Self.layout(
            counterOnly, resolver: Fixture.resolver(category: .accessibilityExtraExtraExtraLarge))
        #expect(!alone.counterIsStacked && alone.counterFrame?.maxX == 320)
    }

    @Test("the error text replaces the helper text and colours it")
    func errorText() {
        var configuration = Self.email
        configuration.errorText = "Enter an address like name@example.com."
        #expect(configuration.supportingText == "Enter an address like name@example.com.")
        #expect(Self.appearance(configuration).state == .error)
        #expect(Self.appearance(configuration).supportingColor == Fixture.light.color(.error))
        configuration.errorText = ""
        #expect(configuration.supportingText == "We never share it.")
    }

    @Test("a text area grows line by line from its minimum to its maximum, then scrolls")
    func textAreaGrowth() {
        let area = TextFieldConfiguration(lines: .multiple(minimum: 2, maximum: 4))
        // 200 − 2 × 12 = 176 points: 25 characters a line.
        let empty = Self.layout(area, text: "", isFocused: false, width: 200)
        #expect(empty.sizing == TextAreaSizing(measuredHeight: 22, lineHeight: 22, range: 2...4))
        #expect(empty.sizing.lines == 2 && !empty.sizing.scrolls)
        #expect(empty.textFrame == Rect(x: 12, y: 12, width: 176, height: 44))
        #expect(empty.fieldFrame.height == 68)
        let three = Self.layout(area, text: String(repeating: "a", count: 60), width: 200)
        #expect(three.sizing.lines == 3 && !three.sizing.scrolls)
        #expect(three.fieldFrame.height == 90)
        let long = Self.layout(area, text: String(repeating: "a", count: 200), width: 200)
        #expect(long.sizing.lines == 4 && long.sizing.scrolls)
        #expect(long.textFrame.height == 88 && long.fieldFrame.height == 112)
    }

    @Test(
        "the height decision from a measured height: rounded lines, clamped, odd measures count as one line")
    func textAreaSizing() {
        #expect(TextAreaSizing(measuredHeight: 66.4, lineHeight: 22, range: 1...5).lines == 3)
        let tall = TextAreaSizing(measuredHeight: 22 * 9, lineHeight: 22, range: 1...5)
        #expect(tall.lines == 5 && tall.scrolls)
        #expect(TextAreaSizing(measuredHeight: .nan, lineHeight: 22, range: 2...5).lines == 2)
        #expect(TextAreaSizing(measuredHeight: .infinity, lineHeight: 22, range: 1...3).lines == 1)
        #expect(TextAreaSizing(measuredHeight: 44, lineHeight: 0, range: 1...3).lines == 1)
        let huge = TextAreaSizing(measuredHeight: 1e300, lineHeight: 1e-300, range: 1...3)
        #expect(huge.lines == 3 && huge.scrolls)
    }

    @Test("invalid combinations are reported and ignored by the front ends, never trapped")
    func validation() {
        #expect(throws: TextInputConfigurationError.nonPositiveMaximumLength(0)) {
            try TextFieldConfiguration(maximumLength: 0).validate()
        }
        #expect(throws: TextInputConfigurationError.characterCountWithoutMaximumLength) {
            try TextFieldConfiguration(showsCharacterCount: true).validate()
        }
        #expect(throws: TextInputConfigurationError.secureEntryOnMultiline) {
            try TextFieldConfiguration(isSecureEntry: true, lines: .textArea).validate()
        }
        #expect(throws: TextInputConfigurationError.nonPositiveLineLimit(0)) {
            try TextFieldConfiguration(lines: .multiple(minimum: 1, maximum: 0)).validate()
        }
        #expect(throws: Never.self) { try Self.email.validate() }
        let broken = TextFieldConfiguration(
            isSecureEntry: true, maximumLength: -3, showsCharacterCount: true,
            lines: .multiple(minimum: 9, maximum: -1))
        #expect(broken.limiter == nil && broken.counter(for: "abc") == nil && !broken.hidesText)
        #expect(broken.lineRange == 1...1)
        let layout = Self.layout(broken, text: "abc")
        #expect(layout.counterFrame == nil && layout.revealButtonFrame == nil)
        #expect(TextFieldConfiguration(lines: .multiple(minimum: 8, maximum: 3)).lineRange == 3...3)
        #expect(Self.layout(width: .nan).size.width == 0)
    }

    @Test("VoiceOver: the label names the field, the text is its value, error or helper and counter its hint")
    func accessibility() {
        let strings = AccessibilityStrings.english
        let spoken = Self.appearance().accessibility(
            configuration: Self.email, text: Self.text, strings: strings)
        #expect(spoken.label == "E-mail" && spoken.value == "ada@example.com")
        #expect(spoken.hint == "We never share it. 15 of 40 characters")
        #expect(spoken.isEnabled)
        var failing = Self.email
        failing.errorText = "Enter a full address."
        failing.showsCharacterCount = false
        #expect(
            Self.appearance(failing).accessibility(configuration: failing, text: "ada", strings: strings).hint
                == "Error, Enter a full address.")
        let password = TextFieldConfiguration(placeholder: "Password", isSecureEntry: true, isEnabled: false)
        let secret = Self.appearance(password).accessibility(
            configuration: password, text: "hunter2", strings: strings)
        #expect(secret.label == "Password" && secret.value == nil && secret.hint == nil && !secret.isEnabled)
        let appearance = Self.appearance()
        #expect(appearance.clearAccessibility(strings: strings).label == "Clear text")
        #expect(appearance.revealAccessibility(isRevealed: false, strings: strings).label == "Show password")
        #expect(appearance.revealAccessibility(isRevealed: true, strings: strings).label == "Hide password")
        #expect(appearance.revealAccessibility(isRevealed: true, strings: .simplifiedChinese).label == "隐藏密码")
        #expect(TextFieldAppearance.revealSymbolName(isRevealed: true) == "eye.slash")
    }

    @Test("a validation message is announced when it appears or changes, never when it stays or goes")
    func validationAnnouncement() {
        let strings = AccessibilityStrings.english
        func announce(_ previous: String?, _ current: String?) -> String? {
            TextFieldValidationAnnouncement.announcement(
                previous: previous, current: current, strings: strings)
        }
        #expect(announce(nil, "Too short.") == "Error, Too short.")
        #expect(announce("Too short.", "Too long.") == "Error, Too long.")
        #expect(announce("Too short.", "Too short.") == nil)
        #expect(announce("Too short.", nil) == nil)
        #expect(announce(nil, "") == nil)
    }
}
