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
public enum VerticalSpaceTransitionEvent: Hashable, Sendable {
    /// Home's pan began.
    case beginDrag
    /// Home's pan moved to a finger translation (points, downward positive).
    case drag(translation: Double)
    /// Home's pan ended with a velocity (points per second).
    case endDrag(translation: Double, velocity: Double)
    /// Home's pan was cancelled by the system.
    case cancelDrag
    /// The settle spring finished.
    case settleFinished
    /// Feed asked to close.
    case close
    /// The close animation finished.
    case closeFinished
}

/// Which side may take gestures — the gesture isolation of the transition.
public struct GestureIsolation: Hashable, Sendable {
    /// Whether Home's pan recogniser is enabled (in Home, and while its own drag runs).
    public var homePanEnabled: Bool
    /// Whether Feed's content takes interaction (only while resting on Feed).
    public var feedInteractionEnabled: Bool

    /// An isolation.
    public init(homePanEnabled: Bool, feedInteractionEnabled: Bool) {
        self.homePanEnabled = homePanEnabled
        self.feedInteractionEnabled = feedInteractionEnabled
    }
}

/// The transition's state machine: home → dragging → settling → feed → closing → home.
public struct VerticalSpaceTransition: Hashable, Sendable {
    /// The physics.
    public var physics: VerticalSpaceTransitionPhysics
    /// The page height in points.
    public var pageHeight: Double
    /// The current state.
    public private(set) var state: VerticalSpaceTransitionState = .home
    /// The settle animation started by the last release, if any.
    public private(set) var settle: SettleAnimation?
    private var lastTranslation = 0.0

    /// A transition resting on Home.
    public init(
        physics: VerticalSpaceTransitionPhysics = VerticalSpaceTransitionPhysics(), pageHeight: Double
    ) {
        self.physics = physics
        self.pageHeight = pageHeight
    }

    /// Which gestures are enabled in the current state.
    public var gestures: GestureIsolation { Self.gestures(in: state) }

    /// Which gestures are enabled in `state`.
    public static func gestures(in state: VerticalSpaceTransitionState) -> GestureIsolation {
        switch state {
        case .home, .dragging: GestureIsolation(homePanEnabled: true, feedInteractionEnabled: false)
        case .feed: GestureIsolation(homePanEnabled: false, feedInteractionEnabled: true)
        case .settling, .closing: GestureIsolation(homePanEnabled: false, feedInteractionEnabled: false)
        }
    }

    /// Applies an event; returns `false` (and changes nothing) when it is not valid in the
    /// current state.
    @discardableResult
    public mutating func handle(_ event: VerticalSpaceTransitionEvent) -> Bool {
        switch (state, event) {
        case (.home, .beginDrag):
            lastTranslation = 0
            state = .dragging(progress: 0)
        case (.dragging, .drag(let translation)):
            lastTranslation = translation
            state = .dragging(progress: physics.progress(forTranslation: translation, pageHeight: pageHeight))
        case (.dragging, .endDrag(let translation, let velocity)):
            let animation = physics.settle(
                fromTranslation: translation, velocity: velocity, pageHeight: pageHeight)
            settle = animation
            state = .settling(target: animation.target)
        case (.dragging, .cancelDrag):
            // A cancelled drag always returns Home, from wherever Home was.
            var animation = physics.settle(
                fromTranslation: lastTranslation, velocity: 0, pageHeight: pageHeight)
            animation.target = .home
            animation.to = 0
            animation.initialVelocity = 0
            settle = animation
            state = .settling(target: .home)
        case (.settling(let target), .settleFinished):
            state = target == .feed ? .feed : .home
            settle = nil
        case (.feed, .close):
            state = .closing
        case (.closing, .closeFinished):
            state = .home
        default:
            return false
        }
        return true
    }
}
