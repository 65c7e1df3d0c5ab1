import KeelDesign

/// The text field's values for one theme and traits (keys in the theme's `textField`
/// component over ``referenceValues``): `height`, `horizontalPadding`, `verticalPadding`,
/// `iconSize`, `iconSpacing`, `labelSpacing`, `supportingSpacing`, `counterSpacing`,
/// `borderWidth`, `focusedBorderWidth`, `radius`, `minimumHitTarget`, `labelFont`,
/// `inputFont`, `supportingFont`, `maximumContentScale`, `placeholder`, and per visual state
/// `background.<state>`, `border.<state>`, `text.<state>`, `label.<state>`,
/// `supporting.<state>`, `icon.<state>` (a missing state falls back to `normal`).
package struct TextFieldTheme: Sendable {
    /// The component's identifier in a theme.
    package static let component = ComponentIdentifier(rawValue: "textField")
    /// The resolver the values came from.
    package let resolver: KeelThemeResolver
    /// A single-line field's least height at the Large text size.
    package let height: Double
    /// The space inside the field's leading and trailing edges.
    package let horizontalPadding: Double
    /// The space above and below a text area's text (a single line is centred).
    package let verticalPadding: Double
    /// The icons' side at the Large text size.
    package let iconSize: Double
    /// The gap between an icon and the text.
    package let iconSpacing: Double
    /// The gap between the label and the field.
    package let labelSpacing: Double
    /// The gap between the field and the helper or error text.
    package let supportingSpacing: Double
    /// The least gap between the helper text and the counter beside it.
    package let counterSpacing: Double
    /// The border's width.
    package let borderWidth: Double
    /// The border's width while focused.
    package let focusedBorderWidth: Double
    /// The corner radius.
    package let cornerRadius: Double
    /// The clear and reveal buttons' touch target.
    package let hitTarget: HitTarget
    /// The fonts (Dynamic Type applied, capped).
    let labelFont: ScaledFont
    let inputFont: ScaledFont
    let supportingFont: ScaledFont
    /// The placeholder's colour.
    package let placeholder: ColorValue
    /// How the border changes on focus (the `fast` motion token).
    package let motion: ResolvedMotion
    private let colorsByState: [TextFieldVisualState: TextFieldStateColors]

    /// The reference values, palette tokens throughout.
    package static let referenceValues = ComponentTheme(referenceValues: [
        "height": .dimension(48),
        "horizontalPadding": .dimension(12),
        "verticalPadding": .dimension(12),
        "iconSize": .dimension(20),
        "iconSpacing": .dimension(8),
        "labelSpacing": .dimension(6),
        "supportingSpacing": .dimension(4),
        "counterSpacing": .dimension(12),
        "borderWidth": .dimension(1),
        "focusedBorderWidth": .dimension(2),
        "radius": .dimension(8),
        "minimumHitTarget": .hitTarget(44),
        "labelFont": .font(.bodyMedium),
        "inputFont": .font(.body),
        "supportingFont": .font(.caption),
        "maximumContentScale": .number(2),
        "placeholder": .colorToken(.textSecondary),
        "background.normal": .colorToken(.backgroundPrimary),
        "background.disabled": .colorToken(.backgroundDisabled),
        "background.readOnly": .colorToken(.backgroundSecondary),
        "border.normal": .colorToken(.textSecondary),
        "border.focused": .colorToken(.brandPrimary),
        "border.error": .colorToken(.error),
        "border.disabled": .colorToken(.borderPrimary),
        "border.readOnly": .colorToken(.borderPrimary),
        "text.normal": .colorToken(.textPrimary),
        "text.disabled": .colorToken(.textTertiary),
        "label.normal": .colorToken(.textPrimary),
        "label.disabled": .colorToken(.textTertiary),
        "supporting.normal": .colorToken(.textSecondary),
        "supporting.error": .colorToken(.error),
        "supporting.disabled": .colorToken(.textTertiary),
        "icon.normal": .colorToken(.textSecondary),
        "icon.error": .colorToken(.error),
        "icon.disabled": .colorToken(.textTertiary),
    ])

    /// Resolves the text field values of `resolver`'s theme and traits.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(Self.component, resolver: resolver, defaults: Self.referenceValues)
        self.resolver = resolver
        height = max(0, values.number("height", default: 48))
        horizontalPadding = max(0, values.number("horizontalPadding", default: 12))
        verticalPadding = max(0, values.number("verticalPadding", default: 12))
        iconSize = max(0, values.number("iconSize", default: 20))
        iconSpacing = max(0, values.number("iconSpacing", default: 8))
        labelSpacing = max(0, values.number("labelSpacing", default: 6))
        supportingSpacing = max(0, values.number("supportingSpacing", default: 4))
        counterSpacing = max(0, values.number("counterSpacing", default: 12))
        borderWidth = max(0, values.number("borderWidth", default: 1))
        focusedBorderWidth = max(0, values.number("focusedBorderWidth", default: 2))
        cornerRadius = max(0, values.number("radius", default: 8))
        hitTarget = HitTarget(minimumSide: values.number("minimumHitTarget", default: 44))
        let scale = max(1, values.number("maximumContentScale", default: 2))
        labelFont = ScaledFont(
            token: values.fontToken("labelFont", default: .bodyMedium), resolver: resolver,
            maximumScale: scale)
        inputFont = ScaledFont(
            token: values.fontToken("inputFont", default: .body), resolver: resolver, maximumScale: scale)
        supportingFont = ScaledFont(
            token: values.fontToken("supportingFont", default: .caption), resolver: resolver,
            maximumScale: scale)
        placeholder = values.color("placeholder")
        motion = resolver.motion(.fast)
        var colors: [TextFieldVisualState: TextFieldStateColors] = [:]
        for state in TextFieldVisualState.allCases {
            func color(_ part: String) -> ColorValue {
                values.color("\(part).\(state.rawValue)", "\(part).normal")
            }
            colors[state] = TextFieldStateColors(
                background: color("background"), border: color("border"), text: color("text"),
                label: color("label"), supporting: color("supporting"), icon: color("icon"))
        }
        colorsByState = colors
    }

    /// The colours of a visual state.
    package func colors(_ state: TextFieldVisualState) -> TextFieldStateColors {
        colorsByState[state]
            ?? TextFieldStateColors(
                background: .missingToken, border: .missingToken, text: .missingToken, label: .missingToken,
                supporting: .missingToken, icon: .missingToken)
    }

    /// The pairs a text field promises in every state that takes input or shows text to read
    /// (a disabled field is exempt, WCAG 1.4.3): the text, placeholder and icons on the
    /// field's fill, the label and helper or error text on the surface (AA text, icons
    /// non-text), and the border against the surface (non-text, WCAG 1.4.11: it is what shows
    /// where the field is) — a read-only field shows its fill instead.
    package var contrastPairs: [ComponentContrastPair] {
        let surface = resolver.color(.backgroundPrimary)
        let states: [TextFieldVisualState] = [.normal, .focused, .filled, .error, .readOnly]
        return states.flatMap { state -> [ComponentContrastPair] in
            let colors = colors(state)
            let name = state.rawValue
            var pairs = [
                ComponentContrastPair(
                    "\(name).text", foreground: colors.text, background: colors.background,
                    requirement: .aaText),
                ComponentContrastPair(
                    "\(name).placeholder", foreground: placeholder, background: colors.background,
                    requirement: .aaText),
                ComponentContrastPair(
                    "\(name).icon", foreground: colors.icon, background: colors.background,
                    requirement: .nonText),
                ComponentContrastPair(
                    "\(name).label", foreground: colors.label, background: surface, requirement: .aaText),
                ComponentContrastPair(
                    "\(name).supporting", foreground: colors.supporting, background: surface,
                    requirement: .aaText),
            ]
            if state != .readOnly {
                pairs.append(
                    ComponentContrastPair(
                        "\(name).border", foreground: colors.border, background: surface,
                        requirement: .nonText))
            }
            return pairs
        }
    }
}

