import KeelComponents
import KeelDesign
import Testing

@Suite("Button content layout")
struct ButtonLayoutTests {
    // Large button, bodyLarge 16 pt: "Go" is 2 × 8 = 16 pt wide, 24 pt high; icon 20, gap 8.
    static let bounds = Size(width: 200, height: 48)

    static func appearance(_ direction: TextDirection = .leftToRight, state: ButtonState = [])
        -> ButtonAppearance
    {
        ButtonAppearance(
            theme: ButtonTheme(resolver: Fixture.resolver(direction: direction)), style: .primary,
            size: .large,
            state: state)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let placement: ButtonIconPlacement
        let horizontal: ButtonContentHorizontalAlignment
        let vertical: ButtonContentVerticalAlignment
        let direction: TextDirection
        var testDescription: String { "\(placement) \(horizontal) \(vertical) \(direction)" }
    }

    static let cases: [Case] = ButtonIconPlacement.allCases.flatMap { placement in
        ButtonContentHorizontalAlignment.allCases.flatMap { horizontal in
            ButtonContentVerticalAlignment.allCases.flatMap { vertical in
                [TextDirection.leftToRight, .rightToLeft].map {
                    Case(placement: placement, horizontal: horizontal, vertical: vertical, direction: $0)
                }
            }
        }
    }

    /// The expected frames, computed independently in leading-to-trailing terms and mirrored.
    static func expected(_ c: Case) -> (title: Rect?, icon: Rect) {
        let stacked = c.placement.isStacked
        let insets =
            stacked
            ? DirectionalInsets(top: 12, leading: 20, bottom: 12, trailing: 20)
            : DirectionalInsets(horizontal: 20, vertical: 0)
        let availW = 200 - insets.horizontal
        let availH = 48 - insets.vertical
        let hasTitle = c.placement != .only
        var titleW = hasTitle ? 16.0 : 0
        let titleH = hasTitle ? 24.0 : 0
        let gap = hasTitle ? 8.0 : 0
        if c.horizontal == .fill && hasTitle { titleW = stacked ? availW : availW - 20 - gap }
        var groupW = stacked ? max(titleW, 20) : titleW + gap + 20
        var groupH = stacked ? titleH + gap + 20 : max(titleH, 20)
        if c.horizontal == .fill { groupW = availW }
        if c.vertical == .fill { groupH = availH }
        let x: Double =
            switch c.horizontal {
            case .leading, .fill: insets.leading
            case .trailing: 200 - insets.trailing - groupW
            case .center: insets.leading + (availW - groupW) / 2
            }
        let y: Double =
            switch c.vertical {
            case .top, .fill: insets.top
            case .bottom: 48 - insets.bottom - groupH
            case .center: insets.top + (availH - groupH) / 2
            }
        var title: Rect?
        var icon: Rect
        switch c.placement {
        case .leading, .only:
            icon = Rect(x: x, y: y + (groupH - 20) / 2, width: 20, height: 20)
            if hasTitle {
                title = Rect(x: x + 28, y: y + (groupH - titleH) / 2, width: titleW, height: titleH)
            }
        case .trailing:
            title = Rect(x: x, y: y + (groupH - titleH) / 2, width: titleW, height: titleH)
            icon = Rect(x: x + titleW + 8, y: y + (groupH - 20) / 2, width: 20, height: 20)
        case .top:
            icon = Rect(x: x + (groupW - 20) / 2, y: y, width: 20, height: 20)
            title = Rect(x: x + (groupW - titleW) / 2, y: y + 28, width: titleW, height: titleH)
        case .bottom:
            title = Rect(x: x + (groupW - titleW) / 2, y: y, width: titleW, height: titleH)
            icon = Rect(x: x + (groupW - 20) / 2, y: y + groupH - 20, width: 20, height: 20)
        }
        if c.direction == .rightToLeft {
            title = title?.mirrored(inWidth: 200)
            icon = icon.mirrored(inWidth: 200)
        }
        return (title, icon)
    }

    @Test("every icon placement × alignment × direction", arguments: cases)
    func layout(c: Case) {
        let content = ButtonContent(
            title: "Go", icon: ButtonIcon(isDirectional: true), iconPlacement: c.placement,
            horizontalAlignment: c.horizontal, verticalAlignment: c.vertical)
        let layout = ButtonLayout(
            content: content, appearance: Self.appearance(c.direction), bounds: Self.bounds,
            measurer: Fixture.measurer)
        let expected = Self.expected(c)
        #expect(layout.titleFrame == expected.title)
        #expect(layout.iconFrame == expected.icon)
        #expect(layout.iconIsMirrored == (c.direction == .rightToLeft))
        #expect(!layout.titleIsTruncated)
    }

    @Test("a title-only button centres its title")
    func titleOnly() {
        let layout = ButtonLayout(
            content: ButtonContent(title: "Go"), appearance: Self.appearance(), bounds: Self.bounds,
            measurer: Fixture.measurer)
        #expect(layout.titleFrame == Rect(x: 92, y: 12, width: 16, height: 24))
        #expect(layout.iconFrame == nil)
    }

