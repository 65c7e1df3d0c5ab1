import KeelSupport

/// An event of a ``ChipGroupSelection``.
package enum ChipGroupEvent: Hashable, Sendable {
    /// A tap (or accessibility activation) on the chip at an index.
    case tap(Int)
    /// A programmatic change to the selected indices (no callback).
    case setSelection(Set<Int>)
    /// A chip is enabled or disabled.
    case setEnabled(Int, Bool)
}

/// What the front end must do after a chip group event.
package enum ChipGroupEffect: Hashable, Sendable {
    /// The user changed the selection: report the selected indices.
    case selectionChanged(Set<Int>)
    /// The selection was set silently: redraw, report nothing.
    case setSilently
}

/// The selection of a group of filter chips: one ``ConfirmableSelection`` per chip (the
/// same machine as the toggle and the checkbox), coordinated for single or multiple
/// selection. With `requiresSelection`, the last selected chip cannot be deselected.
package struct ChipGroupSelection: StateMachine, Hashable, Sendable {
    /// Each chip's selection.
    package private(set) var chips: [ConfirmableSelection]
    /// Single or multiple.
    package let mode: ChipSelectionMode
    /// Whether at least one chip stays selected.
    package let requiresSelection: Bool

    /// A group of `count` chips with `selected` selected (in single mode, only the lowest).
    package init(
        count: Int, selected: Set<Int> = [], mode: ChipSelectionMode, requiresSelection: Bool = false
    ) {
        let count = max(0, count)
        let kept = Self.normalised(selected, count: count, mode: mode)
        chips = (0..<count).map { ConfirmableSelection(value: kept.contains($0)) }
        self.mode = mode
        self.requiresSelection = requiresSelection
    }

    /// The selected indices.
    package var state: Set<Int> {
        Set(chips.indices.filter { chips[$0].value })
    }

    /// The state of the chip at `index` (`.normal` outside the group).
    package func chipState(at index: Int) -> ChipState {
        guard chips.indices.contains(index) else { return .normal }
        var state: ChipState = []
        if chips[index].value { state.insert(.selected) }
        if !chips[index].isEnabled { state.insert(.disabled) }
        return state
    }

    /// Applies an event.
    @discardableResult
    package mutating func send(_ event: ChipGroupEvent) -> StateTransition<ChipGroupEffect> {
        switch event {
        case .tap(let index):
            guard chips.indices.contains(index), chips[index].isInteractive else { return .rejected }
            let selected = state
            let deselecting = chips[index].value
            if deselecting, requiresSelection, selected.count == 1 { return .rejected }
            chips[index].send(.tap(hasRequestHandler: false))
            if mode == .single, !deselecting {
                for other in chips.indices where other != index && chips[other].value {
                    chips[other].send(.setValue(false))
                }
            }
            return .accepted([.selectionChanged(state)])
        case .setSelection(let requested):
            let kept = Self.normalised(requested, count: chips.count, mode: mode)
            guard kept != state else { return .rejected }
            for index in chips.indices { chips[index].send(.setValue(kept.contains(index))) }
            return .accepted([.setSilently])
        case .setEnabled(let index, let enabled):
            guard chips.indices.contains(index), chips[index].isEnabled != enabled else { return .rejected }
            chips[index].isEnabled = enabled
            return .accepted([.setSilently])
        }
    }

    /// `selected` within `0..<count`, and at most the lowest one in single mode.
    private static func normalised(_ selected: Set<Int>, count: Int, mode: ChipSelectionMode) -> Set<Int> {
        let valid = selected.filter { $0 >= 0 && $0 < count }
        guard mode == .single, let first = valid.min() else { return valid }
        return [first]
    }
}
