import Foundation
import KeelLayout
import KeelTestSupport
import KeelTesting
import Testing

/// Malformed grid input resolves the documented way (see the KeelLayout article, "Malformed
/// grid input"): never a crash or a hang, always finite, non-negative frames.
@Suite("Malformed grid input resolves in the documented way", .onOwnThread)
struct GridMalformedInputTests {
    /// Lays out a 100 × 100 grid with `change` applied and one child `placed`; returns the
    /// child's frame and checks every frame is sane.
    static func childFrame(
        _ change: (inout LayoutStyle) -> Void, child: (inout GridStyle) -> Void = { _ in },
        width: Double? = 10,
        height: Double? = 10
    ) -> Rect? {
        let item = gridLeaf(width: width, height: height, child)
        let root = gridNode(
            {
                $0.width = 100
                $0.height = 100
                change(&$0)
            }, children: [item])
        let result = root.layout()
        HugeInputTests.expectSane(result)
        return result.frame(of: item)
    }

    @Test("a negative fixed track is a zero track")
    func negativeTrack() {
        let frame = Self.childFrame(
            { $0.grid.templateColumns = [.track(.points(-20)), .track(.points(30))] },
            child: {
                $0.columnStart = .line(2)
            })
        #expect(frame?.x == 0)
    }

    @Test("NaN and infinite track sizes and fr factors are auto")
    func nonFiniteTracks() {
        for entry: GridTemplateEntry in [
            .track(.points(.nan)), .track(.points(.infinity)), .track(.fraction(.nan)), .track(.fraction(-1)),
        ] {
            let frame = Self.childFrame(
                { $0.grid.templateColumns = [entry, .track(.points(30))] },
                child: {
                    $0.columnStart = .line(2)
                })
            // The first column is auto: it stretches into the 70 points the 30-point column leaves.
            #expect(frame?.x == 70, "\(entry)")
        }
    }

    @Test("repeat() with a zero or negative count repeats once, a huge count is capped")
    func repeatCounts() {
        for count in [0, -5] {
            let frame = Self.childFrame(
                {
                    $0.grid.templateColumns = [.repeat(count, [.points(10)]), .track(.points(30))]
                },
                child: {
                    $0.columnStart = .line(2)
                })
            #expect(frame?.x == 10)
        }
        let frame = Self.childFrame(
            { $0.grid.templateColumns = [.repeat(Int.max, [.points(0)])] },
            child: {
                $0.columnStart = .line(-1)
            })
        // 10,000 explicit tracks; line -1 is their end: the item sits in the first implicit column.
        #expect(frame?.x == 0)
    }

    @Test("auto-fill of zero-width or intrinsic tracks, or in an indefinite container, repeats once")
    func autoFillWithoutDefiniteTrack() {
        for track: GridTrackSize in [.points(0), .auto, .fraction(1), .points(-4)] {
            let frame = Self.childFrame(
                {
                    $0.grid.templateColumns = [.repeat(.autoFill, [.track(track)]), .track(.points(30))]
                }, child: { $0.columnStart = .line(2) })
            #expect(frame != nil, "\(track)")
        }
        let item = gridLeaf { $0.columnStart = .line(2) }
        let root = gridNode(
            { $0.grid.templateColumns = [.repeat(.autoFill, [.track(.points(10))]), .track(.points(5))] },
            children: [item])
        #expect(root.layout().frame(of: item)?.x == 10)
    }

