import KeelDesign

// What a front end whose drag gesture reports changes and an end only (SwiftUI's
// `DragGesture` on iOS 16: no began phase, no velocity) needs to feed the transition.
extension PanGesturePhase {
    /// The phase of one change of a drag reported as changes only: the first one begins the
    /// pan, later ones change it.
    package static func dragChange(hasBegun: Bool) -> PanGesturePhase { hasBegun ? .changed : .began }
}

extension VerticalSpaceTransitionPhysics {
    /// The seconds ahead SwiftUI's `predictedEndTranslation` looks, as this estimate takes it.
    package static let predictionHorizon = 0.25

    /// The release velocity in points per second estimated from a drag's translation and its
    /// predicted end translation: the distance still predicted over ``predictionHorizon``
    /// (non-finite input: 0).
    package static func releaseVelocity(translation: Double, predictedEndTranslation: Double) -> Double {
        let velocity = (predictedEndTranslation - translation) / predictionHorizon
        return velocity.isFinite ? velocity : 0
    }
}

extension SettleAnimation {
    /// How long the settle spring runs before it counts as finished, in seconds: its
    /// settling duration from the release velocity, else the spring's response.
    package var duration: Double {
        spring.settlingDuration(initialVelocity: initialVelocity) ?? spring.response
    }
}

extension VerticalSpaceTransition {
    /// Whether the machine follows a drag now (a further change of it is `.changed`, not
    /// `.began`).
    package var isTrackingDrag: Bool {
        guard case .dragging = state else { return false }
        return true
    }
}

extension VerticalSpaceTransitionPhysics {
    /// The close motion for an `animated` close (``closeMotion(reduceMotion:)``), or an
    /// instant change when the close is not animated.
    package func closeMotion(reduceMotion: Bool, animated: Bool) -> ResolvedMotion {
        closeMotion(reduceMotion: reduceMotion || !animated)
    }
}
