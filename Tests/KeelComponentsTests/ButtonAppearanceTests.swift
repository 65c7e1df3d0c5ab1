import KeelComponents
import KeelDesign
import Testing

@Suite("Button appearance")
struct ButtonAppearanceTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let style: ButtonVariant
        let state: ButtonVisualState
        let scheme: InterfaceStyle
        let background: String
        let title: String
        let border: String?
        var testDescription: String { "\(style) \(state) \(scheme)" }
    }

    // Every colour of the reference's style table, light and dark, plus Keel's destructive.
    static let rows: [Row] = {
        var rows: [Row] = []
        func add(
            _ style: ButtonVariant, _ scheme: InterfaceStyle, normal: String, highlighted: String,
            disabled: String,
            title: String, disabledTitle: String, border: String? = nil, disabledBorder: String? = nil
        ) {
            rows.append(
                Row(
                    style: style, state: .normal, scheme: scheme, background: normal, title: title,
                    border: border))
            rows.append(
                Row(
                    style: style, state: .highlighted, scheme: scheme, background: highlighted, title: title,
                    border: border))
            rows.append(
                Row(
                    style: style, state: .selected, scheme: scheme, background: highlighted, title: title,
                    border: border))
            rows.append(
                Row(
                    style: style, state: .disabled, scheme: scheme, background: disabled,
                    title: disabledTitle,
                    border: disabledBorder ?? border))
        }
        for scheme in [InterfaceStyle.light, .dark] {
            // Fixed colours: the same in dark mode.
            add(
                .primary, scheme, normal: "#222222", highlighted: "#333333", disabled: "#C9C9C9",
                title: "#FFFFFF", disabledTitle: "#FFFFFF")
            add(
                .outline, scheme, normal: "#FFFFFF", highlighted: "#F7F7F7", disabled: "#C9C9C9",
                title: "#222222",
                disabledTitle: "#999999", border: "#CDCFD4", disabledBorder: "#D0D0D0")
        }
        // Transparent outline: the reference's colours in light mode; readable ones in dark mode,
        // where its clear background shows the dark surface behind it.
        add(
            .outlineTransparent, .light, normal: "clear", highlighted: "#F7F7F7", disabled: "clear",
            title: "#222222", disabledTitle: "#999999", border: "#CDCFD4", disabledBorder: "#D0D0D0")
        add(
            .outlineTransparent, .dark, normal: "clear", highlighted: "#2F343C", disabled: "clear",
            title: "#F2F3F5", disabledTitle: "#86909C", border: "#CDCFD4", disabledBorder: "#D0D0D0")
        add(
            .brand, .light, normal: "#FF542A", highlighted: "#E84924", disabled: "#FFCBBE", title: "#FFFFFF",
            disabledTitle: "#FFFFFF")
        add(
            .brand, .dark, normal: "#FF7A54", highlighted: "#FF663A", disabled: "#6F3A2C", title: "#111214",
            disabledTitle: "#111214")
        add(
            .secondary, .light, normal: "#F7F8FA", highlighted: "#ECEEF2", disabled: "#F2F3F5",
            title: "#222222",
            disabledTitle: "#999999", border: "#E5E6EB")
        add(
            .secondary, .dark, normal: "#24272D", highlighted: "#2F343C", disabled: "#2B2F36",
            title: "#F2F3F5",
            disabledTitle: "#86909C", border: "#343A43")
        add(
            .text, .light, normal: "clear", highlighted: "#FFF3EF", disabled: "clear", title: "#FF542A",
            disabledTitle: "#999999")
        add(
            .text, .dark, normal: "clear", highlighted: "#34221C", disabled: "clear", title: "#FF7A54",
            disabledTitle: "#86909C")
        add(
            .gradient, .light, normal: "#FF542A→#E84924", highlighted: "#E84924→#FF542A", disabled: "#FFCBBE",
            title: "#FFFFFF", disabledTitle: "#FFFFFF")
        add(
            .gradient, .dark, normal: "#FF7A54→#FF663A", highlighted: "#FF663A→#FF7A54", disabled: "#6F3A2C",
            title: "#111214", disabledTitle: "#111214")
        add(
            .destructive, .light, normal: "#CF222E", highlighted: "#A40E26", disabled: "#F0B6BA",
            title: "#FFFFFF", disabledTitle: "#FFFFFF")
        add(
            .destructive, .dark, normal: "#F85149", highlighted: "#DA3633", disabled: "#6E2B2E",
            title: "#0D1117", disabledTitle: "#C9CDD4")
        return rows
    }()

    @Test("every style × state colour, light and dark", arguments: rows)
    func colors(row: Row) {
        let theme = row.scheme == .light ? Fixture.lightButtons : Fixture.darkButtons
        let state: ButtonState =
            switch row.state {
            case .normal: .normal
            case .highlighted: .highlighted
            case .selected: .selected
            case .disabled: .disabled
            }
        let appearance = ButtonAppearance(theme: theme, style: row.style, size: .large, state: state)
        #expect(appearance.background.hex == row.background)
        #expect(appearance.titleColor.hex == row.title)
        #expect(appearance.iconTint == appearance.titleColor)
        #expect(appearance.border?.color.hex == row.border)
        #expect(appearance.border.map(\.width) == (row.border == nil ? nil : 1))
    }

    struct MetricRow: Sendable {
        let size: ButtonSize
        let height: Double
        let padding: Double
        let fontSize: Double
        let weight: FontWeight
        let radius: Double
        let stacked: Double
    }

    static let metricRows: [MetricRow] = [
        MetricRow(
            size: .large, height: 48, padding: 20, fontSize: 16, weight: .regular, radius: 8, stacked: 12),
        MetricRow(
            size: .medium, height: 40, padding: 16, fontSize: 14, weight: .medium, radius: 8, stacked: 10),
        MetricRow(
            size: .small, height: 32, padding: 12, fontSize: 12, weight: .medium, radius: 4, stacked: 8),
        // An unknown size uses large.
        MetricRow(
            size: ButtonSize(rawValue: "jumbo"), height: 48, padding: 20, fontSize: 16, weight: .regular,
            radius: 8,
            stacked: 12),
    ]

    @Test("every size metric of the reference", arguments: metricRows)
    func metrics(row: MetricRow) {
        let appearance = ButtonAppearance(
            theme: Fixture.lightButtons, style: .primary, size: row.size, state: .normal)
        #expect(appearance.minimumHeight == row.height)
        #expect(appearance.contentInsets == DirectionalInsets(horizontal: row.padding, vertical: 0))
        #expect(appearance.titleFont.size == row.fontSize)
        #expect(appearance.titleFont.weight == row.weight)
        #expect(appearance.cornerRadius == row.radius)
        #expect(appearance.iconSize == 20)
        #expect(appearance.iconSpacing == 8)
        #expect(appearance.stackedPadding == row.stacked)
        #expect(appearance.hitTarget.minimumSize == Size(width: 44, height: 44))
    }

    @Test("state priority: disabled > highlighted > selected > normal")
    func priority() {
        let cases: [(ButtonState, ButtonVisualState)] = [
            ([], .normal), (.selected, .selected), ([.selected, .highlighted], .highlighted),
            ([.selected, .highlighted, .disabled], .disabled), ([.disabled, .loading], .disabled),
            (.loading, .normal), (.focused, .normal), ([.focused, .highlighted], .highlighted),
        ]
        for (state, expected) in cases { #expect(state.visualState == expected) }
    }

    @Test("unknown style falls back to primary; a themed app style is used")
    func appStyles() {
        let unknown = ButtonAppearance(
            theme: Fixture.lightButtons, style: ButtonVariant(rawValue: "mystery"), size: .large,
            state: .normal
        )
        #expect(unknown.background.hex == "#222222")
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "app"), displayName: "App", basedOn: .default,
            components: [
                .button: ComponentTheme([
                    ComponentValueKey(rawValue: "success.background.normal"): .colorToken(.success),
                    ComponentValueKey(rawValue: "success.title"): .colorToken(.onSuccess),
                ])
            ])
        let buttons = ButtonTheme(resolver: KeelThemeResolver(theme: theme))
        let success = ButtonAppearance(
            theme: buttons, style: ButtonVariant(rawValue: "success"), size: .large, state: .highlighted)
        #expect(success.background.hex == "#1A7F37")
        #expect(success.titleColor.hex == "#FFFFFF")
    }

    @Test("the blue theme recolours brand styles")
    func blueTheme() {
        let buttons = ButtonTheme(resolver: KeelThemeResolver(theme: .blue))
        #expect(
            ButtonAppearance(theme: buttons, style: .brand, size: .large, state: []).background.hex
                == "#1677FF")
        #expect(
            ButtonAppearance(theme: buttons, style: .primary, size: .large, state: []).background.hex
                == "#222222")
    }

    @Test("focus adds a ring; loading shows an indicator without changing colours")
    func focusAndLoading() {
        let focused = ButtonAppearance(
            theme: Fixture.lightButtons, style: .brand, size: .large, state: .focused)
        #expect(focused.focusRing == Border(color: Fixture.light.color(.brandPrimary), width: 2))
        let loading = ButtonAppearance(
            theme: Fixture.lightButtons, style: .brand, size: .large, state: .loading)
        #expect(loading.showsActivityIndicator)
        #expect(loading.background.hex == "#FF542A")
        #expect(!loading.isInteractive)
    }

    @Test("gradient runs trailing to leading in right-to-left layouts")
    func gradientDirection() throws {
        let appearance = ButtonAppearance(
            theme: ButtonTheme(resolver: Fixture.rtl), style: .gradient, size: .large, state: [])
        guard case .gradient(let gradient) = appearance.background else {
            Issue.record("not a gradient")
            return
        }
        #expect(gradient.start == Point(x: 1, y: 0.5))
        #expect(gradient.end == Point(x: 0, y: 0.5))
        #expect(throws: GradientError.needsTwoStops(1)) {
            try LinearColorGradient(
                stops: [GradientStop(color: .white, location: 0)], start: .zero, end: .zero)
        }
        #expect(throws: GradientError.nonFinite) {
            try LinearColorGradient(
                stops: [
                    GradientStop(color: .white, location: 0), GradientStop(color: .black, location: .nan),
                ],
                start: .zero, end: .zero)
        }
    }

    @Test("Dynamic Type grows the title, icon and spacing, capped at twice the base")
    func dynamicType() {
        let sizes: [(TextSizeCategory, Double)] = [
            (.large, 16), (.extraExtraExtraLarge, 16 * 23 / 17), (.accessibilityExtraExtraExtraLarge, 32),
        ]
        for (category, expected) in sizes {
            let theme = ButtonTheme(resolver: Fixture.resolver(category: category))
            let appearance = ButtonAppearance(theme: theme, style: .primary, size: .large, state: [])
            #expect(abs(appearance.titleFont.size - expected) < 1e-9)
            #expect(abs(appearance.iconSize - 20 * expected / 16) < 1e-9)
            #expect(abs(appearance.iconSpacing - 8 * expected / 16) < 1e-9)
        }
    }

    @Test("accessibility: loading value from the strings table, traits, caller's value kept otherwise")
    func accessibility() {
        let loading = ButtonAppearance(
            theme: Fixture.lightButtons, style: .primary, size: .large, state: .loading)
        let english = loading.accessibility(title: "Pay", value: "¥10", strings: .english)
        #expect(
            english
                == AccessibilityDescription(
                    role: .button, label: "Pay", value: "Loading", traits: .updatesFrequently))
        #expect(loading.accessibility(title: "支付", strings: .simplifiedChinese).value == "加载中")
        let idle = ButtonAppearance(
            theme: Fixture.lightButtons, style: .primary, size: .large, state: [.disabled, .selected])
        let description = idle.accessibility(title: "Pay", label: "Pay now", value: "¥10", strings: .english)
        #expect(description.label == "Pay now")
        #expect(description.value == "¥10")
        #expect(description.traits == [.notEnabled, .selected])
    }

    @Test("a loading or disabled button absorbs touches in its expanded target")
    func touches() {
        let bounds = Rect(x: 0, y: 0, width: 60, height: 32)
        let inside = Point(x: 30, y: -5)  // within the 44 pt target, outside the bounds
        let outside = Point(x: 30, y: -7)
        for (state, expected) in [
            (ButtonState.normal, TouchDisposition.handle), (.loading, .absorb), (.disabled, .absorb),
        ] {
            let appearance = ButtonAppearance(
                theme: Fixture.lightButtons, style: .primary, size: .small, state: state)
            #expect(appearance.touchDisposition(at: inside, bounds: bounds) == expected)
            #expect(appearance.touchDisposition(at: outside, bounds: bounds) == .passThrough)
            #expect(appearance.touchDisposition(at: inside, bounds: bounds, isHidden: true) == .passThrough)
        }
    }
}