    @Test("non-rectangular areas are dropped, ragged area rows drop the template")
    func badAreas() {
        // `a` is L-shaped: it does not exist, so its lines are implicit (after the explicit grid):
        // the item is in the second implicit column, after the empty first one (both auto and
        // stretched: 25 and 35 of the 60 points left).
        let frame = Self.childFrame(
            {
                $0.grid.templateColumns = [.track(.points(20)), .track(.points(20))]
                $0.grid.templateAreas = ["a a", "a b"]
            }, child: { $0.place(inArea: "a") })
        #expect(frame?.x == 65)
        let valid = Self.childFrame(
            {
                $0.grid.templateColumns = [.track(.points(20)), .track(.points(20))]
                $0.grid.templateAreas = ["a a", "a b"]
            }, child: { $0.place(inArea: "b") })
        // Two auto rows from the areas, stretched: 45 + 55.
        #expect(valid == Rect(x: 20, y: 45, width: 10, height: 10))
        let ragged = Self.childFrame(
            {
                $0.grid.templateColumns = [.track(.points(20)), .track(.points(20))]
                $0.grid.templateAreas = ["a b", "a"]
            }, child: { $0.place(inArea: "b") })
        #expect(ragged?.x == 65)
    }

    @Test("an area's lines named in reverse (circular) are swapped")
    func reversedAreaLines() {
        let frame = Self.childFrame(
            {
                $0.grid.templateColumns = [.track(.points(20)), .track(.points(30)), .track(.points(50))]
                $0.grid.templateAreas = [". a ."]
            },
            child: {
                $0.columnStart = .named("a-end")
                $0.columnEnd = .named("a-start")
            }, width: nil)
        #expect(frame == Rect(x: 20, y: 0, width: 30, height: 10))
    }

    @Test("absurd line numbers and spans are clamped to ±10,000 lines")
    func absurdLines() {
        let cases: [(GridLine, GridLine)] = [
            (.line(Int.max), .auto), (.line(Int.min), .auto), (.span(Int.max), .auto),
            (.line(Int.min), .span(Int.max)), (.named("x", Int.max), .spanNamed("y", Int.min)),
            (.line(-10_001), .line(10_001)),
        ]
        for (start, end) in cases {
            let frame = Self.childFrame(
                { $0.grid.templateColumns = [.track(.points(10))] },
                child: {
                    $0.columnStart = start
                    $0.columnEnd = end
                    $0.rowStart = start
                    $0.rowEnd = end
                })
            #expect(frame != nil, "\(start) \(end)")
        }
    }

    @Test("NaN gaps are zero and NaN fit-content limits are max-content")
    func nanGapsAndLimits() {
        let frame = Self.childFrame(
            {
                $0.columnGap = .points(.nan)
                $0.grid.templateColumns = [.track(.fitContent(.points(.nan))), .track(.points(10))]
            }, child: { $0.columnStart = .line(2) })
        // The empty max-content column is 0 wide and the gap is 0.
        #expect(frame?.x == 0)
    }

    /// 20 grids by default, 200 in a long run (`KEEL_LONG_TESTS=1`), or `KEEL_GRID_FUZZ_CASES`.
    static let fuzzCases =
        Int(ProcessInfo.processInfo.environment["KEEL_GRID_FUZZ_CASES"] ?? "")
        ?? LongRuns.cases(short: 20, long: 200)

