import KeelDesign
import KeelSupport

/// Where one overlay presentation — an alert's or a sheet's — is in its lifecycle.
package enum OverlayPresentationState: Hashable, Sendable {
    /// Made, not yet requested.
    case idle
    /// Waiting in the overlay queue.
    case queued
    /// On screen, animating in.
    case presenting
    /// On screen and at rest.
    case presented
    /// On screen, animating out: it keeps its turn in the queue until the animation ends.
    case dismissing(OverlayDismissalReason)
    /// Gone.
    case dismissed(OverlayDismissalReason)
    /// Never shown.
    case failed(OverlayPresentationFailure)
    /// Withdrawn before it was shown.
    case cancelled
}

/// An event of the lifecycle every overlay shares.
package enum OverlayPresentationEvent: Hashable, Sendable {
    /// Requested: enters the overlay queue.
    case enqueue
    /// Its turn came: it is on screen and the in-animation starts.
    case startPresenting
    /// The in-animation finished.
    case presentationFinished
    /// Dismissal was asked for, with why and whether to animate.
    case dismiss(OverlayDismissalReason, animated: Bool = true)
    /// The out-animation finished and the overlay was removed.
    case dismissalFinished
    /// The queue could not show it.
    case fail(OverlayPresentationFailure)
    /// Withdrawn before it was shown.
    case cancel
    /// The queue refused to withdraw the overlay (``OverlayPresentationEffect/withdrawFromQueue``):
    /// its turn had already come, so the platform is putting it on screen (a free channel
    /// presents at once, and the front end hears of it only on the next turn). Accepted while
    /// queued, and right after the machine asked to withdraw it: the overlay is queued again
    /// with its programmatic dismissal pending, carried out as soon as
    /// ``startPresenting`` arrives (so the queue hears did-dismiss and frees the channel).
    case withdrawalRefused
}

/// What the front end must do when an overlay's lifecycle moves.
package enum OverlayPresentationEffect: Hashable, Sendable {
    /// Animate the overlay in (its turn came).
    case animateIn
    /// `onDidPresent`, and move VoiceOver focus into the overlay.
    case didPresent
    /// `onWillDismiss` with the reason — at most once.
    case willDismiss(OverlayDismissalReason)
    /// Animate the overlay out (at once when `animated` is false), then remove it and send
    /// ``OverlayPresentationEvent/dismissalFinished``.
    case animateOut(animated: Bool)
    /// Release the content, tell the queue, and call `onDidDismiss` with the reason — at most
    /// once.
    case didDismiss(OverlayDismissalReason)
    /// Report the failure to the requester.
    case failed(OverlayPresentationFailure)
    /// Withdraw the overlay's ticket from the queue (it was still waiting).
    case withdrawFromQueue
}