    @Test("a long title is clamped to the room beside the icon and marked truncated")
    func longTitle() {
        let title = String(repeating: "W", count: 40)  // 320 pt
        let layout = ButtonLayout(
            content: ButtonContent(title: title, icon: ButtonIcon()), appearance: Self.appearance(),
            bounds: Self.bounds, measurer: Fixture.measurer)
        #expect(layout.titleFrame?.width == Double(200 - 40 - 28))
        #expect(layout.titleIsTruncated)
        #expect(layout.titleNumberOfLines == 1)
        #expect(layout.iconFrame?.minX == 20)
    }

    @Test("intrinsic size: content plus insets, at least the size's height, growing with Dynamic Type")
    func intrinsicSize() {
        let content = ButtonContent(title: "Go", icon: ButtonIcon())
        #expect(
            ButtonLayout.intrinsicSize(
                content: content, appearance: Self.appearance(), measurer: Fixture.measurer)
                == Size(width: 16 + 8 + 20 + 40, height: 48))
        let stacked = ButtonContent(title: "Go", icon: ButtonIcon(), iconPlacement: .top)
        #expect(
            ButtonLayout.intrinsicSize(
                content: stacked, appearance: Self.appearance(), measurer: Fixture.measurer)
                == Size(width: 40 + 20, height: 12 + 20 + 8 + 24 + 12))
        let override = ButtonContent(
            title: "Go", icon: ButtonIcon(), iconPlacement: .top, stackedPaddingOverride: 4)
        #expect(
            ButtonLayout.intrinsicSize(
                content: override, appearance: Self.appearance(), measurer: Fixture.measurer
            )
            .height == 4 + 20 + 8 + 24 + 4)
        let big = ButtonAppearance(
            theme: ButtonTheme(resolver: Fixture.resolver(category: .accessibilityExtraExtraExtraLarge)),
            style: .primary, size: .large, state: [])
        let grown = ButtonLayout.intrinsicSize(
            content: ButtonContent(title: "Go"), appearance: big, measurer: Fixture.measurer)
        #expect(grown == Size(width: 32 + 40, height: 48))  // 32 pt title, 48 pt line height
        let smallBig = ButtonAppearance(
            theme: ButtonTheme(resolver: Fixture.resolver(category: .accessibilityExtraExtraExtraLarge)),
            style: .primary, size: .small, state: [])
        #expect(
            ButtonLayout.intrinsicSize(
                content: ButtonContent(title: "Go"), appearance: smallBig, measurer: Fixture.measurer
            )
            .height == 36)  // 12 pt caption × 2 = 24 pt, line 18 × 2 = 36 > 32
    }

    @Test("titles wrap at accessibility sizes, stay single-line otherwise")
    func multiline() {
        let title = String(repeating: "W", count: 20)
        let big = ButtonAppearance(
            theme: ButtonTheme(resolver: Fixture.resolver(category: .accessibilityMedium)), style: .primary,
            size: .large, state: [])
        let wrapped = ButtonLayout(
            content: ButtonContent(title: title), appearance: big, bounds: Size(width: 200, height: 200),
            measurer: Fixture.measurer)
        #expect(wrapped.titleNumberOfLines == 0)
        #expect((wrapped.titleFrame?.height ?? 0) > 24 * 28 / 17)
        #expect(!wrapped.titleIsTruncated)
        let single = ButtonLayout(
            content: ButtonContent(title: title, titleLines: .single), appearance: big,
            bounds: Size(width: 200, height: 200), measurer: Fixture.measurer)
        #expect(single.titleNumberOfLines == 1)
        #expect(single.titleIsTruncated)
        let capped = ButtonLayout(
            content: ButtonContent(title: String(repeating: "W", count: 80), titleLines: .wraps(maximum: 2)),
            appearance: Self.appearance(), bounds: Size(width: 200, height: 200), measurer: Fixture.measurer)
        #expect(capped.titleNumberOfLines == 2)
        #expect(capped.titleFrame?.height == 48)
        #expect(capped.titleIsTruncated)
        let intrinsic = ButtonLayout.intrinsicSize(
            content: ButtonContent(title: title), appearance: big, measurer: Fixture.measurer, width: 200)
        #expect(intrinsic.width == 200)
        #expect(intrinsic.height > 48)
    }

    @Test("loading puts the activity indicator in the icon slot, never mirrored")
    func loading() {
        let layout = ButtonLayout(
            content: ButtonContent(title: "Go"), appearance: Self.appearance(.rightToLeft, state: .loading),
            bounds: Self.bounds, measurer: Fixture.measurer)
        #expect(layout.iconFrame == Rect(x: 200 - 78 - 20, y: 14, width: 20, height: 20))
        #expect(!layout.iconIsMirrored)
    }

    @Test("bad sizes never crash")
    func degenerate() {
        let layout = ButtonLayout(
            content: ButtonContent(title: "Go", icon: ButtonIcon(size: -.infinity)),
            appearance: Self.appearance(),
            bounds: Size(width: 0, height: 0), measurer: Fixture.measurer)
        #expect(layout.titleFrame?.width == 0)
    }
}