    @Test(
        "Seeded random grids (20; 200 with KEEL_LONG_TESTS=1) with malformed and extreme values give sane frames"
    )
    func fuzz() async {
        var random = SeededRandomNumberGenerator(seed: 0x6121_D022)
        let extremes: [Double] = [0, 1, -1, 10, 37.5, -1e9, 1e15, 1e308, .nan, .infinity, -.infinity]
        func value() -> Double { extremes.randomElement(using: &random)! }
        func minimum() -> GridMinimumSize {
            [.points(value()), .percent(value()), .minContent, .maxContent, .auto].randomElement(
                using: &random)!
        }
        func maximum() -> GridMaximumSize {
            [
                .points(value()), .percent(value()), .minContent, .maxContent, .auto,
                .fitContent(.points(value())), .fraction(value()),
            ].randomElement(using: &random)!
        }
        func track() -> GridTrackSize { GridTrackSize(minimum: minimum(), maximum: maximum()) }
        func entries() -> [GridTemplateEntry] {
            (0..<Int.random(in: 0...4, using: &random)).map { _ in
                switch Int.random(in: 0..<6, using: &random) {
                case 0: return .lineNames(["a", "b"].shuffled(using: &random))
                case 1:
                    let counts: [GridRepetition] = [
                        .count(Int.random(in: -2...300, using: &random)), .autoFill, .autoFit,
                    ]
                    return .repeat(
                        counts.randomElement(using: &random)!, [.track(track()), .lineNames(["a"])])
                default: return .track(track())
                }
            }
        }
        func line() -> GridLine {
            let numbers = [0, 1, 2, -1, -3, 10_001, -10_001, Int.max, Int.min]
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return .line(numbers.randomElement(using: &random)!)
            case 1: return .span(numbers.randomElement(using: &random)!)
            case 2:
                return .named(
                    ["a", "b", "x"].randomElement(using: &random)!, numbers.randomElement(using: &random)!)
            case 3: return .spanNamed("a", Int.random(in: -3...3, using: &random))
            default: return .auto
            }
        }
        let only = Int(ProcessInfo.processInfo.environment["KEEL_GRID_FUZZ_ONLY"] ?? "")
        for iteration in 0..<Self.fuzzCases {
            // A case can cost a second under the thread sanitizer: yielding between cases
            // keeps this loop from holding a cooperative thread for minutes while other
            // suites' time-bounded waits run on the same two-thread pool.
            await Task.yield()
            var children: [LayoutNode] = []
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                var style = LayoutStyle()
                if Bool.random(using: &random) { style.width = .points(value()) }
                if Bool.random(using: &random) { style.height = .percent(value()) }
                if Int.random(in: 0..<4, using: &random) == 0 { style.aspectRatio = value() }
                if Int.random(in: 0..<6, using: &random) == 0 { style.position = .absolute }
                if Int.random(in: 0..<6, using: &random) == 0 { style.display = .grid }
                style.alignSelf = AlignItems.allCases.randomElement(using: &random)
                style.grid.justifySelf = AlignItems.allCases.randomElement(using: &random)
                style.grid.columnStart = line()
                style.grid.columnEnd = line()
                style.grid.rowStart = line()
                style.grid.rowEnd = line()
                style.margin = Edges(all: .points(value()))
                let measure = MeasureFunction { request in
                    Size(width: request.knownWidth ?? 30, height: request.knownHeight ?? 12)
                }
                children.append(LayoutNode(style, measure: Bool.random(using: &random) ? measure : nil))
            }
            let root = gridNode(
                {
                    $0.grid.templateColumns = entries()
                    $0.grid.templateRows = entries()
                    $0.grid.autoColumns = Bool.random(using: &random) ? [track()] : []
                    $0.grid.autoRows = Bool.random(using: &random) ? [track(), track()] : []
                    $0.grid.autoFlow = GridAutoFlow(
                        isColumn: Bool.random(using: &random), isDense: Bool.random(using: &random))
                    $0.grid.templateAreas = Bool.random(using: &random) ? ["a b", "a a"] : []
                    $0.grid.justifyContent = AlignContent.allCases.randomElement(using: &random)
                    $0.alignContent = AlignContent.allCases.randomElement(using: &random)!
                    $0.columnGap = .points(value())
                    $0.rowGap = .percent(value())
                    if Bool.random(using: &random) { $0.width = .points(value()) }
                    if Bool.random(using: &random) { $0.maximumHeight = .points(value()) }
                    if Bool.random(using: &random) { $0.minimumWidth = .points(value()) }
                    $0.padding = Edges(all: .points(value()))
                    $0.direction = Bool.random(using: &random) ? .rightToLeft : .leftToRight
                }, children: children)
            let spaces: [AvailableSpace] = [.maxContent, .minContent, .definite(value()), .definite(250)]
            let width = spaces.randomElement(using: &random)!
            let height = spaces.randomElement(using: &random)!
            if let only, only != iteration { continue }
            let first = root.layout(width: width, height: height)
            HugeInputTests.expectSane(first, "iteration \(iteration)")
            // Idempotent: a second layout of the same tree gives the same frames.
            root.markDirty()
            let second = root.layout(width: width, height: height)
            #expect(first.hasSameFrames(as: second), "iteration \(iteration)")
        }
    }
}
