import KeelTestSupport
import Testing

@testable import KeelLayout

@Suite("Incremental results: updated in place, value semantics kept", .onOwnThread)
struct IncrementalResultTests {
    /// Yoga's nested benchmark shape, smaller: `fanOut` children per container, `depth` levels.
    static func nested(depth: Int, fanOut: Int, measured: Bool = false) -> LayoutNode {
        func level(_ remaining: Int) -> LayoutNode {
            var style = LayoutStyle(defaults: .yoga)
            style.flexGrow = 1
            if remaining == 0 {
                style.width = 10
                style.height = 10
                return LayoutNode(style, measure: measured ? .intrinsic(Size(width: 3.3, height: 2.2)) : nil)
            }
            let node = LayoutNode(style)
            for _ in 0..<fanOut { node.append(level(remaining - 1)) }
            return node
        }
        return level(depth)
    }

    /// A fresh tree with the same styles, measure functions, names and texts (new identities).
    static func clone(_ node: LayoutNode) -> LayoutNode {
        let copy = LayoutNode(node.style, name: node.name, measure: node.measure)
        copy.debugText = node.debugText
        for child in node.children { copy.append(clone(child)) }
        return copy
    }

    /// Everything but identities: frames, absolute and unrounded frames, parents, names, texts.
    static func expectSameLayout(
        _ result: LayoutResult, _ expected: LayoutResult, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.entries.count == expected.entries.count, sourceLocation: sourceLocation)
        #expect(result.pointScale == expected.pointScale, sourceLocation: sourceLocation)
        for (lhs, rhs) in zip(result.entries, expected.entries)
        where
            lhs.frame != rhs.frame || lhs.absoluteFrame != rhs.absoluteFrame
            || lhs.unroundedFrame != rhs.unroundedFrame || lhs.parentIndex != rhs.parentIndex
            || lhs.name != rhs.name || lhs.text != rhs.text
        {
            Issue.record("\(lhs) differs from a fresh layout's \(rhs)", sourceLocation: sourceLocation)
            return
        }
    }

    static func leaf(_ root: LayoutNode, _ path: [Int]) -> LayoutNode {
        path.reduce(root) { $0.children[$1] }
    }

    @Test("a held result never changes when the tree is laid out again; the new one matches a fresh tree")
    func heldResultKeepsItsValue() {
        let root = Self.nested(depth: 3, fanOut: 4)
        let configuration = LayoutConfiguration(pointScale: 3)
        let held = root.layout(width: .definite(333), height: .definite(500), configuration: configuration)
        let heldEntries = Array(held.entries)
        let leaf = Self.leaf(root, [1, 2, 3])
        let heldLeafFrame = held.frame(of: leaf)

        leaf.style.width = 7.25
        let updated = root.layout(width: .definite(333), height: .definite(500), configuration: configuration)

        #expect(Array(held.entries) == heldEntries)
        #expect(held.frame(of: leaf) == heldLeafFrame)
        #expect(updated.entry(of: leaf)?.unroundedFrame.width == 7.25)
        #expect(updated.frame(of: leaf) != heldLeafFrame)
        #expect(updated != held)
        let fresh = Self.clone(root).layout(
            width: .definite(333), height: .definite(500), configuration: configuration)
        Self.expectSameLayout(updated, fresh)
        // Every node is still found by identity in both.
        for node in root.subtree {
            #expect(updated.entry(of: node)?.id == node.id)
            #expect(held.entry(of: node)?.id == node.id)
        }
    }

    @Test("a one-leaf change rewrites its ancestors' children only, in the same storage")
    func dirtyLeafIsIncremental() {
        let root = Self.nested(depth: 4, fanOut: 10)
        _ = root.layout(width: .definite(1000), height: .definite(1000))
        // An identity, not a reference: holding the storage would force a copy.
        let before = root.cachedResult.map { ObjectIdentifier($0.result.storage) }
        let leaf = Self.leaf(root, [3, 7, 2, 5])
        leaf.style.width = 7
        let result = root.layout(width: .definite(1000), height: .definite(1000))
        // Nobody held the previous result, so it was updated in place, not copied or rebuilt.
        #expect(ObjectIdentifier(result.storage) == before)
        #expect(result.storage.lastWriteCount <= 1 + 4 * 10)
        #expect(result.frame(of: leaf)?.width == 7)
        Self.expectSameLayout(
            result, Self.clone(root).layout(width: .definite(1000), height: .definite(1000)))
    }

    @Test("a moved subtree is rounded again from its new absolute position")
    func movedSubtreeRoundsAgain() {
        let root = Self.nested(depth: 3, fanOut: 3, measured: true)
        let configuration = LayoutConfiguration(pointScale: 3)
        _ = root.layout(width: .definite(101), height: .definite(97), configuration: configuration)
        // A margin on the first child moves its siblings' whole subtrees by a fraction of a pixel.
        for (step, margin) in [0.1, 0.25, 0.4, 1.7].enumerated() {
            root.children[0].style.margin = Edges(all: .points(margin))
            let result = root.layout(
                width: .definite(101), height: .definite(97), configuration: configuration)
            let fresh = Self.clone(root).layout(
                width: .definite(101), height: .definite(97), configuration: configuration)
            Self.expectSameLayout(result, fresh)
            #expect(
                result.storage.lastWriteCount > 3 * 3, "step \(step): the siblings' subtrees are rewritten")
        }
    }

    @Test("children added or removed, names changed, a new scale: the result is rebuilt correctly")
    func structureAndConfigurationChanges() {
        let root = Self.nested(depth: 2, fanOut: 3)
        var result = root.layout(width: .definite(90), height: .definite(90))
        let extra = LayoutNode(style { $0.height = 5 }, name: "extra")
        root.children[1].append(extra)
        result = root.layout(width: .definite(90), height: .definite(90))
        #expect(result.entry(of: extra)?.name == "extra")
        Self.expectSameLayout(result, Self.clone(root).layout(width: .definite(90), height: .definite(90)))

        root.children[0].removeFromParent()
        result = root.layout(width: .definite(90), height: .definite(90))
        #expect(result.entries.count == 1 + 2 * 4 + 1)
        Self.expectSameLayout(result, Self.clone(root).layout(width: .definite(90), height: .definite(90)))

        // A name change alone keeps the clean result; the next layout after a change shows it.
        extra.name = "renamed"
        #expect(root.layout(width: .definite(90), height: .definite(90)).entry(of: extra)?.name == "extra")
        extra.style.height = 6
        result = root.layout(width: .definite(90), height: .definite(90))
        #expect(result.entry(of: extra)?.name == "renamed")
        Self.expectSameLayout(result, Self.clone(root).layout(width: .definite(90), height: .definite(90)))

        let configuration = LayoutConfiguration(pointScale: 2)
        result = root.layout(width: .definite(90), height: .definite(90), configuration: configuration)
        #expect(result.pointScale == 2)
        Self.expectSameLayout(
            result,
            Self.clone(root).layout(width: .definite(90), height: .definite(90), configuration: configuration)
        )
    }

    @Test("a subtree laid out on its own, then moved under another root, lays out correctly in both")
    func subtreeRoots() {
        let root = Self.nested(depth: 3, fanOut: 3)
        let subtree = root.children[2]
        _ = root.layout(width: .definite(120), height: .definite(120))
        _ = subtree.layout(width: .definite(50), height: .definite(50))
        Self.leaf(root, [2, 1, 1]).style.width = 4
        let result = root.layout(width: .definite(120), height: .definite(120))
        Self.expectSameLayout(result, Self.clone(root).layout(width: .definite(120), height: .definite(120)))

        subtree.removeFromParent()
        let other = LayoutNode(LayoutStyle(defaults: .yoga), children: [subtree])
        let moved = other.layout(width: .definite(60), height: .definite(60))
        Self.expectSameLayout(moved, Self.clone(other).layout(width: .definite(60), height: .definite(60)))
        let shrunk = root.layout(width: .definite(120), height: .definite(120))
        #expect(shrunk.entries.count == 1 + 2 * (1 + 3 + 9))
        Self.expectSameLayout(shrunk, Self.clone(root).layout(width: .definite(120), height: .definite(120)))
    }

    @Test("results read on other tasks while the tree is laid out again keep their frames")
    func resultsReadConcurrently() async {
        let root = Self.nested(depth: 3, fanOut: 4)
        let leaf = Self.leaf(root, [0, 1, 2])
        let leafID = leaf.id
        await withTaskGroup(of: Bool.self) { group in
            for step in 0..<40 {
                leaf.style.width = .points(Double(step % 5) + 1)
                let result = root.layout(width: .definite(200), height: .definite(200))
                let frames = result.entries.map(\.frame)
                let width = Double(step % 5) + 1
                group.addTask {
                    (0..<20).allSatisfy { _ in
                        result.entries.map(\.frame) == frames && result[leafID]?.width == width
                    }
                }
            }
            for await unchanged in group { #expect(unchanged) }
        }
    }

    @Test("a child that outlives its parent has no parent")
    func childOutlivesParent() {
        let child = LayoutNode()
        do {
            let parent = LayoutNode(children: [child])
            #expect(child.parent === parent)
            _ = parent.layout(width: .definite(10), height: .definite(10))
        }
        #expect(child.parent == nil)
        // Still usable as a root of its own.
        #expect(child.layout(width: .definite(5), height: .definite(5)).size == Size(width: 5, height: 5))
    }

    @Test("random edits, each followed by a layout, always match a fresh tree's layout")
    func randomEditsMatchFreshLayouts() {
        var generator = RoundingTests.SeededGenerator(seed: 21)
        let root = Self.nested(depth: 3, fanOut: 4, measured: true)
        root.style.flexDirection = .row
        root.style.flexWrap = .wrap
        var held: [(LayoutResult, [LayoutResult.Entry])] = []
        for step in 0..<300 {
            let nodes = root.subtree
            let node = nodes[Int(generator.next() % UInt64(nodes.count))]
            switch generator.next() % 8 {
            case 0: node.style.width = .points(Double(generator.next() % 40) / 3)
            case 1:
                node.style.height =
                    generator.next() % 4 == 0 ? .auto : .points(Double(generator.next() % 30) / 7)
            case 2: node.style.margin = Edges(all: .points(Double(generator.next() % 5) / 4))
            case 3: node.style.flexGrow = Double(generator.next() % 3)
            case 4: node.style.display = node.style.display == .none ? .flex : .none
            case 5 where node !== root: node.removeFromParent()
            case 6: node.append(LayoutNode(style { $0.width = 3.5 }))
            default: node.style.padding = Edges(all: .points(Double(generator.next() % 3) / 3))
            }
            let configuration = LayoutConfiguration(pointScale: step % 50 == 49 ? 2 : 3)
            let width = AvailableSpace.definite(step % 7 == 0 ? 250 : 211)
            let result = root.layout(width: width, height: .maxContent, configuration: configuration)
            Self.expectSameLayout(
                result,
                Self.clone(root).layout(width: width, height: .maxContent, configuration: configuration))
            if step % 10 == 0 { held.append((result, Array(result.entries))) }
        }
        for (result, entries) in held { #expect(Array(result.entries) == entries) }
    }
}
