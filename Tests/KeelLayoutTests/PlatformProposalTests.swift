import KeelLayout
import Testing

/// What a platform's `sizeThatFits` proposal and screen scale mean to the engine (decided
/// here, not in KeelUIKit's layout view).
@Suite("Platform proposals")
struct PlatformProposalTests {
    @Test(
        "A proposal is definite only when positive and finite",
        arguments: [
            (320.0, AvailableSpace.definite(320)), (0, .maxContent), (-5, .maxContent),
            (.infinity, .maxContent),
            // UIKit's "unbounded" used to be a definite 10^15: a 100 %-wide root reported an
            // intrinsic width of 10^15.
            (.nan, .maxContent), (.greatestFiniteMagnitude, .maxContent), (1e15, .maxContent),
            (1e14, .definite(1e14)),
        ])
    func proposal(size: Double, expected: AvailableSpace) {
        #expect(AvailableSpace.proposal(size) == expected)
    }

    @Test("A screen's scale rounds to its pixels; a scale of 0 or NaN rounds to whole points")
    func displayScale() {
        #expect(LayoutConfiguration(direction: .rightToLeft, displayScale: 3).pointScale == 3)
        #expect(LayoutConfiguration(direction: .leftToRight, displayScale: 0).pointScale == 1)
        #expect(LayoutConfiguration(direction: .leftToRight, displayScale: .nan).pointScale == 1)
        #expect(LayoutConfiguration(direction: .rightToLeft, displayScale: 2).direction == .rightToLeft)
    }

    @Test("A measure request proposes finite bounds and keeps known sizes over fitted ones")
    func measureRequest() {
        let open = MeasureRequest(
            knownWidth: nil, knownHeight: nil, availableWidth: .maxContent, availableHeight: .definite(-4))
        #expect(open.proposedSize == Size(width: .greatestFiniteMagnitude, height: 0))
        #expect(open.resolved(fitted: Size(width: 30, height: 12)) == Size(width: 30, height: 12))
        let fixed = MeasureRequest(
            knownWidth: 100, knownHeight: nil, availableWidth: .definite(200), availableHeight: .definite(50))
        #expect(fixed.proposedSize == Size(width: 100, height: 50))
        #expect(fixed.resolved(fitted: Size(width: 30, height: 12)) == Size(width: 100, height: 12))
    }
}
