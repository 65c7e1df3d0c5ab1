import KeelGeometry
import KeelSupport

/// What a released swipe does.
package enum SnackbarReleaseDecision: Hashable, Sendable {
    /// Dismiss the snackbar.
    case dismiss
    /// Spring back into place.
    case settle
}

/// The swipe-to-dismiss maths of a snackbar: sideways either way, or downwards.
package struct SnackbarSwipe: Hashable, Sendable {
    /// The snackbar's size.
    package var size: Size
    /// The share of the width (or height) a swipe must travel.
    package var distanceFraction: Double
    /// The speed above which a flick dismisses, in points per second.
    package var velocity: Double

    /// Swipe maths for a snackbar of `size` with `theme`'s thresholds.
    package init(size: Size, theme: SnackbarTheme) {
        self.size = size
        distanceFraction = theme.dismissDistanceFraction
        velocity = theme.dismissVelocity
    }

    /// A release velocity from a gesture that reports only where a flick would come to rest
    /// (SwiftUI's `predictedEndTranslation`, which projects about a quarter of a second of
    /// travel): four times the remaining distance, in points per second.
    package static func velocity(translation: Point, predictedEndTranslation: Point) -> Point {
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        return Point(
            x: 4 * (finite(predictedEndTranslation.x) - finite(translation.x)),
            y: 4 * (finite(predictedEndTranslation.y) - finite(translation.y)))
    }

    /// Where the snackbar follows a translation: sideways freely, downwards, never upwards.
    package func offset(forTranslation translation: Point) -> Point {
        let x = translation.x.isFinite ? translation.x : 0
        let y = translation.y.isFinite ? max(0, translation.y) : 0
        return Point(x: x, y: y)
    }

    /// The opacity while dragged: fading as it travels towards dismissal.
    package func opacity(forTranslation translation: Point) -> Double {
        let offset = offset(forTranslation: translation)
        let horizontal = size.width > 0 ? abs(offset.x) / size.width : 0
        let vertical = size.height > 0 ? offset.y / size.height : 0
        return max(0, min(1, 1 - max(horizontal, vertical)))
    }

    /// The release decision: dismiss past the distance fraction of the width sideways (or
    /// the height downwards), or on a flick faster than the velocity threshold in the
    /// direction travelled; otherwise settle back.
    package func release(translation: Point, velocity flick: Point) -> SnackbarReleaseDecision {
        let offset = offset(forTranslation: translation)
        let vx = flick.x.isFinite ? flick.x : 0
        let vy = flick.y.isFinite ? flick.y : 0
        let sideways =
            abs(offset.x) > distanceFraction * size.width
            || (abs(vx) > velocity && (offset.x == 0 || (vx > 0) == (offset.x > 0)))
        let downwards = offset.y > distanceFraction * size.height || vy > velocity
        return sideways || downwards ? .dismiss : .settle
    }
}

/// An event of a ``SnackbarPresentation``.
package enum SnackbarEvent: Hashable, Sendable {
    /// The snackbar is on screen (its turn came); whether VoiceOver runs now.
    case appeared(voiceOverRunning: Bool)
    /// The timer scheduled as `token` ran out.
    case timeoutElapsed(token: Int)
    /// VoiceOver started or stopped: the time is chosen again, from now.
    case voiceOverChanged(running: Bool)
    /// A touch or swipe began: the timer stops while it lasts.
    case interactionBegan
    /// A swipe ended with this translation and velocity (the decision needs the snackbar's
    /// size and thresholds).
    case swipeEnded(translation: Point, velocity: Point, swipe: SnackbarSwipe)
    /// A touch ended without a swipe: the timer starts again.
    case interactionEnded
    /// The action was used.
    case action
    /// A newer snackbar takes its place.
    case replace
    /// The app dismisses it.
    case dismiss
}

/// What a snackbar front end does after an event, in order.
package enum SnackbarEffect: Hashable, Sendable {
    /// Announce this to VoiceOver.
    case announce(String)
    /// Start a timer that sends ``SnackbarEvent/timeoutElapsed(token:)`` with `token` after
    /// `duration` (replacing any running one).
    case scheduleTimeout(Duration, token: Int)
    /// Stop the running timer.
    case cancelTimeout
    /// Spring back into place after a swipe that did not dismiss.
    case settle
    /// Run the app's handler for the action with this identifier.
    case performAction(String)
    /// Remove the snackbar (with the appearance's motion), report the reason and release
    /// the overlay queue.
    case dismissed(SnackbarDismissalReason)
}