/// The colours of a text field in one visual state.
package struct TextFieldStateColors: Hashable, Sendable {
    /// The field's fill.
    package var background: ColorValue
    /// The field's border.
    package var border: ColorValue
    /// The text.
    package var text: ColorValue
    /// The label above the field.
    package var label: ColorValue
    /// The helper or error text and the counter.
    package var supporting: ColorValue
    /// The icons and the clear and reveal buttons.
    package var icon: ColorValue
}

/// The state whose colours a text field shows.
package enum TextFieldVisualState: String, CaseIterable, Hashable, Sendable {
    /// Empty, not focused.
    case normal
    /// Being edited.
    case focused
    /// Holding text, not focused.
    case filled
    /// Showing a validation message.
    case error
    /// Not taking input.
    case disabled
    /// Readable and selectable, not editable.
    case readOnly

    /// The state shown: disabled > read-only > error > focused > filled > normal.
    package init(configuration: TextFieldConfiguration, isFocused: Bool, isEmpty: Bool) {
        if !configuration.isEnabled {
            self = .disabled
        } else if configuration.isReadOnly {
            self = .readOnly
        } else if configuration.shownError != nil {
            self = .error
        } else if isFocused {
            self = .focused
        } else {
            self = isEmpty ? .normal : .filled
        }
    }
}
