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

    // MARK: - Selection rows

    /// The title measured as both front ends measure it in the alert: the fixed-advance
    /// measurer in the alert's checkbox font.
    static func measure(_ title: String, font: FontDescriptor) -> SelectionRowLayout.TitleMeasure {
        { width in
            guard let width else {
                return Size(
                    width: Fixture.measurer.singleLineWidth(of: title, font: font),
                    height: Fixture.measurer.lineHeight(of: font))
            }
            return Size(
                width: width,
                height: Fixture.measurer.height(of: title, font: font, width: width, maximumLines: nil))
        }
    }

    /// SwiftUI's `KeelCheckboxStyle` put its label after the whole 44 pt touch target with
    /// `HStack`'s default spacing; UIKit's only checkbox row (the alert's) puts the title the
    /// theme's 8 pt after the 24 pt icon, the icon on the title's first line. The SwiftUI row
    /// now lays out through `SelectionRowLayout` with the theme's numbers — the alert's row.
    @Test(
        "the SwiftUI checkbox row is the alert's checkbox row",
        arguments: ["Do not ask me again", String(repeating: "a", count: 60)])
    func checkboxRowIsTheAlertsRow(title: String) throws {
        let configuration = try AlertConfiguration(
            accessory: .checkbox(title: title, isSelected: false, isEnabled: true), actions: [.primary("OK")])
        let input = AlertLayoutResolveTests.input(configuration)
        let alert = AlertLayout.resolve(input, measurer: Fixture.measurer)
        let origin = alert.checkbox.row.origin
        let spec = IconButtonSpec(kind: .checkbox, resolver: Fixture.light)
        // The default theme's checkbox numbers are the alert's.
        #expect(spec.iconSize == input.theme.checkboxIconSize)
        #expect(spec.titleSpacing == input.theme.checkboxSpacing)
        #expect(spec.rowHeight == input.theme.checkboxRowHeight)
        let row = SelectionRowLayout(
            control: .checkbox(spec), proposedWidth: alert.checkbox.row.width,
            measureTitle: Self.measure(title, font: input.theme.checkboxFont))
        #expect(row.row.size == alert.checkbox.row.size)
        #expect(row.icon.offsetBy(dx: origin.x, dy: origin.y) == alert.checkbox.icon)
        #expect(row.control.offsetBy(dx: origin.x, dy: origin.y) == alert.checkbox.box)
        #expect(row.label.offsetBy(dx: origin.x, dy: origin.y) == alert.checkbox.label)
        #expect(row.frame(of: .control) == row.control && row.frame(of: .title) == row.label)
        #expect(row.label.minX == spec.iconSize + spec.titleSpacing)
    }

    /// R12 finding 7: the SwiftUI row took the title's first line as its whole unwrapped
    /// height, so a title with a line break centred the checkbox between its two lines; the
    /// alert's row centres it on the first line. The SwiftUI row now passes the title's
    /// baselines, and the first line is the height less the distance between them.
    @Test("a checkbox title with a line break: the icon sits on its first line, as in the alert")
    func checkboxRowWithLineBreak() throws {
        let title = "Accept the terms\nand the privacy policy"
        let configuration = try AlertConfiguration(
            accessory: .checkbox(title: title, isSelected: false, isEnabled: true), actions: [.primary("OK")])
        let input = AlertLayoutResolveTests.input(configuration)
        let alert = AlertLayout.resolve(input, measurer: Fixture.measurer)
        let font = input.theme.checkboxFont
        let line = Fixture.measurer.lineHeight(of: font)
        // SwiftUI's unwrapped `Text`: both lines, the baselines one line apart.
        let measure: SelectionRowLayout.TitleMeasure = { width in
            Size(
                width: width ?? Fixture.measurer.singleLineWidth(of: "and the privacy policy", font: font),
                height: Fixture.measurer.height(
                    of: title, font: font, width: width ?? .infinity, maximumLines: nil))
        }
        let spec = IconButtonSpec(kind: .checkbox, resolver: Fixture.light)
        let row = SelectionRowLayout(
            control: .checkbox(spec), proposedWidth: alert.checkbox.row.width,
            titleBaselines: TitleBaselines(first: 0.8 * line, last: 1.8 * line), measureTitle: measure)
        let origin = alert.checkbox.row.origin
        #expect(row.label.height == 2 * line)
        // On the first line (the 24 pt icon overhangs the 22 pt line, so it sits at the top),
        // not centred on both lines, which put it at the label's middle.
        #expect(row.icon.minY == 0 && row.icon.midY < row.label.midY)
        #expect(row.icon.offsetBy(dx: origin.x, dy: origin.y) == alert.checkbox.icon)
        #expect(row.row.size == alert.checkbox.row.size)
    }

    @Test("the first line of an unwrapped title, from its baselines")
    func firstLineHeight() {
        func first(_ height: Double, _ baselines: TitleBaselines?) -> Double {
            SelectionRowLayout.firstLineHeight(unwrappedHeight: height, baselines: baselines)
        }
        #expect(first(44, TitleBaselines(first: 17, last: 39)) == 22)  // two 22 pt lines
        #expect(first(70, TitleBaselines(first: 17, last: 65)) == 22)  // three, 2 pt apart
        #expect(first(22, TitleBaselines(first: 17, last: 17)) == 22)  // one line
        #expect(first(22, nil) == 22)
        // Bad numbers: never more than the height, never below 0, never non-finite.
        #expect(first(22, TitleBaselines(first: 17, last: 5)) == 22)
        #expect(first(22, TitleBaselines(first: 0, last: 100)) == 0)
        #expect(first(22, TitleBaselines(first: .nan, last: 3)) == 22)
        #expect(first(.infinity, TitleBaselines(first: 0, last: 1)) == 0)
    }

    @Test("a checkbox row without a proposal or a title")
    func checkboxRowEdges() {
        let spec = IconButtonSpec(kind: .checkbox, resolver: Fixture.light)
        let font = AlertTheme(resolver: Fixture.light).checkboxFont
        // No proposal (or SwiftUI's infinite one): the title's ideal width.
        for proposal in [nil, Double.infinity, .nan] {
            let row = SelectionRowLayout(
                control: .checkbox(spec), proposedWidth: proposal,
                measureTitle: Self.measure("Accept", font: font))
            let ideal = Fixture.measurer.singleLineWidth(of: "Accept", font: font)
            #expect(row.row.width == spec.iconSize + spec.titleSpacing + ideal)
            #expect(row.label.width == ideal)
        }
        // No title (the alert's checkbox control, labelled for VoiceOver only): the touch target.
        let bare = SelectionRowLayout(
            control: .checkbox(spec), proposedWidth: 300, measureTitle: { _ in .zero })
        #expect(bare.row == Rect(origin: .zero, size: spec.intrinsicSize))
        #expect(bare.control == bare.row && bare.label == .zero)
        // Bad numbers never make a non-finite frame.
        let bad = SelectionRowLayout.checkbox(
            width: .nan, iconSide: -4, spacing: .infinity, minimumHeight: .nan,
            touchTarget: Size(width: .infinity, height: -1), firstLineHeight: .nan, titleHeight: .infinity)
        for rect in [bad.row, bad.control, bad.icon, bad.label] {
            let values = [rect.x, rect.y, rect.width, rect.height]
            #expect(values.allSatisfy { $0.isFinite }, "\(rect)")
        }
    }

    /// SwiftUI's `KeelToggleStyle` spaced its label with `HStack`'s default spacing and a
    /// spacer; it now lays out through `SelectionRowLayout` with the theme's `title.spacing`
    /// and the switch at `ToggleLayout.intrinsicSize` (the size UIKit's `KeelToggle` takes).
    @Test("the SwiftUI switch row: title leading, switch trailing, the theme's spacing between")
    func toggleRow() {
        let theme = ToggleTheme(resolver: Fixture.light)
        let control = ToggleLayout(theme: theme, isOn: true).intrinsicSize
        #expect(SelectionRowControl.toggle(theme) == .toggle(size: control, spacing: 8))
        let font = AlertTheme(resolver: Fixture.light).messageFont
        let row = SelectionRowLayout(
            control: .toggle(theme), proposedWidth: 300, measureTitle: Self.measure("Sync", font: font))
        #expect(row.row.width == 300)
        #expect(row.control.maxX == 300 && row.control.size == control)
        #expect(row.label.minX == 0 && row.label.width == 300 - control.width - theme.titleSpacing)
        #expect(row.row.height == max(control.height, row.label.height))
        #expect(row.control.midY == row.row.midY && row.label.midY == row.row.midY)
        // No proposal: the title's ideal width, then the spacing and the switch.
        let ideal = SelectionRowLayout(
            control: .toggle(theme), proposedWidth: nil, measureTitle: Self.measure("Sync", font: font))
        let titleWidth = Fixture.measurer.singleLineWidth(of: "Sync", font: font)
        #expect(ideal.row.width == titleWidth + theme.titleSpacing + control.width)
        #expect(ideal.control.minX == titleWidth + theme.titleSpacing)
        // A hidden label: the switch alone, at its size.
        let bare = SelectionRowLayout(
            control: .toggle(theme), proposedWidth: 300, measureTitle: { _ in .zero })
        #expect(bare.row.size == control && bare.control == bare.row)
        // Narrower than the switch: the title gets nothing, nothing goes negative.
        let narrow = SelectionRowLayout(
            control: .toggle(theme), proposedWidth: 20, measureTitle: Self.measure("Sync", font: font))
        #expect(narrow.label.width == 0 && narrow.control.minX == 0)
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
