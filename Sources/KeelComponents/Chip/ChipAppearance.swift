import KeelDesign

/// Everything a chip front end draws, resolved from theme, kind and state.
package struct ChipAppearance: Hashable, Sendable {
    /// The kind.
    package var kind: ChipKind
    /// The state.
    package var state: ChipState
    /// The colours of the visual state.
    package var colors: ChipStateColors
    /// The title font (Dynamic Type applied, capped).
    package var titleFont: FontDescriptor
    /// The height: the theme's, grown with Dynamic Type and never shorter than the title's
    /// line plus the vertical padding.
    package var height: Double
    /// Leading and trailing padding.
    package var horizontalPadding: Double
    /// The checkmark and remove icons' side (grown with Dynamic Type).
    package var iconSize: Double
    /// The gap between an icon and the title (grown like the icon).
    package var iconSpacing: Double
    /// The border's width.
    package var borderWidth: Double
    /// The touch target.
    package var hitTarget: HitTarget
    /// The layout direction it was resolved for.
    package var layoutDirection: TextDirection

    /// Resolves a chip.
    package init(theme: ChipTheme, kind: ChipKind, state: ChipState) {
        let scale = theme.font.scale
        let font = theme.font.descriptor
        self.kind = kind
        self.state = state
        colors = theme.colors(state.visualState)
        titleFont = font
        let line = font.lineHeight ?? font.size * 1.2
        height = max(theme.height * scale, line + 2 * theme.verticalPadding)
        horizontalPadding = theme.horizontalPadding
        iconSize = theme.iconSize * scale
        iconSpacing = theme.iconSpacing * scale
        borderWidth = theme.borderWidth
        hitTarget = theme.hitTarget
        layoutDirection = theme.resolver.traits.layoutDirection
    }

    /// Whether the checkmark shows: a selected filter chip.
    package var showsCheckmark: Bool { kind == .filter && state.contains(.selected) }
    /// Whether the remove button shows: an input chip.
    package var showsRemoveButton: Bool { kind == .input }
    /// The corner radius: half the height (a capsule).
    package var cornerRadius: Double { height / 2 }
    /// Whether the chip acts on touches.
    package var isInteractive: Bool { !state.contains(.disabled) }
    /// The checkmark's opacity: 1 when shown, else 0.
    package var checkmarkOpacity: Double { showsCheckmark ? 1 : 0 }
    /// The remove button's opacity: 1 when shown, else 0.
    package var removeButtonOpacity: Double { showsRemoveButton ? 1 : 0 }

    /// The same appearance laid out left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: ChipAppearance {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }

    /// What assistive technology is told: a filter chip is a button with the selected trait;
    /// an input chip is static text that offers "Remove" as an action.
    package func accessibility(title: String?, label: String? = nil, strings: AccessibilityStrings)
        -> AccessibilityDescription
    {
        var traits: AccessibilityTraitSet = []
        if state.contains(.disabled) { traits.insert(.notEnabled) }
        switch kind {
        case .filter:
            if state.contains(.selected) { traits.insert(.selected) }
            return AccessibilityDescription(role: .button, label: label ?? title, value: nil, traits: traits)
        case .input:
            let actions =
                isInteractive
                ? [
                    AccessibilityCustomAction(
                        identifier: ChipPart.removeButton.rawValue, name: strings.string(.remove))
                ]
                : []
            return AccessibilityDescription(
                role: .staticText, label: label ?? title, value: nil, traits: traits, actions: actions)
        }
    }
}

/// The parts of a chip a layout places.
package enum ChipPart: String, CaseIterable, Hashable, Sendable {
    /// The checkmark of a selected filter chip.
    case checkmark
    /// The title.
    case title
    /// The remove button's icon (input chips).
    case removeButton
}

/// What a touch on a chip hits.
package enum ChipTouchTarget: Hashable, Sendable {
    /// The chip itself (select, or tap an input chip).
    case chip
    /// The remove button.
    case removeButton
    /// A disabled chip: the touch is absorbed.
    case absorbed
}

/// What a chip does with a completed tap.
package enum ChipAction: Hashable, Sendable {
    /// A standalone filter chip flips its own selection.
    case toggleSelection
    /// Report the tap: an input chip's, or a grouped filter chip's (its group decides the
    /// selection).
    case reportTap
    /// Remove the chip (its remove button).
    case remove
    /// Nothing: outside the target, or a disabled chip absorbing the touch.
    case none

    /// The action for a tap that ended on `target`.
    package init(target: ChipTouchTarget?, kind: ChipKind, isGrouped: Bool) {
        switch target {
        case .removeButton: self = .remove
        case .chip: self = kind == .filter && !isGrouped ? .toggleSelection : .reportTap
        case .absorbed, nil: self = .none
        }
    }

    /// The action of an accessibility custom action's identifier (``none`` for one that is
    /// not the chip's).
    package init(accessibilityAction identifier: String) {
        self = identifier == ChipPart.removeButton.rawValue ? .remove : .none
    }
}
