import Testing

@testable import KeelComponents

extension AlertActionID {
    fileprivate static let deleteCategory = AlertActionID("deleteCategory")
}

/// A front end's action context: records what handlers did.
@MainActor
private final class RecordingContext: AlertActionContext {
    let actionID: AlertActionID
    let checkboxIsSelected: Bool?
    let text: String?
    var dismissals = 0

    init(actionID: AlertActionID, checkboxIsSelected: Bool? = nil, text: String? = nil) {
        self.actionID = actionID
        self.checkboxIsSelected = checkboxIsSelected
        self.text = text
    }

    func setLoading(_ loading: Bool) {}
    func setEnabled(_ enabled: Bool, forAction id: AlertActionID) {}
    func dismiss(animated: Bool) { dismissals += 1 }
}

/// Counts handler calls per action (handlers are `@Sendable`, so the count sits in a box).
@MainActor
private final class Calls {
    var byAction: [AlertActionID: Int] = [:]
    var checkbox: [Bool?] = []
}

@Suite("Alert actions by value")
@MainActor
struct AlertActionIDTests {
    private static func configuration(cancel: String, delete: String, calls: Calls) throws
        -> AlertConfiguration
    {
        try AlertConfiguration(
            title: "?",
            actions: [
                .cancel(cancel) { context in calls.byAction[context.actionID, default: 0] += 1 },
                .destructive(delete) { context in
                    calls.byAction[context.actionID, default: 0] += 1
                    calls.checkbox.append(context.checkboxIsSelected)
                },
            ])
    }

    /// Plays a front end: sends `events`, and on every `runAction` calls that action's handler
    /// and reports it finished, as `KeelAlertViewController` does.
    private static func drive(
        _ machine: inout AlertPresentation, _ events: [AlertPresentationEvent], checkbox: Bool? = nil
    ) -> [AlertPresentationEffect] {
        var performed: [AlertPresentationEffect] = []
        var pending = events
        while !pending.isEmpty {
            let event = pending.removeFirst()
            for effect in machine.send(event).effects {
                performed.append(effect)
                if case .runAction(let id, let reason) = effect {
                    machine.configuration.handler(for: id)?(
                        RecordingContext(actionID: id, checkboxIsSelected: checkbox))
                    pending.insert(.actionFinished(id, reason: reason), at: 0)
                }
            }
        }
        return performed
    }

    private static let onScreen: [AlertPresentationEvent] = [
        .enqueue, .startPresenting, .presentationFinished,
    ]

    @Test("the same actions titled in two languages have the same identifiers")
    func identifiersDoNotDependOnTitles() throws {
        let calls = Calls()
        let english = try Self.configuration(cancel: "Cancel", delete: "Delete", calls: calls)
        let chinese = try Self.configuration(cancel: "取消", delete: "删除", calls: calls)
        #expect(english.actions.map(\.id) == [.cancel, .destructive])
        #expect(english.actions.map(\.id) == chinese.actions.map(\.id))
        #expect(english.actions.map(\.title) != chinese.actions.map(\.title))
        // Explicit identifiers are kept as given, in every language.
        #expect(AlertAction.primary("Delete", id: .deleteCategory).id == .deleteCategory)
        #expect(AlertAction.primary("删除", id: .deleteCategory).id == .deleteCategory)
    }

    @Test("derived identifiers that repeat are numbered; explicit repeats throw")
    func derivedIdentifiersAreNumbered() throws {
        let configuration = try AlertConfiguration(
            title: "?",
            actions: [
                .primary("A"), .primary("B"), .primary("C", id: AlertActionID("primary.2")),
                .primary("D"),
            ])
        #expect(
            configuration.actions.map(\.id.rawValue) == ["primary", "primary.3", "primary.2", "primary.4"])
        #expect(Set(configuration.actions.map(\.id)).count == 4)
        #expect(throws: AlertConfigurationError.duplicateActionIdentifier(.deleteCategory)) {
            try AlertConfiguration(
                title: "?",
                actions: [.primary("A", id: .deleteCategory), .destructive("B", id: .deleteCategory)])
        }
    }

    @Test("the tapped action's own handler runs exactly once, and only it")
    func handlerOfTheTappedActionRunsOnce() throws {
        let calls = Calls()
        var machine = AlertPresentation(
            configuration: try Self.configuration(cancel: "Cancel", delete: "Delete", calls: calls))
        let effects = Self.drive(
            &machine,
            Self.onScreen + [
                .trigger(.destructive, reason: .action(.destructive)),
                // A second tap (and a tap on another action) while leaving is ignored.
                .trigger(.destructive, reason: .action(.destructive)),
                .trigger(.cancel, reason: .action(.cancel)),
            ], checkbox: true)
        #expect(calls.byAction == [.destructive: 1])
        #expect(calls.checkbox == [true])
        #expect(effects.filter { $0 == .runAction(.destructive, reason: .action(.destructive)) }.count == 1)
        #expect(machine.state == .dismissing(.action(.destructive)))
    }

    @Test("the escape gesture runs the cancel action's handler with the escape reason")
    func escapeRunsTheCancelHandler() throws {
        let calls = Calls()
        var machine = AlertPresentation(
            configuration: try Self.configuration(cancel: "Cancel", delete: "Delete", calls: calls))
        let effects = Self.drive(&machine, Self.onScreen + [.escape])
        #expect(calls.byAction == [.cancel: 1])
        #expect(effects.contains(.lifecycle(.willDismiss(.accessibilityEscape))))
    }

    @Test("dismissal by an action reports the action's identifier, whatever the title")
    func actionDismissalCarriesTheIdentifier() throws {
        for title in ["Delete", "删除"] {
            var machine = AlertPresentation(
                configuration: try AlertConfiguration(
                    title: "?",
                    actions: [.cancel("Cancel"), .destructive(title, id: .deleteCategory)]))
            let effects = Self.drive(
                &machine, Self.onScreen + [.trigger(.deleteCategory, reason: .action(.deleteCategory))])
            #expect(effects.contains(.runAction(.deleteCategory, reason: .action(.deleteCategory))))
            #expect(effects.contains(.lifecycle(.willDismiss(.action(.deleteCategory)))))
            #expect(machine.state == .dismissing(.action(.deleteCategory)))
            #expect(
                machine.send(.dismissalFinished)
                    == .accepted([.lifecycle(.didDismiss(.action(.deleteCategory)))]))
        }
    }

    @Test("handlers are not part of an action's equality")
    func equalityIgnoresHandlers() throws {
        let plain = AlertAction.primary("OK")
        let handled = AlertAction.primary("OK") { _ in }
        #expect(plain == handled)
        #expect(plain.handler == nil && handled.handler != nil)
        #expect(AlertAction.primary("OK") != (AlertAction.primary("OK", id: .deleteCategory)))
    }
}
