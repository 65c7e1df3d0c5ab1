import KeelLayout
import Testing

@Suite("Concurrent layout")
struct ConcurrencyTests {
    /// A tree that depends on `seed`: nested rows and columns with text-like leaves.
    static func makeTree(seed: Int) -> LayoutSpec {
        VerticalStack(spacing: Double(seed % 3) * 2) {
            for row in 0..<6 {
                HorizontalStack(spacing: 4, alignment: .center) {
                    Leaf(width: Double(20 + (seed * 7 + row) % 30), height: 20)
                    Leaf(
                        name: "text \(row)", text: "Text",
                        measure: wrappingText(characters: 10 + (seed + row) % 40)
                    )
                    .weight(1)
                    FlexibleSpace(minimumLength: 2)
                }
                .padding(Double(row % 3))
            }
            Flow(spacing: 3, lineSpacing: 2) {
                for chip in 0..<(5 + seed % 7) { Leaf(width: Double(30 + chip * 9 % 25), height: 18) }
            }
        }
        .padding(8)
    }

    /// 7 points per character, 16-point lines, wrapped to the available width.
    static func wrappingText(characters: Int) -> MeasureFunction {
        MeasureFunction { request in
            let full = Double(characters) * 7
            let width = request.knownWidth ?? min(full, max(7, request.widthConstraint.bound))
            let perLine = max(1, (width / 7).rounded(.down))
            let lines = (Double(characters) / perLine).rounded(.up)
            return Size(width: width, height: request.knownHeight ?? lines * 16)
        }
    }

    @Test("eight trees laid out concurrently match a serial layout")
    func concurrentMatchesSerial() async {
        let specs = (0..<8).map { Self.makeTree(seed: $0) }
        let serial = specs.map { $0.makeNode().layout(width: .definite(320), height: .maxContent) }
        let concurrent = await withTaskGroup(of: (Int, LayoutResult).self) { group in
            for (index, spec) in specs.enumerated() {
                group.addTask {
                    (index, spec.makeNode().layout(width: .definite(320), height: .maxContent))
                }
            }
            var results: [Int: LayoutResult] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
        for index in 0..<8 {
            #expect(concurrent[index].map { $0.hasSameFrames(as: serial[index]) } == true)
        }
        // The trees differ, so the comparison is meaningful.
        #expect(!serial[0].hasSameFrames(as: serial[1]))
    }
}
