import KeelComponents
import KeelDesign
import Testing

/// The decisions the SwiftUI front end reads as plain values (opacities, colours, gated
/// actions, confirmation answers) where UIKit toggles views.
@Suite("SwiftUI binding decisions")
struct SwiftUIBindingTests {
    static func appearance(style: ButtonVariant = .primary, state: ButtonState = [])
        -> ButtonAppearance
    {
        ButtonAppearance(theme: Fixture.lightButtons, style: style, size: .large, state: state)
    }

    @Test("A loading or disabled button absorbs the tap and runs nothing; a normal one runs it")
    func gatedActions() {
        var runs = 0
        #expect(Self.appearance().performIfInteractive { runs += 1 })
        #expect(Self.appearance(state: .highlighted).performIfInteractive { runs += 1 })
        #expect(!Self.appearance(state: .loading).performIfInteractive { runs += 1 })
        #expect(!Self.appearance(state: .disabled).performIfInteractive { runs += 1 })
        #expect(!Self.appearance(state: [.loading, .selected]).performIfInteractive { runs += 1 })
        #expect(runs == 2)
    }

    @Test("The icon fades out while the indicator shows, and when there is no icon")
    func opacities() {
        let withIcon = ButtonContent(title: "Go", icon: ButtonIcon())
        let noIcon = ButtonContent(title: "Go")
        #expect(Self.appearance().iconOpacity(for: withIcon) == 1)
        #expect(Self.appearance().iconOpacity(for: noIcon) == 0)
        #expect(Self.appearance(state: .loading).iconOpacity(for: withIcon) == 0)
        #expect(Self.appearance(state: .loading).activityIndicatorOpacity == 1)
        #expect(Self.appearance().activityIndicatorOpacity == 0)
    }

    @Test("The border colour is the style's, clear without a border")
    func borderColor() throws {
        let outline = Self.appearance(style: .outline)
        let border = try #require(outline.border)
        #expect(outline.borderColor == border.color)
        let primary = Self.appearance(style: .primary)
        #expect(primary.border == nil && primary.borderColor == .clear)
    }

    @Test("The left-to-right copy changes only the direction")
    func leftToRight() {
        let rtl = ButtonAppearance(
            theme: ButtonTheme(resolver: Fixture.resolver(direction: .rightToLeft)), style: .primary,
            size: .large, state: [])
        #expect(rtl.layoutDirection == .rightToLeft)
        var expected = rtl
        expected.layoutDirection = .leftToRight
        #expect(rtl.leftToRight == expected)
        #expect(rtl.leftToRight.titleColor == rtl.titleColor)
    }

    @Test("A confirmation answer resolves to the value, or cancels without one")
    func answers() {
        #expect(SelectionEvent.answer(true) == .resolve(true))
        #expect(SelectionEvent.answer(false) == .resolve(false))
        #expect(SelectionEvent.answer(nil) == .cancel)
        var selection = ConfirmableSelection(value: false, behavior: .requiresConfirmation)
        #expect(
            selection.send(.tap(hasRequestHandler: true)).effects == [.activated, .changeRequested(true)])
        #expect(selection.send(.answer(nil)).effects == [.settled])
        #expect(!selection.isPending && !selection.value)
        _ = selection.send(.tap(hasRequestHandler: true))
        #expect(selection.send(.answer(true)).effects == [.valueChanged(true)])
        #expect(selection.value)
    }

    @Test("A front end with somebody to ask confirms; without, it changes at once")
    func behaviors() {
        #expect(SelectionBehavior(confirming: true) == .requiresConfirmation)
        #expect(SelectionBehavior(confirming: false) == .immediate)
    }

    @Test("The alert card scales from the theme's presentation scale and fades with its visibility")
    func alertPresentationValues() {
        let theme = AlertTheme(resolver: Fixture.light)
        #expect(theme.cardScale(isVisible: true) == 1)
        #expect(theme.cardScale(isVisible: false) == theme.presentationScale)
        #expect(theme.presentationScale != 1)
        #expect(theme.opacity(isVisible: true) == 1 && theme.opacity(isVisible: false) == 0)
    }
}
