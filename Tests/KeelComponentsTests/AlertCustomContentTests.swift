import KeelComponents
import KeelDesign
import Testing

@Suite("Alert custom content")
struct AlertCustomContentTests {
    static let theme = AlertTheme(resolver: Fixture.light)
    // 390 × 844 with a 47 / 34 safe area: the card may be 844 − 47 − 34 − 2 × 24 = 715 tall,
    // 300 wide, and its content 300 − 2 × 14 = 272 wide.
    static let screen = Size(width: 390, height: 844)
    static let safe = Edges<Double>(top: 47, bottom: 34)

    static func frame(
        other: Double = 172, content: AlertCustomContent? = AlertCustomContent(), fitting: Double,
        keyboard: Double = 0, theme: AlertTheme = theme
    ) -> AlertCardFrame {
        AlertLayout.cardFrame(
            contentHeight: other, customContent: content, customContentFittingHeight: fitting,
            container: screen, safeArea: safe, keyboardOverlap: keyboard, theme: theme)
    }

    @Test("custom content counts as content, sits between the message and the accessory, and can take focus")
    func configuration() throws {
        let onlyContent = try AlertConfiguration(
            customContent: AlertCustomContent(), actions: [.primary("OK")])
        #expect(onlyContent.initialAccessibilityFocus == .customContent)
        #expect(onlyContent.sections == [.customContent, .action(.primary)])
        #expect(throws: AlertConfigurationError.noContent) {
            try AlertConfiguration(actions: [.primary("OK")])
        }
        let full = try AlertConfiguration(
            title: "T", message: "M", illustration: AlertIllustration(imageName: "art"),
            accessory: .textInput(try AlertTextInput()), customContent: AlertCustomContent(),
            actions: [.cancel("No"), .primary("Yes")])
        #expect(
            full.sections == [.illustration, .title, .message, .customContent, .textInput, .action(.cancel)])
        #expect(full.initialAccessibilityFocus == .textInput)
        let titled = try AlertConfiguration(
            title: "T", customContent: AlertCustomContent(), actions: [.primary("OK")])
        #expect(titled.initialAccessibilityFocus == .title)
        #expect(
            try AlertConfiguration(title: "T", actions: [.primary("OK")]).sections == [
                .title, .action(.primary),
            ])
        // The slot is spaced like any other section.
        for (first, second) in [
            (AlertFocusTarget.message, AlertFocusTarget.customContent), (.customContent, .textInput),
            (.customContent, .action(.primary)), (.title, .customContent),
        ] {
            #expect(
                AlertLayout.spacing(between: first, and: second, hasIllustration: false, theme: Self.theme)
                    == 16)
        }
    }

    @Test("without a slot the card is unchanged; content adds its fitting height")
    func fits() throws {
        let plain = AlertLayout.cardFrame(
            contentHeight: 172, container: Self.screen, safeArea: Self.safe, theme: Self.theme)
        #expect(plain.customContent == nil && plain.contentHeight == 172)
        #expect(plain.frame == Rect(x: 45, y: 71 + 257.5, width: 300, height: 200))
        #expect(Self.frame(content: nil, fitting: 500) == plain)
        // A slot without a view (fitting 0) takes no room.
        #expect(Self.frame(fitting: 0).frame == plain.frame)

        let card = Self.frame(fitting: 100)
        let content = try #require(card.customContent)
        #expect(content.width == 272 && content.height == 100 && content.fittingHeight == 100)
        #expect(content.maximumHeight == 515 && !content.scrolls)
        #expect(card.contentHeight == 272)
        #expect(card.frame == Rect(x: 45, y: 71 + (715 - 300) / 2, width: 300, height: 300))
        #expect(!card.scrollsContent)
    }

    @Test("too tall: the content is clamped to the card's room and scrolls; the card and its actions do not")
    func clamps() throws {
        let card = Self.frame(fitting: 2000)
        let content = try #require(card.customContent)
        // 715 − 28 insets − 172 other content = 515.
        #expect(content.height == 515 && content.maximumHeight == 515 && content.scrolls)
        #expect(content.fittingHeight == 2000)
        #expect(card.frame == Rect(x: 45, y: 71, width: 300, height: 715))
        #expect(!card.scrollsContent)
        // Half a point of rounding does not make it scroll.
        #expect(Self.frame(fitting: 515.4).customContent?.scrolls == false)
        #expect(Self.frame(fitting: 515.6).customContent?.scrolls == true)
    }

    @Test("the slot's own maximum caps the content")
    func slotMaximum() throws {
        let slot = try AlertCustomContent(maximumHeight: 200)
        let tall = try #require(Self.frame(content: slot, fitting: 300).customContent)
        #expect(tall.height == 200 && tall.maximumHeight == 200 && tall.scrolls)
        let short = try #require(Self.frame(content: slot, fitting: 150).customContent)
        #expect(short.height == 150 && !short.scrolls)
        // Below the theme's minimum the slot's maximum still wins.
        let tiny = try AlertCustomContent(maximumHeight: 20)
        let capped = try #require(Self.frame(other: 700, content: tiny, fitting: 300).customContent)
        #expect(capped.height == 20 && capped.scrolls)
    }

    @Test("a docked keyboard shrinks the content first, so the input and actions stay visible")
    func keyboard() throws {
        // 844 − 336 − 24 − 71 = 413 available; 413 − 28 − 172 = 213 for the content.
        let card = Self.frame(fitting: 300, keyboard: 336)
        let content = try #require(card.customContent)
        #expect(content.height == 213 && content.scrolls)
        #expect(card.frame.height == 413 && card.frame.minY == 71 && !card.scrollsContent)
        // Short content keeps the ¾ / ¼ split.
        let short = Self.frame(fitting: 40, keyboard: 336)
        #expect(short.customContent?.scrolls == false)
        #expect(short.frame.minY == 71 + (413 - 240) * 0.75)
    }

    @Test("when the rest of the card does not fit, the content keeps its minimum and the card scrolls")
    func minimum() throws {
        #expect(Self.theme.customContentMinimumHeight == 48)
        let card = Self.frame(other: 700, fitting: 300)
        let content = try #require(card.customContent)
        #expect(content.height == 48 && content.maximumHeight == 48 && content.scrolls)
        #expect(card.frame.height == 715 && card.scrollsContent)
        #expect(card.contentHeight == 748)
        // Content shorter than the minimum is as tall as it is.
        #expect(Self.frame(other: 700, fitting: 20).customContent?.height == 20)
    }

    @Test("accessibility sizes: actions still stack, and the taller stack leaves the content less room")
    func accessibilitySizes() throws {
        let resolver = Fixture.resolver(category: .accessibilityExtraLarge)
        let theme = AlertTheme(resolver: resolver)
        let buttons = ButtonTheme(resolver: resolver)
        let configuration = try AlertConfiguration(
            title: "T", customContent: AlertCustomContent(),
            actions: [.cancel("No"), .primary("Yes")])
        #expect(
            AlertLayout.actionAxis(
                for: configuration.actions, cardWidth: 300, theme: theme, buttonTheme: buttons,
                measurer: Fixture.measurer) == .vertical)
        let side = try #require(Self.frame(other: 172, fitting: 2000, theme: theme).customContent)
        let stacked = try #require(Self.frame(other: 172 + 58, fitting: 2000, theme: theme).customContent)
        #expect(side.maximumHeight - stacked.maximumHeight == 58)
        #expect(stacked.scrolls)
    }

    @Test("the content is as wide as the card's content in either direction")
    func width() throws {
        let small = Size(width: 320, height: 568)
        for resolver in [Fixture.light, Fixture.rtl] {
            let theme = AlertTheme(resolver: resolver)
            let card = AlertLayout.cardFrame(
                contentHeight: 100, customContent: AlertCustomContent(), customContentFittingHeight: 50,
                container: small, safeArea: .zero, theme: theme)
            #expect(card.frame.width == 256 && card.customContent?.width == 228)
            #expect(AlertLayout.contentWidth(cardWidth: 256, theme: theme) == 228)
            #expect(theme.contentInsets.resolved(in: resolver.traits.layoutDirection).left == 14)
        }
        #expect(AlertLayout.contentWidth(cardWidth: 10, theme: Self.theme) == 0)
        #expect(AlertLayout.contentWidth(cardWidth: .nan, theme: Self.theme) == 0)
    }

    @Test(
        "bad heights: a typed error for the slot's maximum, a clamp for measurements",
        arguments: [-1.0, 0, .nan, .infinity, -.infinity])
    func invalidMaximum(_ height: Double) {
        #expect {
            try AlertCustomContent(maximumHeight: height)
        } throws: { error in
            guard case AlertConfigurationError.invalidCustomContentHeight(let value) = error else {
                return false
            }
            return value.isNaN ? height.isNaN : value == height
        }
    }

    @Test("bad measurements clamp to 0 and never crash", arguments: [-5.0, .nan, .infinity, -.infinity])
    func invalidMeasurements(_ value: Double) throws {
        let card = Self.frame(other: value, fitting: value, keyboard: value)
        let content = try #require(card.customContent)
        #expect(content.height == 0 && content.fittingHeight == 0 && !content.scrolls)
        #expect(card.contentHeight == 0 && card.frame.height == 28 && !card.scrollsContent)
        let layout = AlertLayout.customContentLayout(
            AlertCustomContent(), fittingHeight: 100, otherContentHeight: 0, availableCardHeight: value,
            cardWidth: value, theme: Self.theme)
        #expect(layout.width == 0 && layout.maximumHeight == 48 && layout.height == 48 && layout.scrolls)
        #expect(
            AlertLayout.availableCardHeight(
                container: Size(width: value, height: value), safeArea: .zero, theme: Self.theme) == 0)
        #expect(try AlertCustomContent(maximumHeight: nil).maximumHeight == nil)
    }

    @Test("The other content's height is the card less its insets and the slot, never negative")
    func otherContentHeight() {
        let insets = Self.theme.contentInsets.vertical
        #expect(
            AlertLayout.otherContentHeight(cardHeight: 300 + insets, slotHeight: 120, theme: Self.theme)
                == 180)
        #expect(AlertLayout.otherContentHeight(cardHeight: 10, slotHeight: 500, theme: Self.theme) == 0)
        for bad in [Double.nan, .infinity, -.infinity, -1] {
            let height = AlertLayout.otherContentHeight(cardHeight: bad, slotHeight: bad, theme: Self.theme)
            #expect(height == 0)
        }
        // Fed back into the slot's layout, the measure is a fixed point: the slot's own height
        // does not change the room it gets.
        let content = AlertCustomContent()
        let first = AlertLayout.customContentLayout(
            content, fittingHeight: 2000,
            otherContentHeight: AlertLayout.otherContentHeight(
                cardHeight: 200 + insets, slotHeight: 0, theme: Self.theme),
            availableCardHeight: 715, cardWidth: 300, theme: Self.theme)
        let second = AlertLayout.customContentLayout(
            content, fittingHeight: 2000,
            otherContentHeight: AlertLayout.otherContentHeight(
                cardHeight: 200 + insets + first.height, slotHeight: first.height, theme: Self.theme),
            availableCardHeight: 715, cardWidth: 300, theme: Self.theme)
        #expect(first.height == second.height)
        #expect(first.scrolls)
    }
}
