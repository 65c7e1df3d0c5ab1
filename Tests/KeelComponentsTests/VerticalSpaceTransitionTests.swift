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

    @Test("the properties are settable as the original writes them, and clamped like the initialiser's")
    func settableProperties() {
        var physics = VerticalSpaceTransitionPhysics()
        physics.resistance = 0.4
        physics.threshold = 0.3
        physics.velocityThreshold = 700
        physics.dampingRatio = 0.9
        physics.response = 0.5
        #expect(
            physics
                == VerticalSpaceTransitionPhysics(
                    resistance: 0.4, threshold: 0.3, velocityThreshold: 700, dampingRatio: 0.9, response: 0.5)
        )
        physics.resistance = .nan
        physics.threshold = -3
        physics.velocityThreshold = .infinity
        physics.minimumFlickProgress = 4
        physics.response = 0
        #expect(physics.resistance == 0.52 && physics.threshold == 0 && physics.velocityThreshold == 900)
        #expect(physics.minimumFlickProgress == 1 && physics.response == 0.01)
    }

    @Test("resistance: an upward drag moves Home up, slope 0.52 at the start, monotone, bounded by the page")
    func resistance() {
        #expect(physics.resistedDistance(0, pageHeight: height) == 0)
        // A downward drag does not move Home (Feed is below, there is nothing above).
        #expect(physics.resistedDistance(50, pageHeight: height) == 0)
        #expect(abs(physics.resistedDistance(-0.001, pageHeight: height) / -0.001 - 0.52) < 1e-4)
        var previous = 0.0
        for distance in stride(from: 10.0, through: 100_000, by: 997) {
            let value = physics.resistedDistance(-distance, pageHeight: height)
            #expect(value < previous && value > -height)
            previous = value
        }
        // 100 pt of finger upward: −0.52·100·800 / (800 + 52).
        #expect(abs(physics.resistedDistance(-100, pageHeight: height) + 41_600 / 852) < 1e-9)
        #expect(physics.resistedDistance(-100, pageHeight: 0) == 0)
        #expect(physics.progress(forTranslation: -100, pageHeight: height) == 41_600 / 852 / height)
        #expect(physics.progress(forTranslation: 100, pageHeight: height) == 0)
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
            // A fast upward flick (negative velocity) past the minimum flick progress enters Feed.
            ReleaseRow(progress: 0.08, velocity: -900, target: .feed),
            ReleaseRow(progress: 0.0799, velocity: -900, target: .home),
            ReleaseRow(progress: 0.08, velocity: -899.9, target: .home),
            // A downward flick never enters Feed, however far Home was pulled.
            ReleaseRow(progress: 0.08, velocity: 900, target: .home),
            ReleaseRow(progress: 0.5, velocity: 900, target: .home),
            ReleaseRow(progress: 0.5, velocity: 899, target: .feed),
            ReleaseRow(progress: .nan, velocity: 0, target: .home),
        ])
    func release(row: ReleaseRow) {
        #expect(physics.releaseTarget(progress: row.progress, velocity: row.velocity) == row.target)
    }

    @Test("settle: spring from the release point with UIKit's normalised velocity")
    func settle() {
        let translation = -400.0
        let animation = physics.settle(fromTranslation: translation, velocity: -1000, pageHeight: height)
        let from = physics.resistedDistance(translation, pageHeight: height)
        #expect(from < 0)
        #expect(animation.target == .feed)
        #expect(animation.from == from)
        #expect(animation.to == -height)
        let slope = 0.52 * height * height / pow2(height + 0.52 * 400)
        // Moving toward Feed at the finger's speed: a positive fraction of the distance per second.
        #expect(abs(animation.initialVelocity - (-1000 * slope) / (-height - from)) < 1e-12)
        #expect(animation.initialVelocity > 0)
        #expect(abs(animation.offset(at: 0) - from) < 1e-9)
        #expect(abs(animation.offset(at: 5) + height) < 0.01)
        let stay = physics.settle(fromTranslation: -10, velocity: 0, pageHeight: height)
        #expect(stay.target == .home && stay.to == 0)
        let down = physics.settle(fromTranslation: 400, velocity: 2000, pageHeight: height)
        #expect(down.target == .home && down.from == 0 && down.to == 0)
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
        .beginDrag, .drag(translation: -100), .endDrag(translation: -500, velocity: 0), .cancelDrag,
        .pan(.began, translation: 0, velocity: 0), .pan(.changed, translation: -100, velocity: 0),
        .pan(.ended, translation: -500, velocity: 0), .pan(.cancelled, translation: 0, velocity: 0),
        .pan(.failed, translation: 0, velocity: 0), .pan(.possible, translation: 0, velocity: 0),
        .settleFinished, .close(animated: true), .closeFinished, .resize(pageHeight: 800),
    ]

    /// The valid transitions; every other pair is rejected.
    static func expected(_ state: VerticalSpaceTransitionState, _ event: VerticalSpaceTransitionEvent)
        -> VerticalSpaceTransitionState?
    {
        switch (state, event) {
        case (.home, .beginDrag), (.home, .pan(.began, _, _)): .dragging(progress: 0)
        case (.dragging, .drag), (.dragging, .pan(.changed, _, _)):
            .dragging(
                progress: VerticalSpaceTransitionPhysics().progress(forTranslation: -100, pageHeight: 800))
        case (.dragging, .endDrag), (.dragging, .pan(.ended, _, _)): .settling(target: .feed)
        case (.dragging, .cancelDrag), (.dragging, .pan(.cancelled, _, _)), (.dragging, .pan(.failed, _, _)):
            .settling(target: .home)
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
        let transition = machine.send(event)
        // A new page height is always accepted and keeps the state.
        let expected: VerticalSpaceTransitionState? =
            if case .resize = event { before } else { Self.expected(state, event) }
        #expect(transition.isAccepted == (expected != nil))
        #expect(machine.state == (expected ?? before))
        #expect(transition.isAccepted || transition.effects.isEmpty)
    }

    /// Drives a machine into `state` through valid events.
    static func machine(in state: VerticalSpaceTransitionState) -> VerticalSpaceTransition {
        var machine = VerticalSpaceTransition(pageHeight: 800)
        let path: [VerticalSpaceTransitionEvent] =
            switch state {
            case .home: []
            case .dragging: [.beginDrag, .drag(translation: -30)]
            case .settling(.feed): [.beginDrag, .endDrag(translation: -500, velocity: 0)]
            case .settling(.home): [.beginDrag, .endDrag(translation: -5, velocity: 0)]
            case .feed: [.beginDrag, .endDrag(translation: -500, velocity: 0), .settleFinished]
            case .closing:
                [
                    .beginDrag, .endDrag(translation: -500, velocity: 0), .settleFinished,
                    .close(animated: true),
                ]
            }
        for event in path {
            #expect(machine.send(event).isAccepted)
        }
        return machine
    }

    // MARK: - The transition table, with effects

    typealias Row = MachineRow<VerticalSpaceTransition>
    static let basePhysics = VerticalSpaceTransitionPhysics()
    static let homePan = GestureIsolation(homePanEnabled: true, feedInteractionEnabled: false)
    static let feedOnly = GestureIsolation(homePanEnabled: false, feedInteractionEnabled: true)
    static let neither = GestureIsolation(homePanEnabled: false, feedInteractionEnabled: false)

    static var releaseToFeed: SettleAnimation {
        basePhysics.settle(fromTranslation: -500, velocity: -1200, pageHeight: 800)
    }

    static var cancelFromDrag: SettleAnimation {
        var animation = basePhysics.settle(fromTranslation: -30, velocity: 0, pageHeight: 800)
        animation.target = .home
        animation.to = 0
        animation.initialVelocity = 0
        return animation
    }

    static let rows: [Row] = [
        Row(
            name: "home: the pan begins", machine: machine(in: .home),
            event: .pan(.began, translation: 0, velocity: 0),
            outcome: .accepted(
                effects: [.stateChanged(.dragging(progress: 0)), .stopAnimations],
                state: .dragging(progress: 0))),
        Row(
            name: "dragging: Home follows the rubber band", machine: machine(in: .dragging(progress: 0)),
            event: .pan(.changed, translation: -100, velocity: 0),
            outcome: .accepted(
                effects: [
                    .stateChanged(
                        .dragging(progress: basePhysics.progress(forTranslation: -100, pageHeight: 800))),
                    .moveHome(offset: basePhysics.resistedDistance(-100, pageHeight: 800)),
                ],
                state: .dragging(progress: basePhysics.progress(forTranslation: -100, pageHeight: 800)))),
        Row(
            name: "dragging: a downward drag leaves Home where it is",
            machine: machine(in: .dragging(progress: 0)),
            event: .pan(.changed, translation: 100, velocity: 0),
            outcome: .accepted(
                effects: [.stateChanged(.dragging(progress: 0)), .moveHome(offset: 0)],
                state: .dragging(progress: 0))),
        Row(
            name: "dragging: an upward flick releases to Feed with the spring",
            machine: machine(in: .dragging(progress: 0)),
            event: .pan(.ended, translation: -500, velocity: -1200),
            outcome: .accepted(
                effects: [
                    .isolateGestures(neither), .stateChanged(.settling(target: .feed)),
                    .settle(releaseToFeed),
                ],
                state: .settling(target: .feed))),
        Row(
            name: "dragging: a cancelled pan springs Home back from where it was",
            machine: machine(in: .dragging(progress: 0)),
            event: .pan(.cancelled, translation: -999, velocity: -5000),
            outcome: .accepted(
                effects: [
                    .isolateGestures(neither), .stateChanged(.settling(target: .home)),
                    .settle(cancelFromDrag),
                ],
                state: .settling(target: .home))),
        Row(
            name: "settling to Feed: landing plays the page haptic, Feed takes touches",
            machine: machine(in: .settling(target: .feed)), event: .settleFinished,
            outcome: .accepted(
                effects: [.haptic(.pageChanged), .isolateGestures(feedOnly), .stateChanged(.feed)],
                state: .feed)),
        Row(
            name: "settling back Home: no haptic", machine: machine(in: .settling(target: .home)),
            event: .settleFinished,
            outcome: .accepted(effects: [.isolateGestures(homePan), .stateChanged(.home)], state: .home)),
        Row(
            name: "feed: close animates after observers hear of it", machine: machine(in: .feed),
            event: .close(animated: false),
            outcome: .accepted(
                effects: [
                    .isolateGestures(neither), .stateChanged(.closing), .animateClose(animated: false),
                ],
                state: .closing)),
        Row(
            name: "closing: finished, Home's pan again", machine: machine(in: .closing),
            event: .closeFinished,
            outcome: .accepted(effects: [.isolateGestures(homePan), .stateChanged(.home)], state: .home)),
        Row(
            name: "feed: a new page height keeps Home one page above", machine: machine(in: .feed),
            event: .resize(pageHeight: 640),
            outcome: .accepted(effects: [.moveHome(offset: -640)], state: .feed)),
        Row(
            name: "home: a new page height puts Feed one page below Home", machine: machine(in: .home),
            event: .resize(pageHeight: .nan),
            outcome: .accepted(effects: [.moveHome(offset: 0)], state: .home)),
        Row(
            name: "settling: a new page height leaves the spring alone",
            machine: machine(in: .settling(target: .feed)), event: .resize(pageHeight: 640),
            outcome: .accepted(effects: [], state: .settling(target: .feed))),
        // Invalid events: rejected, nothing changes.
        Row(
            name: "home: a drag without a begin", machine: machine(in: .home), event: .drag(translation: -50),
            outcome: .rejected),
        Row(
            name: "home: close", machine: machine(in: .home), event: .close(animated: true),
            outcome: .rejected),
        Row(
            name: "dragging: a possible-phase pan", machine: machine(in: .dragging(progress: 0)),
            event: .pan(.possible, translation: 10, velocity: 0), outcome: .rejected),
        Row(
            name: "settling: a new drag waits", machine: machine(in: .settling(target: .feed)),
            event: .pan(.began, translation: 0, velocity: 0), outcome: .rejected),
        Row(name: "feed: the pan is off", machine: machine(in: .feed), event: .beginDrag, outcome: .rejected),
        Row(
            name: "feed: close finished early", machine: machine(in: .feed), event: .closeFinished,
            outcome: .rejected),
        Row(
            name: "closing: close again", machine: machine(in: .closing), event: .close(animated: true),
            outcome: .rejected),
        Row(
            name: "closing: settle finished", machine: machine(in: .closing), event: .settleFinished,
            outcome: .rejected),
    ]

    @Test("every transition's effects, valid and invalid", arguments: rows)
    func transitionTable(row: Row) {
        row.check()
    }

    @Test(
        "UIKit's recogniser states map to pan phases",
        arguments: [
            (0, PanGesturePhase.possible), (1, .began), (2, .changed), (3, .ended), (4, .cancelled),
            (5, .failed),
            (-1, .possible), (42, .possible),
        ])
    func phases(raw: Int, phase: PanGesturePhase) {
        #expect(PanGesturePhase(platformRawValue: raw) == phase)
    }

    @Test(
        "Home's offset: 0 on Home, the rubber band (upward) while dragging, minus the page on Feed; bad input stays finite"
    )
    func homeOffset() {
        var machine = VerticalSpaceTransition(pageHeight: 800)
        #expect(machine.homeOffset == 0)
        machine.send(.beginDrag)
        machine.send(.drag(translation: -250))
        #expect(machine.homeOffset == physics.resistedDistance(-250, pageHeight: 800))
        #expect(machine.homeOffset < 0)
        machine.send(.drag(translation: -.infinity))
        #expect(machine.homeOffset == 0)  // a non-finite translation counts as none
        machine.send(.endDrag(translation: -500, velocity: 0))
        #expect(machine.homeOffset == physics.resistedDistance(-500, pageHeight: 800))
        machine.send(.settleFinished)
        #expect(machine.homeOffset == -800)
        #expect(machine.pageOffsets == VerticalSpacePageOffsets(homeOffset: -800, pageHeight: 800))
        machine.send(.resize(pageHeight: -5))
        #expect(machine.pageHeight == 0 && machine.homeOffset == 0)
        #expect(VerticalSpaceTransition(pageHeight: .nan).pageHeight == 0)
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
        machine.send(.beginDrag)
        machine.send(.drag(translation: -600))
        machine.send(.cancelDrag)
        #expect(machine.state == .settling(target: .home))
        #expect(machine.settle?.from == physics.resistedDistance(-600, pageHeight: 800))
        #expect(machine.settle?.to == 0)
    }
}

