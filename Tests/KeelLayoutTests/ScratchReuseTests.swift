import KeelLayout
import KeelTesting
import Testing

/// Layout calls reuse pooled scratch (flex items and their arrays): nothing of one call may
/// leak into the next.
@Suite("Pooled layout scratch")
struct ScratchReuseTests {
    /// A seeded tree with the features whose per-item state the algorithm rewrites as it runs
    /// (auto margins, stretch, wrap, shrink, baselines, absolute children, aspect ratios).
    static func tree(seed: UInt64) -> LayoutNode {
        var random = SeededRandomNumberGenerator(seed: seed)
        func length(_ range: ClosedRange<Double>) -> Length {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return .auto
            case 1: return .percent(Double.random(in: 10...90, using: &random).rounded())
            default: return .points(Double.random(in: range, using: &random).rounded())
            }
        }
        func style(depth: Int) -> LayoutStyle {
            var style = LayoutStyle()
            style.flexDirection = FlexDirection.allCases.randomElement(using: &random)!
            style.flexWrap = FlexWrap.allCases.randomElement(using: &random)!
            style.justifyContent = JustifyContent.allCases.randomElement(using: &random)!
            style.alignItems = AlignItems.allCases.randomElement(using: &random)!
            style.alignContent = AlignContent.allCases.randomElement(using: &random)!
            if Int.random(in: 0..<3, using: &random) == 0 {
                style.alignSelf = AlignItems.allCases.randomElement(using: &random)!
            }
            if depth > 0, Int.random(in: 0..<6, using: &random) == 0 {
                style.position = .absolute
                style.inset = Edges(
                    top: length(0...30), left: length(0...30), bottom: .auto, right: length(0...30))
            }
            if Int.random(in: 0..<8, using: &random) == 0 { style.direction = .rightToLeft }
            style.width = length(10...200)
            style.height = length(10...120)
            style.flexGrow = Double(Int.random(in: 0...2, using: &random))
            style.flexShrink = Double(Int.random(in: 0...2, using: &random))
            style.flexBasis = length(0...80)
            if Int.random(in: 0..<4, using: &random) == 0 { style.minimumWidth = length(0...60) }
            if Int.random(in: 0..<4, using: &random) == 0 { style.maximumHeight = length(20...90) }
            if Int.random(in: 0..<6, using: &random) == 0 { style.aspectRatio = 1.5 }
            if Int.random(in: 0..<4, using: &random) == 0 {
                style.margin = Edges(top: .auto, left: length(0...8), bottom: length(0...8), right: .auto)
            }
            if Int.random(in: 0..<3, using: &random) == 0 { style.padding = Edges(all: length(0...6)) }
            if Int.random(in: 0..<3, using: &random) == 0 { style.gap = length(0...6) }
            return style
        }
        func node(depth: Int) -> LayoutNode {
            let count = depth >= 3 ? 0 : Int.random(in: 0...6, using: &random)
            let children = (0..<count).map { _ in node(depth: depth + 1) }
            var measure: MeasureFunction?
            if children.isEmpty, Bool.random(using: &random) {
                let characters = Int.random(in: 1...40, using: &random)
                measure = MeasureFunction { request in
                    let perLine = max(1, Int(request.availableWidth.value.map { $0 / 7 } ?? 1e9))
                    let lines = (characters + perLine - 1) / perLine
                    return Size(width: Double(min(characters, perLine) * 7), height: Double(lines * 12))
                }
            }
            return LayoutNode(style(depth: depth), measure: measure, children: children)
        }
        return node(depth: 0)
    }

    static func frames(_ result: LayoutResult) -> [[Double]] {
        result.entries.map { entry in
            let frame = entry.unroundedFrame
            return [frame.x, frame.y, frame.width, frame.height]
        }
    }

    @Test("300 seeded trees give the same frames whatever was laid out before them, on any task")
    func resultsDoNotDependOnEarlierCalls() async {
        let seeds = (0..<300).map { UInt64(0x5C7A_7C40 + $0) }
        // Reference: each tree laid out in order.
        let expected = seeds.map { Self.frames(Self.tree(seed: $0).layout(width: .definite(320))) }
        // The same trees built again and laid out in reverse order, each after a call with a
        // wide container (large item arrays) and after the previous, different tree.
        var wide = LayoutStyle()
        wide.flexWrap = .wrap
        let disruptor = LayoutNode(
            wide,
            children: (0..<120).map { _ in
                LayoutNode(LayoutStyle(), measure: .intrinsic(Size(width: 13, height: 7)))
            })
        var reversed: [[[Double]]] = []
        for seed in seeds.reversed() {
            disruptor.markDirty()
            _ = disruptor.layout(width: .definite(97))
            reversed.append(Self.frames(Self.tree(seed: seed).layout(width: .definite(320))))
        }
        #expect(Array(reversed.reversed()) == expected)
        // And concurrently: passes are taken from and given back to a shared pool.
        let concurrent = await withTaskGroup(of: (Int, [[Double]]).self) { group in
            for (index, seed) in seeds.enumerated() {
                group.addTask { (index, Self.frames(Self.tree(seed: seed).layout(width: .definite(320)))) }
            }
            var frames = [[[Double]]](repeating: [], count: seeds.count)
            for await (index, value) in group { frames[index] = value }
            return frames
        }
        #expect(concurrent == expected)
    }
}
