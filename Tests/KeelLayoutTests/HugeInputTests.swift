import KeelLayout
import KeelTestSupport
import KeelTesting
import Testing

/// Frames are finite with non-negative sizes for any input: huge finite values are clamped
/// to ``LayoutLimits/maximumLength`` and NaN is `auto` / zero.
@Suite("Huge and non-finite inputs give finite frames", .onOwnThread)
struct HugeInputTests {
    /// Every frame (relative, absolute, unrounded) is finite, with non-negative sizes.
    static func expectSane(_ result: LayoutResult, _ note: @autoclosure () -> String = "") {
        for entry in result.entries {
            for frame in [entry.frame, entry.absoluteFrame, entry.unroundedFrame] {
                let finite = [frame.x, frame.y, frame.width, frame.height].allSatisfy { $0.isFinite }
                #expect(finite, "\(frame) \(note())")
                #expect(frame.width >= 0 && frame.height >= 0, "\(frame) \(note())")
            }
        }
    }

    @Test("two 1e308-wide children: finite widths, no child at 1e308 with width -1e308")
    func twoHugeChildren() {
        let children = (0..<2).map { _ in
            LayoutNode(
                style {
                    $0.width = 1e308
                    $0.height = 10
                    $0.flexShrink = 0
                })
        }
        let root = LayoutNode(LayoutStyle(), children: children)
        for scale in [nil, 1.0, 3.0] {
            let result = root.layout(configuration: LayoutConfiguration(pointScale: scale))
            Self.expectSane(result)
            #expect(result.frame(of: children[0])?.width == LayoutLimits.maximumLength)
            #expect(result.frame(of: children[1])?.x == LayoutLimits.maximumLength)
            #expect(result.rootFrame.width == 2 * LayoutLimits.maximumLength)
            root.markDirty()
        }
    }

    @Test("a 1e308 percentage, a 1e308 gap, 1e308 padding, margins and insets stay finite")
    func hugeLengths() {
        let cases: [(String, (inout LayoutStyle) -> Void)] = [
            ("percent", { $0.width = .percent(1e308) }),
            ("percent height", { $0.height = .percent(1e308) }),
            ("negative percent margin", { $0.margin = Edges(all: .percent(-1e308)) }),
            ("padding", { $0.padding = Edges(all: 1e308) }),
            ("border", { $0.border = Edges(all: .percent(1e308)) }),
            ("margin", { $0.margin = Edges(all: 1e308) }),
            ("negative margin", { $0.margin = Edges(all: -1e308) }),
            ("basis", { $0.flexBasis = 1e308 }),
            ("min", { $0.minimumWidth = 1e308 }),
            ("grow", { $0.flexGrow = 1e308 }),
            (
                "shrink",
                {
                    $0.flexShrink = 1e308
                    $0.width = 1e308
                }
            ),
            (
                "tiny ratio",
                {
                    $0.aspectRatio = 1e-308
                    $0.width = 1e300
                }
            ),
            (
                "huge ratio",
                {
                    $0.aspectRatio = 1e308
                    $0.height = 1e300
                }
            ),
            (
                "absolute insets",
                {
                    $0.position = .absolute
                    $0.inset = Edges(all: 1e308)
                }
            ),
            (
                "absolute negative insets",
                {
                    $0.position = .absolute
                    $0.inset = Edges(all: -1e308)
                }
            ),
        ]
        for (name, change) in cases {
            var childStyle = LayoutStyle()
            change(&childStyle)
            let children = [
                LayoutNode(childStyle), LayoutNode(childStyle), LayoutNode(style { $0.width = 5 }),
            ]
            for wrap in [FlexWrap.noWrap, .wrap] {
                let root = LayoutNode(
                    style {
                        $0.width = .percent(1e308)
                        $0.flexWrap = wrap
                        $0.gap = 1e308
                        $0.justifyContent = .spaceEvenly
                        $0.alignContent = .spaceAround
                    }, children: children)
                for space in [AvailableSpace.definite(1e308), .definite(375), .maxContent, .definite(.nan)] {
                    Self.expectSane(root.layout(width: space, height: space), "\(name) \(wrap) \(space)")
                    root.markDirty()
                }
            }
        }
    }

