import KeelSupport

/// An event of an alert presentation.
package enum AlertPresentationEvent: Hashable, Sendable {
    /// A lifecycle event every overlay shares (``OverlayPresentation``).
    case lifecycle(OverlayPresentationEvent)
    /// An action's button was tapped (or the return key or escape gesture chose it); the
    /// alert would leave for `reason` once its handler returns.
    case trigger(AlertActionID, reason: OverlayDismissalReason)
    /// The handler of action `id` returned: dismiss when the action dismisses automatically
    /// and its handler did not start it loading.
    case actionFinished(AlertActionID, reason: OverlayDismissalReason)
    /// The VoiceOver escape gesture: the cancel action, else a dismissal when allowed.
    case escape
    /// The text input's return key: the return-key action, else end editing.
    case returnKey
    /// The controller's view left the screen; `isRemoved` when it is being dismissed or lost
    /// its presenter (something outside removed it).
    case disappeared(isRemoved: Bool)
    /// The controller's view left the screen (`isRemoved` when it is being dismissed or lost
    /// its presenter) for a front end that re-hosts: when the alert is up and the view that
    /// asked for it is still in a window (`presenterIsInWindow`), something below the alert in
    /// the presentation chain was dismissed and took it along — the alert survives by being
    /// presented again (``AlertPresentationEffect/rehost``); otherwise it leaves with its
    /// presenter, as for ``disappeared(isRemoved:)``.
    case hostDisappeared(isRemoved: Bool, presenterIsInWindow: Bool)

    /// The disappearance of a controller that UIKit reports as being dismissed or not, with
    /// or without a presenter: removed when either says so.
    package static func disappeared(isBeingDismissed: Bool, hasPresenter: Bool) -> AlertPresentationEvent {
        .disappeared(isRemoved: isBeingDismissed || !hasPresenter)
    }

    /// ``hostDisappeared(isRemoved:presenterIsInWindow:)`` from what UIKit reports: removed
    /// when the controller is being dismissed or has no presenter.
    package static func hostDisappeared(isBeingDismissed: Bool, hasPresenter: Bool, presenterIsInWindow: Bool)
        -> AlertPresentationEvent
    {
        .hostDisappeared(
            isRemoved: isBeingDismissed || !hasPresenter, presenterIsInWindow: presenterIsInWindow)
    }
}

/// What the front end must do when an alert presentation moves.
package enum AlertPresentationEffect: Hashable, Sendable {
    /// A lifecycle effect every overlay shares (``OverlayPresentation``): for the alert,
    /// ``OverlayPresentationEffect/animateIn`` and ``OverlayPresentationEffect/animateOut(animated:)``
    /// fade and scale the card, ``OverlayPresentationEffect/didPresent`` also moves the
    /// keyboard to a text input, ``OverlayPresentationEffect/willDismiss(_:)`` also ends
    /// editing, and ``OverlayPresentationEffect/didDismiss(_:)`` releases the custom content.
    case lifecycle(OverlayPresentationEffect)
    /// Call the handler of action `id` (``AlertConfiguration/handler(for:)``) with a context, then send
    /// ``AlertPresentationEvent/actionFinished(_:reason:)`` with `reason`.
    case runAction(AlertActionID, reason: OverlayDismissalReason)
    /// End editing (the return key with no action to trigger).
    case endEditing
    /// The alert's controller was removed with something below it while the alert is up:
    /// present it again, without animation, over the top of the presenter's window; if that
    /// does not take, send ``AlertPresentationEvent/hostDisappeared(isRemoved:presenterIsInWindow:)``
    /// with `presenterIsInWindow: false`. The queue is not told: the alert never left its turn.
    case rehost
}

extension AlertPresentationEvent {
    /// ``OverlayPresentationEvent/enqueue``.
    package static let enqueue = AlertPresentationEvent.lifecycle(.enqueue)
    /// ``OverlayPresentationEvent/startPresenting``.
    package static let startPresenting = AlertPresentationEvent.lifecycle(.startPresenting)
    /// ``OverlayPresentationEvent/presentationFinished``.
    package static let presentationFinished = AlertPresentationEvent.lifecycle(.presentationFinished)
    /// ``OverlayPresentationEvent/dismissalFinished``.
    package static let dismissalFinished = AlertPresentationEvent.lifecycle(.dismissalFinished)
    /// ``OverlayPresentationEvent/cancel``.
    package static let cancel = AlertPresentationEvent.lifecycle(.cancel)
    /// ``OverlayPresentationEvent/withdrawalRefused``.
    package static let withdrawalRefused = AlertPresentationEvent.lifecycle(.withdrawalRefused)

    /// ``OverlayPresentationEvent/afterWithdrawal(accepted:)``: the event to send for the
    /// queue's answer to a withdrawal, if any.
    package static func afterWithdrawal(accepted: Bool?) -> AlertPresentationEvent? {
        OverlayPresentationEvent.afterWithdrawal(accepted: accepted).map(AlertPresentationEvent.lifecycle)
    }