extension VerticalSpaceTransitionTests {
    /// Drives a machine through a whole pan, as UIKit reports it, and lets any spring finish.
    static func release(translation: Double, velocity: Double) -> VerticalSpaceTransition {
        var machine = VerticalSpaceTransition(pageHeight: 800)
        machine.send(.pan(.began, translation: 0, velocity: velocity))
        machine.send(.pan(.changed, translation: translation, velocity: velocity))
        machine.send(.pan(.ended, translation: translation, velocity: velocity))
        machine.send(.settleFinished)
        return machine
    }

    @Test("the direction: Home is above and Feed below, so an upward drag past the threshold enters Feed")
    func upwardDragEntersFeed() {
        // 300 pt up: progress 0.52·300/(800 + 156) ≈ 0.163… below 0.22; 500 pt: ≈ 0.241, past it.
        #expect(Self.release(translation: -500, velocity: 0).state == .feed)
        #expect(Self.release(translation: -300, velocity: 0).state == .home)
        // Home left through the top: its offset is minus the page, Feed sits at the top.
        let feed = Self.release(translation: -500, velocity: 0)
        #expect(feed.homeOffset == -800)
        #expect(feed.pageOffsets.feed == 0)
    }

    @Test("a downward drag, however long, stays on Home and does not move it")
    func downwardDragStaysHome() {
        var machine = VerticalSpaceTransition(pageHeight: 800)
        machine.send(.pan(.began, translation: 0, velocity: 0))
        let moved = machine.send(.pan(.changed, translation: 5_000, velocity: 0))
        #expect(moved.effects.contains(.moveHome(offset: 0)))
        #expect(machine.state == .dragging(progress: 0))
        #expect(Self.release(translation: 5_000, velocity: 0).state == .home)
    }

