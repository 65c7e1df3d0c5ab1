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
    /// The view it is drawn in was covered (a pushed screen, another tab) after the running
    /// timer had run for `elapsed`: it leaves the screen and gives the channel up, its timer
    /// paused with the time left.
    case covered(elapsed: Duration)
    /// The view it is drawn in is visible again: it is queued for the channel again.
    case uncovered
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
    /// Hide the snackbar at once and give its channel up (withdraw its request while it
    /// waits, end its turn once shown) so the next snackbar of the scene can come. It is not
    /// dismissed: no reason is reported and the app's item stays.
    case leaveChannel
    /// Queue the snackbar for the channel (again), ahead of the requests already waiting
    /// when `next`; its turn sends ``SnackbarEvent/appeared(voiceOverRunning:)`` as usual.
    case queue(next: Bool)
}

/// One snackbar's life: waiting for its turn, shown with a timer chosen from its message and
/// whether VoiceOver runs (stopped while touched, restarted after), then dismissed once — by
/// its timer, its action, a swipe, a newer snackbar or the app — and inert afterwards (a late
/// timer or second dismissal is rejected).
///
/// **Covered.** A front end that draws the snackbar inside a view that can be covered while
/// the snackbar stays asked for (SwiftUI's `.keelSnackbar`: a pushed screen, another tab)
/// reports ``SnackbarEvent/covered(elapsed:)`` and ``SnackbarEvent/uncovered``. Covered, the
/// snackbar hides and gives the scene's channel up (``SnackbarEffect/leaveChannel``), so a
/// snackbar asked for elsewhere can show; a hidden one used to keep the channel — under
/// VoiceOver with an action, until the user went back. Visible again, it is queued again
/// (``SnackbarEffect/queue(next:)``, ahead of the waiting ones once it has been shown: it was
/// asked for before them) and, when its turn comes, announced again — VoiceOver's focus has
/// moved, and the announcement is how a VoiceOver user learns its action is within reach
/// again — and resumes with the time its timer had left: the time covered does not count,
/// because nobody could read it then. Resuming is sound because nothing else changed: its
/// message and action are the app's, still asked for (the app can still clear or replace it
/// at any point), and its timing is chosen afresh when it could not resume — when VoiceOver
/// started or stopped while it was covered (the same rule as
/// ``SnackbarEvent/voiceOverChanged(running:)``), or when it was covered while touched or
/// with no timer. A snackbar whose time was already up when it was covered (its timer had not
/// fired yet) is dismissed then with ``SnackbarDismissalReason/timeout``, not queued again.
package struct SnackbarPresentation: StateMachine, Hashable, Sendable {
    /// Where the snackbar stands.
    package enum State: Hashable, Sendable {
        /// Queued, not yet on screen (or queued again after being covered).
        case waiting
        /// On screen; `token` names the running timer (`nil`: none — indefinite or touched).
        case shown(token: Int?)
        /// Off the channel — neither queued nor on screen — while its view is covered (or,
        /// made with ``init(configuration:timing:queuedOnceVisible:)``, until its view is
        /// reported visible); its timer paused.
        case covered
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
    /// The duration of the running timer (`nil`: none — indefinite, touched or not shown).
    private var timerDuration: Duration?
    /// The time the timer had left when its view was covered (`nil`: chosen afresh).
    private var timeLeft: Duration?
    /// Whether it has been on screen.
    private var hasAppeared = false
    /// Whether its first queueing puts it ahead of the waiting requests.
    private var firstQueuedNext = false

    /// A waiting snackbar (its front end has queued it).
    package init(configuration: SnackbarConfiguration, timing: SnackbarTiming) {
        self.configuration = configuration
        self.timing = timing
    }

    /// A snackbar off the channel until its view is reported visible: the first
    /// ``SnackbarEvent/uncovered`` queues it (``SnackbarEffect/queue(next:)`` with `next`), and
    /// a ``SnackbarEvent/covered(elapsed:)`` before that is rejected. For a front end that draws
    /// it inside a view that may be covered when it is asked for.
    package init(configuration: SnackbarConfiguration, timing: SnackbarTiming, queuedOnceVisible next: Bool) {
        self.init(configuration: configuration, timing: timing)
        state = .covered
        firstQueuedNext = next
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
            // Resumes with the time left when covered, unless VoiceOver changed meanwhile.
            let resumed = running == voiceOverRunning ? timeLeft : nil
            voiceOverRunning = running
            hasAppeared = true
            timeLeft = nil
            return .accepted(
                [.announce(SnackbarAppearance.announcement(for: configuration))]
                    + startTimer(resuming: resumed))
        case (.waiting, .replace), (.waiting, .dismiss), (.covered, .replace), (.covered, .dismiss):
            // Withdrawn before its turn or while covered: nothing is on screen to remove.
            state = .dismissed(event == .replace ? .replaced : .programmatic)
            return .accepted([.dismissed(event == .replace ? .replaced : .programmatic)])
        case (.waiting, .covered):
            // Its turn must not come while nobody can see it; the time left (if it was shown
            // and covered before) stays.
            state = .covered
            return .accepted([.leaveChannel])
        case (.shown(let token), .covered(let elapsed)):
            let left = token == nil ? nil : timerDuration.map { $0 - max(.zero, elapsed) }
            if let left, left <= .zero { return dismiss(.timeout) }
            state = .covered
            timerDuration = nil
            timeLeft = left
            return .accepted([.cancelTimeout, .leaveChannel])
        case (.covered, .uncovered):
            state = .waiting
            return .accepted([.queue(next: hasAppeared || firstQueuedNext)])
        case (.shown(let token), .timeoutElapsed(let elapsed)):
            guard token == elapsed else { return .rejected }
            return dismiss(.timeout)
        case (.shown, .voiceOverChanged(let running)):
            guard running != voiceOverRunning else { return .rejected }
            voiceOverRunning = running
            return .accepted([.cancelTimeout] + startTimer())
        case (.shown, .interactionBegan):
            state = .shown(token: nil)
            timerDuration = nil
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

    /// Chooses the time from now — or resumes with `resuming`, the time a covered timer had
    /// left — and names the timer (none when indefinite).
    private mutating func startTimer(resuming: Duration? = nil) -> [SnackbarEffect] {
        guard
            let duration = resuming
                ?? timing.duration(for: configuration, voiceOverRunning: voiceOverRunning).duration
        else {
            state = .shown(token: nil)
            timerDuration = nil
            return []
        }
        timerDuration = duration
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
    /// The time on `clock` since the driver was made.
    private let sinceStart: @MainActor () -> Duration
    /// When (on `sinceStart`) the running timer was started.
    private var timerStarted: Duration = .zero

    /// A driver of `presentation` whose timers sleep on `clock`.
    package init(
        presentation: SnackbarPresentation, clock: any Clock<Duration> = ContinuousClock(),
        perform: @escaping @MainActor (SnackbarEffect) -> Void
    ) {
        self.presentation = presentation
        self.clock = clock
        self.perform = perform
        sinceStart = Self.stopwatch(on: clock)
    }

    /// The view the snackbar is drawn in was covered (`true`) or is visible again (`false`):
    /// sends ``SnackbarEvent/covered(elapsed:)`` — with the time the running timer has run on
    /// the clock — or ``SnackbarEvent/uncovered``; `false` when rejected (already so).
    @discardableResult
    package func setCovered(_ covered: Bool) -> Bool {
        send(covered ? .covered(elapsed: sinceStart() - timerStarted) : .uncovered)
    }

    /// A reading of the time on `clock` since now.
    private static func stopwatch<C: Clock<Duration>>(on clock: C) -> @MainActor () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
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
        timerStarted = sinceStart()
        let clock = clock
        timer = Task { @MainActor [weak self] in
            do { try await KeelSupport.sleep(for: duration, on: clock) } catch { return }
            self?.send(.timeoutElapsed(token: token))
        }
    }
}
