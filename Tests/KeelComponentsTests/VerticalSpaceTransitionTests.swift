import KeelComponents
import KeelDesign
import Testing

@Suite("Vertical space transition")
struct VerticalSpaceTransitionTests {
    let physics = VerticalSpaceTransitionPhysics()
    let height = 800.0

    @Test("the original's defaults")
    func defaults() {
        #expect(physics.resistance == 0.52)
        #expect(physics.threshold == 0.22)
        #expect(physics.velocityThreshold == 900)
        #expect(physics.minimumFlickProgress == 0.08)
        #expect(physics.dampingRatio == 0.88)
        #expect(physics.response == 0.46)
        #expect(physics.closeDuration == 0.3)
        #expect(abs(physics.spring.dampingRatio - 0.88) < 1e-12)
        #expect(abs(physics.spring.response - 0.46) < 1e-12)
        let wild = VerticalSpaceTransitionPhysics(resistance: .nan, threshold: 7, response: -1)
        #expect(wild.resistance == 0.52 && wild.threshold == 1 && wild.response == 0.01)
    }

    @Test("resistance: slope 0.52 at the start, monotone, bounded by the page")
    func resistance() {
        #expect(physics.resistedDistance(0, pageHeight: height) == 0)
        #expect(physics.resistedDistance(-50, pageHeight: height) == 0)
        #expect(abs(physics.resistedDistance(0.001, pageHeight: height) / 0.001 - 0.52) < 1e-4)
        var previous = 0.0
        for distance in stride(from: 10.0, through: 100_000, by: 997) {
            let value = physics.resistedDistance(distance, pageHeight: height)
            #expect(value > previous && value < height)
            previous = value
        }
        // 100 pt of finger: 0.52·100·800 / (800 + 52).
        #expect(abs(physics.resistedDistance(100, pageHeight: height) - 41_600 / 852) < 1e-9)
        #expect(physics.resistedDistance(100, pageHeight: 0) == 0)
    }

    struct ReleaseRow: Sendable {
        let progress: Double
        let velocity: Double
        let target: VerticalSpacePage
    }

    @Test(
        "release decisions at the thresholds",
        arguments: [
            ReleaseRow(progress: 0.22, velocity: 0, target: .feed),
            ReleaseRow(progress: 0.2199, velocity: 0, target: .home),
            ReleaseRow(progress: 0.08, velocity: 900, target: .feed),
            ReleaseRow(progress: 0.0799, velocity: 900, target: .home),
            ReleaseRow(progress: 0.08, velocity: 899.9, target: .home),
            ReleaseRow(progress: 0.5, velocity: -900, target: .home),
            ReleaseRow(progress: 0.5, velocity: -899, target: .feed),
            ReleaseRow(progress: .nan, velocity: 0, target: .home),
        ])
    func release(row: ReleaseRow) {
        #expect(physics.releaseTarget(progress: row.progress, velocity: row.velocity) == row.target)
    }

    @Test("settle: spring from the release point with UIKit's normalised velocity")
    func settle() {
        let translation = 400.0
        let animation = physics.settle(fromTranslation: translation, velocity: 1000, pageHeight: height)
        let from = physics.resistedDistance(translation, pageHeight: height)
        #expect(animation.target == .feed)
        #expect(animation.from == from)
        #expect(animation.to == height)
        let slope = 0.52 * height * height / pow2(height + 0.52 * translation)
        #expect(abs(animation.initialVelocity - 1000 * slope / (height - from)) < 1e-12)
        #expect(abs(animation.offset(at: 0) - from) < 1e-9)
        #expect(abs(animation.offset(at: 5) - height) < 0.01)
        let stay = physics.settle(fromTranslation: 10, velocity: 0, pageHeight: height)
        #expect(stay.target == .home && stay.to == 0)
    }

