import KeelComponents
import KeelDesign
import Testing

/// The button decisions KeelButton only applies: focus-ring geometry, the border override, the
/// fill, icon and indicator visibility, the title's display and the fitting width.
@Suite("Button binding decisions")
struct ButtonBindingTests {
    static func appearance(
        style: ButtonVariant = .primary, size: ButtonSize = .large, state: ButtonState = [],
        direction: TextDirection = .leftToRight, category: TextSizeCategory = .large,
        borderColorOverride: ColorValue? = nil
    ) -> ButtonAppearance {
        ButtonAppearance(
            theme: ButtonTheme(resolver: Fixture.resolver(category: category, direction: direction)),
            style: style, size: size, state: state, borderColorOverride: borderColorOverride)
    }

    static func layout(_ appearance: ButtonAppearance, bounds: Size, content: ButtonContent? = nil)
        -> ButtonLayout
    {
        ButtonLayout(
            content: content ?? ButtonContent(title: "Go", icon: ButtonIcon()), appearance: appearance,
            bounds: bounds, measurer: Fixture.measurer)
    }

    /// Size, direction, text size, bounds → the ring's frame and corner radius (ring width 2).
    static let rings: [(ButtonSize, TextDirection, TextSizeCategory, Size, Rect, Double)] = [
        (
            .large, .leftToRight, .large, Size(width: 200, height: 48),
            Rect(x: -4, y: -4, width: 208, height: 56), 12
        ),
        (
            .large, .rightToLeft, .large, Size(width: 200, height: 48),
            Rect(x: -4, y: -4, width: 208, height: 56), 12
        ),
        (
            .medium, .leftToRight, .large, Size(width: 120, height: 40),
            Rect(x: -4, y: -4, width: 128, height: 48), 12
        ),
        (
            .small, .rightToLeft, .large, Size(width: 80, height: 32),
            Rect(x: -4, y: -4, width: 88, height: 40), 8
        ),
        (
            .large, .leftToRight, .accessibilityExtraExtraExtraLarge, Size(width: 300, height: 96),
            Rect(x: -4, y: -4, width: 308, height: 104), 12
        ),
        (
            .small, .leftToRight, .large, Size(width: -5, height: .nan),
            Rect(x: -4, y: -4, width: 8, height: 8), 8
        ),
    ]

    @Test(
        "the focus ring: a gap of its width outside the bounds, per size, direction and text size",
        arguments: rings)
    func focusRing(
        size: ButtonSize, direction: TextDirection, category: TextSizeCategory, bounds: Size, frame: Rect,
        radius: Double
    ) throws {
        let focused = Self.appearance(size: size, state: .focused, direction: direction, category: category)
        let ring = try #require(Self.layout(focused, bounds: bounds).focusRing)
        #expect(ring.frame == frame)
        #expect(ring.cornerRadius == radius)
        #expect(ring.width == 2)
        #expect(ring.color == Fixture.light.color(.brandPrimary))
        #expect(ring.strokeFrame == frame.insetBy(dx: 1, dy: 1))
        #expect(ring.strokeCornerRadius == radius - 1)
        let layout = Self.layout(focused, bounds: bounds)
        #expect(layout.focusRingFrame == frame && layout.focusRingCornerRadius == radius)
        #expect(!focused.focusRingIsHidden && focused.focusRingWidth == 2)
    }

