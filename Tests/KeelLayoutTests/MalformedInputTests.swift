import KeelLayout
import Testing

@Suite("Malformed input resolves in the documented way")
struct MalformedInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable (inout LayoutStyle) -> Void
        /// The child's expected frame inside a 100 × 100 row container.
        let expected: Rect
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "negative width is auto",
            change: {
                $0.width = -20
                $0.height = 10
            },
            expected: Rect(x: 0, y: 0, width: 0, height: 10)),
        Case(
            name: "NaN width is auto",
            change: {
                $0.width = .points(.nan)
                $0.height = 10
            },
            expected: Rect(x: 0, y: 0, width: 0, height: 10)),
        Case(
            name: "infinite height is auto (stretched)",
            change: {
                $0.width = 10
                $0.height = .points(.infinity)
            },
            expected: Rect(x: 0, y: 0, width: 10, height: 100)),
        Case(
            name: "NaN percent is auto",
            change: {
                $0.width = .percent(.nan)
                $0.height = 10
            },
            expected: Rect(x: 0, y: 0, width: 0, height: 10)),
        Case(
            name: "min above max: the minimum wins",
            change: {
                $0.width = 50
                $0.minimumWidth = 40
                $0.maximumWidth = 20
                $0.height = 10
            },
            expected: Rect(x: 0, y: 0, width: 40, height: 10)),
        Case(
            name: "negative padding is zero",
            change: {
                $0.padding = Edges(all: -5)
                $0.height = 10
            },
            expected: Rect(x: 0, y: 0, width: 0, height: 10)),
        Case(
            name: "NaN and negative flex factors are zero",
            change: {
                $0.flexGrow = .nan
                $0.flexShrink = -3
                $0.width = 150
                $0.height = 10
            },
            expected: Rect(x: 0, y: 0, width: 150, height: 10)),
        Case(
            name: "infinite grow is zero",
            change: {
                $0.flexGrow = .infinity
                $0.height = 10
            },
            expected: Rect(x: 0, y: 0, width: 0, height: 10)),
        Case(
            name: "non-positive aspect ratio is ignored",
            change: {
                $0.width = 20
                $0.aspectRatio = -1
                $0.alignSelf = .flexStart
            },
            expected: Rect(x: 0, y: 0, width: 20, height: 0)),
        Case(
            name: "NaN margin is zero",
            change: {
                $0.margin = Edges(all: .points(.nan))
                $0.width = 10
                $0.height = 10
            },
            expected: Rect(x: 0, y: 0, width: 10, height: 10)),
        Case(
            name: "negative gap is zero",
            change: {
                $0.width = 10
                $0.height = 10
            },
            expected: Rect(x: 0, y: 0, width: 10, height: 10)),
    ]

    @Test("bad style values", arguments: cases)
    func badStyle(_ testCase: Case) {
        var childStyle = LayoutStyle()
        testCase.change(&childStyle)
        let child = LayoutNode(childStyle)
        let root = LayoutNode(
            style {
                $0.width = 100
                $0.height = 100
                $0.columnGap = -10
            }, children: [child])
        let result = root.layout()
        #expect(result.frame(of: child) == testCase.expected)
        #expect(result.rootFrame == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test("a percentage of an indefinite size is auto")
    func percentOfIndefinite() {
        let child = LayoutNode(
            style {
                $0.width = .percent(50)
                $0.height = .percent(50)
            })
        let grandchild = LayoutNode(
            style {
                $0.width = 30
                $0.height = 20
            })
        child.append(grandchild)
        let root = LayoutNode(children: [child])  // max-content: no definite size
        let result = root.layout()
        #expect(result.frame(of: child) == Rect(x: 0, y: 0, width: 30, height: 20))
    }

    @Test("a measure function returning NaN, infinite or negative sizes counts as zero")
    func badMeasure() {
        for size in [Size(width: .nan, height: -4), Size(width: .infinity, height: .nan)] {
            let leaf = LayoutNode(measure: MeasureFunction { _ in size })
            let root = LayoutNode(style { $0.alignItems = .flexStart }, children: [leaf])
            let result = root.layout(width: .definite(200), height: .definite(100))
            #expect(result.frame(of: leaf) == Rect(x: 0, y: 0, width: 0, height: 0))
        }
    }

    @Test("non-finite or negative available space does not crash")
    func badAvailableSpace() {
        let root = LayoutNode(
            style { $0.flexWrap = .wrap },
            children: [
                LayoutNode(
                    style {
                        $0.width = 10
                        $0.height = 10
                    })
            ])
        for space in [AvailableSpace.definite(.nan), .definite(-50), .definite(.infinity)] {
            let result = root.layout(width: space, height: space)
            for entry in result.entries {
                #expect(entry.frame.width.isFinite && entry.frame.height.isFinite)
                #expect(entry.frame.x.isFinite && entry.frame.y.isFinite)
            }
        }
    }

    @Test("inserting a node under itself or its own descendant does nothing")
    func cyclesAreRefused() {
        // `b.append(a)` with `a` b's parent made a parent cycle: the ancestor walk of the
        // insertion never ended. Inserting a node into itself was a precondition crash.
        let a = LayoutNode()
        let b = LayoutNode()
        let c = LayoutNode()
        a.append(b)
        b.append(c)
        c.append(a)
        b.append(a)
        b.insert(b, at: 0)
        #expect(a.parent == nil && b.parent === a && c.parent === b)
        #expect(a.children.map(ObjectIdentifier.init) == [ObjectIdentifier(b)])
        #expect(b.children.map(ObjectIdentifier.init) == [ObjectIdentifier(c)])
        #expect(c.children.isEmpty)
        // Moving a node to a sibling subtree is still a move.
        let d = LayoutNode()
        a.append(d)
        d.append(c)
        #expect(c.parent === d && b.children.isEmpty)
        #expect(a.layout(width: .definite(100), height: .definite(100)).entries.count == 4)
    }

    @Test("display none removes a subtree and gives it zero frames")
    func displayNone() {
        let hidden = LayoutNode(
            style {
                $0.display = .none
                $0.width = 40
                $0.height = 40
            })
        hidden.append(
            LayoutNode(
                style {
                    $0.width = 10
                    $0.height = 10
                }))
        let visible = LayoutNode(
            style {
                $0.width = 20
                $0.height = 20
            })
        let root = LayoutNode(children: [hidden, visible])
        let result = root.layout()
        #expect(result.frame(of: hidden) == .zero)
        #expect(result.frame(of: hidden.children[0]) == .zero)
        #expect(result.frame(of: visible) == Rect(x: 0, y: 0, width: 20, height: 20))
    }
}
