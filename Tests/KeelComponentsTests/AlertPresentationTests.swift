import KeelComponents
import KeelSupport
import KeelTesting
import Testing

@Suite("Alert presentation state machine")
struct AlertPresentationTests {
    static let states: [OverlayPresentationState] = [
        .idle, .queued, .presenting, .presented, .dismissing(.action(.primary)),
        .dismissed(.action(.primary)),
        .failed(.presentationRejected), .cancelled,
    ]
    static let events: [OverlayPresentationEvent] = [
        .enqueue, .startPresenting, .presentationFinished, .dismiss(.programmatic, animated: true),
        .dismiss(.action(.primary), animated: false), .dismiss(.backgroundTap, animated: true),
        .dismiss(.system, animated: true),
        .dismiss(.swipe, animated: true), .dismissalFinished, .fail(.presenterUnavailable), .cancel,
        .withdrawalRefused,
    ]

    /// An alert with actions, without a close button or background dismissal.
    static func machine() throws -> AlertPresentation {
        AlertPresentation(
            configuration: try AlertConfiguration(
                title: "Hi", actions: [.cancel("No"), .primary("Yes")]))
    }

    /// Events that drive a fresh machine into `state`.
    static func path(to state: OverlayPresentationState) -> [AlertPresentationEvent] {
        switch state {
        case .idle: []
        case .queued: [.enqueue]
        case .presenting: [.enqueue, .startPresenting]
        case .presented: [.enqueue, .startPresenting, .presentationFinished]
        case .dismissing:
            [.enqueue, .startPresenting, .presentationFinished, .dismiss(.action(.primary), animated: true)]
        case .dismissed:
            [
                .enqueue, .startPresenting, .presentationFinished,
                .dismiss(.action(.primary), animated: true),
                .dismissalFinished,
            ]
        case .failed: [.enqueue, .startPresenting, .fail(.presentationRejected)]
        case .cancelled: [.enqueue, .cancel]
        }
    }

    /// The expected next state and effects for the machine of ``machine()`` (background taps
    /// not allowed, no close button); `nil` for an invalid event.
    static func expected(_ state: OverlayPresentationState, _ event: OverlayPresentationEvent)
        -> (OverlayPresentationState, [OverlayPresentationEffect])?
    {
        switch (state, event) {
        case (.idle, .enqueue): (.queued, [])
        case (.queued, .startPresenting): (.presenting, [.animateIn])
        case (.presenting, .presentationFinished): (.presented, [.didPresent])
        case (.idle, .cancel): (.cancelled, [])
        case (.queued, .cancel), (.queued, .dismiss(.programmatic, _)): (.cancelled, [.withdrawFromQueue])
        // The queue refused to withdraw it (its turn came): queued again, its dismissal pending.
        // The path to `cancelled` withdrew it, so the refusal applies there too.
        case (.queued, .withdrawalRefused), (.cancelled, .withdrawalRefused): (.queued, [])
        case (.presenting, .dismiss(.backgroundTap, _)), (.presented, .dismiss(.backgroundTap, _)),
            (.presenting, .dismiss(.swipe, _)), (.presented, .dismiss(.swipe, _)):
            nil
        case (.presenting, .dismiss(.system, _)), (.presented, .dismiss(.system, _)):
            (.dismissed(.system), [.willDismiss(.system), .didDismiss(.system)])
        case (.presenting, .dismiss(let reason, let animated)),
            (.presented, .dismiss(let reason, let animated)):
            (.dismissing(reason), [.willDismiss(reason), .animateOut(animated: animated)])
        case (.dismissing(let reason), .dismissalFinished), (.dismissing(let reason), .dismiss(.system, _)):
            (.dismissed(reason), [.didDismiss(reason)])
        case (.idle, .fail(let failure)), (.queued, .fail(let failure)), (.presenting, .fail(let failure)):
            (.failed(failure), [.failed(failure)])
        default: nil
        }
    }

