import KeelDesign

/// The chip values of one theme under one set of traits (keys in the theme's `chip`
/// component over ``referenceValues``): `height`, `horizontalPadding`, `verticalPadding`,
/// `font`, `iconSize`, `iconSpacing`, `borderWidth`, `minimumHitTarget`, `gap`,
/// `maximumContentScale`, and per visual state `background.<state>`, `border.<state>`,
/// `title.<state>`, `icon.<state>`.
package struct ChipTheme: Sendable {
    /// The component's identifier in a theme.
    package static let component = ComponentIdentifier(rawValue: "chip")
    /// The resolver the values came from.
    package let resolver: KeelThemeResolver
    /// The height at the Large text size.
    package let height: Double
    /// Leading and trailing padding.
    package let horizontalPadding: Double
    /// The least space above and below the title (keeps the chip around a grown title).
    package let verticalPadding: Double
    /// The checkmark and remove icons' side at the Large text size.
    package let iconSize: Double
    /// The gap between an icon and the title at the Large text size.
    package let iconSpacing: Double
    /// The border's width.
    package let borderWidth: Double
    /// The touch target.
    package let hitTarget: HitTarget
    /// The space between chips in a group, both ways (rows grow it to keep targets apart).
    package let gap: Double
    /// The title font and its growth.
    let font: ScaledFont
    private let colorsByState: [ChipVisualState: ChipStateColors]

    /// The reference values, palette tokens throughout.
    package static let referenceValues: ComponentTheme = {
        let values: [String: ComponentValue] = [
            "height": .dimension(32),
            "horizontalPadding": .dimension(12),
            "verticalPadding": .dimension(5),
            "font": .font(.bodyMedium),
            "iconSize": .dimension(16),
            "iconSpacing": .dimension(6),
            "borderWidth": .dimension(1),
            "minimumHitTarget": .hitTarget(44),
            "gap": .dimension(8),
            "maximumContentScale": .number(2),
            "background.normal": .colorToken(.backgroundPrimary),
            "background.highlighted": .colorToken(.backgroundHighlighted),
            "background.selected": .colorToken(.brandPrimarySubtle),
            "background.disabled": .colorToken(.backgroundDisabled),
            "border.normal": .colorToken(.borderStrong),
            "border.selected": .colorToken(.brandPrimary),
            "border.disabled": .colorToken(.borderPrimary),
            "title.normal": .colorToken(.textPrimary),
            "title.disabled": .colorToken(.textTertiary),
            "icon.normal": .colorToken(.textSecondary),
            "icon.selected": .colorToken(.textPrimary),
            "icon.disabled": .colorToken(.textTertiary),
        ]
        return ComponentTheme(referenceValues: values)
    }()

    /// Resolves the chip values of `resolver`'s theme and traits.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(Self.component, resolver: resolver, defaults: Self.referenceValues)
        self.resolver = resolver
        height = max(0, values.number("height", default: 32))
        horizontalPadding = max(0, values.number("horizontalPadding", default: 12))
        verticalPadding = max(0, values.number("verticalPadding", default: 5))
        iconSize = max(0, values.number("iconSize", default: 16))
        iconSpacing = max(0, values.number("iconSpacing", default: 6))
        borderWidth = max(0, values.number("borderWidth", default: 1))
        hitTarget = HitTarget(minimumSide: values.number("minimumHitTarget", default: 44))
        gap = max(0, values.number("gap", default: 8))
        font = ScaledFont(
            token: values.fontToken("font", default: .bodyMedium), resolver: resolver,
            maximumScale: max(1, values.number("maximumContentScale", default: 2)))
        var colors: [ChipVisualState: ChipStateColors] = [:]
        for state in ChipVisualState.allCases {
            // The state's own key, then (pressed and selected alike) the normal one.
            func color(_ part: String) -> ColorValue {
                values.color("\(part).\(state.rawValue)", "\(part).normal")
            }
            colors[state] = ChipStateColors(
                background: color("background"), border: color("border"), title: color("title"),
                icon: color("icon"))
        }
        colorsByState = colors
    }

    /// The colours of a visual state.
    package func colors(_ state: ChipVisualState) -> ChipStateColors {
        colorsByState[state]
            ?? ChipStateColors(
                background: .missingToken, border: .missingToken, title: .missingToken, icon: .missingToken)
    }

    /// The pairs a chip promises: the title on its fill in every enabled state (AA text), the
    /// remove and check icons on theirs (non-text). A disabled chip's text is exempt (WCAG
    /// 1.4.3), and selection is shown by the checkmark, not by colour alone.
    package var contrastPairs: [ComponentContrastPair] {
        [ChipVisualState.normal, .highlighted, .selected].flatMap { state -> [ComponentContrastPair] in
            let colors = colors(state)
            return [
                ComponentContrastPair(
                    "\(state.rawValue).title", foreground: colors.title, background: colors.background,
                    requirement: .aaText),
                ComponentContrastPair(
                    "\(state.rawValue).icon", foreground: colors.icon, background: colors.background,
                    requirement: .nonText),
            ]
        }
    }
}

/// The colours of a chip in one visual state.
package struct ChipStateColors: Hashable, Sendable {
    /// The fill.
    package var background: ColorValue
    /// The border.
    package var border: ColorValue
    /// The title.
    package var title: ColorValue
    /// The checkmark and remove icons.
    package var icon: ColorValue
}