/// One snackbar's life: waiting for its turn, shown with a timer chosen from its message and
/// whether VoiceOver runs (stopped while touched, restarted after), then dismissed once — by
/// its timer, its action, a swipe, a newer snackbar or the app — and inert afterwards (a late
/// timer or second dismissal is rejected).
package struct SnackbarPresentation: StateMachine, Hashable, Sendable {
    /// Where the snackbar stands.
    package enum State: Hashable, Sendable {
        /// Queued, not yet on screen.
        case waiting
        /// On screen; `token` names the running timer (`nil`: none — indefinite or touched).
        case shown(token: Int?)
        /// Gone.
        case dismissed(SnackbarDismissalReason)
    }

    /// The current state.
    package private(set) var state: State = .waiting
    /// The configuration.
    package let configuration: SnackbarConfiguration
    /// The timing rules.
    package let timing: SnackbarTiming
    private var voiceOverRunning = false
    private var nextToken = 0

    /// A waiting snackbar.
    package init(configuration: SnackbarConfiguration, timing: SnackbarTiming) {
        self.configuration = configuration
        self.timing = timing
    }

    /// Whether the snackbar is on screen.
    package var isShown: Bool {
        if case .shown = state { return true }
        return false
    }

    /// Applies an event.
    @discardableResult
    package mutating func send(_ event: SnackbarEvent) -> StateTransition<SnackbarEffect> {
        switch (state, event) {
        case (.waiting, .appeared(let running)):
            voiceOverRunning = running
            return .accepted([.announce(SnackbarAppearance.announcement(for: configuration))] + startTimer())
        case (.waiting, .replace), (.waiting, .dismiss):
            // Withdrawn before its turn: nothing was shown, so there is nothing to remove.
            state = .dismissed(event == .replace ? .replaced : .programmatic)
            return .accepted([.dismissed(event == .replace ? .replaced : .programmatic)])
        case (.shown(let token), .timeoutElapsed(let elapsed)):
            guard token == elapsed else { return .rejected }
            return dismiss(.timeout)
        case (.shown, .voiceOverChanged(let running)):
            guard running != voiceOverRunning else { return .rejected }
            voiceOverRunning = running
            return .accepted([.cancelTimeout] + startTimer())
        case (.shown, .interactionBegan):
            state = .shown(token: nil)
            return .accepted([.cancelTimeout])
        case (.shown, .interactionEnded):
            return .accepted([.cancelTimeout] + startTimer())
        case (.shown, .swipeEnded(let translation, let velocity, let swipe)):
            switch swipe.release(translation: translation, velocity: velocity) {
            case .dismiss: return dismiss(.swipe)
            case .settle: return .accepted([.settle, .cancelTimeout] + startTimer())
            }
        case (.shown, .action):
            guard let action = configuration.action else { return .rejected }
            state = .dismissed(.action)
            return .accepted([.cancelTimeout, .performAction(action.id), .dismissed(.action)])
        case (.shown, .replace):
            return dismiss(.replaced)
        case (.shown, .dismiss):
            return dismiss(.programmatic)
        default:
            return .rejected
        }
    }

    private mutating func dismiss(_ reason: SnackbarDismissalReason) -> StateTransition<SnackbarEffect> {
        state = .dismissed(reason)
        return .accepted([.cancelTimeout, .dismissed(reason)])
    }

    /// Chooses the time from now and names the timer (none when indefinite).
    private mutating func startTimer() -> [SnackbarEffect] {
        guard let duration = timing.duration(for: configuration, voiceOverRunning: voiceOverRunning).duration
        else {
            state = .shown(token: nil)
            return []
        }
        nextToken += 1
        state = .shown(token: nextToken)
        return [.scheduleTimeout(duration, token: nextToken)]
    }
}

/// Runs a ``SnackbarPresentation`` for a front end: carries out its timer effects on an
/// injected clock (the continuous clock in apps, a test clock in tests) and hands every
/// other effect to `perform`. Main-actor isolated, like the views that own it; a timer
/// outliving its driver holds it weakly and does nothing when it runs out.
@MainActor
package final class SnackbarDriver {
    /// The presentation.
    package private(set) var presentation: SnackbarPresentation
    private let clock: any Clock<Duration>
    private let perform: @MainActor (SnackbarEffect) -> Void
    private var timer: Task<Void, Never>?

    /// A driver of `presentation` whose timers sleep on `clock`.
    package init(
        presentation: SnackbarPresentation, clock: any Clock<Duration> = ContinuousClock(),
        perform: @escaping @MainActor (SnackbarEffect) -> Void
    ) {
        self.presentation = presentation
        self.clock = clock
        self.perform = perform
    }

    /// Sends an event and carries out its effects; `false` when rejected.
    @discardableResult
    package func send(_ event: SnackbarEvent) -> Bool {
        let transition = presentation.send(event)
        for effect in transition.effects {
            switch effect {
            case .scheduleTimeout(let duration, let token): schedule(duration, token: token)
            case .cancelTimeout:
                timer?.cancel()
                timer = nil
            default: perform(effect)
            }
        }
        return transition.isAccepted
    }

    private func schedule(_ duration: Duration, token: Int) {
        timer?.cancel()
        let clock = clock
        timer = Task { @MainActor [weak self] in
            do { try await KeelSupport.sleep(for: duration, on: clock) } catch { return }
            self?.send(.timeoutElapsed(token: token))
        }
    }
}
