import KeelSupport

/// Which way VoiceOver's adjustable action moves a segmented control's selection.
package enum SegmentedAdjustment: Hashable, Sendable {
    /// To the next segment in reading order (swipe up).
    case increment
    /// To the previous one (swipe down).
    case decrement
}

/// An event of a ``SegmentedSelection``.
package enum SegmentedEvent: Hashable, Sendable {
    /// A tap (or VoiceOver's activation) on the segment at an index.
    case tap(Int)
    /// VoiceOver's adjustable action.
    case adjust(SegmentedAdjustment)
    /// The app selects a segment (no callback).
    case select(Int)
    /// A segment is enabled or disabled.
    case setEnabled(Int, Bool)
}

/// What the front end must do after a segmented control's event.
package enum SegmentedEffect: Hashable, Sendable {
    /// The user changed the selection: move the indicator (the appearance's motion), scroll the
    /// segment into view, report the index.
    case selectionChanged(Int)
    /// The app changed the selection: move the indicator and scroll, report nothing.
    case moveIndicator(Int)
    /// Redraw (a segment was enabled or disabled).
    case redraw
}

/// The selection of a segmented control or tabs: exactly one segment selected; taps on a
/// disabled or the selected segment are rejected; VoiceOver's adjustable action moves to the
/// nearest enabled segment either way, without wrapping.
package struct SegmentedSelection: StateMachine, Hashable, Sendable {
    /// The selected index (0 for an empty control).
    package private(set) var state: Int
    /// Whether each segment is enabled.
    package private(set) var enabled: [Bool]

    /// A selection over `items`, `selected` clamped into range.
    package init(items: [SegmentItem], selected: Int) {
        self.init(enabled: items.map(\.isEnabled), selected: selected)
    }

    /// A selection over segments enabled as given.
    package init(enabled: [Bool], selected: Int) {
        self.enabled = enabled
        state = enabled.isEmpty ? 0 : min(max(0, selected), enabled.count - 1)
    }

    /// Applies an event.
    @discardableResult
    package mutating func send(_ event: SegmentedEvent) -> StateTransition<SegmentedEffect> {
        switch event {
        case .tap(let index):
            guard enabled.indices.contains(index), enabled[index], index != state else { return .rejected }
            state = index
            return .accepted([.selectionChanged(index)])
        case .adjust(let adjustment):
            let step = adjustment == .increment ? 1 : -1
            var index = state + step
            while enabled.indices.contains(index) {
                if enabled[index] {
                    state = index
                    return .accepted([.selectionChanged(index)])
                }
                index += step
            }
            return .rejected
        case .select(let index):
            guard enabled.indices.contains(index), index != state else { return .rejected }
            state = index
            return .accepted([.moveIndicator(index)])
        case .setEnabled(let index, let isEnabled):
            guard enabled.indices.contains(index), enabled[index] != isEnabled else { return .rejected }
            enabled[index] = isEnabled
            return .accepted([.redraw])
        }
    }
}
