import KeelSupport

/// The state of one sheet presentation.
package enum SheetPresentationState: Hashable, Sendable {
    /// Made, not yet requested.
    case idle
    /// Waiting in the overlay queue.
    case queued
    /// Animating in.
    case presenting
    /// On screen and at rest.
    case presented
    /// Following a drag.
    case dragging
    /// Animating out.
    case dismissing(OverlayDismissalReason)
    /// Gone.
    case dismissed(OverlayDismissalReason)
    /// Never shown.
    case failed(OverlayPresentationFailure)
    /// Withdrawn before it was shown.
    case cancelled
}

/// An event of a sheet presentation.
package enum SheetPresentationEvent: Hashable, Sendable {
    /// Requested: enters the queue.
    case enqueue
    /// Its turn came and the animation started.
    case startPresenting
    /// The in-animation finished.
    case presentationFinished
    /// A drag began.
    case beginDrag
    /// A drag ended without dismissing.
    case endDragSettled
    /// Dismissal was asked for.
    case dismiss(OverlayDismissalReason)
    /// The out-animation finished.
    case dismissalFinished
    /// The presentation failed.
    case fail(OverlayPresentationFailure)
    /// Withdrawn.
    case cancel
}

/// A callback the front end must fire.
package enum SheetPresentationEffect: Hashable, Sendable {
    /// Animate the surface in from off screen (its turn came).
    case animateIn
    /// `onDidPresent` (then move VoiceOver focus to the sheet).
    case didPresent
    /// `onWillDismiss` with the reason — at most once.
    case willDismiss(OverlayDismissalReason)
    /// `onDidDismiss` with the reason — at most once.
    case didDismiss(OverlayDismissalReason)
    /// Report the failure to the requester.
    case failed(OverlayPresentationFailure)
}

/// The one state machine of a sheet presentation (the reference kept several Booleans):
/// idle → queued → presenting → presented ↔ dragging → dismissing → dismissed, plus failed
/// and cancelled. Will/did-dismiss fire once each.
package struct SheetPresentation: StateMachine, Hashable, Sendable {
    /// The state.
    package private(set) var state: SheetPresentationState = .idle
    /// Whether background taps, swipes and the escape gesture may dismiss.
    package var isInteractiveDismissalEnabled: Bool
    /// Whether a background tap dismisses.
    package var allowsBackgroundDismissal: Bool

    /// A presentation.
    package init(isInteractiveDismissalEnabled: Bool = true, allowsBackgroundDismissal: Bool = true) {
        self.isInteractiveDismissalEnabled = isInteractiveDismissalEnabled
        self.allowsBackgroundDismissal = allowsBackgroundDismissal
    }

    /// Applies an event: the callbacks to fire, or `StateTransition/rejected` when the
    /// event is not valid now (nothing changes).
    package mutating func send(_ event: SheetPresentationEvent) -> StateTransition<SheetPresentationEffect> {
        guard let effects = apply(event) else { return .rejected }
        return .accepted(effects)
    }

    private mutating func apply(_ event: SheetPresentationEvent) -> [SheetPresentationEffect]? {
        switch (state, event) {
        case (.idle, .enqueue):
            state = .queued
            return []
        case (.queued, .startPresenting):
            state = .presenting
            return [.animateIn]
        case (.presenting, .presentationFinished):
            state = .presented
            return [.didPresent]
        case (.presented, .beginDrag):
            guard isInteractiveDismissalEnabled else { return nil }
            state = .dragging
            return []
        case (.dragging, .endDragSettled):
            state = .presented
            return []
        case (.idle, .cancel), (.queued, .cancel), (.queued, .dismiss(.programmatic)):
            state = .cancelled
            return []
        case (.presenting, .dismiss(let reason)), (.presented, .dismiss(let reason)),
            (.dragging, .dismiss(let reason)):
            guard isAllowed(reason) else { return nil }
            if reason == .system {
                // Removed from outside: nothing to animate.
                state = .dismissed(.system)
                return [.willDismiss(.system), .didDismiss(.system)]
            }
            state = .dismissing(reason)
            return [.willDismiss(reason)]
        case (.dismissing(let reason), .dismissalFinished):
            state = .dismissed(reason)
            return [.didDismiss(reason)]
        case (.dismissing(let reason), .dismiss(.system)):
            // The system finished it for us: complete once.
            state = .dismissed(reason)
            return [.didDismiss(reason)]
        case (.idle, .fail(let failure)), (.queued, .fail(let failure)), (.presenting, .fail(let failure)):
            state = .failed(failure)
            return [.failed(failure)]
        default:
            return nil
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

    /// Whether the sheet may present a full-screen overlay of its own: only at rest, with no
    /// overlay already shown and a controller that has no parent or presenter.
    package func canPresentOverlay(isOverlayShown: Bool, overlayHasParentOrPresenter: Bool) -> Bool {
        state == .presented && !isOverlayShown && !overlayHasParentOrPresenter
    }

    /// The same rule from the overlay's two relations: a parent controller, a presenter.
    package func canPresentOverlay(isOverlayShown: Bool, overlayHasParent: Bool, overlayHasPresenter: Bool)
        -> Bool
    {
        canPresentOverlay(
            isOverlayShown: isOverlayShown,
            overlayHasParentOrPresenter: overlayHasParent || overlayHasPresenter)
    }

    /// Whether the VoiceOver escape gesture dismisses now: at rest, with interactive
    /// dismissal enabled.
    package var allowsEscape: Bool { state == .presented && isAllowed(.accessibilityEscape) }

    /// How a dismissal request for `reason` is carried out now: a queued sheet asked
    /// programmatically is withdrawn from the queue; a shown one animates out (at once when
    /// `animated` is false or the view is not in a window) or, for ``OverlayDismissalReason/system``,
    /// completes with nothing to animate; anything not allowed is rejected.
    package func dismissalRoute(for reason: OverlayDismissalReason, animated: Bool, isInWindow: Bool)
        -> SheetDismissalRoute
    {
        if state == .queued, reason == .programmatic { return .withdraw }
        guard accepts(.dismiss(reason)) else { return .rejected }
        if reason == .system { return .complete }
        return .animateOut(animated: animated && isInWindow)
    }
}

/// How a dismissal request is carried out (see ``SheetPresentation/dismissalRoute(for:animated:isInWindow:)``).
package enum SheetDismissalRoute: Hashable, Sendable {
    /// Still queued: withdraw it (cancel the ticket), firing no dismissal callbacks.
    case withdraw
    /// Send the dismissal and animate the surface out (or jump when `animated` is false).
    case animateOut(animated: Bool)
    /// Send the dismissal; it completes at once (removed from outside).
    case complete
    /// Not allowed now: nothing happens (the caller's completion still runs).
    case rejected
}

extension SheetPresentationState {
    /// Whether the sheet is on screen (at rest or dragged).
    package var isOnScreen: Bool { self == .presented || self == .dragging }

    /// Whether the sheet waits in the queue.
    package var isPending: Bool { self == .queued }

    /// Why the sheet was not shown, if it was not.
    package var failure: OverlayPresentationFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// Whether the presentation is over (dismissed, failed or cancelled): no event moves it
    /// on.
    package var isFinal: Bool {
        switch self {
        case .dismissed, .failed, .cancelled: true
        case .idle, .queued, .presenting, .presented, .dragging, .dismissing: false
        }
    }
}
