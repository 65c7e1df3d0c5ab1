import KeelSupport

/// One node of a layout tree: a style, children, and for leaves an optional measure function.
///
/// A tree is mutable and owned by one task at a time (it is not `Sendable`): build it, change
/// it, and call ``layout(width:height:configuration:)`` from any thread or task that owns it.
/// The result is an immutable ``LayoutResult``. Every change marks the node and its ancestors
/// dirty; clean subtrees keep their cached sizes and are not measured again.
public final class LayoutNode {
    /// A stable identity for a node, the key of frames in a ``LayoutResult``.
    public struct ID: Sendable, Hashable, CustomStringConvertible {
        /// The raw number (unique within the process).
        public let rawValue: Int
        /// `#<number>`.
        public var description: String { "#\(rawValue)" }
    }

    /// This node's identity.
    public let id: ID
    /// An optional name shown in debug output and SVG renderings.
    public var name: String?
    /// An optional text shown in SVG renderings (labels).
    public var debugText: String?

    /// The style. Setting it marks the node dirty.
    public var style: FlexStyle {
        didSet { if style != oldValue { markDirty() } }
    }

    /// The measure function for a leaf. Setting it marks the node dirty. Ignored when the node
    /// has children.
    public var measure: MeasureFunction? {
        didSet { markDirty() }
    }

    /// The children in order.
    public private(set) var children: [LayoutNode]
    /// The parent, if this node was added to one.
    public private(set) weak var parent: LayoutNode?

    // Layout state (owned by the engine).
    var cache = LayoutCache()
    var isLayoutDirty = true
    /// Position relative to the parent's border box and size, unrounded.
    var unrounded = Rect.zero
    /// The first baseline from the last full layout, if any.
    var lastBaseline: Double?
    /// Whether the view layer should hide this node (``LayoutVisibility/invisible``); layout ignores it.
    public var isHidden = false
    /// Set when a layout result was taken from this node as the root.
    var cachedResult: CachedResult?

    /// A node with a style, children and an optional measure function.
    public init(
        _ style: FlexStyle = FlexStyle(), name: String? = nil, measure: MeasureFunction? = nil,
        children: [LayoutNode] = []
    ) {
        self.id = ID(rawValue: LayoutNode.counter.add(1) + 1)
        self.style = style
        self.name = name
        self.measure = measure
        self.children = []
        for child in children { append(child) }
    }

    private static let counter = AtomicInt(0)

    /// Whether the node needs layout since it or a descendant changed.
    public var isDirty: Bool { isLayoutDirty }

    /// Marks this node and its ancestors as needing layout; call it when a measure function's
    /// output would change (new text) without the style changing.
    public func markDirty() {
        var node: LayoutNode? = self
        while let current = node {
            // An ancestor that is already dirty has dirty ancestors too, except right after
            // creation; walking on is cheap and keeps the invariant simple.
            current.isLayoutDirty = true
            current.cache.clear()
            current.cachedResult = nil
            node = current.parent
        }
    }

    /// Adds a child at the end (removing it from a previous parent).
    public func append(_ child: LayoutNode) {
        insert(child, at: children.count)
    }

    /// Inserts a child at `index`, clamped to the valid range.
    public func insert(_ child: LayoutNode, at index: Int) {
        precondition(child !== self, "a node cannot be its own child")
        child.removeFromParent()
        children.insert(child, at: min(max(0, index), children.count))
        child.parent = self
        markDirty()
    }

    /// Removes the child at `index`; out-of-range indices are ignored.
    public func removeChild(at index: Int) {
        guard children.indices.contains(index) else { return }
        let child = children.remove(at: index)
        child.parent = nil
        markDirty()
    }

    /// Removes every child.
    public func removeAllChildren() {
        for child in children { child.parent = nil }
        children.removeAll()
        markDirty()
    }

    /// Removes this node from its parent, if any.
    public func removeFromParent() {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else { return }
        parent.removeChild(at: index)
    }

    /// Every node of the subtree in depth-first pre-order, this node first.
    public var subtree: [LayoutNode] {
        var nodes: [LayoutNode] = []
        func visit(_ node: LayoutNode) {
            nodes.append(node)
            for child in node.children { visit(child) }
        }
        visit(self)
        return nodes
    }
}
