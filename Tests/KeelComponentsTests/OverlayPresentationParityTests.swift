import KeelComponents
import KeelSupport
import Testing

/// The alert and the sheet run one overlay lifecycle: every common event in every common state
/// must get the same answer from both — accepted or not, the state it ends in, the lifecycle
/// effects, and whether the overlay counts as on screen (the overlay queue and VoiceOver read
/// that). Each machine's own events (the alert's actions, the sheet's drag) are tested with
/// the machine.
@Suite("Overlay presentation: the alert and the sheet agree")
struct OverlayPresentationParityTests {
    /// The lifecycle states both machines have.
    enum Common: String, CaseIterable, Sendable {
        case idle, queued, presenting, presented, dismissing, dismissed, failed, cancelled
    }

    /// The lifecycle events both machines take.
    enum Event: String, CaseIterable, Sendable {
        case enqueue, startPresenting, presentationFinished, dismissProgrammatic, dismissBackgroundTap
        case dismissEscape, dismissSystem, dismissalFinished, fail, cancel, withdrawalRefused
    }

    /// What one machine answered, in words both machines share.
    struct Outcome: Hashable, CustomStringConvertible {
        var accepted: Bool
        var state: String
        var effects: [String]
        var isOnScreen: Bool

        var description: String {
            "\(accepted ? "accepted" : "rejected") → \(state) \(effects) onScreen=\(isOnScreen)"
        }
    }

    static func path(to state: Common) -> [Event] {
        switch state {
        case .idle: []
        case .queued: [.enqueue]
        case .presenting: [.enqueue, .startPresenting]
        case .presented: [.enqueue, .startPresenting, .presentationFinished]
        case .dismissing: [.enqueue, .startPresenting, .presentationFinished, .dismissProgrammatic]
        case .dismissed:
            [.enqueue, .startPresenting, .presentationFinished, .dismissProgrammatic, .dismissalFinished]
        case .failed: [.enqueue, .startPresenting, .fail]
        case .cancelled: [.enqueue, .cancel]
        }
    }

    // MARK: - The alert

    static func alertEvent(_ event: Event) -> AlertPresentationEvent {
        switch event {
        case .enqueue: .enqueue
        case .startPresenting: .startPresenting
        case .presentationFinished: .presentationFinished
        case .dismissProgrammatic: .dismiss(.programmatic, animated: true)
        case .dismissBackgroundTap: .dismiss(.backgroundTap, animated: true)
        case .dismissEscape: .dismiss(.accessibilityEscape, animated: true)
        case .dismissSystem: .dismiss(.system, animated: true)
        case .dismissalFinished: .dismissalFinished
        case .fail: .fail(.presentationRejected)
        case .cancel: .cancel
        case .withdrawalRefused: .withdrawalRefused
        }
    }

    /// An alert that allows what a default sheet allows: background taps and the escape
    /// gesture (its cancel action).
    static func alert(in state: Common) throws -> AlertPresentation {
        var machine = AlertPresentation(
            configuration: try AlertConfiguration(
                title: "Hi", actions: [.cancel("No"), .primary("Yes")], allowsBackgroundDismissal: true))
        for event in path(to: state) { try #require(machine.send(alertEvent(event)).isAccepted) }
        return machine
    }

    static func alertOutcome(_ state: Common, _ event: Event) throws -> Outcome {
        var machine = try alert(in: state)
        let transition = machine.send(alertEvent(event))
        return Outcome(
            accepted: transition.isAccepted, state: "\(machine.state)",
            effects: transition.effects.map(describe), isOnScreen: machine.isOnScreen)
    }

    /// A lifecycle effect as the sheet would name it; the alert's own effects stay marked.
    static func describe(_ effect: AlertPresentationEffect) -> String {
        guard case .lifecycle(let effect) = effect else { return "alert only: \(effect)" }
        return "\(effect)"
    }

    // MARK: - The sheet

    static func sheetEvent(_ event: Event) -> SheetPresentationEvent {
        switch event {
        case .enqueue: .enqueue
        case .startPresenting: .startPresenting
        case .presentationFinished: .presentationFinished
        case .dismissProgrammatic: .dismiss(.programmatic)
        case .dismissBackgroundTap: .dismiss(.backgroundTap)
        case .dismissEscape: .dismiss(.accessibilityEscape)
        case .dismissSystem: .dismiss(.system)
        case .dismissalFinished: .dismissalFinished
        case .fail: .fail(.presentationRejected)
        case .cancel: .cancel
        case .withdrawalRefused: .withdrawalRefused
        }
    }

    static func sheet(in state: Common) throws -> SheetPresentation {
        var machine = SheetPresentation()
        for event in path(to: state) { try #require(machine.send(sheetEvent(event)).isAccepted) }
        return machine
    }

    static func sheetOutcome(_ state: Common, _ event: Event) throws -> Outcome {
        var machine = try sheet(in: state)
        let transition = machine.send(sheetEvent(event))
        return Outcome(
            accepted: transition.isAccepted,
            state: machine.state == .dragging ? "dragging" : "\(machine.state.lifecycle)",
            effects: transition.effects.map { "\($0)" }, isOnScreen: machine.state.isOnScreen)
    }

    // MARK: - The table

    @Test("every common event in every common state: one answer for the alert and the sheet")
    func table() throws {
        var divergences: [String] = []
        for state in Common.allCases {
            for event in Event.allCases {
                let alert = try Self.alertOutcome(state, event)
                let sheet = try Self.sheetOutcome(state, event)
                if alert != sheet {
                    divergences.append("\(state) + \(event): alert \(alert) | sheet \(sheet)")
                }
            }
        }
        #expect(
            divergences.isEmpty, "\(divergences.count) divergences:\n\(divergences.joined(separator: "\n"))")
    }

    @Test("whether the overlay is on screen, in every common state")
    func onScreen() throws {
        for state in Common.allCases {
            let alert = try Self.alert(in: state).isOnScreen
            let sheet = try Self.sheet(in: state).state.isOnScreen
            #expect(alert == sheet, "\(state): alert \(alert), sheet \(sheet)")
        }
    }
}
