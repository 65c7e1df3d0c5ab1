import KeelSupport

/// The state of a vertical space transition.
public enum VerticalSpaceTransitionState: Hashable, Sendable {
    /// Resting on Home.
    case home
    /// Home follows a drag; `progress` 0…1.
    case dragging(progress: Double)
    /// A spring is taking it to `target`.
    case settling(target: VerticalSpacePage)
    /// Resting on Feed.
    case feed
    /// Feed is closing back to Home.
    case closing
}

/// An event of the transition.
package enum VerticalSpaceTransitionEvent: Hashable, Sendable {
    /// Home's pan began.
    case beginDrag
    /// Home's pan moved to a finger translation (points, UIKit's sign: the upward drag to
    /// Feed is negative).
    case drag(translation: Double)
    /// Home's pan ended with a velocity (points per second, upward negative).
    case endDrag(translation: Double, velocity: Double)
    /// Home's pan was cancelled by the system.
    case cancelDrag
    /// Home's pan recogniser reported `phase` with its translation and velocity (points and
    /// points per second, UIKit's sign: upward negative) — the one event UIKit forwards; the machine turns
    /// it into ``beginDrag``, ``drag(translation:)``, ``endDrag(translation:velocity:)`` or
    /// ``cancelDrag`` (``PanGesturePhase/possible`` is rejected).
    case pan(PanGesturePhase, translation: Double, velocity: Double)
    /// The settle spring finished.
    case settleFinished
    /// Feed asked to close, animated or not.
    case close(animated: Bool)
    /// The close animation finished.
    case closeFinished
    /// The container was laid out at a new page height (points; bad values count as 0).
    /// Always accepted; resting or dragging, it moves both pages for the new height (on Feed,
    /// Home to minus the new height).
    case resize(pageHeight: Double)
}

/// The phase of a pan gesture recogniser, as the headless transition sees it.
package enum PanGesturePhase: Hashable, Sendable, CaseIterable {
    /// Not recognised yet.
    case possible
    /// The pan began.
    case began
    /// The finger moved.
    case changed
    /// The finger lifted.
    case ended
    /// The system cancelled the pan.
    case cancelled
    /// The pan failed.
    case failed

    /// The phase for a UIKit `UIGestureRecognizer.State` raw value (0 possible, 1 began,
    /// 2 changed, 3 ended, 4 cancelled, 5 failed); unknown values are ``possible``.
    package init(platformRawValue: Int) {
        let table: [Int: PanGesturePhase] = [
            1: .began, 2: .changed, 3: .ended, 4: .cancelled, 5: .failed,
        ]
        self = table[platformRawValue, default: .possible]
    }
}

/// What the front end must do when the transition moves, in order.
package enum VerticalSpaceTransitionEffect: Hashable, Sendable {
    /// Stop any running settle or close animation where it is (a new drag takes over).
    case stopAnimations
    /// Put Home at this vertical offset in points (0 on Home, negative as it moves up toward
    /// Feed, `-pageHeight` on Feed), and Feed one page height below it
    /// (``VerticalSpacePageOffsets``), without animation.
    case moveHome(offset: Double)
    /// Run this settle spring on Home's offset (Feed follows one page below), then send
    /// ``VerticalSpaceTransitionEvent/settleFinished``.
    case settle(SettleAnimation)
    /// Bring Home back to offset 0 (and Feed down to one page height) with ``VerticalSpaceTransitionPhysics/closeMotion(reduceMotion:)``
    /// (or at once when `animated` is false), then send
    /// ``VerticalSpaceTransitionEvent/closeFinished``.
    case animateClose(animated: Bool)
    /// Play this haptic.
    case haptic(HapticEvent)
    /// Enable or disable the two sides' gestures.
    case isolateGestures(GestureIsolation)
    /// The state changed to this one (tell observers).
    case stateChanged(VerticalSpaceTransitionState)
}

/// Which side may take gestures — the gesture isolation of the transition.
package struct GestureIsolation: Hashable, Sendable {
    /// Whether Home's pan recogniser is enabled (in Home, and while its own drag runs).
    package var homePanEnabled: Bool
    /// Whether Feed's content takes interaction (only while resting on Feed).
    package var feedInteractionEnabled: Bool

    /// An isolation.
    package init(homePanEnabled: Bool, feedInteractionEnabled: Bool) {
        self.homePanEnabled = homePanEnabled
        self.feedInteractionEnabled = feedInteractionEnabled
    }
}

