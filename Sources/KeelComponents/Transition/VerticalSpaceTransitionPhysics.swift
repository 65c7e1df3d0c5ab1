import KeelDesign

/// Which page a vertical space transition rests on or heads to.
public enum VerticalSpacePage: String, CaseIterable, Hashable, Sendable {
    /// The upper page, shown first.
    case home
    /// The lower page, directly below Home, reached by dragging Home up.
    case feed
}

/// The physics of the vertical "space" transition: Home above, Feed directly below it.
/// Dragging Home **up** toward Feed meets non-linear resistance, the release is decided by
/// progress and the speed of an upward flick, a spring settles the result, and Feed closes
/// back to Home smoothly.
///
/// Translations and velocities are UIKit's (a pan recogniser's `y`, downward positive): the
/// drag from Home to Feed has a negative translation, and the page offsets this physics
/// computes are Home's vertical offset (0 on Home, `-pageHeight` on Feed; Feed sits one
/// page height below Home, see `VerticalSpacePageOffsets`).
public struct VerticalSpaceTransitionPhysics: Hashable, Sendable {
    /// The rubber-band coefficient: how far the page follows the finger at first (0.52; kept
    /// in 0.01…1). Larger lets the page follow the finger more closely.
    public var resistance: Double {
        didSet { resistance = Self.clamp(resistance, 0.01...1, 0.52) }
    }
    /// The progress an upward drag must reach for a release to go to Feed (0.22; 0…1).
    public var threshold: Double {
        didSet { threshold = Self.clamp(threshold, 0...1, 0.22) }
    }
    /// The upward speed, in points per second, that counts as a flick to Feed (900).
    public var velocityThreshold: Double {
        didSet { velocityThreshold = Self.clamp(velocityThreshold, 0...1e6, 900) }
    }
    /// The progress a flick must reach to go to Feed (0.08; 0…1).
    public var minimumFlickProgress: Double {
        didSet { minimumFlickProgress = Self.clamp(minimumFlickProgress, 0...1, 0.08) }
    }
    /// The settle spring's damping ratio (0.88): larger is more restrained.
    public var dampingRatio: Double {
        didSet { dampingRatio = Self.clamp(dampingRatio, 0.05...10, 0.88) }
    }
    /// The settle spring's response in seconds (0.46): smaller is faster.
    public var response: Double {
        didSet { response = Self.clamp(response, 0.01...10, 0.46) }
    }
    /// The duration of the close from Feed to Home in seconds (0.3).
    public var closeDuration: Double {
        didSet { closeDuration = Self.clamp(closeDuration, 0...10, 0.3) }
    }

    private static func clamp(_ value: Double, _ range: ClosedRange<Double>, _ fallback: Double) -> Double {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
    }

    /// Physics with the original foundation's defaults. Out-of-range values — given here or
    /// set later on the properties — are clamped to something that works (resistance and
    /// thresholds to 0…1, positive spring values; a non-finite value takes the default).
    public init(
        resistance: Double = 0.52, threshold: Double = 0.22, velocityThreshold: Double = 900,
        minimumFlickProgress: Double = 0.08, dampingRatio: Double = 0.88, response: Double = 0.46,
        closeDuration: Double = 0.3
    ) {
        self.resistance = Self.clamp(resistance, 0.01...1, 0.52)
        self.threshold = Self.clamp(threshold, 0...1, 0.22)
        self.velocityThreshold = Self.clamp(velocityThreshold, 0...1e6, 900)
        self.minimumFlickProgress = Self.clamp(minimumFlickProgress, 0...1, 0.08)
        self.dampingRatio = Self.clamp(dampingRatio, 0.05...10, 0.88)
        self.response = Self.clamp(response, 0.01...10, 0.46)
        self.closeDuration = Self.clamp(closeDuration, 0...10, 0.3)
    }

    /// How far Home has moved for a finger translation `distance` during the Home → Feed
    /// drag (UIKit's sign: upward negative): the rubber band `−h·(1 − 1/(|d|·r/h + 1))`,
    /// which starts at `resistance` points per point, never reaches the page height, and has
    /// the finger's sign (Home moves up). Downward drags do not move Home (0). Used only while
    /// dragging from Home; inside Feed nothing changes Feed's own scrolling.
    package func resistedDistance(_ distance: Double, pageHeight: Double) -> Double {
        guard distance < 0, pageHeight > 0 else { return 0 }
        return RubberBand.offset(distance, dimension: pageHeight, coefficient: resistance)
    }

    /// Whether Home's pan may start with this velocity (points per second, UIKit's sign):
    /// moving up, more vertically than horizontally, so horizontal scrolling in Home keeps
    /// its swipes.
    package static func shouldBeginDrag(velocityX: Double, velocityY: Double) -> Bool {
        guard velocityX.isFinite, velocityY.isFinite else { return false }
        return velocityY < 0 && abs(velocityY) > abs(velocityX)
    }

