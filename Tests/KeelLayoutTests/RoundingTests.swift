import KeelLayout
import KeelTesting
import Testing

@Suite("Pixel-grid rounding")
struct RoundingTests {
    /// SplitMix64, seeded: KeelTesting's generator.
    typealias SeededGenerator = SeededRandomNumberGenerator

    /// A row of `count` children with fractional sizes and gaps inside fractional padding.
    static func randomRow(_ generator: inout SeededGenerator) -> LayoutNode {
        let count = Int.random(in: 2...7, using: &generator)
        var children: [LayoutNode] = []
        for _ in 0..<count {
            children.append(
                LayoutNode(
                    style {
                        $0.flexGrow = Double.random(in: 0...3, using: &generator).rounded()
                        $0.flexBasis = .points(Double.random(in: 0...40, using: &generator))
                        $0.height = .points(Double.random(in: 1...30, using: &generator))
                    }))
        }
        return LayoutNode(
            style {
                $0.columnGap = .points(Double.random(in: 0...5, using: &generator))
                $0.padding = Edges(all: .points(Double.random(in: 0...7, using: &generator)))
                $0.alignItems = .flexStart
            }, children: children)
    }

    @Test(
        "edges are on the device-pixel grid and siblings plus gaps fill the content box ±1 px",
        arguments: [2.0, 3.0])
    func gridAndSums(scale: Double) {
        var generator = SeededGenerator(seed: UInt64(scale))
        for _ in 0..<300 {
            let row = Self.randomRow(&generator)
            let width = Double.random(in: 100...400, using: &generator)
            let x = Double.random(in: 0...50, using: &generator)
            let root = LayoutNode(
                style { $0.padding = Edges(left: .points(x), right: 0, top: 0.3, bottom: 0) })
            root.append(row)
            let result = root.layout(
                width: .definite(width + x), height: .maxContent,
                configuration: LayoutConfiguration(pointScale: scale))
            for entry in result.entries {
                for value in [
                    entry.absoluteFrame.x, entry.absoluteFrame.y, entry.absoluteFrame.maxX,
                    entry.absoluteFrame.maxY,
                ] {
                    let pixels = value * scale
                    #expect(abs(pixels - pixels.rounded()) < 1e-6, "edge \(value) off the grid")
                }
            }
            let rowFrame = result.absoluteFrame(of: row)!
            let padding = row.style.padding.left.resolve(nil)! * 2
            let gap = row.style.columnGap.resolve(nil)!
            let sizes = row.children.map { result.frame(of: $0)!.width }
            let used = sizes.reduce(0, +) + gap * Double(sizes.count - 1)
            // Children grow to fill when any can grow; compare in device pixels.
            if row.children.contains(where: { $0.style.flexGrow > 0 }) {
                #expect(abs((used - (rowFrame.width - padding)) * scale) <= 1 + 1e-6)
            }
        }
    }

    @Test("a text leaf is never smaller than measured (54.666656 wide at x 163.666641, scale 3)")
    func textLeafNotTruncated() {
        let text = LayoutNode(
            measure: MeasureFunction { request in
                Size(width: request.knownWidth ?? 54.666656, height: request.knownHeight ?? 17.333)
            })
        let root = LayoutNode(
            style { $0.alignItems = .flexStart },
            children: [
                LayoutNode(
                    style {
                        $0.width = .points(163.666641)
                        $0.flexShrink = 0
                    }), text,
            ])
        let result = root.layout(
            width: .definite(375), height: .maxContent, configuration: LayoutConfiguration(pointScale: 3))
        let frame = result.frame(of: text)!
        #expect(frame.width >= 54.666656)
        #expect(frame.height >= 17.333)
        #expect(abs(frame.x * 3 - (frame.x * 3).rounded()) < 1e-9)
        #expect(abs(frame.width * 3 - (frame.width * 3).rounded()) < 1e-9)
        // Without the guard, rounding both edges would give 54.333… here or there; check the
        // measured leaf is at least the next pixel up.
        #expect(abs(frame.width - 164.0 / 3) < 1e-9)
    }

    @Test("no rounding when the scale is nil, zero or not finite", arguments: [nil, 0.0, -2.0, Double.nan])
    func unrounded(scale: Double?) {
        let child = LayoutNode(
            style {
                $0.width = 10.25
                $0.height = 3.3
            })
        let root = LayoutNode(children: [child])
        let result = root.layout(configuration: LayoutConfiguration(pointScale: scale))
        #expect(result.frame(of: child) == Rect(x: 0, y: 0, width: 10.25, height: 3.3))
        #expect(result.pointScale == nil)
    }
}
