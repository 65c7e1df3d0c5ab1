import KeelDesign

/// The icon-only buttons: checkbox, more and close.
public enum IconButtonKind: Hashable, Sendable {
    /// A checkbox (selected or not).
    case checkbox
    /// "More actions".
    case more
    /// "Close", at the regular (24 pt) or large (28 pt) icon size.
    case close(large: Bool)
}

/// An icon button's size, icon and accessibility — one spec for all three instead of three
/// copies.
package struct IconButtonSpec: Hashable, Sendable {
    /// The kind.
    package var kind: IconButtonKind
    /// The touch target and intrinsic size (44 × 44).
    package var hitTarget: HitTarget
    /// The visible icon's side: 24 pt, 28 pt for a large close button.
    package var iconSize: Double
    /// The icon's tint: icons are template images tinted per appearance, so they stay
    /// visible in dark mode and high contrast (the reference's PNGs were drawn as-is).
    package var tint: ColorValue
    /// The tint of a selected checkbox.
    package var selectedTint: ColorValue
    /// The tint of an unselected checkbox.
    package var unselectedTint: ColorValue
    /// The opacity when disabled or pending.
    package var disabledOpacity: Double
    /// The gap between a checkbox's icon and its title on a row (8, as the alert's
    /// `checkbox.spacing`): ``SelectionRowLayout``.
    package var titleSpacing: Double
    /// A checkbox row's least height (24, as the alert's `checkbox.rowHeight`).
    package var rowHeight: Double

    /// The spec for `kind` under `resolver`'s theme and traits.
    package init(kind: IconButtonKind, resolver: KeelThemeResolver) {
        self.kind = kind
        let values = ComponentValues(.iconButton, resolver: resolver, defaults: Self.referenceValues)
        hitTarget = HitTarget(minimumSide: values.number("hitTarget", default: 44))
        if case .close(large: true) = kind {
            iconSize = values.number("iconSize.large", default: 28)
        } else {
            iconSize = values.number("iconSize", default: 24)
        }
        tint = values.color("tint", default: resolver.color(.textPrimary))
        selectedTint = values.color("tint.selected", default: resolver.color(.textPrimary))
        unselectedTint = values.color("tint.unselected", default: tint)
        disabledOpacity = resolver.opacity(.disabled)
        titleSpacing = values.number("title.spacing", default: 8)
        rowHeight = values.number("row.height", default: 24)
    }

    /// The reference's values.
    package static let referenceValues = ComponentTheme([
        ComponentValues.key("hitTarget"): .hitTarget(44),
        ComponentValues.key("iconSize"): .dimension(24),
        ComponentValues.key("iconSize.large"): .dimension(28),
        ComponentValues.key("tint"): .colorToken(.textPrimary),
        ComponentValues.key("tint.unselected"): .color(KeelThemeColor("#ABB2B6", "#A9B0BB")),
        ComponentValues.key("tint.selected"): .colorToken(.textPrimary),
        ComponentValues.key("title.spacing"): .dimension(8),
        ComponentValues.key("row.height"): .dimension(24),
    ])

    /// The intrinsic size: the touch target.
    package var intrinsicSize: Size {
        hitTarget.intrinsicSize(visual: Size(width: iconSize, height: iconSize))
    }

    /// The icon's frame, centred in `bounds` (non-finite or negative bounds count as empty,
    /// so the frame is always finite).
    package func iconFrame(in bounds: Size) -> Rect {
        let width = bounds.width.isFinite ? max(0, bounds.width) : 0
        let height = bounds.height.isFinite ? max(0, bounds.height) : 0
        let side = iconSize.isFinite ? max(0, iconSize) : 0
        return Rect(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
    }

    /// The icon to draw (a semantic name the front end maps to an asset or symbol).
    package func iconName(isSelected: Bool = false) -> String {
        switch kind {
        case .checkbox: isSelected ? "checkbox.selected" : "checkbox.unselected"
        case .more: "more"
        case .close: "close"
        }
    }

    /// What assistive technology is told. A checkbox reports selected / not selected /
    /// updating; more and close are labelled buttons. The caller's label wins.
    package func accessibility(
        selection: ConfirmableSelection? = nil, label: String? = nil, isEnabled: Bool = true,
        strings: AccessibilityStrings
    ) -> AccessibilityDescription {
        switch kind {
        case .checkbox:
            let selection = selection ?? ConfirmableSelection(value: false)
            let value =
                selection.isPending
                ? strings.string(.updating) : strings.string(selection.value ? .selected : .notSelected)
            var traits: AccessibilityTraitSet = selection.value ? [.selected] : []
            if !selection.isInteractive { traits.insert(.notEnabled) }
            return AccessibilityDescription(
                role: .checkbox, label: label ?? strings.string(.checkboxLabel), value: value, traits: traits)
        case .more:
            return AccessibilityDescription(
                role: .button, label: label ?? strings.string(.moreActions), value: nil,
                traits: isEnabled ? [] : [.notEnabled])
        case .close:
            return AccessibilityDescription(
                role: .button, label: label ?? strings.string(.close), value: nil,
                traits: isEnabled ? [] : [.notEnabled])
        }
    }

    /// The tint of a checkbox in a state.
    package func checkboxTint(isSelected: Bool) -> ColorValue { isSelected ? selectedTint : unselectedTint }

    /// The icon's tint: a checkbox's depends on its selection; more and close use ``tint``.
    package func iconTint(isSelected: Bool = false) -> ColorValue {
        kind == .checkbox ? checkboxTint(isSelected: isSelected) : tint
    }

    /// The control's opacity: 1 while it acts on touches, ``disabledOpacity`` while disabled
    /// or pending.
    package func opacity(isInteractive: Bool) -> Double { isInteractive ? 1 : disabledOpacity }

    /// The SF Symbol drawing each semantic icon name (``iconName(isSelected:)``).
    package static let systemSymbolNames: [String: String] = [
        "checkbox.selected": "checkmark.square.fill",
        "checkbox.unselected": "square",
        "more": "ellipsis",
        "close": "xmark",
    ]

    /// The SF Symbol for a semantic icon name; a name without an entry is taken as a symbol
    /// name itself (so apps can pass symbols through).
    package static func systemSymbolName(for iconName: String) -> String {
        systemSymbolNames[iconName, default: iconName]
    }

    /// The SF Symbol this button draws.
    package func systemSymbolName(isSelected: Bool = false) -> String {
        Self.systemSymbolName(for: iconName(isSelected: isSelected))
    }
}

extension ComponentIdentifier {
    /// Icon buttons (checkbox, more, close).
    package static let iconButton = ComponentIdentifier(rawValue: "iconButton")
}
