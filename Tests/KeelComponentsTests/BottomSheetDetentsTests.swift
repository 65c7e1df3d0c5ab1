import KeelComponents
import KeelDesign
import KeelSupport
import Testing

@Suite("Bottom sheet detent state machine")
struct BottomSheetDetentsTests {
    static let theme = BottomSheetTheme(resolver: Fixture.light)
    static let portrait = SheetContainer(
        bounds: Size(width: 390, height: 844), safeArea: Edges<Double>(top: 47, bottom: 34))
    /// Medium (422) and large (759.6).
    static let mediumLarge = try! BottomSheetConfiguration(height: .fraction(0.9), detents: [.fraction(0.5)])
    static let down = Point(x: 0, y: 300)

    static func machine(
        _ configuration: BottomSheetConfiguration = mediumLarge, content: Double = 300
    ) -> BottomSheetDetents {
        BottomSheetDetents(
            configuration: configuration, theme: theme, container: portrait, contentHeight: content)
    }

    static func presented(interactive: Bool = true) -> SheetPresentation {
        var presentation = SheetPresentation(isInteractiveDismissalEnabled: interactive)
        for event in [SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished] {
            _ = presentation.send(event)
        }
        return presentation
    }

    static func began(_ machine: inout BottomSheetDetents, candidates: [SheetScrollCandidate] = []) -> Bool {
        machine.send(
            .dragBegan(velocity: down, candidates: candidates, primary: nil, presentation: presented())
        )
        .isAccepted
    }

    @Test("starts on the configuration's own height with every detent resolved")
    func initial() {
        let machine = Self.machine()
        #expect(machine.state.index == 1)
        #expect(machine.state.phase == .resting)
        #expect(abs(machine.state.restingHeight - 759.6) < 1e-9)
        #expect(machine.state.detentHeights.count == 2)
        #expect(machine.contentWidth == 390)
        #expect(machine.layoutInput.detentIndex == 1)
    }

    @Test("a drag begins: asking does not move it; sending tells the presentation")
    func begin() {
        var machine = Self.machine()
        let event = SheetDetentEvent.dragBegan(
            velocity: Self.down, candidates: [], primary: nil, presentation: Self.presented())
        #expect(machine.accepts(event))
        #expect(machine.state.phase == .resting)
        #expect(machine.send(event) == .accepted([.beginDrag]))
        #expect(machine.state.phase == .dragging(owner: .sheet, translation: 0))
    }

    struct ReleaseRow: Sendable, CustomTestStringConvertible {
        let name: String
        let start: Int
        let translation: Double
        let velocity: Double
        let allowsSwipeDismissal: Bool
        let expected: [SheetDetentEffect]
        let index: Int
        var testDescription: String { name }
    }

    static let motion = theme.motion
    static let releaseRows: [ReleaseRow] = [
        ReleaseRow(
            name: "small drag, no velocity: back to large", start: 1, translation: 40, velocity: 0,
            allowsSwipeDismissal: true, expected: [.animate(toDetent: 1, height: 759.6, motion: motion)],
            index: 1),
        ReleaseRow(
            name: "past the nearer midpoint: settles on medium with a haptic", start: 1, translation: 200,
            velocity: 0, allowsSwipeDismissal: true,
            expected: [.haptic(.detentChanged), .animate(toDetent: 0, height: 422, motion: motion)], index: 0),
        ReleaseRow(
            name: "past the distance fraction: dismisses", start: 1, translation: 759.6 * 0.3 + 1,
            velocity: 0,
            allowsSwipeDismissal: true, expected: [.dismiss(.swipe)], index: 1),
        ReleaseRow(
            name: "just under the distance fraction, slow: settles", start: 0, translation: 422 * 0.3 - 1,
            velocity: 0, allowsSwipeDismissal: true,
            expected: [.animate(toDetent: 0, height: 422, motion: motion)],
            index: 0),
        ReleaseRow(
            name: "a fast flick dismisses from any distance", start: 0, translation: 10, velocity: 1001,
            allowsSwipeDismissal: true, expected: [.dismiss(.swipe)], index: 0),
        ReleaseRow(
            name: "velocity at the threshold does not", start: 0, translation: 10, velocity: 1000,
            allowsSwipeDismissal: true, expected: [.animate(toDetent: 0, height: 422, motion: motion)],
            index: 0),
        ReleaseRow(
            name: "an upward flick projects to large", start: 0, translation: -30, velocity: -2000,
            allowsSwipeDismissal: true,
            expected: [.haptic(.detentChanged), .animate(toDetent: 1, height: 759.6, motion: motion)],
            index: 1),
        ReleaseRow(
            name: "swipe dismissal off: a long drag settles on the nearest", start: 1, translation: 600,
            velocity: 3000, allowsSwipeDismissal: false,
            expected: [.haptic(.detentChanged), .animate(toDetent: 0, height: 422, motion: motion)], index: 0),
    ]