    @Test("every state × event: the table's transition, or rejected with nothing changed", arguments: states)
    func transitions(from state: OverlayPresentationState) throws {
        for event in Self.events {
            var machine = try Self.machine()
            for step in Self.path(to: state) {
                #expect(machine.send(step).isAccepted, "path to \(state): \(step)")
            }
            #expect(machine.state == state)
            let accepts = machine.accepts(.lifecycle(event))
            let transition = machine.send(.lifecycle(event))
            #expect(accepts == transition.isAccepted)
            if let (next, effects) = Self.expected(state, event) {
                #expect(
                    transition == .accepted(effects.map(AlertPresentationEffect.lifecycle)),
                    "\(state) + \(event)")
                #expect(machine.state == next, "\(state) + \(event)")
            } else {
                #expect(transition == .rejected, "\(state) + \(event)")
                #expect(machine.state == state, "\(state) + \(event) changed the state")
            }
        }
    }

    @Test("which reasons the configuration allows")
    func reasons() throws {
        let plain = try Self.machine()
        #expect(
            plain.isAllowed(.action(.primary)) && plain.isAllowed(.programmatic) && plain.isAllowed(.system))
        #expect(
            !plain.isAllowed(.backgroundTap) && !plain.isAllowed(.closeButton) && !plain.isAllowed(.swipe))
        // The cancel action makes the escape gesture work.
        #expect(plain.isAllowed(.accessibilityEscape))
        let open = AlertPresentation(
            configuration: try AlertConfiguration(
                title: "Hi", allowsBackgroundDismissal: true, showsCloseButton: true))
        #expect(
            open.isAllowed(.backgroundTap) && open.isAllowed(.closeButton)
                && open.isAllowed(.accessibilityEscape))
        #expect(!open.isAllowed(.action(.primary)))
        let stuck = AlertPresentation(
            configuration: try AlertConfiguration(title: "Hi", actions: [.primary("OK")]))
        #expect(!stuck.isAllowed(.accessibilityEscape))
        // While an action runs, only the app and the system can dismiss.
        var busy = AlertPresentation(
            configuration: try AlertConfiguration(
                title: "Hi", actions: [.cancel("No"), .primary("Yes")],
                allowsBackgroundDismissal: true,
                showsCloseButton: true))
        busy.configuration.setLoading(true, forAction: .primary)
        #expect(!busy.isAllowed(.backgroundTap) && !busy.isAllowed(.closeButton))
        #expect(!busy.isAllowed(.accessibilityEscape))
        #expect(busy.isAllowed(.programmatic) && busy.isAllowed(.action(.primary)))
    }

    @Test("triggering actions: only while presenting or presented, and as the configuration allows")
    func triggering() throws {
        var machine = try Self.machine()
        #expect(!machine.canTrigger(.primary))
        _ = machine.send(.enqueue)
        #expect(!machine.canTrigger(.primary) && machine.isQueued && !machine.isOnScreen)
        _ = machine.send(.startPresenting)
        #expect(machine.canTrigger(.primary) && machine.isOnScreen)
        _ = machine.send(.presentationFinished)
        #expect(machine.canTrigger(.primary) && !machine.canTrigger(AlertActionID("maybe")))
        machine.configuration.setEnabled(false, forAction: .primary)
        #expect(!machine.canTrigger(.primary))
        _ = machine.send(.dismiss(.action(.primary), animated: true))
        #expect(!machine.canTrigger(.cancel) && machine.isOnScreen && !machine.isInteractive)
        _ = machine.send(.dismissalFinished)
        #expect(!machine.isOnScreen)
    }

    @Test(
        "actions: trigger runs the handler, then the alert leaves for the reason unless the action stays or loads"
    )
    func actionFlow() throws {
        var machine = AlertPresentation(
            configuration: try AlertConfiguration(
                title: "Hi",
                actions: [
                    .cancel("No"), .primary("Yes"),
                    try AlertAction("Stay", id: AlertActionID("stay"), automaticallyDismisses: false),
                ]))
        // Not on screen yet.
        #expect(machine.send(.trigger(.primary, reason: .action(.primary))) == .rejected)
        for event in Self.path(to: .presented) { _ = machine.send(event) }
        #expect(
            machine.send(.trigger(.primary, reason: .action(.primary)))
                == .accepted([.runAction(.primary, reason: .action(.primary))]))
        #expect(
            machine.send(.trigger(AlertActionID("maybe"), reason: .action(AlertActionID("maybe"))))
                == .rejected)
        #expect(
            machine.send(.actionFinished(AlertActionID("stay"), reason: .action(AlertActionID("stay"))))
                == .accepted([]))
        #expect(machine.state == .presented)
        // A handler that started loading keeps the alert up; the other actions wait.
        machine.configuration.setLoading(true, forAction: .primary)
        #expect(machine.send(.actionFinished(.primary, reason: .action(.primary))) == .accepted([]))
        #expect(machine.send(.trigger(.cancel, reason: .action(.cancel))) == .rejected)
        machine.configuration.setLoading(false, forAction: .primary)
        #expect(
            machine.send(.actionFinished(.primary, reason: .action(.primary)))
                == .accepted([
                    .lifecycle(.willDismiss(.action(.primary))), .lifecycle(.animateOut(animated: true)),
                ]))
        #expect(machine.state == .dismissing(.action(.primary)))
        #expect(machine.send(.trigger(.cancel, reason: .action(.cancel))) == .rejected)
        #expect(
            machine.send(.disappeared(isRemoved: true))
                == .accepted([.lifecycle(.didDismiss(.action(.primary)))]))
        #expect(machine.send(.dismissalFinished) == .rejected)
    }

    @Test("escape gesture: the cancel action, else a plain dismissal when allowed, else nothing")
    func escape() throws {
        var cancel = try Self.machine()
        for event in Self.path(to: .presented) { _ = cancel.send(event) }
        #expect(cancel.send(.escape) == .accepted([.runAction(.cancel, reason: .accessibilityEscape)]))
        #expect(
            cancel.send(.actionFinished(.cancel, reason: .accessibilityEscape))
                == .accepted([
                    .lifecycle(.willDismiss(.accessibilityEscape)), .lifecycle(.animateOut(animated: true)),
                ]))
        var close = AlertPresentation(
            configuration: try AlertConfiguration(title: "Hi", showsCloseButton: true))
        for event in Self.path(to: .presented) { _ = close.send(event) }
        #expect(
            close.send(.escape)
                == .accepted([
                    .lifecycle(.willDismiss(.accessibilityEscape)), .lifecycle(.animateOut(animated: true)),
                ]))
        var stuck = AlertPresentation(
            configuration: try AlertConfiguration(title: "Hi", actions: [.primary("OK")]))
        for event in Self.path(to: .presented) { _ = stuck.send(event) }
        #expect(!stuck.accepts(.escape))
        #expect(stuck.send(.escape) == .rejected)
        var idle = try Self.machine()
        #expect(idle.send(.escape) == .rejected)
    }

    @Test("return key: the return-key action, else end editing")
    func returnKey() throws {
        let input = AlertAccessory.textInput(try AlertTextInput(placeholder: "Name"))
        var save = AlertPresentation(
            configuration: try AlertConfiguration(
                title: "Rename", accessory: input, actions: [.cancel("Cancel"), .primary("Save")]))
        for event in Self.path(to: .presented) { _ = save.send(event) }
        #expect(save.send(.returnKey) == .accepted([.runAction(.primary, reason: .action(.primary))]))
        var none = AlertPresentation(
            configuration: try AlertConfiguration(
                title: "Rename", accessory: input, actions: [.cancel("Cancel")]))
        for event in Self.path(to: .presented) { _ = none.send(event) }
        #expect(none.send(.returnKey) == .accepted([.endEditing]))
    }

    @Test("the view disappearing: removed from outside completes once; covered changes nothing")
    func disappeared() throws {
        var machine = try Self.machine()
        for event in Self.path(to: .presented) { _ = machine.send(event) }
        #expect(machine.send(.disappeared(isRemoved: false)) == .rejected)
        #expect(machine.state == .presented)
        #expect(
            machine.send(.disappeared(isRemoved: true))
                == .accepted([.lifecycle(.willDismiss(.system)), .lifecycle(.didDismiss(.system))]))
        #expect(machine.send(.disappeared(isRemoved: true)) == .rejected)
    }

    @Test("Taken along by a dismissal below it while its presenter stays: the alert re-hosts")
    func hostRemovedWithPresenterInWindow() throws {
        for shown in [OverlayPresentationState.presenting, .presented] {
            var machine = try Self.machine()
            for event in Self.path(to: shown) { _ = machine.send(event) }
            #expect(
                machine.send(.hostDisappeared(isRemoved: true, presenterIsInWindow: true))
                    == .accepted([.rehost]))
            // Still up, still interactive: no dismissal is reported and it keeps its turn.
            #expect(machine.state == shown && machine.isInteractive)
            // Presented again: the next disappearance is judged afresh.
            #expect(machine.send(.hostDisappeared(isRemoved: false, presenterIsInWindow: true)) == .rejected)
            #expect(machine.state == shown)
        }
    }

    @Test(
        "Removed with its presenter (or the re-host did not take): the alert completes as a system dismissal")
    func hostRemovedWithPresenter() throws {
        var machine = try Self.machine()
        for event in Self.path(to: .presented) { _ = machine.send(event) }
        #expect(
            machine.send(.hostDisappeared(isRemoved: true, presenterIsInWindow: false))
                == .accepted([.lifecycle(.willDismiss(.system)), .lifecycle(.didDismiss(.system))]))
        #expect(machine.state == .dismissed(.system))
        #expect(machine.send(.hostDisappeared(isRemoved: true, presenterIsInWindow: true)) == .rejected)
    }

    @Test("Removed while fading out: it completes with its own reason, never re-hosts")
    func hostRemovedWhileDismissing() throws {
        for inWindow in [true, false] {
            var machine = try Self.machine()
            for event in Self.path(to: .presented) { _ = machine.send(event) }
            _ = machine.send(.dismiss(.programmatic, animated: true))
            #expect(
                machine.send(.hostDisappeared(isRemoved: true, presenterIsInWindow: inWindow))
                    == .accepted([.lifecycle(.didDismiss(.programmatic))]))
            #expect(machine.send(.dismissalFinished) == .rejected)
        }
    }

    @Test("A queued or finished alert ignores its host's disappearance")
    func hostDisappearedOutsideTheScreen() throws {
        for state in [OverlayPresentationState.idle, .queued, .cancelled, .failed(.presentationRejected)] {
            var machine = try Self.machine()
            for event in Self.path(to: state) { _ = machine.send(event) }
            for removed in [true, false] {
                #expect(
                    machine.send(.hostDisappeared(isRemoved: removed, presenterIsInWindow: true)) == .rejected
                )
            }
            #expect(machine.state == state)
        }
    }

    @Test("will- and did-dismiss fire at most once each, whatever the events (seeded)")
    func once() throws {
        var random = SeededRandomNumberGenerator(seed: 18)
        for _ in 0..<500 {
            var machine = AlertPresentation(
                configuration: try AlertConfiguration(
                    title: "Hi", actions: [.cancel("No")], allowsBackgroundDismissal: true,
                    showsCloseButton: true))
            var will = 0
            var did = 0
            for _ in 0..<12 {
                let extra: [AlertPresentationEvent] = [
                    .trigger(.cancel, reason: .action(.cancel)),
                    .actionFinished(.cancel, reason: .action(.cancel)), .escape,
                    .returnKey,
                    .disappeared(isRemoved: true), .disappeared(isRemoved: false),
                    .hostDisappeared(isRemoved: true, presenterIsInWindow: true),
                    .hostDisappeared(isRemoved: true, presenterIsInWindow: false),
                ]
                let event =
                    (Self.events.map(AlertPresentationEvent.lifecycle) + extra).randomElement(using: &random)
                    ?? .cancel
                for effect in machine.send(event).effects {
                    if case .lifecycle(.willDismiss) = effect { will += 1 }
                    if case .lifecycle(.didDismiss) = effect { did += 1 }
                }
            }
            #expect(will <= 1 && did <= 1 && did <= will)
        }
    }
}

