import KeelComponents
import Testing

@Suite("Sheet scroll arbitration")
struct SheetScrollArbitrationTests {
    static let top = SheetScrollCandidate(id: 1, offsetY: -20, adjustedTopInset: 20)
    static let scrolled = SheetScrollCandidate(id: 1, offsetY: 300, adjustedTopInset: 20)
    static let other = SheetScrollCandidate(id: 2, offsetY: 0)

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let candidates: [SheetScrollCandidate]
        let primary: Int?
        let velocityY: Double
        let owner: SheetDragOwner
        var testDescription: String { name }
    }

    @Test(
        "owner when the gesture begins",
        arguments: [
            Row(name: "no candidate", candidates: [], primary: nil, velocityY: 100, owner: .sheet),
            Row(
                name: "non-scrollable only",
                candidates: [SheetScrollCandidate(id: 3, offsetY: 0, canScrollVertically: false)],
                primary: nil, velocityY: 100, owner: .sheet),
            Row(
                name: "hidden only",
                candidates: [SheetScrollCandidate(id: 3, offsetY: 0, isInteractive: false)], primary: nil,
                velocityY: 100, owner: .sheet),
            Row(
                name: "one at top, pulling down", candidates: [top], primary: nil, velocityY: 100,
                owner: .sheet),
            Row(
                name: "one at top (within half a point)",
                candidates: [SheetScrollCandidate(id: 1, offsetY: -19.6, adjustedTopInset: 20)], primary: nil,
                velocityY: 100, owner: .sheet),
            Row(
                name: "one at top, pushing up", candidates: [top], primary: nil, velocityY: -100,
                owner: .scrollView(1)),
            Row(
                name: "one scrolled", candidates: [scrolled], primary: nil, velocityY: 100,
                owner: .scrollView(1)),
            Row(
                name: "several, no primary", candidates: [top, other], primary: nil, velocityY: 100,
                owner: .none),
            Row(
                name: "several, primary at top", candidates: [top, other], primary: 1, velocityY: 100,
                owner: .sheet),
            Row(
                name: "several, primary scrolled", candidates: [scrolled, other], primary: 1, velocityY: 100,
                owner: .scrollView(1)),
            Row(
                name: "primary not present", candidates: [top, other], primary: 9, velocityY: 100,
                owner: .sheet),
        ])
    func begin(row: Row) {
        var arbitration = SheetScrollArbitration()
        #expect(
            arbitration.begin(velocityY: row.velocityY, candidates: row.candidates, primary: row.primary)
                == row.owner)
        #expect(arbitration.owner == row.owner)
    }

    @Test("hand-off mid-drag: scrolling to the top then continuing down drags the sheet")
    func handOff() {
        var arbitration = SheetScrollArbitration()
        #expect(arbitration.begin(velocityY: 200, candidates: [Self.scrolled]) == .scrollView(1))
        // Still scrolling: the content is not at the top yet.
        #expect(
            arbitration.drag(
                translation: 150, velocityY: 200,
                scroll: SheetScrollCandidate(id: 1, offsetY: 150, adjustedTopInset: 20))
                == .scrollView(1))
        // Reaches the top while the finger keeps moving down: the sheet takes over here.
        #expect(arbitration.drag(translation: 320, velocityY: 200, scroll: Self.top) == .sheet)
        #expect(arbitration.sheetTranslation(forFingerTranslation: 320) == 0)
        #expect(arbitration.sheetTranslation(forFingerTranslation: 400) == 80)
        // Back up to rest and pushing up: the scroll view takes it back.
        #expect(arbitration.drag(translation: 330, velocityY: -50, scroll: Self.top) == .sheet)
        #expect(arbitration.drag(translation: 320, velocityY: -50, scroll: Self.top) == .scrollView(1))
        #expect(arbitration.sheetTranslation(forFingerTranslation: 310) == 0)
    }

    @Test("ambiguous content never moves the sheet mid-drag")
    func ambiguous() {
        var arbitration = SheetScrollArbitration()
        _ = arbitration.begin(velocityY: 100, candidates: [Self.top, Self.other])
        #expect(arbitration.drag(translation: 50, velocityY: 100, scroll: Self.top) == .none)
    }
}