/// The one lifecycle of an overlay presentation, which ``AlertPresentation`` and
/// ``SheetPresentation`` both run (each adds its own events on top: the alert's actions,
/// escape, return key and re-hosting; the sheet's drag): idle → queued → presenting →
/// presented → dismissing(reason) → dismissed(reason), plus failed and cancelled. Will- and
/// did-dismiss fire at most once each, with the reason.
///
/// Which dismissal reasons are allowed is the overlay's own rule, passed to
/// ``send(_:allowing:)``; ``OverlayDismissalReason/system`` (removed from outside) completes
/// at once with nothing to animate, and a programmatic dismissal of a queued overlay withdraws
/// it — unless the queue refuses (its turn already came:
/// ``OverlayPresentationEvent/withdrawalRefused``), when the overlay stays queued and is
/// dismissed as soon as it starts presenting, so the machine and the queue never disagree
/// about whether it is on screen.
package struct OverlayPresentation: Hashable, Sendable {
    /// The state.
    package private(set) var state: OverlayPresentationState = .idle
    /// Whether a programmatic dismissal waits for the presentation to start (the queue refused
    /// to withdraw the overlay: ``OverlayPresentationEvent/withdrawalRefused``).
    package private(set) var dismissesOnStart = false
    /// Whether the overlay was cancelled by asking the front end to withdraw it from the queue
    /// (only then can the queue's refusal follow; no other event moves a cancelled overlay).
    private var askedToWithdraw = false

    /// A presentation not yet requested.
    package init() {}

    /// Applies `event`, with `isAllowed` deciding whether a dismissal for a reason may
    /// happen now: the effects to perform in order, or rejected (nothing changes).
    package mutating func send(
        _ event: OverlayPresentationEvent, allowing isAllowed: (OverlayDismissalReason) -> Bool
    ) -> StateTransition<OverlayPresentationEffect> {
        switch (state, event) {
        case (.idle, .enqueue):
            state = .queued
            return .accepted()
        case (.queued, .startPresenting) where dismissesOnStart:
            // Dismissed by the app while the queue was already presenting it: it leaves at
            // once, never animating in.
            dismissesOnStart = false
            state = .dismissing(.programmatic)
            return .accepted([.willDismiss(.programmatic), .animateOut(animated: false)])
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
            dismissesOnStart = false
            askedToWithdraw = true
            return .accepted([.withdrawFromQueue])
        case (.queued, .withdrawalRefused),
            (.cancelled, .withdrawalRefused) where askedToWithdraw:
            // The queue already presents it: it is not withdrawn but waits, queued, to start
            // and leave.
            state = .queued
            askedToWithdraw = false
            dismissesOnStart = true
            return .accepted()
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
            // The animation ended, or the system removed the overlay first: complete once.
            state = .dismissed(reason)
            return .accepted([.didDismiss(reason)])
        case (.idle, .fail(let failure)), (.queued, .fail(let failure)), (.presenting, .fail(let failure)):
            state = .failed(failure)
            return .accepted([.failed(failure)])
        default:
            return .rejected
        }
    }
}

extension OverlayPresentationEvent {
    /// The event for the queue's answer to a withdrawal (`SceneOverlayQueue.cancel(_:)`;
    /// `nil` when the overlay has no ticket): none when the queue withdrew it or there was
    /// nothing to withdraw, ``withdrawalRefused`` when it refused because the overlay's turn
    /// had already come.
    package static func afterWithdrawal(accepted: Bool?) -> OverlayPresentationEvent? {
        accepted == false ? .withdrawalRefused : nil
    }
}

extension OverlayPresentationState {
    /// Whether the overlay waits in the queue.
    package var isQueued: Bool { self == .queued }

    /// Whether the overlay is on screen and not leaving (its controls act on touches).
    package var isInteractive: Bool { self == .presenting || self == .presented }

    /// Whether the overlay is on screen: animating in, at rest or animating out. An overlay
    /// animating out is still seen (and holds its turn: the queue shows the next one only
    /// after its did-dismiss).
    package var isOnScreen: Bool {
        switch self {
        case .presenting, .presented, .dismissing: true
        case .idle, .queued, .dismissed, .failed, .cancelled: false
        }
    }

    /// Why the overlay was not shown, if it was not.
    package var failure: OverlayPresentationFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// Whether the presentation is over (dismissed, failed or cancelled): no event moves it
    /// on, except the queue's refusal to withdraw a cancelled overlay whose turn had already
    /// come (``OverlayPresentationEvent/withdrawalRefused``, sent while the front end carries
    /// out the cancellation's ``OverlayPresentationEffect/withdrawFromQueue``).
    package var isFinal: Bool {
        switch self {
        case .dismissed, .failed, .cancelled: true
        case .idle, .queued, .presenting, .presented, .dismissing: false
        }
    }
}

extension StateTransition {
    /// The same answer with each effect wrapped by `transform` (an overlay's own effect type
    /// around the shared lifecycle's).
    package func mapEffects<Wrapped: Sendable>(_ transform: (Effect) -> Wrapped) -> StateTransition<Wrapped> {
        isAccepted ? .accepted(effects.map(transform)) : .rejected
    }
}

extension MotionPlan {
    /// How long the change takes to run to its end: the delay and the duration (nothing when
    /// it is immediate). A front end that cannot observe an animation's end (SwiftUI) waits
    /// this long before it reports an overlay's fade-out finished and removes its host — the
    /// SwiftUI alert and sheet used to wait the duration alone, so a theme motion with a delay
    /// removed the host before its fade ended, and waited even when not animated.
    package var settleTime: Double {
        switch self {
        case .immediate: 0
        case .crossFade(let duration): duration
        case .animate(_, let duration, let delay): duration + delay
        }
    }
}