    @Test("NaN everywhere: styles, available space, measure results and scale")
    func nanEverywhere() {
        let measure = MeasureFunction(
            baseline: { _ in .nan }, { _ in Size(width: .nan, height: 1e308) })
        let leaf = LayoutNode(
            style {
                $0.width = .points(.nan)
                $0.height = .percent(.nan)
                $0.flexGrow = .nan
                $0.flexShrink = .nan
                $0.flexBasis = .points(.nan)
                $0.aspectRatio = .nan
                $0.margin = Edges(all: .points(.nan))
                $0.alignSelf = .baseline
            }, measure: measure)
        let root = LayoutNode(
            style {
                $0.gap = .points(.nan)
                $0.alignItems = .baseline
            }, children: [leaf, LayoutNode(style { $0.width = .points(-.infinity) })])
        for scale in [Double.nan, 2, -1] {
            let result = root.layout(
                width: .definite(.nan), height: .definite(.infinity),
                configuration: LayoutConfiguration(pointScale: scale))
            Self.expectSane(result)
            #expect(result.frame(of: leaf)?.height == LayoutLimits.maximumLength)
            root.markDirty()
        }
        let fitting = root.fittingSize(width: .definite(1e308), height: .maxContent)
        #expect(fitting.width.isFinite && fitting.height.isFinite)
    }

    @Test("2,000 seeded random trees with extreme values give sane frames")
    func randomTrees() {
        var random = SeededRandomNumberGenerator(seed: 0xF1A7_2026)
        let extremes: [Double] = [
            0, 1, -1, 37.5, 1e15, 1e16, 1e300, 1e308, -1e308, .nan, .infinity, .leastNonzeroMagnitude,
        ]
        func value() -> Double { extremes.randomElement(using: &random)! }
        let keywords: [Length] = [.minContent, .maxContent, .fitContent, .stretch, .content]
        func length() -> Length {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return .auto
            case 1: return .percent(value())
            case 2: return keywords.randomElement(using: &random)!
            default: return .points(value())
            }
        }
        func randomStyle() -> LayoutStyle {
            var style = LayoutStyle()
            style.flexDirection = FlexDirection.allCases.randomElement(using: &random)!
            style.flexWrap = FlexWrap.allCases.randomElement(using: &random)!
            style.justifyContent = JustifyContent.allCases.randomElement(using: &random)!
            style.alignItems = AlignItems.allCases.randomElement(using: &random)!
            style.alignContent = AlignContent.allCases.randomElement(using: &random)!
            style.position = [.absolute, .relative, .relative, .relative, .static].randomElement(
                using: &random)!
            if Int.random(in: 0..<8, using: &random) == 0 { style.display = .contents }
            style.boxSizing = BoxSizing.allCases.randomElement(using: &random)!
            style.width = length()
            style.height = length()
            if Bool.random(using: &random) { style.minimumWidth = length() }
            if Bool.random(using: &random) { style.maximumHeight = length() }
            style.flexBasis = length()
            style.flexGrow = value()
            style.flexShrink = value()
            if Int.random(in: 0..<3, using: &random) == 0 { style.aspectRatio = value() }
            style.margin = Edges(all: length())
            style.padding = Edges(all: length())
            style.gap = length()
            if style.position == .absolute { style.inset = Edges(all: length()) }
            style.overflowX = Overflow.allCases.randomElement(using: &random)!
            style.overflowY = Overflow.allCases.randomElement(using: &random)!
            style.scrollbarWidth = value()
            return style
        }
        func tree(depth: Int) -> LayoutNode {
            let count = depth >= 3 ? 0 : Int.random(in: 0...3, using: &random)
            let children = (0..<count).map { _ in tree(depth: depth + 1) }
            var measure: MeasureFunction?
            if children.isEmpty, Bool.random(using: &random) {
                let size = Size(width: value(), height: value())
                measure = MeasureFunction { _ in size }
            }
            return LayoutNode(randomStyle(), measure: measure, children: children)
        }
        for index in 0..<2_000 {
            let root = tree(depth: 0)
            let space: [AvailableSpace] = [.definite(value()), .maxContent, .minContent]
            let scale: Double? = [nil, 1, 3].randomElement(using: &random)!
            let result = root.layout(
                width: space.randomElement(using: &random)!, height: space.randomElement(using: &random)!,
                configuration: LayoutConfiguration(pointScale: scale))
            Self.expectSane(result, "tree \(index)")
        }
    }

    @Test("A huge pixel scale cannot overflow rounding; every frame value stays within the frame bound")
    func hugeScaleAndFrameBound() {
        let grid = PixelGrid(scale: 1e300)!
        #expect(grid.round(1e15) == 1e15)
        #expect(grid.ceilLength(-1e15) == -1e15)
        #expect(grid.round(-1e15).isFinite)
        var style = LayoutStyle()
        style.margin = Edges(all: .points(1e308))
        let leaf = LayoutNode(style)
        var parentStyle = LayoutStyle()
        parentStyle.padding = Edges(all: .points(1e308))
        let root = LayoutNode(parentStyle, children: [LayoutNode(parentStyle, children: [leaf])])
        for scale in [nil, 1, 1e300] as [Double?] {
            let result = root.layout(configuration: LayoutConfiguration(pointScale: scale))
            Self.expectSane(result, "scale \(String(describing: scale))")
            for entry in result.entries {
                for frame in [entry.frame, entry.absoluteFrame, entry.unroundedFrame] {
                    for value in [frame.x, frame.y, frame.width, frame.height] {
                        #expect(abs(value) <= LayoutLimits.maximumFrameValue)
                    }
                }
            }
        }
    }
}

