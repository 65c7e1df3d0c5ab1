import KeelLayout
import Testing

/// Absolutely positioned children are sized by one routine in flex and grid containers: the
/// same child in a flex container and in a grid area of the same size gets the same size.
@Suite("Absolute children: one sizing for flex and grid")
struct AbsoluteSizingTests {
    /// Text of `characters` one-character words, 7 points per character and 16 points per
    /// line, wrapped to the available width (`vertical`: along the height, 16-point columns).
    /// Its min-content size is one character.
    static func text(characters: Int, vertical: Bool = false) -> MeasureFunction {
        MeasureFunction { request in
            let full = Double(characters) * 7
            func along(_ known: Double?, _ constraint: MeasureConstraint) -> Double {
                if let known { return known }
                switch constraint {
                case .exactly(let value), .atMost(let value): return min(full, max(7, value))
                case .unconstrained(let minContent): return minContent ? 7 : full
                }
            }
            func across(_ length: Double) -> Double {
                (Double(characters) / max(1, (length / 7).rounded(.down))).rounded(.up) * 16
            }
            if vertical {
                let height = along(request.knownHeight, request.heightConstraint)
                return Size(width: request.knownWidth ?? across(height), height: height)
            }
            let width = along(request.knownWidth, request.widthConstraint)
            return Size(width: width, height: request.knownHeight ?? across(width))
        }
    }

    /// An absolutely positioned leaf measured by `measure`, styled by `change`.
    static func absolute(_ measure: MeasureFunction, _ change: (inout LayoutStyle) -> Void) -> LayoutNode {
        var style = LayoutStyle()
        style.position = .absolute
        change(&style)
        return LayoutNode(style, measure: measure)
    }

    /// `child`'s frame in a 200 × 200 flex container (the root, its containing block).
    static func inFlex(_ child: LayoutNode, rtl: Bool = false) -> Rect? {
        var style = LayoutStyle()
        style.width = 200
        style.height = 200
        if rtl { style.direction = .rightToLeft }
        let root = LayoutNode(style, children: [child])
        return root.layout().frame(of: child)
    }

    /// `child`'s frame in the 200 × 200 grid area of column 2 and row 2 of a grid with
    /// columns 30, 200, 20 and rows 10, 200, 15, moved so that the area's origin is (0, 0).
    static func inGridArea(_ child: LayoutNode, rtl: Bool = false) -> Rect? {
        child.style.grid.columnStart = .line(2)
        child.style.grid.columnEnd = .line(3)
        child.style.grid.rowStart = .line(2)
        child.style.grid.rowEnd = .line(3)
        var style = LayoutStyle()
        style.display = .grid
        if rtl { style.direction = .rightToLeft }
        style.grid.templateColumns = [.track(.points(30)), .track(.points(200)), .track(.points(20))]
        style.grid.templateRows = [.track(.points(10)), .track(.points(200)), .track(.points(15))]
        let root = LayoutNode(style, children: [child])
        guard let frame = root.layout().frame(of: child) else { return nil }
        // In right-to-left the second column starts 20 from the left.
        return Rect(x: frame.x - (rtl ? 20 : 30), y: frame.y - 10, width: frame.width, height: frame.height)
    }

    /// The keywords and the width they give 40 characters of horizontal text with margins
    /// 5 / 7 in a 200-wide containing block: the space less the margins is 188.
    static let widthCases: [(Length, Double)] = [
        (.stretch, 188), (.minContent, 7), (.maxContent, 280), (.fitContent, 188), (.content, 188),
    ]

    /// The keywords and the height they give 40 characters of vertical text with margins
    /// 3 / 4 in a 200-high containing block: the space less the margins is 193.
    static let heightCases: [(Length, Double)] = [
        (.stretch, 193), (.minContent, 7), (.maxContent, 280), (.fitContent, 193), (.content, 193),
    ]

    // Before: the grid measured its absolute children without resolving size keywords (as
    // `auto`, in its area less the margins twice), so each keyword gave 176 wide / 186 high
    // in the grid while the flex container gave the values listed.
    @Test(
        "each width keyword sizes an absolute child the same in a flex container and a grid area",
        arguments: widthCases.indices)
    func widthKeyword(_ index: Int) {
        let (keyword, expected) = Self.widthCases[index]
        func make() -> LayoutNode {
            Self.absolute(Self.text(characters: 40)) {
                $0.width = keyword
                $0.margin = Edges(top: 3, left: 5, bottom: 4, right: 7)
            }
        }
        let flex = Self.inFlex(make())
        let grid = Self.inGridArea(make())
        #expect(flex?.width == expected, "\(keyword)")
        #expect(grid?.width == expected, "\(keyword)")
        #expect(flex == grid, "\(keyword)")
    }

    // Before: as for widths, the grid gave every height keyword the `auto` height (186).
    @Test(
        "each height keyword sizes an absolute child the same in a flex container and a grid area",
        arguments: heightCases.indices)
    func heightKeyword(_ index: Int) {
        let (keyword, expected) = Self.heightCases[index]
        func make() -> LayoutNode {
            Self.absolute(Self.text(characters: 40, vertical: true)) {
                $0.height = keyword
                $0.margin = Edges(top: 3, left: 5, bottom: 4, right: 7)
            }
        }
        let flex = Self.inFlex(make())
        let grid = Self.inGridArea(make())
        #expect(flex?.height == expected, "\(keyword)")
        #expect(grid?.height == expected, "\(keyword)")
        #expect(flex == grid, "\(keyword)")
    }

