/// Whether a tap changes a toggle or checkbox at once or asks first.
public enum SelectionBehavior: Hashable, Sendable {
    /// A tap flips the value and reports it.
    case immediate
    /// A tap asks for the new value and waits for ``ConfirmableSelection/resolve(to:)`` or
    /// ``ConfirmableSelection/cancel()``.
    case requiresConfirmation
}

/// What a selection event produced.
public enum SelectionOutcome: Hashable, Sendable {
    /// The value changed: send `.valueChanged` and the callback.
    case valueChanged(Bool)
    /// A change to this value was requested: call the request handler.
    case changeRequested(Bool)
    /// A pending request ended without changing the value (cancelled, or resolved to the
    /// current value): redraw, send nothing.
    case settled
    /// The value was set silently (programmatic set): redraw, send nothing.
    case setSilently
    /// Nothing happened.
    case ignored(SelectionIgnoreReason)
}

/// Why an event was ignored.
public enum SelectionIgnoreReason: Hashable, Sendable {
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

/// The state machine shared by the toggle and the checkbox: immediate or confirmed changes,
/// pending requests, silent programmatic sets.
public struct ConfirmableSelection: Hashable, Sendable {
    /// The committed value.
    public private(set) var value: Bool
    /// The requested value while a confirmation is pending.
    public private(set) var pendingValue: Bool?
    /// Immediate or confirmed.
    public var behavior: SelectionBehavior
    /// Whether the control is enabled.
    public var isEnabled: Bool

    /// A selection.
    public init(value: Bool, behavior: SelectionBehavior = .immediate, isEnabled: Bool = true) {
        self.value = value
        self.behavior = behavior
        self.isEnabled = isEnabled
    }

    /// Whether a request is waiting for an answer (drawn like disabled; taps ignored).
    public var isPending: Bool { pendingValue != nil }

    /// The value to draw: the committed value (a pending request does not move the thumb).
    public var displayedValue: Bool { value }

    /// Whether the control takes part in interaction (enabled and not pending).
    public var isInteractive: Bool { isEnabled && !isPending }

    /// A tap (or accessibility activation). `hasRequestHandler` says whether anybody will
    /// answer a request in confirmation mode.
    public mutating func tap(hasRequestHandler: Bool) -> SelectionOutcome {
        guard isEnabled else { return .ignored(.disabled) }
        guard pendingValue == nil else { return .ignored(.pending) }
        switch behavior {
        case .immediate:
            value.toggle()
            return .valueChanged(value)
        case .requiresConfirmation:
            guard hasRequestHandler else { return .ignored(.noRequestHandler) }
            pendingValue = !value
            return .changeRequested(!value)
        }
    }

    /// Whether accessibility activation would do anything (UIKit's `accessibilityActivate`
    /// returns this).
    public func canActivate(hasRequestHandler: Bool) -> Bool {
        isEnabled && pendingValue == nil && (behavior == .immediate || hasRequestHandler)
    }

    /// Answers a pending request with the value to commit; reports a change only if the
    /// committed value changed.
    public mutating func resolve(to newValue: Bool) -> SelectionOutcome {
        guard pendingValue != nil else { return .ignored(.notPending) }
        pendingValue = nil
        guard newValue != value else { return .settled }
        value = newValue
        return .valueChanged(newValue)
    }

    /// Withdraws a pending request; the value stays as it was.
    public mutating func cancel() -> SelectionOutcome {
        guard pendingValue != nil else { return .ignored(.notPending) }
        pendingValue = nil
        return .settled
    }

    /// Sets the value without sending events (a pending request stays pending and is
    /// resolved against the new value).
    public mutating func setValue(_ newValue: Bool) -> SelectionOutcome {
        guard newValue != value else { return .ignored(.unchanged) }
        value = newValue
        return .setSilently
    }
}