    @Test("release: dismiss past distance or velocity, else the nearest detent", arguments: releaseRows)
    func release(row: ReleaseRow) throws {
        let configuration = try BottomSheetConfiguration(
            height: .fraction(0.9), detents: [.fraction(0.5)], allowsSwipeDismissal: row.allowsSwipeDismissal)
        var machine = Self.machine(configuration)
        if row.start != machine.state.index { _ = machine.send(.select(index: row.start)) }
        #expect(Self.began(&machine))
        #expect(
            machine.send(.dragChanged(translation: row.translation, velocityY: 10, scroll: nil))
                == .accepted([.follow]))
        #expect(machine.state.dragTranslation == row.translation)
        let transition = machine.send(
            .dragEnded(translation: row.translation, velocity: row.velocity, presentation: Self.presented()))
        #expect(transition == .accepted(row.expected))
        #expect(machine.state.index == row.index)
    }

    @Test("a disabled interactive dismissal forbids the drag and a grabber dismissal")
    func interactiveDismissalDisabled() {
        var machine = Self.machine()
        let disabled = Self.presented(interactive: false)
        #expect(
            machine.send(
                .dragBegan(velocity: Self.down, candidates: [], primary: nil, presentation: disabled))
                == .rejected)
        #expect(machine.state.phase == .resting)
        // Released with the presentation now forbidding swipes: settles instead of dismissing.
        #expect(Self.began(&machine))
        _ = machine.send(.dragChanged(translation: 700, velocityY: 10, scroll: nil))
        let transition = machine.send(.dragEnded(translation: 700, velocity: 5000, presentation: disabled))
        #expect(transition.effects.contains(.dismiss(.swipe)) == false)
        var single = Self.machine(try! BottomSheetConfiguration())
        #expect(single.send(.activateGrabber(presentation: disabled)) == .rejected)
        #expect(
            single.send(.activateGrabber(presentation: Self.presented())) == .accepted([.dismiss(.swipe)]))
    }

    @Test("invalid events are rejected and change nothing")
    func invalid() {
        var machine = Self.machine()
        let before = machine.state
        // No drag under way.
        #expect(machine.send(.dragChanged(translation: 20, velocityY: 1, scroll: nil)) == .rejected)
        #expect(
            machine.send(.dragEnded(translation: 20, velocity: 0, presentation: Self.presented()))
                == .rejected)
        #expect(machine.send(.dragCancelled) == .rejected)
        // Unknown detents.
        #expect(machine.send(.select(index: 2)) == .rejected)
        #expect(machine.send(.select(index: -1)) == .rejected)
        // An upward or sideways start, or a sheet not at rest.
        #expect(
            machine.send(
                .dragBegan(
                    velocity: Point(x: 0, y: -300), candidates: [], primary: nil,
                    presentation: Self.presented()))
                == .rejected)
        #expect(
            machine.send(
                .dragBegan(
                    velocity: Point(x: 400, y: 300), candidates: [], primary: nil,
                    presentation: Self.presented()))
                == .rejected)
        #expect(
            machine.send(
                .dragBegan(
                    velocity: Self.down, candidates: [], primary: nil, presentation: SheetPresentation()))
                == .rejected)
        #expect(machine.send(.activateGrabber(presentation: SheetPresentation())) == .rejected)
        #expect(machine.send(.contentHeightChanged(.nan)) == .rejected)
        #expect(machine.state == before)
        // Several scroll views and no primary: nothing moves the sheet.
        let scrolls = [SheetScrollCandidate(id: 1, offsetY: 0), SheetScrollCandidate(id: 2, offsetY: 0)]
        #expect(!Self.began(&machine, candidates: scrolls))
        // A second begin while dragging.
        #expect(Self.began(&machine))
        #expect(!Self.began(&machine))
        // Select while dragging.
        #expect(machine.send(.select(index: 0)) == .rejected)
    }

    @Test("select: a known detent animates there; cancel returns to the current one")
    func select() {
        var machine = Self.machine()
        #expect(
            machine.send(.select(index: 0))
                == .accepted([
                    .haptic(.detentChanged), .animate(toDetent: 0, height: 422, motion: Self.motion),
                ]))
        #expect(machine.state.index == 0)
        #expect(
            machine.send(.select(index: 0))
                == .accepted([.animate(toDetent: 0, height: 422, motion: Self.motion)]))
        #expect(Self.began(&machine))
        _ = machine.send(.dragChanged(translation: 90, velocityY: 10, scroll: nil))
        #expect(machine.layoutInput.dragTranslation == 90)
        #expect(
            machine.send(.dragCancelled)
                == .accepted([.animate(toDetent: 0, height: 422, motion: Self.motion)]))
        #expect(machine.state.phase == .resting)
        #expect(machine.layoutInput.dragTranslation == 0)
    }

    @Test("the grabber steps up through the detents and wraps to the smallest")
    func grabber() {
        var machine = Self.machine()
        let presented = Self.presented()
        #expect(
            machine.send(.activateGrabber(presentation: presented))
                == .accepted([
                    .haptic(.detentChanged), .animate(toDetent: 0, height: 422, motion: Self.motion),
                ]))
        #expect(
            machine.send(.activateGrabber(presentation: presented))
                == .accepted([
                    .haptic(.detentChanged), .animate(toDetent: 1, height: 759.6, motion: Self.motion),
                ]))
        let fixed = try! BottomSheetConfiguration(allowsSwipeDismissal: false)
        var single = Self.machine(fixed)
        #expect(single.send(.activateGrabber(presentation: presented)) == .rejected)
    }

    @Test("VoiceOver adjusts the grabber one detent at a time and dismisses where allowed, as a swipe")
    func adjustGrabber() throws {
        var machine = Self.machine()
        let presented = Self.presented()
        #expect(machine.send(.adjustGrabber(.increment, presentation: presented)) == .rejected)
        #expect(
            machine.send(.adjustGrabber(.decrement, presentation: presented))
                == .accepted([
                    .haptic(.detentChanged), .animate(toDetent: 0, height: 422, motion: Self.motion),
                ]))
        #expect(machine.send(.adjustGrabber(.decrement, presentation: presented)) == .rejected)
        #expect(machine.state.index == 0)
        #expect(
            machine.send(.adjustGrabber(.dismiss, presentation: presented)) == .accepted([.dismiss(.swipe)]))
        // Not while dragging, not before it is presented, not when swiping may not dismiss.
        #expect(Self.began(&machine))
        #expect(machine.send(.adjustGrabber(.increment, presentation: presented)) == .rejected)
        var queued = Self.machine()
        #expect(queued.send(.adjustGrabber(.decrement, presentation: SheetPresentation())) == .rejected)
        var fixed = Self.machine(
            try BottomSheetConfiguration(
                height: .fraction(0.9), detents: [.fraction(0.5)], allowsSwipeDismissal: false))
        #expect(fixed.send(.adjustGrabber(.dismiss, presentation: presented)) == .rejected)
        #expect(
            fixed.send(.adjustGrabber(.dismiss, presentation: Self.presented(interactive: false)))
                == .rejected)
        // The layout says which actions to offer.
        let layout = BottomSheetLayout.resolve(fixed.layoutInput).grabber
        #expect(layout.isAdjustable && !layout.canDismiss)
        let single = BottomSheetLayout.resolve(Self.machine(try BottomSheetConfiguration()).layoutInput)
            .grabber
        #expect(!single.isAdjustable && single.canDismiss)
    }

    @Test("a scroll view at its top hands the drag to the sheet mid-gesture and is pinned there")
    func scrollHandOff() {
        var machine = Self.machine()
        let scrolled = SheetScrollCandidate(id: 7, offsetY: 120, adjustedTopInset: 20)
        #expect(Self.began(&machine, candidates: [scrolled]))
        #expect(machine.state.phase == .dragging(owner: .scrollView(7), translation: 0))
        #expect(machine.trackedScrollID == 7)
        #expect(
            machine.send(.dragChanged(translation: 60, velocityY: 200, scroll: scrolled))
                == .accepted([.follow]))
        #expect(machine.state.dragTranslation == 0)
        let atTop = SheetScrollCandidate(id: 7, offsetY: -20, adjustedTopInset: 20)
        #expect(
            machine.send(.dragChanged(translation: 100, velocityY: 200, scroll: atTop))
                == .accepted([.pinScrollView(id: 7, offsetY: -20), .follow]))
        #expect(machine.send(.dragChanged(translation: 150, velocityY: 200, scroll: atTop)).isAccepted)
        #expect(machine.state.dragTranslation == 50)
        // Released while the scroll view owned it: no dismissal, back to rest.
        var other = Self.machine()
        #expect(Self.began(&other, candidates: [scrolled]))
        let transition = other.send(
            .dragEnded(translation: 600, velocity: 3000, presentation: Self.presented()))
        #expect(transition == .accepted([.animate(toDetent: 1, height: 759.6, motion: Self.motion)]))
    }

    /// SwiftUI's own sheet used to drop the pin (`case .pinScrollView: return`): a
    /// `KeelSheetScrollView` the sheet took the drag from while it bounced past its top stayed
    /// pulled down under the moving sheet, where UIKit sets its offset back to the top.
    /// `SheetScrollPinning` turns the same effects into scroll requests: one each time the
    /// tracked scroll view has drifted from the pinned offset, none while it sits there.
    @Test("a front end that scrolls by request pins the scroll view the sheet took over, once it drifted")
    func scrollPinByRequest() {
        var machine = Self.machine()
        var pinning = SheetScrollPinning()
        // SwiftUI's geometry: the content's top in the scroll view's own space.
        func swiftUI(_ contentMinY: Double) -> SheetScrollCandidate {
            SheetScrollCandidate(id: 7, contentMinY: contentMinY, contentHeight: 2000, boundsHeight: 400)
        }
        func requests(_ transition: StateTransition<SheetDetentEffect>, _ scroll: SheetScrollCandidate)
            -> [SheetScrollPinRequest]
        {
            transition.effects.compactMap { effect in
                guard case .pinScrollView(let id, let offsetY) = effect else { return nil }
                return pinning.pin(id: id, offsetY: offsetY, candidates: [scroll])
            }
        }
        let scrolled = swiftUI(-120)
        #expect(Self.began(&machine, candidates: [scrolled]))
        let scrolling = machine.send(.dragChanged(translation: 60, velocityY: 200, scroll: scrolled))
        #expect(requests(scrolling, scrolled).isEmpty)
        // Scrolled back past its top and bouncing: the sheet takes over and the view is pinned
        // at its top (offset 0: a SwiftUI scroll view has no inset of its own).
        let bouncing = swiftUI(14)
        let takeOver = machine.send(.dragChanged(translation: 100, velocityY: 200, scroll: bouncing))
        #expect(takeOver == .accepted([.pinScrollView(id: 7, offsetY: 0), .follow]))
        let first = requests(takeOver, bouncing)
        #expect(first == [SheetScrollPinRequest(id: 7, offsetY: 0, generation: 0)])
        #expect(first.first?.offsetY(forScrollView: 7) == 0)
        #expect(first.first?.offsetY(forScrollView: 8) == nil)
        // At its top now: the sheet still pins on every move, but nothing needs scrolling.
        let atTop = swiftUI(0.3)
        #expect(
            requests(machine.send(.dragChanged(translation: 130, velocityY: 200, scroll: atTop)), atTop)
                .isEmpty)
        // Drifted again: a new request (a new generation, so SwiftUI sees a change).
        let again = swiftUI(6)
        #expect(
            requests(machine.send(.dragChanged(translation: 160, velocityY: 200, scroll: again)), again)
                == [SheetScrollPinRequest(id: 7, offsetY: 0, generation: 1)])
        #expect(pinning.request?.generation == 1)
        // A scroll view the content no longer reports, or a non-finite offset: nothing to move.
        #expect(pinning.pin(id: 9, offsetY: 0, candidates: [again]) == nil)
        #expect(pinning.pin(id: 7, offsetY: .nan, candidates: [again]) == nil)
        // UIKit's candidate with an inset: pinned at -inset, as UIKit sets it.
        let inset = SheetScrollCandidate(id: 3, offsetY: -40, adjustedTopInset: 20)
        #expect(
            pinning.pin(id: 3, offsetY: -20, candidates: [inset])
                == SheetScrollPinRequest(id: 3, offsetY: -20, generation: 2))
    }

    @Test("content and container changes re-resolve heights, keeping the current detent when it still exists")
    func resize() {
        var machine = Self.machine(try! BottomSheetConfiguration(detents: [.fraction(0.3)]), content: 300)
        // Detents: 30 % (253.2) and content (334); resting on content.
        #expect(machine.state.index == 1)
        _ = machine.send(.select(index: 0))
        #expect(machine.send(.contentHeightChanged(500)) == .accepted())
        #expect(machine.state.index == 0)
        #expect(abs(machine.state.restingHeight - 253.2) < 1e-9)
        #expect(machine.state.detentHeights.last == 534)
        // Landscape: 30 % is a new height, so it falls back to the configuration's own height.
        let landscape = SheetContainer(
            bounds: Size(width: 844, height: 390),
            safeArea: Edges<Double>(top: 0, left: 47, bottom: 21, right: 47))
        #expect(machine.send(.containerChanged(landscape)) == .accepted())
        #expect(machine.state.restingHeight == 390)
        #expect(machine.contentWidth == 844)
        // Keyboard up: the content detent is capped by the room above the keyboard.
        let keyboard = SheetContainer(
            bounds: Size(width: 390, height: 844), safeArea: Edges<Double>(top: 47, bottom: 34),
            keyboardOverlap: 336)
        _ = machine.send(.containerChanged(keyboard))
        #expect(machine.state.detentHeights.last == 461)
        // A resize during a drag keeps the drag.
        _ = machine.send(.containerChanged(Self.portrait))
        #expect(Self.began(&machine))
        _ = machine.send(.dragChanged(translation: 30, velocityY: 10, scroll: nil))
        _ = machine.send(.contentHeightChanged(320))
        #expect(machine.state.dragTranslation == 30)
    }

    @Test("its layout input resolves to the machine's detent and drag")
    func layoutInput() {
        var machine = Self.machine()
        _ = machine.send(.select(index: 0))
        #expect(Self.began(&machine))
        _ = machine.send(.dragChanged(translation: 100, velocityY: 10, scroll: nil))
        let layout = BottomSheetLayout.resolve(machine.layoutInput)
        #expect(layout.currentDetent == 0)
        #expect(abs(layout.surface.minY - (844 - 422 + 100)) < 1e-9)
    }
}
