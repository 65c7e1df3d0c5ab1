import KeelSupport

/// Whether a tap changes a toggle or checkbox at once or asks first.
public enum SelectionBehavior: Hashable, Sendable {
    /// A tap flips the value and reports it.
    case immediate
    /// A tap asks for the new value and waits for `SelectionEvent/resolve(_:)` or
    /// `SelectionEvent/cancel`.
    case requiresConfirmation
}

/// An event of a ``ConfirmableSelection``.
package enum SelectionEvent: Hashable, Sendable {
    /// A tap (or accessibility activation). `hasRequestHandler` says whether anybody will
    /// answer a request in confirmation mode.
    case tap(hasRequestHandler: Bool)
    /// The answer to a pending request: the value to commit.
    case resolve(Bool)
    /// A pending request was withdrawn; the value stays as it was.
    case cancel
    /// A programmatic set: the value changes without sending events (a pending request stays
    /// pending and is resolved against the new value).
    case setValue(Bool)
}

/// What the front end must do after a selection event, in order.
package enum SelectionEffect: Hashable, Sendable {
    /// The user activated the control and it took the tap (report the tap, e.g. `onTap`).
    case activated
    /// The value changed: send `.valueChanged` and the callback.
    case valueChanged(Bool)
    /// A change to this value was requested: call the request handler.
    case changeRequested(Bool)
    /// A pending request ended without changing the value (cancelled, or resolved to the
    /// current value): redraw, send nothing.
    case settled
    /// The value was set silently (programmatic set): redraw, send nothing.
    case setSilently
}

/// Why an event is rejected (``ConfirmableSelection/rejectionReason(for:)``).
package enum SelectionIgnoreReason: Hashable, Sendable {
    /// The control is disabled.
    case disabled
    /// A request is pending; taps wait for its answer.
    case pending
    /// Confirmation mode with nobody to ask.
    case noRequestHandler
    /// Resolve or cancel without a pending request.
    case notPending
    /// A silent set to the value it already has.
    case unchanged
}

/// Where a ``ConfirmableSelection`` stands: the committed value and the requested one while a
/// confirmation is pending.
package struct SelectionState: Hashable, Sendable {
    /// The committed value.
    package var value: Bool
    /// The requested value while a confirmation is pending.
    package var pendingValue: Bool?

    /// A state.
    package init(value: Bool, pendingValue: Bool? = nil) {
        self.value = value
        self.pendingValue = pendingValue
    }
}

/// The state machine shared by the toggle and the checkbox: immediate or confirmed changes,
/// pending requests, silent programmatic sets.
///
/// A `StateMachine`: UIKit sends ``SelectionEvent``s and performs the
/// ``SelectionEffect``s; a rejected event (disabled, pending, nobody to ask, nothing pending,
/// unchanged) changes nothing, and ``rejectionReason(for:)`` says why.
package struct ConfirmableSelection: StateMachine, Hashable, Sendable {
    /// The committed value and the pending request.
    package private(set) var state: SelectionState
    /// Immediate or confirmed.
    package var behavior: SelectionBehavior
    /// Whether the control is enabled.
    package var isEnabled: Bool

    /// A selection.
    package init(value: Bool, behavior: SelectionBehavior = .immediate, isEnabled: Bool = true) {
        state = SelectionState(value: value)
        self.behavior = behavior
        self.isEnabled = isEnabled
    }

    /// The committed value.
    package var value: Bool { state.value }

    /// The requested value while a confirmation is pending.
    package var pendingValue: Bool? { state.pendingValue }

    /// Whether a request is waiting for an answer (drawn like disabled; taps ignored).
    package var isPending: Bool { state.pendingValue != nil }

    /// The value to draw: the committed value (a pending request does not move the thumb).
    package var displayedValue: Bool { state.value }

    /// Whether the control takes part in interaction (enabled and not pending).
    package var isInteractive: Bool { isEnabled && !isPending }

    /// Whether accessibility activation would do anything (UIKit's `accessibilityActivate`
    /// returns this): whether a tap would be accepted.
    package func canActivate(hasRequestHandler: Bool) -> Bool {
        accepts(.tap(hasRequestHandler: hasRequestHandler))
    }

    /// Why `event` would be rejected now, or `nil` when it would be accepted.
    package func rejectionReason(for event: SelectionEvent) -> SelectionIgnoreReason? {
        switch event {
        case .tap(let hasRequestHandler):
            if !isEnabled { return .disabled }
            if isPending { return .pending }
            if behavior == .requiresConfirmation, !hasRequestHandler { return .noRequestHandler }
            return nil
        case .resolve, .cancel:
            return isPending ? nil : .notPending
        case .setValue(let newValue):
            return newValue == state.value ? .unchanged : nil
        }
    }

    /// Applies an event: the effects to perform, or `StateTransition/rejected` (nothing
    /// changed; see ``rejectionReason(for:)``).
    @discardableResult
    package mutating func send(_ event: SelectionEvent) -> StateTransition<SelectionEffect> {
        guard rejectionReason(for: event) == nil else { return .rejected }
        switch event {
        case .tap:
            switch behavior {
            case .immediate:
                state.value.toggle()
                return .accepted([.activated, .valueChanged(state.value)])
            case .requiresConfirmation:
                state.pendingValue = !state.value
                return .accepted([.activated, .changeRequested(!state.value)])
            }
        case .resolve(let newValue):
            state.pendingValue = nil
            guard newValue != state.value else { return .accepted([.settled]) }
            state.value = newValue
            return .accepted([.valueChanged(newValue)])
        case .cancel:
            state.pendingValue = nil
            return .accepted([.settled])
        case .setValue(let newValue):
            state.value = newValue
            return .accepted([.setSilently])
        }
    }
}

extension ConfirmableSelection {
    /// A tap on the title of an immediate control at `value` that a front end draws apart from
    /// the control (SwiftUI's alert checkbox row): the effects a tap on the control gives —
    /// `valueChanged` (and its selection haptic) when enabled, nothing when not — as UIKit's
    /// alert routes its title tap to the checkbox. SwiftUI's title used to toggle the binding
    /// directly, which the control saw as `setValue`: no haptic.
    package static func titleTap(value: Bool, isEnabled: Bool) -> [SelectionEffect] {
        var selection = ConfirmableSelection(value: value, isEnabled: isEnabled)
        return selection.send(.tap(hasRequestHandler: false)).effects
    }
}
