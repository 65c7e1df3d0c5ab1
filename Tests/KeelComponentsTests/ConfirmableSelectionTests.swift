import KeelComponents
import KeelSupport
import Testing

@Suite("Confirmable selection")
struct ConfirmableSelectionTests {
    typealias Row = MachineRow<ConfirmableSelection>

    /// A selection with this value, mode and enabled flag; `pending` taps first in
    /// confirmation mode (requesting the opposite value).
    static func machine(
        _ behavior: SelectionBehavior, value: Bool, pending: Bool = false, enabled: Bool = true
    ) -> ConfirmableSelection {
        var selection = ConfirmableSelection(value: value, behavior: behavior, isEnabled: true)
        if pending { selection.send(.tap(hasRequestHandler: true)) }
        selection.isEnabled = enabled
        return selection
    }

    static func state(_ value: Bool, pending: Bool? = nil) -> SelectionState {
        SelectionState(value: value, pendingValue: pending)
    }

    // Every transition, valid and invalid.
    static let rows: [Row] = [
        // Immediate mode.
        Row(
            name: "immediate off: tap flips on", machine: machine(.immediate, value: false),
            event: .tap(hasRequestHandler: false),
            outcome: .accepted(effects: [.activated, .valueChanged(true)], state: state(true))),
        Row(
            name: "immediate on: tap flips off (a handler changes nothing)",
            machine: machine(.immediate, value: true), event: .tap(hasRequestHandler: true),
            outcome: .accepted(effects: [.activated, .valueChanged(false)], state: state(false))),
        Row(
            name: "immediate disabled: tap rejected",
            machine: machine(.immediate, value: false, enabled: false),
            event: .tap(hasRequestHandler: true), outcome: .rejected),
        Row(
            name: "immediate: resolve without a request rejected", machine: machine(.immediate, value: false),
            event: .resolve(true), outcome: .rejected),
        Row(
            name: "immediate: cancel without a request rejected", machine: machine(.immediate, value: false),
            event: .cancel, outcome: .rejected),
        Row(
            name: "immediate: silent set", machine: machine(.immediate, value: false), event: .setValue(true),
            outcome: .accepted(effects: [.setSilently], state: state(true))),
        Row(
            name: "immediate: silent set to the same value rejected",
            machine: machine(.immediate, value: true),
            event: .setValue(true), outcome: .rejected),
        // Confirmation mode, idle.
        Row(
            name: "confirming: tap requests the opposite",
            machine: machine(.requiresConfirmation, value: false),
            event: .tap(hasRequestHandler: true),
            outcome: .accepted(
                effects: [.activated, .changeRequested(true)], state: state(false, pending: true))),
        Row(
            name: "confirming: tap with nobody to ask rejected",
            machine: machine(.requiresConfirmation, value: false), event: .tap(hasRequestHandler: false),
            outcome: .rejected),
        Row(
            name: "confirming disabled: tap rejected",
            machine: machine(.requiresConfirmation, value: false, enabled: false),
            event: .tap(hasRequestHandler: true), outcome: .rejected),
        Row(
            name: "confirming idle: resolve rejected", machine: machine(.requiresConfirmation, value: false),
            event: .resolve(true), outcome: .rejected),
        // Confirmation mode, pending (requested true from false).
        Row(
            name: "pending: tap waits (rejected)",
            machine: machine(.requiresConfirmation, value: false, pending: true),
            event: .tap(hasRequestHandler: true), outcome: .rejected),
        Row(
            name: "pending: resolve to the request commits",
            machine: machine(.requiresConfirmation, value: false, pending: true), event: .resolve(true),
            outcome: .accepted(effects: [.valueChanged(true)], state: state(true))),
        Row(
            name: "pending: resolve to the current value settles",
            machine: machine(.requiresConfirmation, value: false, pending: true), event: .resolve(false),
            outcome: .accepted(effects: [.settled], state: state(false))),
        Row(
            name: "pending: cancel settles",
            machine: machine(.requiresConfirmation, value: false, pending: true),
            event: .cancel, outcome: .accepted(effects: [.settled], state: state(false))),
        Row(
            name: "pending: silent set keeps the request",
            machine: machine(.requiresConfirmation, value: false, pending: true), event: .setValue(true),
            outcome: .accepted(effects: [.setSilently], state: state(true, pending: true))),
        Row(
            name: "pending and disabled: resolve still answers",
            machine: machine(.requiresConfirmation, value: false, pending: true, enabled: false),
            event: .resolve(true), outcome: .accepted(effects: [.valueChanged(true)], state: state(true))),
    ]

    @Test("every transition, valid and invalid", arguments: rows)
    func transition(row: Row) {
        row.check()
    }

    struct ReasonRow: Sendable {
        let machine: ConfirmableSelection
        let event: SelectionEvent
        let reason: SelectionIgnoreReason?
    }

    @Test(
        "why an event is rejected",
        arguments: [
            ReasonRow(
                machine: machine(.immediate, value: false, enabled: false),
                event: .tap(hasRequestHandler: true), reason: .disabled),
            ReasonRow(
                machine: machine(.requiresConfirmation, value: false, pending: true),
                event: .tap(hasRequestHandler: true), reason: .pending),
            ReasonRow(
                machine: machine(.requiresConfirmation, value: false), event: .tap(hasRequestHandler: false),
                reason: .noRequestHandler),
            ReasonRow(machine: machine(.immediate, value: false), event: .cancel, reason: .notPending),
            ReasonRow(
                machine: machine(.immediate, value: false), event: .resolve(false), reason: .notPending),
            ReasonRow(machine: machine(.immediate, value: true), event: .setValue(true), reason: .unchanged),
            ReasonRow(
                machine: machine(.immediate, value: true), event: .tap(hasRequestHandler: false), reason: nil),
        ])
    func reasons(row: ReasonRow) {
        #expect(row.machine.rejectionReason(for: row.event) == row.reason)
        #expect(row.machine.accepts(row.event) == (row.reason == nil))
    }

    @Test("accessibility activation mirrors what a tap would do")
    func activation() {
        #expect(ConfirmableSelection(value: false).canActivate(hasRequestHandler: false))
        let confirming = ConfirmableSelection(value: false, behavior: .requiresConfirmation)
        #expect(!confirming.canActivate(hasRequestHandler: false))
        #expect(confirming.canActivate(hasRequestHandler: true))
        var pending = confirming
        pending.send(.tap(hasRequestHandler: true))
        #expect(!pending.canActivate(hasRequestHandler: true))
        #expect(!pending.isInteractive)
        #expect(pending.isPending && pending.pendingValue == true && pending.displayedValue == false)
        #expect(!ConfirmableSelection(value: false, isEnabled: false).canActivate(hasRequestHandler: true))
    }
}
