import KeelComponents
import Testing

@Suite("Confirmable selection")
struct ConfirmableSelectionTests {
    enum Event: Sendable, Hashable {
        case tap(handler: Bool)
        case resolve(Bool)
        case cancel
        case set(Bool)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let behavior: SelectionBehavior
        let value: Bool
        let pending: Bool
        let enabled: Bool
        let event: Event
        let outcome: SelectionOutcome
        let valueAfter: Bool
        let pendingAfter: Bool
        var testDescription: String {
            "\(behavior) value=\(value) pending=\(pending) enabled=\(enabled) \(event) → \(outcome)"
        }
    }

    // Every transition, valid and invalid.
    static let rows: [Row] = [
        // Immediate mode.
        Row(
            behavior: .immediate, value: false, pending: false, enabled: true, event: .tap(handler: false),
            outcome: .valueChanged(true), valueAfter: true, pendingAfter: false),
        Row(
            behavior: .immediate, value: true, pending: false, enabled: true, event: .tap(handler: true),
            outcome: .valueChanged(false), valueAfter: false, pendingAfter: false),
        Row(
            behavior: .immediate, value: false, pending: false, enabled: false, event: .tap(handler: true),
            outcome: .ignored(.disabled), valueAfter: false, pendingAfter: false),
        Row(
            behavior: .immediate, value: false, pending: false, enabled: true, event: .resolve(true),
            outcome: .ignored(.notPending), valueAfter: false, pendingAfter: false),
        Row(
            behavior: .immediate, value: false, pending: false, enabled: true, event: .cancel,
            outcome: .ignored(.notPending), valueAfter: false, pendingAfter: false),
        Row(
            behavior: .immediate, value: false, pending: false, enabled: true, event: .set(true),
            outcome: .setSilently, valueAfter: true, pendingAfter: false),
        Row(
            behavior: .immediate, value: true, pending: false, enabled: true, event: .set(true),
            outcome: .ignored(.unchanged), valueAfter: true, pendingAfter: false),
        // Confirmation mode, idle.
        Row(
            behavior: .requiresConfirmation, value: false, pending: false, enabled: true,
            event: .tap(handler: true), outcome: .changeRequested(true), valueAfter: false, pendingAfter: true
        ),
        Row(
            behavior: .requiresConfirmation, value: false, pending: false, enabled: true,
            event: .tap(handler: false), outcome: .ignored(.noRequestHandler), valueAfter: false,
            pendingAfter: false),
        Row(
            behavior: .requiresConfirmation, value: false, pending: false, enabled: false,
            event: .tap(handler: true), outcome: .ignored(.disabled), valueAfter: false, pendingAfter: false),
        Row(
            behavior: .requiresConfirmation, value: false, pending: false, enabled: true,
            event: .resolve(true), outcome: .ignored(.notPending), valueAfter: false, pendingAfter: false),
        // Confirmation mode, pending (requested true from false).
        Row(
            behavior: .requiresConfirmation, value: false, pending: true, enabled: true,
            event: .tap(handler: true), outcome: .ignored(.pending), valueAfter: false, pendingAfter: true),
        Row(
            behavior: .requiresConfirmation, value: false, pending: true, enabled: true,
            event: .resolve(true), outcome: .valueChanged(true), valueAfter: true, pendingAfter: false),
        Row(
            behavior: .requiresConfirmation, value: false, pending: true, enabled: true,
            event: .resolve(false), outcome: .settled, valueAfter: false, pendingAfter: false),
        Row(
            behavior: .requiresConfirmation, value: false, pending: true, enabled: true, event: .cancel,
            outcome: .settled, valueAfter: false, pendingAfter: false),
        Row(
            behavior: .requiresConfirmation, value: false, pending: true, enabled: true, event: .set(true),
            outcome: .setSilently, valueAfter: true, pendingAfter: true),
    ]

    @Test("every transition", arguments: rows)
    func transition(row: Row) {
        var selection = ConfirmableSelection(value: row.value, behavior: row.behavior, isEnabled: true)
        if row.pending { _ = selection.tap(hasRequestHandler: true) }
        selection.isEnabled = row.enabled
        let outcome: SelectionOutcome =
            switch row.event {
            case .tap(let handler): selection.tap(hasRequestHandler: handler)
            case .resolve(let value): selection.resolve(to: value)
            case .cancel: selection.cancel()
            case .set(let value): selection.setValue(value)
            }
        #expect(outcome == row.outcome)
        #expect(selection.value == row.valueAfter)
        #expect(selection.isPending == row.pendingAfter)
    }

    @Test("accessibility activation mirrors what a tap would do")
    func activation() {
        #expect(ConfirmableSelection(value: false).canActivate(hasRequestHandler: false))
        let confirming = ConfirmableSelection(value: false, behavior: .requiresConfirmation)
        #expect(!confirming.canActivate(hasRequestHandler: false))
        #expect(confirming.canActivate(hasRequestHandler: true))
        var pending = confirming
        _ = pending.tap(hasRequestHandler: true)
        #expect(!pending.canActivate(hasRequestHandler: true))
        #expect(!pending.isInteractive)
        #expect(!ConfirmableSelection(value: false, isEnabled: false).canActivate(hasRequestHandler: true))
    }
}
