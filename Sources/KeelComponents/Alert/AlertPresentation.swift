import KeelSupport

/// The state of one alert presentation.
package enum AlertPresentationState: Hashable, Sendable {
    /// Made, not yet requested.
    case idle
    /// Waiting in the overlay queue.
    case queued
    /// On screen, animating in.
    case presenting
    /// On screen and at rest.
    case presented
    /// Animating out.
    case dismissing(OverlayDismissalReason)
    /// Gone.
    case dismissed(OverlayDismissalReason)
    /// Never shown.
    case failed(OverlayPresentationFailure)
    /// Withdrawn from the queue before it was shown.
    case cancelled
}

/// An event of an alert presentation.
package enum AlertPresentationEvent: Hashable, Sendable {
    /// Requested: enters the overlay queue.
    case enqueue
    /// Its turn came: it is on screen and the in-animation starts.
    case startPresenting
    /// The in-animation finished.
    case presentationFinished
    /// Dismissal was asked for, with why and whether to animate.
    case dismiss(OverlayDismissalReason, animated: Bool)
    /// The out-animation finished and the controller was removed.
    case dismissalFinished
    /// The queue could not show it.
    case fail(OverlayPresentationFailure)
    /// Withdrawn while queued.
    case cancel
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
    /// Fade and scale the card in (the theme's motion).
    case animateIn
    /// Move VoiceOver focus (and the keyboard, for a text input) to the initial element and
    /// call `onDidPresent`.
    case didPresent
    /// End editing and call `onWillDismiss` with the reason — once.
    case willDismiss(OverlayDismissalReason)
    /// Fade and scale the card out, then remove the controller and send
    /// ``AlertPresentationEvent/dismissalFinished``.
    case animateOut(animated: Bool)
    /// Release the custom content, tell the queue, and call `onDidDismiss` with the reason —
    /// once.
    case didDismiss(OverlayDismissalReason)
    /// Report the failure to the requester (`onFailure`).
    case failed(OverlayPresentationFailure)
    /// Withdraw the alert's ticket from the overlay queue.
    case withdrawFromQueue
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

/// The alert's presentation lifecycle (the reference kept two Booleans in the controller):
/// idle → queued → presenting → presented → dismissing → dismissed, plus failed and
/// cancelled. Will- and did-dismiss fire once each, with the reason.
///
/// Which reasons are allowed is decided from the ``configuration``:
/// ``OverlayDismissalReason/action(_:)`` when the alert has that action, ``OverlayDismissalReason/closeButton`` when it shows one and no
/// action runs, ``OverlayDismissalReason/backgroundTap`` when background dismissal is allowed
/// and no action runs, ``OverlayDismissalReason/accessibilityEscape`` when
/// ``AlertConfiguration/escapeBehavior`` is not ignored; ``OverlayDismissalReason/programmatic``
/// and ``OverlayDismissalReason/system`` always; ``OverlayDismissalReason/swipe`` never (an
/// alert is not dragged).
package struct AlertPresentation: StateMachine, Hashable, Sendable {
    /// The state.
    package private(set) var state: AlertPresentationState = .idle
    /// The alert's configuration now (loading and enabled states change it while shown).
    package var configuration: AlertConfiguration

    /// A presentation of `configuration`.
    package init(configuration: AlertConfiguration) {
        self.configuration = configuration
    }

    /// Applies `event`: the effects to perform in order, or rejected when it is not valid now.
    package mutating func send(_ event: AlertPresentationEvent) -> StateTransition<AlertPresentationEffect> {
        switch (state, event) {
        case (.idle, .enqueue):
            state = .queued
            return .accepted()
        case (.queued, .startPresenting):
            state = .presenting
            return .accepted([.animateIn])
        case (.presenting, .presentationFinished):
            state = .presented
            return .accepted([.didPresent])
        case (.idle, .cancel):
            state = .cancelled
            return .accepted()
        case (.queued, .cancel), (.queued, .dismiss(.programmatic, _)):
            state = .cancelled
            return .accepted([.withdrawFromQueue])
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
        case (.presenting, .dismiss(let reason, let animated)),
            (.presented, .dismiss(let reason, let animated)):
            guard isAllowed(reason) else { return .rejected }
            if reason == .system {
                // Removed from outside: nothing left to animate.
                state = .dismissed(.system)
                return .accepted([.willDismiss(.system), .didDismiss(.system)])
            }
            state = .dismissing(reason)
            return .accepted([.willDismiss(reason), .animateOut(animated: animated)])
        case (.dismissing(let reason), .dismissalFinished), (.dismissing(let reason), .dismiss(.system, _)):
            // The animation ended, or the system removed the controller first: complete once.
            state = .dismissed(reason)
            return .accepted([.didDismiss(reason)])
        case (.idle, .fail(let failure)), (.queued, .fail(let failure)), (.presenting, .fail(let failure)):
            state = .failed(failure)
            return .accepted([.failed(failure)])
        default:
            return .rejected
        }
    }

    /// Whether a dismissal for `reason` is allowed by the configuration now.
    package func isAllowed(_ reason: OverlayDismissalReason) -> Bool {
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
    package var isInteractive: Bool { state == .presenting || state == .presented }

    /// Whether action `id` may be triggered now: the alert is interactive and
    /// ``AlertConfiguration/canTrigger(_:)`` allows it.
    package func canTrigger(_ id: AlertActionID) -> Bool { isInteractive && configuration.canTrigger(id) }

    /// Whether the alert waits in the queue.
    package var isQueued: Bool { state == .queued }

    /// Whether the alert is on screen (presenting, presented or dismissing).
    package var isOnScreen: Bool {
        switch state {
        case .presenting, .presented, .dismissing: true
        default: false
        }
    }
}
