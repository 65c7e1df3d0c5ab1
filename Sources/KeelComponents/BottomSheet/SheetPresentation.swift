import KeelSupport

/// The state of one sheet presentation: the shared overlay lifecycle, or following a drag
/// (on screen, from and back to ``OverlayPresentationState/presented``).
package enum SheetPresentationState: Hashable, Sendable {
    /// A state of the lifecycle every overlay shares.
    case lifecycle(OverlayPresentationState)
    /// Presented and following a drag.
    case dragging

    /// Made, not yet requested.
    package static let idle = SheetPresentationState.lifecycle(.idle)
}

/// An event of a sheet presentation.
package enum SheetPresentationEvent: Hashable, Sendable {
    /// A lifecycle event every overlay shares (``OverlayPresentation``).
    case lifecycle(OverlayPresentationEvent)
    /// A drag began.
    case beginDrag
    /// A drag ended without dismissing.
    case endDragSettled
}

extension SheetPresentationEvent {
    /// ``OverlayPresentationEvent/enqueue``.
    package static let enqueue = SheetPresentationEvent.lifecycle(.enqueue)
    /// ``OverlayPresentationEvent/startPresenting``.
    package static let startPresenting = SheetPresentationEvent.lifecycle(.startPresenting)
    /// ``OverlayPresentationEvent/presentationFinished``.
    package static let presentationFinished = SheetPresentationEvent.lifecycle(.presentationFinished)
    /// ``OverlayPresentationEvent/dismissalFinished``.
    package static let dismissalFinished = SheetPresentationEvent.lifecycle(.dismissalFinished)
    /// ``OverlayPresentationEvent/cancel``.
    package static let cancel = SheetPresentationEvent.lifecycle(.cancel)
    /// ``OverlayPresentationEvent/withdrawalRefused``.
    package static let withdrawalRefused = SheetPresentationEvent.lifecycle(.withdrawalRefused)

    /// ``OverlayPresentationEvent/afterWithdrawal(accepted:)``: the event to send for the
    /// queue's answer to a withdrawal, if any.
    package static func afterWithdrawal(accepted: Bool?) -> SheetPresentationEvent? {
        OverlayPresentationEvent.afterWithdrawal(accepted: accepted).map(SheetPresentationEvent.lifecycle)
    }

    /// ``OverlayPresentationEvent/dismiss(_:animated:)`` (animated unless told otherwise: the
    /// ``OverlayPresentationEffect/animateOut(animated:)`` it gives says the same).
    package static func dismiss(_ reason: OverlayDismissalReason, animated: Bool = true)
        -> SheetPresentationEvent
    {
        .lifecycle(.dismiss(reason, animated: animated))
    }

    /// ``OverlayPresentationEvent/fail(_:)``.
    package static func fail(_ failure: OverlayPresentationFailure) -> SheetPresentationEvent {
        .lifecycle(.fail(failure))
    }
}