@Suite("Balanced lines of many items", .onOwnThread)
struct ManyBalancedLinesTests {
    static func box(_ width: Double) -> LayoutNode {
        LayoutNode(
            style {
                $0.width = .points(width)
                $0.height = 10
                $0.flexShrink = 0
            })
    }

    static func balancedRow(_ items: [LayoutNode], width: Double, lineCount: Int? = nil) -> LayoutNode {
        var style = LayoutStyle()
        style.flexWrap = .wrap
        style.balancesLines = true
        style.lineCount = lineCount
        style.width = .points(width)
        return LayoutNode(style, children: items)
    }

    @Test("one item a line takes no search; past the step budget the longest line is minimised")
    func bounded() {
        // The exact search took lines × items² / 2 steps and as many doubles of memory: 800
        // items, one a line, took 23 s in a debug build, and 10,000 would have needed 800 MB.
        let single = (0..<3_000).map { _ in Self.box(50) }
        let narrow = Self.balancedRow(single, width: 10).layout()
        #expect(single.enumerated().allSatisfy { narrow.frame(of: $1)?.y == Double($0) * 10 })

        // 1,000 items of 50 in rows of 120: greedy needs 500 lines of two; balancing keeps 500
        // lines and the longest is 100 (two items), without the exact search.
        let pairs = (0..<1_000).map { _ in Self.box(50) }
        let paired = Self.balancedRow(pairs, width: 120).layout()
        #expect(
            pairs.enumerated().allSatisfy { index, item in
                paired.frame(of: item)
                    == Rect(x: Double(index % 2) * 50, y: Double(index / 2) * 10, width: 50, height: 10)
            })

        // Uneven items (100, 30, 30, 100, …), 300 lines asked of 900: exactly 300 lines, the
        // longest as short as it can be.
        let uneven = (0..<900).map { Self.box($0 % 3 == 0 ? 100 : 30) }
        let result = Self.balancedRow(uneven, width: 1_000, lineCount: 300).layout()
        let rows = Dictionary(grouping: uneven) { result.frame(of: $0)?.y ?? -1 }
        #expect(rows.count == 300)
        let longest = rows.values.map { row in row.reduce(0.0) { $0 + (result.frame(of: $1)?.width ?? 0) } }
            .max()
        // Each run of three (100, 30, 30) is 160 long; 300 lines of three items each is the only
        // way to keep every line at 160, and any other split has a line of four or more items.
        #expect(longest == 160)
    }
}