    @Test("a fast upward flick past the minimum flick progress enters Feed; a downward flick never does")
    func flicks() {
        // 120 pt up: progress ≈ 0.0724 (< 0.08); 150 pt: ≈ 0.0886 (≥ 0.08, < 0.22).
        #expect(physics.progress(forTranslation: -150, pageHeight: 800) < physics.threshold)
        #expect(Self.release(translation: -150, velocity: -900).state == .feed)
        #expect(Self.release(translation: -150, velocity: -800).state == .home)
        #expect(Self.release(translation: -120, velocity: -3_000).state == .home)
        for translation in [-150.0, -500, -5_000, 150, 5_000] {
            #expect(Self.release(translation: translation, velocity: 900).state == .home)
            #expect(Self.release(translation: translation, velocity: 10_000).state == .home)
        }
    }

    @Test("Home's pan begins only for upward, mostly vertical movement")
    func panBeginsUpward() {
        #expect(VerticalSpaceTransitionPhysics.shouldBeginDrag(velocityX: 10, velocityY: -300))
        #expect(!VerticalSpaceTransitionPhysics.shouldBeginDrag(velocityX: 0, velocityY: 300))
        #expect(!VerticalSpaceTransitionPhysics.shouldBeginDrag(velocityX: 400, velocityY: -300))
    }

    @Test(
        "the pages: Feed always one page below Home, bad input clamped",
        arguments: [
            (0.0, 800.0, 0.0, 800.0), (-200, 800, -200, 600), (-800, 800, -800, 0),
            (300, 800, 0, 800), (-9_000, 800, -800, 0), (.nan, 800, 0, 800), (-100, .infinity, 0, 0),
        ])
    func pageOffsets(homeOffset: Double, height: Double, home: Double, feed: Double) {
        let offsets = VerticalSpacePageOffsets(homeOffset: homeOffset, pageHeight: height)
        #expect(offsets.home == home && offsets.feed == feed)
    }
}

private func pow2(_ value: Double) -> Double { value * value }