/// The sheet's presentation: the shared ``OverlayPresentation`` lifecycle (the reference kept
/// several Booleans), with the sheet's drag on top — presented ↔ dragging, and a dismissal
/// from either. Its effects are the lifecycle's (``OverlayPresentationEffect``).
package struct SheetPresentation: StateMachine, Hashable, Sendable {
    /// The shared lifecycle (``OverlayPresentationState/presented`` while dragging).
    package private(set) var lifecycle = OverlayPresentation()
    /// Whether a drag is being followed (only while presented).
    package private(set) var isDragging = false
    /// Whether background taps, swipes and the escape gesture may dismiss.
    package var isInteractiveDismissalEnabled: Bool
    /// Whether a background tap dismisses.
    package var allowsBackgroundDismissal: Bool

    /// A presentation.
    package init(isInteractiveDismissalEnabled: Bool = true, allowsBackgroundDismissal: Bool = true) {
        self.isInteractiveDismissalEnabled = isInteractiveDismissalEnabled
        self.allowsBackgroundDismissal = allowsBackgroundDismissal
    }

    /// The state: dragging, else the lifecycle's.
    package var state: SheetPresentationState { isDragging ? .dragging : .lifecycle(lifecycle.state) }

    /// Applies an event: the callbacks to fire, or `StateTransition/rejected` when the
    /// event is not valid now (nothing changes).
    package mutating func send(_ event: SheetPresentationEvent) -> StateTransition<OverlayPresentationEffect>
    {
        switch (state, event) {
        case (.lifecycle(.presented), .beginDrag):
            guard isInteractiveDismissalEnabled else { return .rejected }
            isDragging = true
            return .accepted()
        case (.dragging, .endDragSettled):
            isDragging = false
            return .accepted()
        case (_, .lifecycle(let common)):
            let rules = self
            let transition = lifecycle.send(common, allowing: rules.isAllowed)
            // A drag ends with the presentation it was part of.
            if lifecycle.state != .presented { isDragging = false }
            return transition
        default:
            return .rejected
        }
    }

    /// Whether a dismissal for `reason` is allowed now.
    package func isAllowed(_ reason: OverlayDismissalReason) -> Bool {
        switch reason {
        case .programmatic, .system: true
        // A sheet has no actions or close button of its own: those reasons are the alert's.
        case .action, .closeButton: false
        case .swipe, .accessibilityEscape: isInteractiveDismissalEnabled
        case .backgroundTap: isInteractiveDismissalEnabled && allowsBackgroundDismissal
        }
    }

    /// Whether the sheet is presented and not dragged.
    package var isAtRest: Bool { state == .lifecycle(.presented) }

    /// Whether the sheet may present a full-screen overlay of its own: only at rest, with no
    /// overlay already shown and a controller that has no parent or presenter.
    package func canPresentOverlay(isOverlayShown: Bool, overlayHasParentOrPresenter: Bool) -> Bool {
        isAtRest && !isOverlayShown && !overlayHasParentOrPresenter
    }

    /// The same rule from the overlay's two relations: a parent controller, a presenter.
    package func canPresentOverlay(isOverlayShown: Bool, overlayHasParent: Bool, overlayHasPresenter: Bool)
        -> Bool
    {
        canPresentOverlay(
            isOverlayShown: isOverlayShown,
            overlayHasParentOrPresenter: overlayHasParent || overlayHasPresenter)
    }

    /// Whether the VoiceOver escape gesture dismisses now: exactly when the machine would
    /// accept ``OverlayDismissalReason/accessibilityEscape`` (on screen and not leaving,
    /// interactive dismissal enabled), as for the alert.
    package var allowsEscape: Bool { accepts(.dismiss(.accessibilityEscape)) }

    /// How a dismissal request for `reason` is carried out now: a queued sheet asked
    /// programmatically is withdrawn from the queue; a shown one animates out (at once when
    /// `animated` is false or the view is not in a window) or, for ``OverlayDismissalReason/system``,
    /// completes with nothing to animate; anything not allowed is rejected.
    package func dismissalRoute(for reason: OverlayDismissalReason, animated: Bool, isInWindow: Bool)
        -> SheetDismissalRoute
    {
        if state == .lifecycle(.queued), reason == .programmatic { return .withdraw }
        guard accepts(.dismiss(reason)) else { return .rejected }
        if reason == .system { return .complete }
        return .animateOut(animated: animated && isInWindow)
    }
}

/// How a dismissal request is carried out (see ``SheetPresentation/dismissalRoute(for:animated:isInWindow:)``).
package enum SheetDismissalRoute: Hashable, Sendable {
    /// Still queued: withdraw it (cancel the ticket), firing no dismissal callbacks. When the
    /// queue refuses because its turn already came, the sheet is dismissed as it starts and
    /// reports a programmatic dismissal (``OverlayPresentationEvent/withdrawalRefused``).
    case withdraw
    /// Send the dismissal and animate the surface out (or jump when `animated` is false).
    case animateOut(animated: Bool)
    /// Send the dismissal; it completes at once (removed from outside).
    case complete
    /// Not allowed now: nothing happens (the caller's completion still runs).
    case rejected
}

extension SheetPresentationState {
    /// The lifecycle state (``OverlayPresentationState/presented`` while dragging).
    package var lifecycle: OverlayPresentationState {
        switch self {
        case .lifecycle(let state): state
        case .dragging: .presented
        }
    }

    /// Whether the sheet is on screen: animating in, at rest, dragged or animating out
    /// (``OverlayPresentationState/isOnScreen``).
    package var isOnScreen: Bool { lifecycle.isOnScreen }

    /// Whether the sheet waits in the queue.
    package var isPending: Bool { lifecycle.isQueued }

    /// Why the sheet was not shown, if it was not.
    package var failure: OverlayPresentationFailure? { lifecycle.failure }

    /// Whether the presentation is over (dismissed, failed or cancelled): no event moves it
    /// on.
    package var isFinal: Bool { lifecycle.isFinal }
}
