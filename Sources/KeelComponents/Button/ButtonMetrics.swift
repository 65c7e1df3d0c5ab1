import KeelDesign

/// The metrics of one button size (the reference's `XDButtonMetric`).
package struct ButtonMetrics: Hashable, Sendable {
    /// The minimum height.
    package var height: Double
    /// Leading and trailing padding.
    package var horizontalPadding: Double
    /// Top and bottom padding for side-by-side content.
    package var verticalPadding: Double
    /// The title font.
    package var font: KeelFontToken
    /// The corner radius.
    package var cornerRadius: Double
    /// The icon side.
    package var iconSize: Double
    /// The gap between icon and title.
    package var iconSpacing: Double
    /// Top and bottom padding when the icon sits above or below the title.
    package var stackedPadding: Double

    /// Metrics.
    package init(
        height: Double, horizontalPadding: Double, verticalPadding: Double, font: KeelFontToken,
        cornerRadius: Double, iconSize: Double, iconSpacing: Double, stackedPadding: Double
    ) {
        self.height = height
        self.horizontalPadding = horizontalPadding
        self.verticalPadding = verticalPadding
        self.font = font
        self.cornerRadius = cornerRadius
        self.iconSize = iconSize
        self.iconSpacing = iconSpacing
        self.stackedPadding = stackedPadding
    }
}

/// The colours of one style in one visual state.
package struct ButtonStateColors: Hashable, Sendable {
    /// The fill.
    package var background: ButtonBackground
    /// The title colour.
    package var title: ColorValue
    /// The border colour, if the style has a border.
    package var border: ColorValue?
    /// The icon (and activity indicator) tint.
    package var icon: ColorValue
}

extension ButtonTheme {
    /// The reference's button values, under whatever the theme's `button` component sets.
    /// Palette colours are tokens, so brand themes recolour them.
    package static let referenceValues: ComponentTheme = {
        func color(_ light: String, _ dark: String? = nil) -> ComponentValue {
            .color(KeelThemeColor(light, dark))
        }
        let clear = ComponentValue.color(KeelThemeColor(light: .clear))
        var values: [String: ComponentValue] = [
            "minimumHitTarget": .hitTarget(44),
            "maximumContentScale": .number(2),
            "iconSize": .dimension(20),
            "iconSpacing": .dimension(8),
            "focusRing": .colorToken(.brandPrimary),
            "focusRingWidth": .dimension(2),
            "borderWidth": .dimension(1),
            // primary: fixed colours that do not change in dark mode.
            "primary.background.normal": color("#222222"),
            "primary.background.highlighted": color("#333333"),
            "primary.background.disabled": color("#C9C9C9"),
            "primary.title": color("#FFFFFF"),
            // brand
            "brand.background.normal": .colorToken(.brandPrimary),
            "brand.background.highlighted": .colorToken(.brandPrimaryHighlighted),
            "brand.background.disabled": .colorToken(.brandPrimaryDisabled),
            "brand.title": .colorToken(.textInverse),
            // secondary
            "secondary.background.normal": .colorToken(.backgroundSecondary),
            "secondary.background.highlighted": .colorToken(.backgroundHighlighted),
            "secondary.background.disabled": .colorToken(.backgroundDisabled),
            "secondary.title": .colorToken(.textPrimary),
            "secondary.title.disabled": .colorToken(.textTertiary),
            "secondary.border": .colorToken(.borderPrimary),
            // outline
            "outline.background.normal": color("#FFFFFF"),
            "outline.background.highlighted": color("#F7F7F7"),
            "outline.background.disabled": color("#C9C9C9"),
            "outline.title": color("#222222"),
            "outline.title.disabled": color("#999999"),
            "outline.border": color("#CDCFD4"),
            "outline.border.disabled": color("#D0D0D0"),
            // outlineTransparent: the reference's fixed dark title vanished on dark surfaces
            // (an alert's Cancel on a dark card), so dark mode gets the dark palette's text.
            "outlineTransparent.background.normal": clear,
            "outlineTransparent.background.highlighted": color("#F7F7F7", "#2F343C"),
            "outlineTransparent.background.disabled": clear,
            "outlineTransparent.title": color("#222222", "#F2F3F5"),
            "outlineTransparent.title.disabled": color("#999999", "#86909C"),
            "outlineTransparent.border": color("#CDCFD4"),
            "outlineTransparent.border.disabled": color("#D0D0D0"),
            // text
            "text.background.normal": clear,
            "text.background.highlighted": .colorToken(.brandPrimarySubtle),
            "text.background.disabled": clear,
            "text.title": .colorToken(.brandPrimary),
            "text.title.disabled": .colorToken(.textTertiary),
            // gradient: leading → trailing, reversed when pressed, solid when disabled.
            "gradient.background.normal": .colorToken(.brandPrimary),
            "gradient.background.normal.end": .colorToken(.brandPrimaryHighlighted),
            "gradient.background.highlighted": .colorToken(.brandPrimaryHighlighted),
            "gradient.background.highlighted.end": .colorToken(.brandPrimary),
            "gradient.background.disabled": .colorToken(.brandPrimaryDisabled),
            "gradient.title": .colorToken(.textInverse),
            // destructive: Keel's addition, in the palette's error colour.
            "destructive.background.normal": .colorToken(.error),
            "destructive.background.highlighted": color("#A40E26", "#DA3633"),
            "destructive.background.disabled": color("#F0B6BA", "#6E2B2E"),
            "destructive.title": .colorToken(.onError),
            "destructive.title.disabled": color("#FFFFFF", "#C9CDD4"),
        ]
        let sizes: [(String, Double, Double, KeelFontToken, Double)] = [
            ("large", 48, 20, .bodyLarge, 12), ("medium", 40, 16, .bodyMedium, 10),
            ("small", 32, 12, .captionMedium, 8),
        ]
        for (name, height, padding, font, stacked) in sizes {
            values["size.\(name).height"] = .dimension(height)
            values["size.\(name).horizontalPadding"] = .dimension(padding)
            values["size.\(name).verticalPadding"] = .dimension(0)
            values["size.\(name).font"] = .font(font)
            values["size.\(name).stackedPadding"] = .dimension(stacked)
        }
        return ComponentTheme(referenceValues: values)
    }()
}
