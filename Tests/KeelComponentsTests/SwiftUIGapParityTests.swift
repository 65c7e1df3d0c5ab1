import KeelComponents
import KeelDesign
import Testing

/// Three places where the SwiftUI front end decided on its own and now binds what UIKit
/// binds: the alert's scroll of its text input into view over the keyboard, the spacing of
/// the checkbox and switch rows, and the button's focus ring. Each front end's input is
/// computed through the shared function and compared (`FrontEndPlacementTests` checks that
/// the SwiftUI sources bind these functions).
@Suite("SwiftUI gaps: the alert's keyboard scroll, selection rows, the focus ring")
struct SwiftUIGapParityTests {
    // MARK: - The alert's keyboard focus

    /// UIKit's alert scrolls `keyboardFocusRects` into view once the keyboard has moved the
    /// card; the SwiftUI alert had nothing to scroll to. It now places an anchor at each
    /// `.keyboardFocus(i)` part (from `resolveForMirroringFrontEnd`, mirrored by SwiftUI) and
    /// scrolls to them: the anchors are exactly UIKit's rects, in both directions.
    @Test(
        "the SwiftUI alert's keyboard anchors are the rects UIKit scrolls to",
        arguments: [TextDirection.leftToRight, .rightToLeft])
    func keyboardFocusAnchorsAreUIKitsRects(direction: TextDirection) throws {
        let configuration = try AlertConfiguration(
            title: "Rename",
            accessory: .textInput(
                AlertTextInput(placeholder: "Name", maximumLength: 20, showsCharacterCount: true)),
            actions: [.cancel("Cancel"), .primary("Save")])
        let input = AlertLayoutResolveTests.input(configuration, direction: direction, keyboard: 336)
        let uikit = AlertLayout.resolve(input, measurer: Fixture.measurer)
        let swiftUI = AlertLayout.resolveForMirroringFrontEnd(input, measurer: Fixture.measurer)
        try #require(uikit.keyboardFocusRects.count == 1)
        #expect(swiftUI.keyboardFocusParts == [.keyboardFocus(0)])
        #expect(swiftUI.contentParts.contains(.keyboardFocus(0)))
        for (index, rect) in uikit.keyboardFocusRects.enumerated() {
            let anchor = try #require(swiftUI.frame(of: .keyboardFocus(index)))
            let drawn =
                direction == .rightToLeft
                ? anchor.mirrored(inWidth: swiftUI.containerSize(of: .keyboardFocus(index)).width) : anchor
            #expect(drawn == rect)
            #expect(uikit.frame(of: .keyboardFocus(index)) == rect)
        }
        // Out of range: no frame, placed at zero (no trap).
        #expect(uikit.frame(of: .keyboardFocus(1)) == nil)
        #expect(uikit.frame(of: .keyboardFocus(-1)) == nil)
        #expect(uikit.placedFrame(of: .keyboardFocus(7)) == .zero)
        // Without a text input there is nothing to scroll to.
        let plain = AlertLayout.resolve(
            AlertLayoutResolveTests.input(try AlertConfiguration(title: "Done", actions: [.primary("OK")])),
            measurer: Fixture.measurer)
        #expect(plain.keyboardFocusParts.isEmpty)
    }

    // MARK: - The focus ring

    /// An enabled, resting button's state, focused or not.
    static func state(focused: Bool) -> ButtonState {
        ButtonState(
            isEnabled: true, isHighlighted: false, isSelected: false, isLoading: false, isFocused: focused)
    }

    /// UIKit's `KeelButton` shows its focus layer on `didUpdateFocus` at
    /// `ButtonLayout.focusRingFrame` (a CALayer border `focusRingWidth` wide, in the theme's
    /// `focusRing` colour); the SwiftUI button passed `isFocused: false` always and drew no
    /// ring. It now strokes `ButtonAppearance.focusRingStrokeFrame(around:)` — the same ring,
    /// stroked on its centre line — for every style and size.
    @Test("the SwiftUI focus ring is the ring UIKit's focus layer draws")
    func focusRingMatches() {
        let theme = Fixture.lightButtons
        let bounds = Rect(x: 3, y: 5, width: 120, height: 48)
        var compared = 0
        for style in ButtonVariant.allCases {
            for size in ButtonSize.allCases {
                let focused = ButtonAppearance(
                    theme: theme, style: style, size: size, state: Self.state(focused: true))
                let uikit = ButtonLayout(
                    content: ButtonContent(title: "Save"), appearance: focused, bounds: bounds.size,
                    measurer: Fixture.measurer)
                // UIKit's layer: its frame is the ring's outer edge, its border drawn inside.
                let layerFrame = uikit.focusRingFrame.offsetBy(dx: bounds.x, dy: bounds.y)
                let stroke = focused.focusRingStrokeFrame(around: bounds)
                let width = focused.focusRingWidth
                #expect(width == theme.focusRing.width && width > 0)
                #expect(stroke.insetBy(dx: -width / 2, dy: -width / 2) == layerFrame, "\(style) \(size)")
                #expect(
                    focused.focusRingStrokeCornerRadius(bounds: bounds.size)
                        == uikit.focusRingCornerRadius - width / 2)
                #expect(focused.focusRingColor == theme.focusRing.color)
                #expect(focused.focusRing(bounds: bounds.size) == uikit.focusRing)
                // Unfocused: nothing drawn by either.
                let plain = ButtonAppearance(
                    theme: theme, style: style, size: size, state: Self.state(focused: false))
                #expect(plain.focusRingStrokeFrame(around: bounds) == .zero)
                #expect(plain.focusRingWidth == 0 && plain.focusRingColor == .clear)
                compared += 1
            }
        }
        #expect(compared >= 24)
    }
}