    @Test("close: ~300 ms ease in-out, instant under Reduce Motion")
    func close() {
        #expect(physics.closeMotion(reduceMotion: false).duration == 0.3)
        #expect(physics.closeMotion(reduceMotion: false).curve == .easeInOut)
        #expect(physics.closeMotion(reduceMotion: true).kind == .instant)
    }

    static let states: [VerticalSpaceTransitionState] = [
        .home, .dragging(progress: 0.1), .settling(target: .feed), .settling(target: .home), .feed, .closing,
    ]
    static let events: [VerticalSpaceTransitionEvent] = [
        .beginDrag, .drag(translation: 100), .endDrag(translation: 500, velocity: 0), .cancelDrag,
        .settleFinished,
        .close, .closeFinished,
    ]

    /// The valid transitions; every other pair is rejected.
    static func expected(_ state: VerticalSpaceTransitionState, _ event: VerticalSpaceTransitionEvent)
        -> VerticalSpaceTransitionState?
    {
        switch (state, event) {
        case (.home, .beginDrag): .dragging(progress: 0)
        case (.dragging, .drag):
            .dragging(
                progress: VerticalSpaceTransitionPhysics().progress(forTranslation: 100, pageHeight: 800))
        case (.dragging, .endDrag): .settling(target: .feed)
        case (.dragging, .cancelDrag): .settling(target: .home)
        case (.settling(.feed), .settleFinished): .feed
        case (.settling(.home), .settleFinished): .home
        case (.feed, .close): .closing
        case (.closing, .closeFinished): .home
        default: nil
        }
    }

    @Test("every state × event", arguments: states, events)
    func transitions(state: VerticalSpaceTransitionState, event: VerticalSpaceTransitionEvent) {
        var machine = Self.machine(in: state)
        let before = machine.state
        let accepted = machine.handle(event)
        let expected = Self.expected(state, event)
        #expect(accepted == (expected != nil))
        #expect(machine.state == (expected ?? before))
    }

    /// Drives a machine into `state` through valid events.
    static func machine(in state: VerticalSpaceTransitionState) -> VerticalSpaceTransition {
        var machine = VerticalSpaceTransition(pageHeight: 800)
        let path: [VerticalSpaceTransitionEvent] =
            switch state {
            case .home: []
            case .dragging: [.beginDrag, .drag(translation: 30)]
            case .settling(.feed): [.beginDrag, .endDrag(translation: 500, velocity: 0)]
            case .settling(.home): [.beginDrag, .endDrag(translation: 5, velocity: 0)]
            case .feed: [.beginDrag, .endDrag(translation: 500, velocity: 0), .settleFinished]
            case .closing: [.beginDrag, .endDrag(translation: 500, velocity: 0), .settleFinished, .close]
            }
        for event in path {
            let accepted = machine.handle(event)
            #expect(accepted)
        }
        return machine
    }

    @Test(
        "gesture isolation: Home's pan only in home (and its own drag), Feed only in feed",
        arguments: [
            (VerticalSpaceTransitionState.home, true, false), (.dragging(progress: 0.3), true, false),
            (.settling(target: .feed), false, false), (.feed, false, true), (.closing, false, false),
        ])
    func isolation(state: VerticalSpaceTransitionState, home: Bool, feed: Bool) {
        #expect(
            VerticalSpaceTransition.gestures(in: state)
                == GestureIsolation(homePanEnabled: home, feedInteractionEnabled: feed))
    }

    @Test("a cancelled drag settles home from where it was")
    func cancelled() {
        var machine = VerticalSpaceTransition(pageHeight: 800)
        machine.handle(.beginDrag)
        machine.handle(.drag(translation: 600))
        machine.handle(.cancelDrag)
        #expect(machine.state == .settling(target: .home))
        #expect(machine.settle?.from == physics.resistedDistance(600, pageHeight: 800))
        #expect(machine.settle?.to == 0)
    }
}

private func pow2(_ value: Double) -> Double { value * value }