/// The transition's state machine: home → dragging → settling → feed → closing → home.
/// Home is above and Feed directly below it: the drag from Home to Feed goes up (negative
/// translations), so Home's offset runs from 0 down to `-pageHeight`.
///
/// A `StateMachine`: UIKit forwards the pan's phase and values, the close request, the
/// animation completions and layout as events, and performs the returned
/// ``VerticalSpaceTransitionEffect``s — moving Home, springing, closing, haptics and gesture
/// isolation are all decided here.
package struct VerticalSpaceTransition: StateMachine, Hashable, Sendable {
    /// The physics.
    package var physics: VerticalSpaceTransitionPhysics
    /// The page height in points (finite, non-negative).
    package private(set) var pageHeight: Double
    /// The current state.
    package private(set) var state: VerticalSpaceTransitionState = .home
    /// The settle animation started by the last release, if any.
    package private(set) var settle: SettleAnimation?
    private var lastTranslation = 0.0

    /// A transition resting on Home.
    package init(
        physics: VerticalSpaceTransitionPhysics = VerticalSpaceTransitionPhysics(), pageHeight: Double
    ) {
        self.physics = physics
        self.pageHeight = Self.sanitized(pageHeight)
    }

    private static func sanitized(_ height: Double) -> Double { height.isFinite ? max(0, height) : 0 }

    /// Which gestures are enabled in the current state.
    package var gestures: GestureIsolation { Self.gestures(in: state) }

    /// Which gestures are enabled in `state`.
    package static func gestures(in state: VerticalSpaceTransitionState) -> GestureIsolation {
        switch state {
        case .home, .dragging: GestureIsolation(homePanEnabled: true, feedInteractionEnabled: false)
        case .feed: GestureIsolation(homePanEnabled: false, feedInteractionEnabled: true)
        case .settling, .closing: GestureIsolation(homePanEnabled: false, feedInteractionEnabled: false)
        }
    }

    /// Home's vertical offset in points where the machine rests or drags: 0 on Home, the
    /// rubber-banded (upward, negative) finger while dragging, the release point while
    /// settling, `-pageHeight` on Feed and where closing starts.
    package var homeOffset: Double {
        switch state {
        case .home: 0
        case .dragging: physics.resistedDistance(lastTranslation, pageHeight: pageHeight)
        case .settling: settle?.from ?? 0
        case .feed, .closing: -pageHeight
        }
    }

    /// Where both pages sit now: Home at ``homeOffset``, Feed one page height below it.
    package var pageOffsets: VerticalSpacePageOffsets {
        VerticalSpacePageOffsets(homeOffset: homeOffset, pageHeight: pageHeight)
    }

    /// The drag event a pan phase stands for, `nil` for ``PanGesturePhase/possible``.
    static func dragEvent(_ phase: PanGesturePhase, translation: Double, velocity: Double)
        -> VerticalSpaceTransitionEvent?
    {
        switch phase {
        case .possible: nil
        case .began: .beginDrag
        case .changed: .drag(translation: translation)
        case .ended: .endDrag(translation: translation, velocity: velocity)
        case .cancelled, .failed: .cancelDrag
        }
    }

    /// Applies an event: the effects to perform, or `StateTransition/rejected` (nothing
    /// changed) when it is not valid in the current state.
    @discardableResult
    package mutating func send(_ event: VerticalSpaceTransitionEvent) -> StateTransition<
        VerticalSpaceTransitionEffect
    > {
        let previous = state
        var effects: [VerticalSpaceTransitionEffect] = []
        switch (state, event) {
        case (_, .pan(let phase, let translation, let velocity)):
            guard let drag = Self.dragEvent(phase, translation: translation, velocity: velocity) else {
                return .rejected
            }
            return send(drag)
        case (_, .resize(let height)):
            pageHeight = Self.sanitized(height)
            // Resting or dragging, both pages move to the new height (Feed one page below
            // Home); a running animation keeps its course.
            switch state {
            case .home, .dragging, .feed: return .accepted([.moveHome(offset: homeOffset)])
            case .settling, .closing: return .accepted([])
            }
        case (.home, .beginDrag):
            lastTranslation = 0
            state = .dragging(progress: 0)
            effects = [.stopAnimations]
        case (.dragging, .drag(let translation)):
            lastTranslation = translation.isFinite ? translation : 0
            state = .dragging(
                progress: physics.progress(forTranslation: lastTranslation, pageHeight: pageHeight))
            effects = [.moveHome(offset: homeOffset)]
        case (.dragging, .endDrag(let translation, let velocity)):
            let animation = physics.settle(
                fromTranslation: translation.isFinite ? translation : lastTranslation, velocity: velocity,
                pageHeight: pageHeight)
            settle = animation
            state = .settling(target: animation.target)
            effects = [.settle(animation)]
        case (.dragging, .cancelDrag):
            // A cancelled drag always returns Home, from wherever Home was.
            var animation = physics.settle(
                fromTranslation: lastTranslation, velocity: 0, pageHeight: pageHeight)
            animation.target = .home
            animation.to = 0
            animation.initialVelocity = 0
            settle = animation
            state = .settling(target: .home)
            effects = [.settle(animation)]
        case (.settling(let target), .settleFinished):
            state = target == .feed ? .feed : .home
            settle = nil
        case (.feed, .close(let animated)):
            state = .closing
            effects = [.animateClose(animated: animated)]
        case (.closing, .closeFinished):
            state = .home
        default:
            return .rejected
        }
        // Bookkeeping first, motion last: an animation that completes at once (not animated)
        // sends its completion event after observers have seen this state.
        var bookkeeping: [VerticalSpaceTransitionEffect] = []
        if let haptic = HapticEvent.transition(from: previous, to: state) {
            bookkeeping.append(.haptic(haptic))
        }
        if Self.gestures(in: previous) != gestures { bookkeeping.append(.isolateGestures(gestures)) }
        bookkeeping.append(.stateChanged(state))
        return .accepted(bookkeeping + effects)
    }
}