    // Before: 50 wide in the grid (the keyword was ignored), 175 in the flex container.
    @Test("width: stretch without left/right fills a 200-wide grid area less the margins, as in flex")
    func stretchWithoutInsets() {
        func make() -> LayoutNode {
            let content = CountingMeasure(width: 50, height: 10)
            return Self.absolute(content.function) {
                $0.width = .stretch
                $0.margin = Edges(top: 0, left: 10, bottom: 0, right: 15)
            }
        }
        let flex = Self.inFlex(make())
        let grid = Self.inGridArea(make())
        #expect(flex == Rect(x: 10, y: 0, width: 175, height: 10))
        #expect(grid == Rect(x: 10, y: 0, width: 175, height: 10))
    }

    // Before: the flex container measured the text in its whole padding box (194 wide,
    // overflowing at the right); the grid subtracted the margins twice (158 wide).
    @Test("an auto-width child is measured in the containing block less its inset and margins")
    func measuredInInsetModifiedBlock() {
        func make() -> LayoutNode {
            Self.absolute(Self.text(characters: 40)) {
                $0.inset = Edges(top: .auto, left: 30, bottom: .auto, right: .auto)
                $0.margin = Edges(top: 0, left: 0, bottom: 0, right: 6)
            }
        }
        let flex = Self.inFlex(make())
        let grid = Self.inGridArea(make())
        #expect(flex == Rect(x: 30, y: 0, width: 164, height: 32))
        #expect(grid == flex)
    }

    // Before: both containers stretched it between the insets (180 wide).
    @Test("width: fit-content between two insets shrinks to the content")
    func fitContentBetweenInsets() {
        func make() -> LayoutNode {
            Self.absolute(Self.text(characters: 10)) {
                $0.width = .fitContent
                $0.inset = Edges(top: 0, left: 10, bottom: .auto, right: 10)
            }
        }
        let flex = Self.inFlex(make())
        let grid = Self.inGridArea(make())
        #expect(flex == Rect(x: 10, y: 0, width: 70, height: 16))
        #expect(grid == flex)
    }

    // Before: the flex container took the height from the unclamped width (50 × 200); the
    // grid did not clamp the height the ratio gave (200 × 200 for the second child).
    @Test("an inset-stretched size is clamped before the aspect ratio gives the other axis, then clamped")
    func ratioFromClampedSize() {
        func make(maxWidth: Double, maxHeight: Double) -> LayoutNode {
            let node = LayoutNode(
                style {
                    $0.position = .absolute
                    $0.inset = Edges(top: 0, left: 0, bottom: .auto, right: 0)
                    $0.aspectRatio = 1
                    $0.maximumWidth = .points(maxWidth)
                    $0.maximumHeight = .points(maxHeight)
                })
            return node
        }
        #expect(Self.inFlex(make(maxWidth: 50, maxHeight: 1000)) == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(
            Self.inGridArea(make(maxWidth: 50, maxHeight: 1000)) == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(Self.inFlex(make(maxWidth: 1000, maxHeight: 30)) == Rect(x: 0, y: 0, width: 200, height: 30))
        #expect(
            Self.inGridArea(make(maxWidth: 1000, maxHeight: 30)) == Rect(x: 0, y: 0, width: 200, height: 30))
    }

    /// A 250 × 250 child between zero insets in both axes, with the given auto margins.
    static func overflowing(_ margin: Edges<Length>) -> LayoutNode {
        LayoutNode(
            style {
                $0.position = .absolute
                $0.inset = Edges(all: 0)
                $0.width = 250
                $0.height = 250
                $0.margin = margin
            })
    }

    // Before: the flex container split the negative space horizontally too (x = -25); the
    // grid gave auto margins no negative space at all (y = 0, and x = 0 for a single auto
    // start margin).
    @Test(
        "auto margins between insets with too little space: start margin zero horizontally, centred vertically"
    )
    func autoMarginsOverflow() {
        let both = Edges<Length>(all: .auto)
        #expect(Self.inFlex(Self.overflowing(both)) == Rect(x: 0, y: -25, width: 250, height: 250))
        #expect(Self.inGridArea(Self.overflowing(both)) == Rect(x: 0, y: -25, width: 250, height: 250))
        // Right-to-left: the start is the right edge.
        #expect(
            Self.inFlex(Self.overflowing(both), rtl: true) == Rect(x: -50, y: -25, width: 250, height: 250))
        #expect(
            Self.inGridArea(Self.overflowing(both), rtl: true)
                == Rect(x: -50, y: -25, width: 250, height: 250))
        // A single auto margin takes all the (negative) free space.
        let startOnly = Edges<Length>(top: .auto, left: .auto, bottom: 0, right: 0)
        #expect(Self.inFlex(Self.overflowing(startOnly)) == Rect(x: -50, y: -50, width: 250, height: 250))
        #expect(Self.inGridArea(Self.overflowing(startOnly)) == Rect(x: -50, y: -50, width: 250, height: 250))
    }
}
