import KeelComponents
import KeelDesign
import KeelSupport
import Testing

@Suite("Progress indicators")
struct ProgressTests {
    static let reduced = KeelThemeResolver(theme: .default, traits: ThemeTraits(reduceMotion: true))

    static func appearance(
        _ style: ProgressStyle, _ value: ProgressValue, resolver: KeelThemeResolver = Fixture.light
    ) -> ProgressAppearance {
        ProgressAppearance(theme: ProgressTheme(resolver: resolver), style: style, value: value)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
    static func close(_ a: Rect, _ b: Rect) -> Bool {
        close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
    }

    @Test(
        "a determinate value is clamped to 0…1; a value that is not a number counts as 0",
        arguments: [
            (ProgressValue.determinate(0.42), 0.42 as Double?), (.determinate(-1), 0), (.determinate(7), 1),
            (.determinate(.nan), 0), (.determinate(.infinity), 0), (.indeterminate, nil),
        ])
    func fraction(row: (ProgressValue, Double?)) {
        #expect(row.0.fraction == row.1)
    }

    @Test("a determinate bar fills from the leading edge: the left, or the right right to left")
    func linearDeterminate() {
        let ltr = ProgressLayout(appearance: Self.appearance(.linear, .determinate(0.25)), width: 200)
        #expect(ltr.size == Size(width: 200, height: 4))
        #expect(ltr.trackFrame == Rect(x: 0, y: 0, width: 200, height: 4))
        #expect(ltr.indicatorFrame == Rect(x: 0, y: 0, width: 50, height: 4))
        #expect(ltr.arc == nil && ltr.cornerRadius == 2 && ltr.indicatorOpacity == 1)
        let rtl = ProgressLayout(
            appearance: Self.appearance(.linear, .determinate(0.25), resolver: Fixture.rtl), width: 200)
        #expect(rtl.indicatorFrame == Rect(x: 150, y: 0, width: 50, height: 4))
        // Time does not move a determinate bar.
        #expect(
            ProgressLayout(appearance: Self.appearance(.linear, .determinate(0.25)), width: 200, time: 0.9)
                == ltr)
        #expect(
            ProgressLayout(appearance: Self.appearance(.linear, .determinate(1)), width: .nan).size.width == 0
        )
    }

    @Test(
        "an indeterminate bar: a segment sweeps from the leading edge to the trailing one, clipped to the track"
    )
    func linearIndeterminate() {
        let appearance = Self.appearance(.linear, .indeterminate)
        #expect(appearance.motion == .moving && appearance.isAnimated && appearance.period == 1.4)
        func frame(_ time: Double, _ appearance: ProgressAppearance = appearance) -> Rect {
            ProgressLayout(appearance: appearance, width: 200, time: time).indicatorFrame
        }
        // The segment is 30 % of the bar (60 pt); it starts just outside the leading edge.
        #expect(frame(0).width == 0)
        #expect(Self.close(frame(0.7), Rect(x: 70, y: 0, width: 60, height: 4)))
        #expect(Self.close(frame(0.7 + 1.4), frame(0.7)))
        let late = frame(1.3)
        #expect(late.maxX == 200 && late.width < 60 && late.width > 0)
        let rtl = Self.appearance(.linear, .indeterminate, resolver: Fixture.rtl)
        #expect(Self.close(frame(0.35, rtl), frame(0.35).mirrored(inWidth: 200)))
        #expect(appearance.phase(at: .nan) == 0 && appearance.phase(at: -0.35) >= 0)
    }

    @Test("a determinate ring's arc runs clockwise from the top; a spinner turns once a period")
    func circular() {
        let half = ProgressLayout(appearance: Self.appearance(.circular, .determinate(0.5)), width: 999)
        #expect(half.size == Size(width: 24, height: 24))
        #expect(half.arc == ProgressArc(start: 0, end: Double.pi, rotation: 0))
        #expect(half.indicatorFrame == .zero)
        #expect(
            half.ringFrame(appearance: Self.appearance(.circular, .determinate(0.5)))
                == Rect(x: 1.5, y: 1.5, width: 21, height: 21))
        let spinner = Self.appearance(.circular, .indeterminate)
        let quarter = ProgressLayout(appearance: spinner, width: 0, time: 0.25)
        #expect(Self.close(quarter.displayedArc.rotation, Double.pi / 2))
        #expect(Self.close(quarter.displayedArc.fraction, 0.75))
        // The ring does not mirror: a circle has no leading edge, it runs clockwise like a clock.
        let rtl = ProgressLayout(
            appearance: Self.appearance(.circular, .determinate(0.5), resolver: Fixture.rtl), width: 0)
        #expect(rtl.arc == half.arc)
    }

    @Test("shapes: a bar is filled, a ring is stroked from 12 o'clock (angles from 3 o'clock, y down)")
    func shapes() {
        let bar = Self.appearance(.linear, .determinate(0.5))
        let barLayout = ProgressLayout(appearance: bar, width: 100)
        #expect(
            barLayout.trackShape(appearance: bar)
                == .bar(Rect(x: 0, y: 0, width: 100, height: 4), cornerRadius: 2))
        #expect(
            barLayout.indicatorShape(appearance: bar)
                == .bar(Rect(x: 0, y: 0, width: 50, height: 4), cornerRadius: 2))
        #expect(
            bar.trackFillColor == bar.trackColor && bar.trackStrokeColor == .clear && bar.strokeWidth == 0)
        #expect(bar.intrinsicSize(unknownWidth: -1) == Size(width: -1, height: 4))
        #expect(bar.minimumWidth == 0 && bar.maximumWidth == .infinity && bar.height == 4)
        let ring = Self.appearance(.circular, .determinate(0.5))
        let ringLayout = ProgressLayout(appearance: ring, width: 100)
        #expect(
            ringLayout.indicatorShape(appearance: ring)
                == .arc(
                    center: Point(x: 12, y: 12), radius: 10.5, startAngle: -Double.pi / 2,
                    endAngle: Double.pi / 2))
        #expect(
            ringLayout.trackShape(appearance: ring)
                == .arc(
                    center: Point(x: 12, y: 12), radius: 10.5, startAngle: -Double.pi / 2,
                    endAngle: 1.5 * Double.pi))
        #expect(ring.indicatorStrokeColor == ring.indicatorColor && ring.indicatorFillColor == .clear)
        #expect(ring.strokeWidth == 3 && ring.intrinsicSize(unknownWidth: -1) == Size(width: 24, height: 24))
        // The spinner's shape turns with its rotation.
        let spinner = Self.appearance(.circular, .indeterminate)
        let turned = ProgressLayout(appearance: spinner, width: 0, time: 0.25).indicatorShape(
            appearance: spinner)
        guard case .arc(_, _, let start, let end) = turned else {
            Issue.record("a spinner is an arc")
            return
        }
        #expect(Self.close(start, 0) && Self.close(end, 1.5 * Double.pi))
    }

    @Test(
        "the frame clock runs only while something moves on screen",
        arguments: [
            (true, true, false, FrameClockCommand.start), (true, true, true, .keep),
            (false, true, true, .stop),
            (true, false, true, .stop), (false, false, false, .keep), (true, false, false, .keep),
        ])
    func frameClock(row: (Bool, Bool, Bool, FrameClockCommand)) {
        #expect(FrameClockCommand(moves: row.0, isOnScreen: row.1, isRunning: row.2) == row.3)
        #expect(Self.appearance(.linear, .indeterminate).isStatic == false)
        #expect(Self.appearance(.linear, .determinate(0.2)).isStatic)
    }

    @Test("under Reduce Motion an indeterminate indicator stays in place and pulses")
    func reduceMotion() {
        let bar = Self.appearance(.linear, .indeterminate, resolver: Self.reduced)
        #expect(bar.motion == .pulse && bar.period == 1.6)
        for time in [0.0, 0.4, 0.8, 1.2] {
            let layout = ProgressLayout(appearance: bar, width: 200, time: time)
            #expect(layout.indicatorFrame == Rect(x: 0, y: 0, width: 200, height: 4))
        }
        #expect(Self.close(bar.indicatorOpacity(at: 0), 1))
        #expect(Self.close(bar.indicatorOpacity(at: 0.8), 0.4))
        let ring = Self.appearance(.circular, .indeterminate, resolver: Self.reduced)
        for time in [0.0, 0.3, 0.9] {
            let arc = ProgressLayout(appearance: ring, width: 0, time: time).displayedArc
            #expect(arc.rotation == 0 && Self.close(arc.fraction, 0.75))
        }
        // A determinate indicator neither moves nor pulses, with or without Reduce Motion.
        let determinate = Self.appearance(.linear, .determinate(0.5), resolver: Self.reduced)
        #expect(determinate.motion == .none && determinate.indicatorOpacity(at: 0.8) == 1)
    }

    @Test("VoiceOver: a progress indicator valued as a whole percentage, or 'In progress'")
    func accessibility() {
        func spoken(_ value: ProgressValue, label: String? = nil, _ strings: AccessibilityStrings = .english)
            -> AccessibilityDescription
        {
            Self.appearance(.linear, value).accessibility(label: label, strings: strings)
        }
        #expect(spoken(.determinate(0.421)).value == "42%")
        #expect(spoken(.determinate(0.996)).value == "99%")
        #expect(spoken(.determinate(1)).value == "100%")
        #expect(spoken(.indeterminate).value == "In progress")
        #expect(spoken(.indeterminate).label == "Progress")
        #expect(spoken(.determinate(0.5), label: "Uploading photo").label == "Uploading photo")
        #expect(spoken(.indeterminate).role == .progressIndicator)
        #expect(spoken(.indeterminate).platformTraits == [.updatesFrequently])
        #expect(spoken(.indeterminate, .simplifiedChinese).value == "进行中")
    }

    static func announcer(after values: [Double], step: Double = 0.25) -> ProgressAnnouncement {
        var machine = ProgressAnnouncement(step: step)
        for value in values { machine.send(.determinate(value)) }
        return machine
    }

    @Test(
        "announcements: each new step once, completion once, nothing on small changes, going back or while indeterminate",
        arguments: [
            MachineRow(
                name: "the first value is shown, not announced", machine: announcer(after: []),
                event: .determinate(0.3), outcome: .accepted(effects: [], state: 1)),
            MachineRow(
                name: "a small change", machine: announcer(after: [0.1]), event: .determinate(0.2),
                outcome: .rejected),
            MachineRow(
                name: "a new step", machine: announcer(after: [0.1]), event: .determinate(0.3),
                outcome: .accepted(effects: [.percent(25)], state: 1)),
            MachineRow(
                name: "several steps at once: only the last", machine: announcer(after: [0.3]),
                event: .determinate(0.8), outcome: .accepted(effects: [.percent(75)], state: 3)),
            MachineRow(
                name: "completion", machine: announcer(after: [0.8]), event: .determinate(1),
                outcome: .accepted(effects: [.complete], state: 4)),
            MachineRow(
                name: "completion again", machine: announcer(after: [0.8, 1]), event: .determinate(1),
                outcome: .rejected),
            MachineRow(
                name: "an odd step", machine: announcer(after: [0.1], step: 0.3), event: .determinate(0.95),
                outcome: .accepted(effects: [.percent(90)], state: 3)),
        ])
    func announcements(row: MachineRow<ProgressAnnouncement>) {
        row.check()
    }

    @Test("going back starts over; indeterminate forgets; a nonsense step is 25 %")
    func announcementResets() {
        var machine = Self.announcer(after: [0.1, 0.9])
        #expect(machine.send(.determinate(0)).effects.isEmpty)
        #expect(machine.state == 0)
        #expect(machine.send(.determinate(0.5)).effects == [.percent(50)])
        #expect(machine.send(.indeterminate).effects.isEmpty && machine.state == -1)
        #expect(!machine.send(.indeterminate).isAccepted)
        #expect(ProgressAnnouncement(step: 0).step == 0.25 && ProgressAnnouncement(step: .nan).step == 0.25)
        #expect(ProgressAnnouncement.text(.percent(50), strings: .english) == "50%")
        #expect(ProgressAnnouncement.text(.complete, strings: .simplifiedChinese) == "已完成")
    }

    /// A theme's tiny `announcement.step` announces each percent at most. It used to trap:
    /// `1 / 1e-300` is infinite, and `Int(infinity)` counting the steps crashed the first
    /// determinate value.
    @Test("a tiny announcement step is one percent, never a trap")
    func tinyAnnouncementStep() {
        for step in [1e-300, .leastNonzeroMagnitude, 1e-19, 0.001] {
            var machine = ProgressAnnouncement(step: step)
            #expect(machine.step == 0.01, "\(step)")
            #expect(machine.send(.determinate(0.1)).effects.isEmpty)
            #expect(machine.send(.determinate(0.5)).effects == [.percent(50)], "\(step)")
        }
    }

    /// A step of 0.1 announces every tenth. It used to skip 30 %, 60 % and 70 %: `0.3 / 0.1`
    /// is 2.999…96 in binary, which floored to step 2 (the step already reached), so the value
    /// was rejected.
    @Test("a step of 0.1 announces each tenth, none lost to binary rounding")
    func tenthSteps() {
        var machine = ProgressAnnouncement(step: 0.1)
        #expect(machine.send(.determinate(0.1)).effects.isEmpty)
        for tenth in 2...9 {
            let value = Double(tenth) / 10
            #expect(machine.send(.determinate(value)).effects == [.percent(tenth * 10)], "\(value)")
            #expect(machine.state == tenth, "\(value)")
        }
        #expect(machine.send(.determinate(1)).effects == [.complete] && machine.state == 10)
        // Sums of steps, as a loop adding 0.1 produces them (0.1 + 0.2 = 0.30000000000000004).
        var summed = ProgressAnnouncement(step: 0.1)
        var value = 0.0
        var spoken: [ProgressAnnouncement.Effect] = []
        for _ in 0..<9 {
            value += 0.1
            spoken += summed.send(.determinate(value)).effects
        }
        #expect(spoken == (2...9).map { .percent($0 * 10) })
        // Just below a step is not the step.
        var below = ProgressAnnouncement(step: 0.1)
        below.send(.determinate(0.1))
        #expect(below.send(.determinate(0.299_999)).effects == [.percent(20)] && below.state == 2)
        #expect(ProgressAnnouncement(step: 0.1).step == 0.1)
    }

    @Test("a theme's nonsense timings fall back to the reference")
    func themedTimings() {
        let custom = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "progress.odd"), displayName: "Odd", basedOn: .default,
            components: [
                ProgressTheme.component: ComponentTheme(referenceValues: [
                    "indeterminate.period": .number(-2), "spinner.arc": .number(3),
                    "announcement.step": .number(0.1),
                ])
            ])
        let theme = ProgressTheme(resolver: KeelThemeResolver(theme: custom, traits: ThemeTraits()))
        #expect(theme.indeterminatePeriod == 1.4 && theme.spinnerArc == 0.75 && theme.announcementStep == 0.1)
    }

    @Test("every declared contrast pair passes in light, dark and increased contrast, in both themes")
    func contrast() {
        for theme in [KeelTheme.default, .blue] {
            for traits in SegmentedTests.appearances {
                let pairs = ProgressTheme(resolver: KeelThemeResolver(theme: theme, traits: traits))
                    .contrastPairs
                #expect(!pairs.isEmpty)
                for pair in pairs { #expect(pair.isSatisfied, "\(theme.identifier) \(traits): \(pair)") }
            }
        }
    }
}
