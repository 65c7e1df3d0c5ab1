import KeelLayout
import Testing

/// What SwiftUI-style optional proposals mean to the engine and to a measured child (decided
/// here, not in KeelSwiftUI's layout containers).
@Suite("Optional proposals")
struct MeasureProposalTests {
    @Test(
        "An optional proposal is ideal (nil), narrowest (0) or definite",
        arguments: [
            (Double?.none, AvailableSpace.maxContent), (320, .definite(320)), (0, .minContent),
            (-3, .minContent), (.infinity, .maxContent), (.nan, .maxContent),
        ])
    func space(value: Double?, expected: AvailableSpace) {
        #expect(AvailableSpace.optionalProposal(value) == expected)
    }

    @Test("A measure request proposes the known or bounded size, 0 for min-content, nil for max")
    func proposals() {
        let open = MeasureRequest(
            knownWidth: nil, knownHeight: nil, availableWidth: .maxContent, availableHeight: .minContent)
        #expect(open.idealProposal == MeasureProposal(width: nil, height: 0))
        let bounded = MeasureRequest(
            knownWidth: 100, knownHeight: nil, availableWidth: .definite(200), availableHeight: .definite(-5))
        #expect(bounded.idealProposal == MeasureProposal(width: 100, height: 0))
        #expect(MeasureConstraint.atMost(.infinity).idealProposal == nil)
        #expect(MeasureConstraint.exactly(-2).idealProposal == 0)
    }

    @Test("A child's infinite or negative answer measures as 0; known sizes win")
    func answers() {
        let request = MeasureRequest(
            knownWidth: nil, knownHeight: 40, availableWidth: .maxContent, availableHeight: .maxContent)
        #expect(
            request.resolved(fittedAnswer: Size(width: .infinity, height: 10)) == Size(width: 0, height: 40))
        #expect(request.resolved(fittedAnswer: Size(width: -4, height: .nan)) == Size(width: 0, height: 40))
        #expect(request.resolved(fittedAnswer: Size(width: 25, height: 10)) == Size(width: 25, height: 40))
    }

    @Test("A vertical stack of measured leaves under an optional proposal fits its children")
    func stackOfLeaves() {
        let leaves = [Size(width: 50, height: 20), Size(width: 80, height: 30)].map { size in
            LayoutSpec(measure: MeasureFunction { request in request.resolved(fittedAnswer: size) })
        }
        let root = VerticalStack(spacing: 10, alignment: .flexStart) { leaves }.spec.makeNode()
        let fitting = root.fittingSize(width: .optionalProposal(nil), height: .optionalProposal(nil))
        #expect(fitting == Size(width: 80, height: 60))
        let result = root.layout(in: Size(width: 200, height: 100))
        #expect(result.absoluteFrame(of: root.children[1]) == Rect(x: 0, y: 30, width: 80, height: 30))
    }
}