    /// Whether Home's pan may start when the finger is over these scroll views inside Home:
    /// the movement must qualify (``shouldBeginDrag(velocityX:velocityY:)``) and every one of
    /// them that could scroll vertically must already be at its bottom — otherwise the upward
    /// drag scrolls that content on, as the user expects, and Home stays put.
    package static func shouldBeginDrag(
        velocityX: Double, velocityY: Double, scrollViewsUnderFinger: [SheetScrollCandidate]
    ) -> Bool {
        guard shouldBeginDrag(velocityX: velocityX, velocityY: velocityY) else { return false }
        return scrollViewsUnderFinger.allSatisfy {
            !$0.isInteractive || !$0.canScrollVertically || $0.isAtBottom
        }
    }

    /// The transition's progress (0 at Home, 1 at Feed) for a finger translation (upward
    /// negative).
    package func progress(forTranslation distance: Double, pageHeight: Double) -> Double {
        guard pageHeight > 0 else { return 0 }
        return min(1, -resistedDistance(distance, pageHeight: pageHeight) / pageHeight)
    }

    /// Where a release goes, for a `velocity` in points per second (UIKit's sign: upward
    /// negative): Feed when the progress reaches the threshold, or on an upward flick at
    /// least as fast as the velocity threshold once past the minimum flick progress; Home
    /// otherwise (a downward flick as fast as the threshold always returns Home).
    package func releaseTarget(progress: Double, velocity: Double) -> VerticalSpacePage {
        guard progress.isFinite, velocity.isFinite else { return .home }
        if velocity >= velocityThreshold { return .home }
        if progress >= threshold { return .feed }
        if velocity <= -velocityThreshold, progress >= minimumFlickProgress { return .feed }
        return .home
    }

    /// The settle spring.
    package var spring: Spring { Spring(response: response, dampingRatio: dampingRatio) }

    /// The settle animation after a release at finger translation `distance` moving at
    /// `velocity` (points and points per second, upward negative).
    package func settle(fromTranslation distance: Double, velocity: Double, pageHeight: Double)
        -> SettleAnimation
    {
        let progress = progress(forTranslation: distance, pageHeight: pageHeight)
        let target = releaseTarget(progress: progress, velocity: velocity)
        let from = resistedDistance(distance, pageHeight: pageHeight)
        let to = target == .feed ? -max(0, pageHeight) : 0
        // The page moves at the finger's speed times the rubber band's slope there.
        let slope: Double
        if distance < 0, pageHeight > 0 {
            let denominator = pageHeight - resistance * distance
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

    /// The close from Feed to Home (ease in-out over ``closeDuration``, about 300 ms — not
    /// the drag's resistance or spring; instant or a cross-fade under Reduce Motion, as the
    /// motion style says).
    package func closeMotion(reduceMotion: Bool) -> ResolvedMotion {
        ResolvedMotion(
            style: MotionStyle(duration: closeDuration, curve: .easeInOut), reduceMotion: reduceMotion)
    }
}

/// Where the two pages sit for one Home offset: Home at `home`, Feed directly below it at
/// `feed = home + pageHeight` (vertical offsets in points from the container's top, UIKit's
/// sign). On Home: `(0, pageHeight)`; on Feed: `(−pageHeight, 0)`.
package struct VerticalSpacePageOffsets: Hashable, Sendable {
    /// Home's vertical offset (0 … −pageHeight).
    package var home: Double
    /// Feed's vertical offset (pageHeight … 0): always one page height below Home.
    package var feed: Double

    /// The offsets for Home at `homeOffset` in a container `pageHeight` tall (non-finite or
    /// negative values count as 0).
    package init(homeOffset: Double, pageHeight: Double) {
        let height = pageHeight.isFinite ? max(0, pageHeight) : 0
        let offset = homeOffset.isFinite ? min(0, max(-height, homeOffset)) : 0
        home = offset
        feed = offset + height
    }
}

/// A spring settle computed at release.
package struct SettleAnimation: Hashable, Sendable {
    /// Where it ends.
    package var target: VerticalSpacePage
    /// Home's vertical offset at release, in points (0 … −pageHeight).
    package var from: Double
    /// Home's vertical offset at the end (0 for Home, −pageHeight for Feed).
    package var to: Double
    /// The spring.
    package var spring: Spring
    /// UIKit's normalised initial velocity (fraction of the distance per second).
    package var initialVelocity: Double

    /// Home's offset `time` seconds after release.
    package func offset(at time: Double) -> Double {
        spring.value(from: from, to: to, initialVelocity: initialVelocity * (to - from), at: time)
    }
}
