import KeelSupport
import Testing

/// One row of a state machine's transition table, the shape every behaviour test here
/// shares: a machine in some state, an event, and what must happen — accepted with these
/// effects and this next state, or rejected with the state unchanged.
struct MachineRow<Machine: StateMachine>: Sendable, CustomTestStringConvertible
where Machine.Effect: Equatable, Machine.Event: Sendable {
    /// What the row expects.
    enum Outcome: Sendable {
        /// Accepted, performing `effects` in order, ending in `state`.
        case accepted(effects: [Machine.Effect], state: Machine.State)
        /// Rejected: no effects, state unchanged.
        case rejected
    }

    let name: String
    let machine: Machine
    let event: Machine.Event
    let outcome: Outcome

    var testDescription: String { name }

    /// Sends the row's event and checks the transition and the state after it; returns the
    /// machine after the event for further checks.
    @discardableResult
    func check(sourceLocation: SourceLocation = #_sourceLocation) -> Machine {
        var machine = machine
        let before = machine.state
        let predicted = machine.accepts(event)
        let transition = machine.send(event)
        #expect(
            predicted == transition.isAccepted, "accepts(_:) agrees with send(_:)",
            sourceLocation: sourceLocation)
        switch outcome {
        case .accepted(let effects, let state):
            #expect(transition.isAccepted, "\(name): accepted", sourceLocation: sourceLocation)
            #expect(transition.effects == effects, "\(name): effects", sourceLocation: sourceLocation)
            #expect(machine.state == state, "\(name): next state", sourceLocation: sourceLocation)
        case .rejected:
            #expect(!transition.isAccepted, "\(name): rejected", sourceLocation: sourceLocation)
            #expect(transition.effects.isEmpty, "\(name): no effects", sourceLocation: sourceLocation)
            #expect(machine.state == before, "\(name): state unchanged", sourceLocation: sourceLocation)
        }
        return machine
    }
}