    /// ``OverlayPresentationEvent/dismiss(_:animated:)``.
    package static func dismiss(_ reason: OverlayDismissalReason, animated: Bool) -> AlertPresentationEvent {
        .lifecycle(.dismiss(reason, animated: animated))
    }

    /// ``OverlayPresentationEvent/fail(_:)``.
    package static func fail(_ failure: OverlayPresentationFailure) -> AlertPresentationEvent {
        .lifecycle(.fail(failure))
    }
}

/// The alert's presentation: the shared ``OverlayPresentation`` lifecycle (the reference kept
/// two Booleans in the controller), with the alert's own events on top — actions, the escape
/// gesture, the return key and its controller disappearing (removed from outside, or taken
/// along by a dismissal below it and re-hosted).
///
/// Which reasons are allowed is decided from the ``configuration``:
/// ``OverlayDismissalReason/action(_:)`` when the alert has that action, ``OverlayDismissalReason/closeButton`` when it shows one and no
/// action runs, ``OverlayDismissalReason/backgroundTap`` when background dismissal is allowed
/// and no action runs, ``OverlayDismissalReason/accessibilityEscape`` when
/// ``AlertConfiguration/escapeBehavior`` is not ignored; ``OverlayDismissalReason/programmatic``
/// and ``OverlayDismissalReason/system`` always; ``OverlayDismissalReason/swipe`` never (an
/// alert is not dragged).
package struct AlertPresentation: StateMachine, Hashable, Sendable {
    /// The shared lifecycle.
    package private(set) var lifecycle = OverlayPresentation()
    /// The alert's configuration now (loading and enabled states change it while shown).
    package var configuration: AlertConfiguration

    /// A presentation of `configuration`.
    package init(configuration: AlertConfiguration) {
        self.configuration = configuration
    }

    /// The state: the shared lifecycle's (the alert adds none of its own).
    package var state: OverlayPresentationState { lifecycle.state }

    /// Applies `event`: the effects to perform in order, or rejected when it is not valid now.
    package mutating func send(_ event: AlertPresentationEvent) -> StateTransition<AlertPresentationEffect> {
        switch (state, event) {
        case (_, .lifecycle(let common)):
            let configuration = configuration
            return lifecycle.send(common) { Self.isAllowed($0, by: configuration) }
                .mapEffects(AlertPresentationEffect.lifecycle)
        case (.presenting, .trigger(let id, let reason)), (.presented, .trigger(let id, let reason)):
            guard configuration.canTrigger(id) else { return .rejected }
            return .accepted([.runAction(id, reason: reason)])
        case (.presenting, .actionFinished(let id, let reason)),
            (.presented, .actionFinished(let id, let reason)):
            guard configuration.dismissesAfterTriggering(id) else { return .accepted() }
            return send(.dismiss(reason, animated: true))
        case (.presenting, .escape), (.presented, .escape):
            switch configuration.escapeBehavior {
            case .trigger(let id): return send(.trigger(id, reason: .accessibilityEscape))
            case .dismiss: return send(.dismiss(.accessibilityEscape, animated: true))
            case .ignored: return .rejected
            }
        case (.presenting, .returnKey), (.presented, .returnKey):
            guard let id = configuration.returnKeyActionID else { return .accepted([.endEditing]) }
            return send(.trigger(id, reason: .action(id)))
        case (.presenting, .disappeared(true)), (.presented, .disappeared(true)),
            (.dismissing, .disappeared(true)), (.presenting, .hostDisappeared(true, false)),
            (.presented, .hostDisappeared(true, false)), (.dismissing, .hostDisappeared(true, _)):
            return send(.dismiss(.system, animated: false))
        case (.presenting, .hostDisappeared(true, true)), (.presented, .hostDisappeared(true, true)):
            // Taken along by a dismissal below it while its presenter stays: show it again.
            return .accepted([.rehost])
        default:
            return .rejected
        }
    }

    /// Whether a dismissal for `reason` is allowed by the configuration now.
    package func isAllowed(_ reason: OverlayDismissalReason) -> Bool {
        Self.isAllowed(reason, by: configuration)
    }

    private static func isAllowed(_ reason: OverlayDismissalReason, by configuration: AlertConfiguration)
        -> Bool
    {
        switch reason {
        case .programmatic, .system: true
        case .swipe: false
        case .action(let id): configuration.action(id) != nil
        case .closeButton: configuration.showsCloseButton && !configuration.isBusy
        case .backgroundTap: configuration.backgroundTapDismisses
        case .accessibilityEscape: configuration.escapeBehavior != .ignored
        }
    }

    /// Whether the alert is on screen and not leaving (its controls act on touches).
    package var isInteractive: Bool { state.isInteractive }

    /// Whether action `id` may be triggered now: the alert is interactive and
    /// ``AlertConfiguration/canTrigger(_:)`` allows it.
    package func canTrigger(_ id: AlertActionID) -> Bool { isInteractive && configuration.canTrigger(id) }

    /// Whether the alert waits in the queue.
    package var isQueued: Bool { state.isQueued }

    /// Whether the alert is on screen (presenting, presented or dismissing).
    package var isOnScreen: Bool { state.isOnScreen }
}