    @Test("no ring unless focused, and none for a bad ring width")
    func noRing() {
        let plain = Self.appearance()
        let layout = Self.layout(plain, bounds: Size(width: 200, height: 48))
        #expect(layout.focusRing == nil)
        #expect(layout.focusRingFrame == .zero && layout.focusRingCornerRadius == 0)
        #expect(plain.focusRingIsHidden && plain.focusRingWidth == 0)
        let bounds = Size(width: 10, height: 10)
        #expect(ButtonFocusRing(Border(color: .black, width: .nan), bounds: bounds, cornerRadius: 4) == nil)
        #expect(ButtonFocusRing(Border(color: .black, width: 0), bounds: bounds, cornerRadius: 4) == nil)
        #expect(
            ButtonFocusRing(Border(color: .black, width: 1), bounds: bounds, cornerRadius: .nan)?.cornerRadius
                == 2)
    }

    /// Style, state, override → border colour and width.
    static let borders: [(ButtonVariant, ButtonState, ColorValue?, String?, Double)] = [
        (.outline, [], nil, "#CDCFD4", 1),
        (.outline, [], .black, "#000000", 1),
        (.outline, .disabled, nil, "#D0D0D0", 1),
        (.outline, .disabled, .black, "#000000", 1),
        (.outline, .highlighted, .white, "#FFFFFF", 1),
        (.primary, [], nil, nil, 0),
        (.primary, [], .black, nil, 0),  // an override adds no border to a borderless style
    ]

    @Test("the border override replaces the colour in every state, keeping the width", arguments: borders)
    func borderOverride(
        style: ButtonVariant, state: ButtonState, override: ColorValue?, hex: String?, width: Double
    ) {
        let appearance = Self.appearance(style: style, state: state, borderColorOverride: override)
        #expect(appearance.border?.color.hex == hex)
        #expect(appearance.borderWidth == width)
        // Everything else is the plain appearance's.
        var plain = Self.appearance(style: style, state: state)
        plain.border = appearance.border
        #expect(plain == appearance)
    }

    @Test("solid and gradient fills")
    func fills() throws {
        let solid = Self.appearance(style: .primary)
        #expect(solid.fillColor.hex == "#222222")
        #expect(solid.gradientIsHidden && solid.gradientStops.isEmpty && solid.gradientStart == .zero)
        let gradient = Self.appearance(style: .gradient, direction: .rightToLeft)
        #expect(gradient.fillColor == .clear)
        #expect(!gradient.gradientIsHidden)
        #expect(gradient.gradientStops.count >= 2)
        #expect(gradient.gradientStart == Point(x: 1, y: 0.5) && gradient.gradientEnd == Point(x: 0, y: 0.5))
    }

    @Test(
        "icon and activity indicator visibility",
        arguments: [
            (ButtonState(), true, false, ButtonActivityIndicator.stopped),
            (ButtonState(), false, true, .stopped),
            (ButtonState.loading, true, true, .animating),
            (ButtonState.loading, false, true, .animating),
        ])
    func iconVisibility(state: ButtonState, hasIcon: Bool, hidden: Bool, indicator: ButtonActivityIndicator) {
        let appearance = Self.appearance(state: state)
        let content = ButtonContent(title: "Go", icon: hasIcon ? ButtonIcon() : nil)
        #expect(appearance.iconIsHidden(for: content) == hidden)
        #expect(appearance.activityIndicator == indicator)
    }

    @Test(
        "a control's flags become the button state",
        arguments: [
            (true, false, false, false, false, ButtonState()),
            (false, false, false, false, false, ButtonState.disabled),
            (true, true, true, true, true, [.highlighted, .selected, .loading, .focused] as ButtonState),
            (false, true, false, true, false, [.disabled, .highlighted, .loading] as ButtonState),
        ])
    func state(
        enabled: Bool, highlighted: Bool, selected: Bool, loading: Bool, focused: Bool, expected: ButtonState
    ) {
        let state = ButtonState(
            isEnabled: enabled, isHighlighted: highlighted, isSelected: selected, isLoading: loading,
            isFocused: focused)
        #expect(state == expected)
    }

    @Test("title display, frames, mirroring scale, LTR and RTL")
    func titleAndIcon() {
        let bounds = Size(width: 200, height: 48)
        let directional = ButtonContent(title: "Go", icon: ButtonIcon(isDirectional: true))
        let ltr = Self.layout(Self.appearance(), bounds: bounds, content: directional)
        #expect(ltr.displayedTitle("Go") == "Go" && !ltr.titleIsHidden && ltr.iconScaleX == 1)
        #expect(ltr.displayedTitleFrame == ltr.titleFrame && ltr.displayedIconFrame == ltr.iconFrame)
        let rtl = Self.layout(Self.appearance(direction: .rightToLeft), bounds: bounds, content: directional)
        #expect(rtl.iconScaleX == -1)
        let iconOnly = Self.layout(
            Self.appearance(), bounds: bounds,
            content: ButtonContent(title: "Go", icon: ButtonIcon(), iconPlacement: .only))
        #expect(iconOnly.titleIsHidden && iconOnly.displayedTitle("Go") == nil)
        #expect(iconOnly.displayedTitleFrame == .zero)
        let titleOnly = Self.layout(Self.appearance(), bounds: bounds, content: ButtonContent(title: "Go"))
        #expect(titleOnly.displayedIconFrame == .zero)
    }

    @Test("the large content viewer shows an icon-only button's content only")
    func largeContent() {
        let iconOnly = ButtonContent(title: "Share", icon: ButtonIcon(), iconPlacement: .only)
        #expect(iconOnly.largeContent("Share") == "Share")
        #expect(ButtonContent(title: "Share", icon: ButtonIcon()).largeContent("Share") == nil)
    }

    @Test(
        "sizeThatFits proposals: positive finite widths constrain, the rest do not",
        arguments: [
            (120.0, 120.0 as Double?), (0, nil), (-10, nil), (.nan, nil), (.infinity, nil),
            (.greatestFiniteMagnitude, nil),
        ])
    func fittingWidth(proposed: Double, expected: Double?) {
        #expect(ButtonLayout.fittingWidth(proposed: proposed) == expected)
    }
}

