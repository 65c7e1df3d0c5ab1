import KeelComponents
import KeelDesign
import Testing

/// Feeding the space transition from a drag that reports changes and an end only.
@Suite("Vertical space transition from a SwiftUI drag")
struct VerticalSpaceDragTests {
    @Test("The first change begins the pan, later ones change it")
    func phases() {
        #expect(PanGesturePhase.dragChange(hasBegun: false) == .began)
        #expect(PanGesturePhase.dragChange(hasBegun: true) == .changed)
    }

    @Test("The release velocity is the predicted distance over the horizon; bad input is 0")
    func velocity() {
        #expect(
            VerticalSpaceTransitionPhysics.releaseVelocity(translation: -100, predictedEndTranslation: -350)
                == -1_000)
        #expect(
            VerticalSpaceTransitionPhysics.releaseVelocity(translation: 20, predictedEndTranslation: 20) == 0)
        #expect(
            VerticalSpaceTransitionPhysics.releaseVelocity(translation: 0, predictedEndTranslation: .infinity)
                == 0)
        #expect(
            VerticalSpaceTransitionPhysics.releaseVelocity(translation: .nan, predictedEndTranslation: 1) == 0
        )
    }

    @Test("A drag fed as changes and an estimated release reaches Feed, with a finite settle time")
    func dragToFeed() throws {
        var transition = VerticalSpaceTransition(pageHeight: 800)
        #expect(!transition.isTrackingDrag)
        for translation in stride(from: -20.0, through: -300, by: -40) {
            _ = transition.send(
                .pan(.dragChange(hasBegun: transition.isTrackingDrag), translation: translation, velocity: 0))
            #expect(transition.isTrackingDrag)
        }
        let velocity = VerticalSpaceTransitionPhysics.releaseVelocity(
            translation: -300, predictedEndTranslation: -600)
        let effects = transition.send(.pan(.ended, translation: -300, velocity: velocity)).effects
        let settle = try #require(
            effects.compactMap { effect -> SettleAnimation? in
                guard case .settle(let settle) = effect else { return nil }
                return settle
            }.first)
        #expect(settle.target == .feed)
        #expect(settle.duration.isFinite && settle.duration > 0 && settle.duration < 5)
    }

    @Test("A close that is not animated is instant; an animated one eases over the close duration")
    func closeMotion() {
        let physics = VerticalSpaceTransitionPhysics()
        #expect(physics.closeMotion(reduceMotion: false, animated: false).kind == .instant)
        let animated = physics.closeMotion(reduceMotion: false, animated: true)
        #expect(animated.kind == .animate && animated.duration == physics.closeDuration)
        #expect(
            physics.closeMotion(reduceMotion: true, animated: true) == physics.closeMotion(reduceMotion: true)
        )
    }
}
