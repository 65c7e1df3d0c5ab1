/// What a chip does.
public enum ChipKind: String, CaseIterable, Hashable, Sendable {
    /// A filter (selectable) chip: a tap selects or deselects it, and a checkmark shows while
    /// selected.
    case filter
    /// An input chip (a recipient, a tag): it shows a remove button.
    case input
}

/// How many chips of a group can be selected at once.
public enum ChipSelectionMode: String, CaseIterable, Hashable, Sendable {
    /// At most one: selecting a chip deselects the others.
    case single
    /// Any number.
    case multiple
}

/// A chip's interaction state; several can hold at once.
package struct ChipState: OptionSet, Hashable, Sendable {
    /// The raw bits.
    package let rawValue: Int
    /// A state from bits.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// No other state.
    package static let normal: ChipState = []
    /// Being pressed.
    package static let highlighted = ChipState(rawValue: 1 << 0)
    /// Selected (filter chips).
    package static let selected = ChipState(rawValue: 1 << 1)
    /// Disabled.
    package static let disabled = ChipState(rawValue: 1 << 2)

    /// The state of a control with these flags (how a front end reports its control state).
    package init(isEnabled: Bool, isHighlighted: Bool, isSelected: Bool) {
        var state: ChipState = []
        if !isEnabled { state.insert(.disabled) }
        if isHighlighted { state.insert(.highlighted) }
        if isSelected { state.insert(.selected) }
        self = state
    }

    /// The state whose colours are shown: disabled > highlighted > selected > normal.
    package var visualState: ChipVisualState {
        if contains(.disabled) { return .disabled }
        if contains(.highlighted) { return .highlighted }
        if contains(.selected) { return .selected }
        return .normal
    }
}

/// The state whose colours a chip shows.
package enum ChipVisualState: String, CaseIterable, Hashable, Sendable {
    /// Resting.
    case normal
    /// Pressed.
    case highlighted
    /// Selected.
    case selected
    /// Disabled.
    case disabled
}
