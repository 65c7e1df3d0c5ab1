/// A behaviour as a value: a state, the events that move it, and the effects the front end
/// must perform, returned as values.
///
/// Every Keel behaviour has this one shape — sheet and alert presentations, a sheet's detent,
/// the vertical page transition, confirmable selection, list loading and the overlay queue —
/// so a reader learns it once and their tests look alike: send an event, check the
/// transition (accepted or not, and its effects) and the new state. A rejected event changes
/// nothing.
package protocol StateMachine<State, Event, Effect>: Sendable {
    /// Where the machine is.
    associatedtype State: Hashable & Sendable
    /// What can happen to it.
    associatedtype Event: Sendable
    /// What the front end must do when it moves.
    associatedtype Effect: Sendable

    /// The current state.
    var state: State { get }

    /// Applies `event`: the effects to perform in order, or ``StateTransition/rejected`` when
    /// the event is not valid now (the state is unchanged).
    mutating func send(_ event: Event) -> StateTransition<Effect>
}

extension StateMachine {
    /// Whether `event` would be accepted now, without changing anything.
    package func accepts(_ event: Event) -> Bool {
        var copy = self
        return copy.send(event).isAccepted
    }
}

/// The result of sending an event to a ``StateMachine``: accepted with its effects, or
/// rejected.
package struct StateTransition<Effect: Sendable>: Sendable {
    /// Whether the event was valid in the state it met.
    package let isAccepted: Bool
    /// What the front end must do, in order (empty when rejected).
    package let effects: [Effect]

    private init(isAccepted: Bool, effects: [Effect]) {
        self.isAccepted = isAccepted
        self.effects = effects
    }

    /// The event was valid; perform `effects` in order.
    package static func accepted(_ effects: [Effect] = []) -> StateTransition {
        StateTransition(isAccepted: true, effects: effects)
    }

    /// The event was not valid now; nothing changed.
    package static var rejected: StateTransition { StateTransition(isAccepted: false, effects: []) }
}

extension StateTransition: Equatable where Effect: Equatable {}
extension StateTransition: Hashable where Effect: Hashable {}

/// The effect type of a machine whose transitions have nothing for the front end to do
/// beyond reading the new state.
package enum NoEffect: Hashable, Sendable {}
