import KeelComponents
import KeelDesign
import KeelSupport
import Testing

/// An upward drag below the largest detent expands the sheet before its content scrolls, in
/// the one decision both front ends bind.
@Suite("Bottom sheet: expanding before scrolling")
struct BottomSheetExpansionTests {
    // The detent suite's fixtures: the light theme; its machine rests on large (759.6) over
    // medium (422) on a portrait phone.
    static let theme = BottomSheetDetentsTests.theme
    static let up = Point(x: 0, y: -300)
    static let top = SheetScrollCandidate(id: 4, offsetY: 0)
    static let scrolled = SheetScrollCandidate(id: 4, offsetY: 90)

    static func medium() -> BottomSheetDetents {
        var machine = BottomSheetDetentsTests.machine()
        _ = machine.send(.select(index: 0))
        return machine
    }

    static func presented() -> SheetPresentation { BottomSheetDetentsTests.presented() }

    static func began(
        _ machine: inout BottomSheetDetents, velocity: Point = up, candidates: [SheetScrollCandidate] = [top]
    ) -> StateTransition<SheetDetentEffect> {
        machine.send(
            .dragBegan(velocity: velocity, candidates: candidates, primary: nil, presentation: presented()))
    }

    @Test("an upward pan may begin only when the sheet can expand")
    func canBegin() {
        #expect(BottomSheetDrag.canBegin(velocity: Self.up, sheetMayPan: true, canExpand: true))
        #expect(!BottomSheetDrag.canBegin(velocity: Self.up, sheetMayPan: true, canExpand: false))
        #expect(!BottomSheetDrag.canBegin(velocity: Self.up, sheetMayPan: false, canExpand: true))
        #expect(
            !BottomSheetDrag.canBegin(velocity: Point(x: 400, y: -300), sheetMayPan: true, canExpand: true))
        #expect(!BottomSheetDrag.canBegin(velocity: Point(x: 0, y: 0), sheetMayPan: true, canExpand: true))
        #expect(BottomSheetDrag.canBegin(velocity: Point(x: 0, y: 300), sheetMayPan: true, canExpand: false))
    }

    @Test("upward, the surface follows the finger as far as the largest detent, then resists")
    func offset() {
        let drag = BottomSheetDrag(height: 422, theme: Self.theme, expansion: 337.6)
        #expect(drag.offset(forTranslation: -100) == -100)
        #expect(drag.offset(forTranslation: -337.6) == -337.6)
        let beyond = drag.offset(forTranslation: -400)
        #expect(beyond < -337.6 && beyond > -400)
        #expect(
            abs(
                beyond
                    - (-337.6
                        + RubberBand.offset(-62.4, dimension: 759.6, coefficient: Self.theme.upwardResistance))
            )
                < 1e-9)
        #expect(drag.offset(forTranslation: 50) == 50)
        // Hostile expansions count as none.
        for expansion in [Double.nan, -Double.infinity, -20] {
            let none = BottomSheetDrag(height: 422, theme: Self.theme, expansion: expansion)
            #expect(none.expansion == 0)
            #expect(none.offset(forTranslation: -100) > -100)
        }
    }

    @Test(
        "when the gesture begins at the top, an upward drag goes to the sheet only if it can expand",
        arguments: [
            (true, SheetDragOwner.sheet), (false, SheetDragOwner.scrollView(4)),
        ])
    func arbitrationBegin(canExpand: Bool, owner: SheetDragOwner) {
        var arbitration = SheetScrollArbitration()
        #expect(arbitration.begin(velocityY: -200, candidates: [Self.top], canExpand: canExpand) == owner)
        // Scrolled content scrolls, expandable or not.
        #expect(
            arbitration.begin(velocityY: -200, candidates: [Self.scrolled], canExpand: true) == .scrollView(4)
        )
    }

    @Test("an expanding sheet keeps the drag until it has risen by its expansion, then hands it over")
    func arbitrationHandOff() {
        var arbitration = SheetScrollArbitration()
        _ = arbitration.begin(velocityY: -200, candidates: [Self.top], canExpand: true)
        #expect(
            arbitration.drag(translation: -100, velocityY: -200, scroll: Self.top, expansion: 300) == .sheet)
        #expect(arbitration.sheetTranslation(forFingerTranslation: -100) == -100)
        #expect(
            arbitration.drag(translation: -299, velocityY: -200, scroll: Self.top, expansion: 300) == .sheet)
        #expect(
            arbitration.drag(translation: -300, velocityY: -200, scroll: Self.top, expansion: 300)
                == .scrollView(4))
        #expect(arbitration.sheetTranslation(forFingerTranslation: -320) == 0)
        // Without expansion the old rule holds: back at rest and moving up, the content scrolls.
        var other = SheetScrollArbitration()
        _ = other.begin(velocityY: 200, candidates: [Self.top])
        #expect(
            other.drag(translation: 0, velocityY: -10, scroll: Self.top, expansion: .nan) == .scrollView(4))
    }

    @Test("on medium, an upward drag expands the sheet, pins the content, then rests on large and scrolls")
    func expandThenScroll() {
        var machine = Self.medium()
        #expect(machine.canExpand)
        #expect(abs(machine.expansion - 337.6) < 1e-9)
        #expect(Self.began(&machine) == .accepted([.beginDrag]))
        #expect(machine.state.phase == .dragging(owner: .sheet, translation: 0))
        #expect(
            machine.send(.dragChanged(translation: -200, velocityY: -500, scroll: Self.top))
                == .accepted([.pinScrollView(id: 4, offsetY: 0), .follow]))
        let rising = BottomSheetLayout.resolve(machine.layoutInput)
        #expect(rising.surface.minY == 844 - 422 - 200)
        // Reaching large: the sheet rests there and the scroll view owns the rest of the drag.
        #expect(
            machine.send(.dragChanged(translation: -340, velocityY: -500, scroll: Self.top))
                == .accepted([.haptic(.detentChanged), .follow]))
        #expect(machine.state.index == 1)
        #expect(machine.state.phase == .dragging(owner: .scrollView(4), translation: 0))
        #expect(!machine.canExpand)
        let expanded = BottomSheetLayout.resolve(machine.layoutInput)
        #expect(abs(expanded.surface.minY - (844 - 759.6)) < 1e-9)
        #expect(
            machine.send(.dragChanged(translation: -500, velocityY: -500, scroll: Self.scrolled))
                == .accepted([.follow]))
        // Released while scrolling: it stays on large.
        #expect(
            machine.send(.dragEnded(translation: -500, velocity: -500, presentation: Self.presented()))
                == .accepted([.animate(toDetent: 1, height: 759.6, motion: Self.theme.motion)]))
    }

    @Test("released part way up, an expanding sheet settles on the nearest detent")
    func releasePartWay() {
        var machine = Self.medium()
        _ = Self.began(&machine, candidates: [])
        _ = machine.send(.dragChanged(translation: -250, velocityY: -100, scroll: nil))
        #expect(machine.state.dragTranslation == -250)
        let transition = machine.send(
            .dragEnded(translation: -250, velocity: -100, presentation: Self.presented()))
        #expect(transition.effects.last == .animate(toDetent: 1, height: 759.6, motion: Self.theme.motion))
        var short = Self.medium()
        _ = Self.began(&short, candidates: [])
        _ = short.send(.dragChanged(translation: -60, velocityY: -10, scroll: nil))
        #expect(
            short.send(.dragEnded(translation: -60, velocity: 0, presentation: Self.presented()))
                == .accepted([.animate(toDetent: 0, height: 422, motion: Self.theme.motion)]))
    }

    @Test("on the largest detent an upward drag is the content's: the sheet does not begin")
    func largestDetent() {
        var machine = BottomSheetDetentsTests.machine()
        #expect(!machine.canExpand)
        #expect(machine.expansion == 0)
        #expect(Self.began(&machine) == .rejected)
        #expect(Self.began(&machine, candidates: []) == .rejected)
        // A single-height sheet neither.
        var single = BottomSheetDetentsTests.machine(try! BottomSheetConfiguration())
        #expect(Self.began(&single, candidates: []) == .rejected)
    }

    @Test(
        "a front end that cannot pin disables its content's scrolling while the sheet owns the drag or may expand"
    )
    func disablesContentScrolling() {
        var medium = Self.medium()
        #expect(medium.disablesContentScrolling([Self.top]))
        #expect(medium.disablesContentScrolling([]))
        #expect(!medium.disablesContentScrolling([Self.scrolled]))
        // Several scroll views and no primary: no drag moves the sheet, so nothing is disabled.
        let other = SheetScrollCandidate(id: 5, offsetY: 0)
        #expect(!medium.disablesContentScrolling([Self.top, other]))
        #expect(medium.disablesContentScrolling([Self.top, other], primary: 5))
        _ = Self.began(&medium)
        #expect(medium.disablesContentScrolling([Self.top]))
        _ = medium.send(.dragChanged(translation: -340, velocityY: -500, scroll: Self.top))
        // Expanded and handed over: the content scrolls again.
        #expect(!medium.disablesContentScrolling([Self.top]))
        var large = BottomSheetDetentsTests.machine()
        #expect(!large.disablesContentScrolling([Self.top]))
        // Scrolled content owns a downward drag until it reaches its top; then the sheet does.
        _ = Self.began(&large, velocity: Point(x: 0, y: 300), candidates: [Self.scrolled])
        #expect(!large.disablesContentScrolling([Self.scrolled]))
        #expect(large.trackedScroll(in: [other, Self.scrolled]) == Self.scrolled)
        _ = large.send(.dragChanged(translation: 120, velocityY: 300, scroll: Self.top))
        #expect(large.disablesContentScrolling([Self.top]))
        #expect(large.trackedScroll(in: []) == nil)
    }

    @Test("the scroll lock reports a new value only when it changes")
    func scrollLock() {
        var lock = SheetContentScrollLock()
        #expect(!lock.isLocked)
        var medium = Self.medium()
        #expect(lock.update(medium, candidates: [Self.top]) == true)
        #expect(lock.update(medium, candidates: [SheetScrollCandidate(id: 4, offsetY: 0.2)]) == nil)
        #expect(lock.isLocked)
        #expect(lock.update(medium, candidates: [Self.scrolled]) == false)
        #expect(lock.update(medium, candidates: [Self.scrolled]) == nil)
        _ = Self.began(&medium, candidates: [])
        #expect(lock.update(medium, candidates: [Self.scrolled]) == true)
    }

    @Test("a SwiftUI scroll view's content frame gives its offset")
    func swiftUICandidate() {
        let scrolled = SheetScrollCandidate(id: 2, contentMinY: -120, contentHeight: 900, boundsHeight: 400)
        #expect(scrolled.offsetY == 120)
        #expect(!scrolled.isAtTop)
        #expect(scrolled.maximumOffsetY == 500)
        #expect(scrolled.canScrollVertically && scrolled.isInteractive)
        let pulled = SheetScrollCandidate(id: 2, contentMinY: 30, contentHeight: 100, boundsHeight: 400)
        #expect(pulled.isAtTop)
        #expect(pulled.canScrollVertically)
        let hostile = SheetScrollCandidate(
            id: 2, contentMinY: .nan, contentHeight: .infinity, boundsHeight: -4)
        #expect(hostile.offsetY == 0 && hostile.isAtTop)
        #expect(hostile.maximumOffsetY == 0)
    }
}