/// The icon buttons' symbol table, tints and opacity (KeelIconButton only applies them).
@Suite("Icon button rules")
struct IconButtonRuleTests {
    @Test(
        "semantic icon names → SF Symbols; unknown names pass through",
        arguments: [
            ("checkbox.selected", "checkmark.square.fill"), ("checkbox.unselected", "square"),
            ("more", "ellipsis"), ("close", "xmark"), ("star.fill", "star.fill"),
        ])
    func symbols(name: String, symbol: String) {
        #expect(IconButtonSpec.systemSymbolName(for: name) == symbol)
    }

    @Test(
        "each kind's symbol",
        arguments: [
            (IconButtonKind.checkbox, true, "checkmark.square.fill"), (.checkbox, false, "square"),
            (.more, false, "ellipsis"), (.more, true, "ellipsis"), (.close(large: false), false, "xmark"),
            (.close(large: true), true, "xmark"),
        ])
    func kindSymbols(kind: IconButtonKind, selected: Bool, symbol: String) {
        #expect(
            IconButtonSpec(kind: kind, resolver: Fixture.light).systemSymbolName(isSelected: selected)
                == symbol)
    }

    @Test("tints: a checkbox by selection, more and close by the icon tint, light and dark")
    func tints() {
        for resolver in [Fixture.light, Fixture.dark] {
            let checkbox = IconButtonSpec(kind: .checkbox, resolver: resolver)
            #expect(checkbox.iconTint(isSelected: true) == checkbox.selectedTint)
            #expect(checkbox.iconTint(isSelected: false) == checkbox.unselectedTint)
            #expect(checkbox.iconTint(isSelected: false) != checkbox.iconTint(isSelected: true))
            for kind in [IconButtonKind.more, .close(large: false), .close(large: true)] {
                let spec = IconButtonSpec(kind: kind, resolver: resolver)
                #expect(spec.iconTint(isSelected: true) == spec.tint)
                #expect(spec.iconTint(isSelected: false) == spec.tint)
            }
        }
        #expect(
            IconButtonSpec(kind: .checkbox, resolver: Fixture.dark).iconTint(isSelected: false).hex
                == "#A9B0BB")
    }

    @Test("opacity: 1 while interactive, the theme's disabled opacity otherwise")
    func opacity() {
        let spec = IconButtonSpec(kind: .more, resolver: Fixture.light)
        #expect(spec.opacity(isInteractive: true) == 1)
        #expect(spec.opacity(isInteractive: false) == Fixture.light.opacity(.disabled))
        #expect(spec.opacity(isInteractive: false) < 1)
    }

    @Test(
        "the icon frame is centred and finite for any bounds",
        arguments: [
            (Size(width: 44, height: 44), Rect(x: 10, y: 10, width: 24, height: 24)),
            (Size(width: 100, height: 44), Rect(x: 38, y: 10, width: 24, height: 24)),
            (Size(width: .nan, height: .infinity), Rect(x: -12, y: -12, width: 24, height: 24)),
            (Size(width: -10, height: 0), Rect(x: -12, y: -12, width: 24, height: 24)),
        ])
    func iconFrame(bounds: Size, expected: Rect) {
        #expect(IconButtonSpec(kind: .more, resolver: Fixture.light).iconFrame(in: bounds) == expected)
    }
}
