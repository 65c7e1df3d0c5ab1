import KeelDesign

/// Which page a vertical space transition rests on or heads to.
public enum VerticalSpacePage: String, CaseIterable, Hashable, Sendable {
    /// The upper page, shown first.
    case home
    /// The lower page, revealed by dragging Home down.
    case feed
}

/// The physics of the vertical "space" transition: Home above, Feed below; dragging Home
/// toward Feed meets non-linear resistance, the release is decided by progress and flick
/// velocity, a spring settles the result, and Feed closes back to Home smoothly.
public struct VerticalSpaceTransitionPhysics: Hashable, Sendable {
    /// The rubber-band coefficient: how far the page follows the finger at first (0.52).
    public var resistance: Double
    /// The progress past which a release goes to Feed (0.22).
    public var threshold: Double
    /// The downward speed, in points per second, that counts as a flick (900).
    public var velocityThreshold: Double
    /// The progress a flick must reach to go to Feed (0.08).
    public var minimumFlickProgress: Double
    /// The settle spring's damping ratio (0.88).
    public var dampingRatio: Double
    /// The settle spring's response in seconds (0.46).
    public var response: Double
    /// The duration of the close from Feed to Home in seconds (0.3).
    public var closeDuration: Double

    /// Physics with the original foundation's defaults. Out-of-range values are clamped to
    /// something that works (resistance and thresholds to 0…1, positive spring values).
    public init(
        resistance: Double = 0.52, threshold: Double = 0.22, velocityThreshold: Double = 900,
        minimumFlickProgress: Double = 0.08, dampingRatio: Double = 0.88, response: Double = 0.46,
        closeDuration: Double = 0.3
    ) {
        func clamp(_ value: Double, _ range: ClosedRange<Double>, _ fallback: Double) -> Double {
            value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
        }
        self.resistance = clamp(resistance, 0.01...1, 0.52)
        self.threshold = clamp(threshold, 0...1, 0.22)
        self.velocityThreshold = clamp(velocityThreshold, 0...1e6, 900)
        self.minimumFlickProgress = clamp(minimumFlickProgress, 0...1, 0.08)
        self.dampingRatio = clamp(dampingRatio, 0.05...10, 0.88)
        self.response = clamp(response, 0.01...10, 0.46)
        self.closeDuration = clamp(closeDuration, 0...10, 0.3)
    }

    /// How far Home has moved for a finger translation `distance` (downward positive):
    /// the rubber band `h·(1 − 1/(d·r/h + 1))`, which starts at `resistance` points per
    /// point and never reaches the page height. Upward drags do not move Home.
    public func resistedDistance(_ distance: Double, pageHeight: Double) -> Double {
        guard distance > 0, pageHeight > 0 else { return 0 }
        return RubberBand.offset(distance, dimension: pageHeight, coefficient: resistance)
    }

    /// Whether Home's pan may start with this velocity (points per second): moving down,
    /// more vertically than horizontally, so horizontal scrolling in Home keeps its swipes.
    public static func shouldBeginDrag(velocityX: Double, velocityY: Double) -> Bool {
        guard velocityX.isFinite, velocityY.isFinite else { return false }
        return velocityY > 0 && abs(velocityY) > abs(velocityX)
    }

    /// Whether Home's pan may start when the finger is over these scroll views inside Home:
    /// the movement must qualify (``shouldBeginDrag(velocityX:velocityY:)``) and every one of
    /// them that could scroll vertically must already be at its top — otherwise the drag
    /// scrolls that content back up, as the user expects, and Home stays put.
    public static func shouldBeginDrag(
        velocityX: Double, velocityY: Double, scrollViewsUnderFinger: [SheetScrollCandidate]
    ) -> Bool {
        guard shouldBeginDrag(velocityX: velocityX, velocityY: velocityY) else { return false }
        return scrollViewsUnderFinger.allSatisfy {
            !$0.isInteractive || !$0.canScrollVertically || $0.isAtTop
        }
    }

    /// The transition's progress (0 at Home, 1 at Feed) for a finger translation.
    public func progress(forTranslation distance: Double, pageHeight: Double) -> Double {
        guard pageHeight > 0 else { return 0 }
        return min(1, resistedDistance(distance, pageHeight: pageHeight) / pageHeight)
    }

    /// Where a release goes: Feed when the progress reaches the threshold, or on a downward
    /// flick faster than the velocity threshold once past the minimum flick progress; Home
    /// otherwise (an upward flick always returns Home).
    public func releaseTarget(progress: Double, velocity: Double) -> VerticalSpacePage {
        guard progress.isFinite, velocity.isFinite else { return .home }
        if velocity <= -velocityThreshold { return .home }
        if progress >= threshold { return .feed }
        if velocity >= velocityThreshold, progress >= minimumFlickProgress { return .feed }
        return .home
    }

    /// The settle spring.
    public var spring: Spring { Spring(response: response, dampingRatio: dampingRatio) }

    /// The settle animation after a release at finger translation `distance` moving at
    /// `velocity` (points per second).
    public func settle(fromTranslation distance: Double, velocity: Double, pageHeight: Double)
        -> SettleAnimation
    {
        let progress = progress(forTranslation: distance, pageHeight: pageHeight)
        let target = releaseTarget(progress: progress, velocity: velocity)
        let from = resistedDistance(distance, pageHeight: pageHeight)
        let to = target == .feed ? pageHeight : 0
        // The page moves at the finger's speed times the rubber band's slope there.
        let slope: Double
        if distance > 0, pageHeight > 0 {
            let denominator = pageHeight + resistance * distance
            slope = resistance * pageHeight * pageHeight / (denominator * denominator)
        } else {
            slope = resistance
        }
        let pageVelocity = velocity.isFinite ? velocity * slope : 0
        return SettleAnimation(
            target: target, from: from, to: to, spring: spring,
            initialVelocity: Spring.normalizedInitialVelocity(
                pointsPerSecond: pageVelocity, from: from, to: to))
    }

    /// The close from Feed to Home (ease in-out over ``closeDuration``; instant or a
    /// cross-fade under Reduce Motion, as the motion style says).
    public func closeMotion(reduceMotion: Bool) -> ResolvedMotion {
        ResolvedMotion(
            style: MotionStyle(duration: closeDuration, curve: .easeInOut), reduceMotion: reduceMotion)
    }
}

/// A spring settle computed at release.
public struct SettleAnimation: Hashable, Sendable {
    /// Where it ends.
    public var target: VerticalSpacePage
    /// Home's offset at release, in points.
    public var from: Double
    /// Home's offset at the end (0 or the page height).
    public var to: Double
    /// The spring.
    public var spring: Spring
    /// UIKit's normalised initial velocity (fraction of the distance per second).
    public var initialVelocity: Double

    /// Home's offset `time` seconds after release.
    public func offset(at time: Double) -> Double {
        spring.value(from: from, to: to, initialVelocity: initialVelocity * (to - from), at: time)
    }
}