@Suite("Alert configuration: what the front end reads")
struct AlertFrontEndReadTests {
    @Test("accessory values, the default custom content slot, the plain input")
    func reads() throws {
        let checkbox = try AlertConfiguration(
            title: "Hi", accessory: .checkbox(title: "Again", isSelected: true, isEnabled: false),
            actions: [.primary("OK")])
        #expect(
            checkbox.checkboxTitle == "Again" && checkbox.checkboxIsSelected && !checkbox.checkboxIsEnabled)
        #expect(checkbox.accessoryCheckboxValue(false) == false && checkbox.accessoryText("x") == nil)
        #expect(checkbox.textInputOrPlain == (try AlertTextInput()))
        let input = try AlertConfiguration(
            title: "Hi", accessory: .textInput(try AlertTextInput(placeholder: "Name", layout: .multiline)),
            actions: [.primary("OK")])
        #expect(input.textInputOrPlain.placeholder == "Name" && input.textInputOrPlain.isMultiline)
        #expect(input.accessoryText("typed") == "typed" && input.accessoryCheckboxValue(true) == nil)
        #expect(input.checkboxTitle == "" && !input.checkboxIsSelected)
        #expect(input.withCustomContentSlot.customContent == AlertCustomContent())
        let own = try AlertConfiguration(
            title: "Hi", customContent: try AlertCustomContent(maximumHeight: 80),
            actions: [.primary("OK")])
        #expect(own.withCustomContentSlot.customContent?.maximumHeight == 80)
        #expect(
            try AlertConfiguration(
                illustration: AlertIllustration(imageName: "a", accessibilityLabel: "Art"),
                actions: [.primary("OK")]
            ).illustrationIsAccessibilityElement)
        #expect(
            !(try AlertConfiguration(
                illustration: AlertIllustration(imageName: "a"), actions: [.primary("OK")]))
                .illustrationIsAccessibilityElement)
    }
}
