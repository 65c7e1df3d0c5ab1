import KeelSupport

/// One node of a layout tree: a style, children, and for leaves an optional measure function.
///
/// A tree is mutable and owned by one task at a time (it is not `Sendable`): build it, change
/// it, and call ``layout(width:height:configuration:)`` from any thread or task that owns it.
/// The result is an immutable ``LayoutResult``. Every change marks the node and its ancestors
/// dirty; clean subtrees keep their cached sizes and are not measured again.
public final class LayoutNode {
    /// A stable identity for a node, the key of frames in a ``LayoutResult``.
    package struct ID: Sendable, Hashable, CustomStringConvertible {
        /// The raw number (unique within the process).
        package let rawValue: Int
        /// `#<number>`.
        package var description: String { "#\(rawValue)" }
    }

    /// This node's identity.
    package let id: ID
    /// An optional name shown in debug output and SVG renderings.
    package var name: String? {
        get { storedName }
        set {
            storedName = newValue
            markStructureChanged()
        }
    }
    /// An optional text shown in SVG renderings (labels).
    package var debugText: String? {
        get { storedDebugText }
        set {
            storedDebugText = newValue
            markStructureChanged()
        }
    }

    /// The style. Setting it marks the node dirty.
    public var style: LayoutStyle {
        get { storedStyle }
        set {
            let changed = newValue != storedStyle
            let oldStyle = storedStyle
            storedStyle = newValue
            if changed {
                if let parent = storedParent {
                    if (newValue.display == .contents) != (oldStyle.display == .contents) {
                        parent.contentsChildCount += newValue.display == .contents ? 1 : -1
                    }
                    if (newValue.position == .static) != (oldStyle.position == .static) {
                        parent.staticChildCount += newValue.position == .static ? 1 : -1
                    }
                }
                hasCachedBox = false
                styleUsesPercentages = ResolvedBox.usesPercentages(newValue)
                styleUsesSizeKeywords = ResolvedBox.usesSizeKeywords(newValue)
                styleHasRelativeInsets = ResolvedBox.hasRelativeInsets(newValue)
                markDirty()
            }
        }
    }

    /// The measure function for a leaf. Setting it marks the node dirty. Ignored when the node
    /// has children.
    public var measure: MeasureFunction? {
        get { storedMeasure }
        set {
            storedMeasure = newValue
            markDirty()
        }
    }

    /// The children in order.
    public var children: [LayoutNode] { storedChildren }

    /// The node's stored state (the public properties above are computed over it), in one value
    /// behind the class's one `@exclusivity(unchecked)` property; the properties below forward
    /// to it. Every access to a class's stored property otherwise pays a run-time exclusivity
    /// check (several per node and pass) that the optimiser cannot remove; a tree is owned by
    /// one task and the engine never holds overlapping accesses, so the check could never fire
    /// (ARCHITECTURE.md, "Performance").
    struct Storage {
        var extras: NodeExtras?
        var storedStyle: LayoutStyle
        var storedMeasure: MeasureFunction?
        var storedChildren: [LayoutNode]
        unowned(unsafe) var storedParent: LayoutNode?
        var cache: LayoutCache = LayoutCache()
        var unrounded: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
        var lastBaseline: Double?
        var hasCachedBox: Bool = false
        var isLayoutDirty: Bool = true
        var styleUsesPercentages: Bool
        var styleUsesSizeKeywords: Bool
        var styleHasRelativeInsets: Bool
        var contentsChildCount: Int = 0
        var staticChildCount: Int = 0
        var cachedBoxParentWidth: Double = Double.nan
        var cachedBoxParentHeight: Double = Double.nan
        var cachedBox: ResolvedBox = ResolvedBox()
        var structureVersion: Int = 0
        var subtreeSize: Int = 1
        var layoutPass: Int = 0
    }
    @exclusivity(unchecked) var storage: Storage

    /// The node's rarely set state (debug labels, a root's last result, grid track lines),
    /// allocated when first set: kept inline it made every node larger than the allocator's
    /// small-object fast path, which slowed every node created and freed.
    var extras: NodeExtras? {
        @inline(__always) get { storage.extras }
        @inline(__always) _modify { yield &storage.extras }
    }
    var storedName: String? {
        get { extras?.name }
        set { makeExtras(unlessNil: newValue)?.name = newValue }
    }
    var storedDebugText: String? {
        get { extras?.debugText }
        set { makeExtras(unlessNil: newValue)?.debugText = newValue }
    }
    /// The extras, created first when `value` is not `nil`; `nil` when there are none and
    /// `value` is `nil` (nothing to store).
    @inline(__always)
    private func makeExtras<Value>(unlessNil value: Value?) -> NodeExtras? {
        if let extras { return extras }
        guard value != nil else { return nil }
        let extras = NodeExtras()
        self.extras = extras
        return extras
    }
    /// Whether the node has a name or debug text (the result build records labels then).
    var hasLabels: Bool {
        guard let extras else { return false }
        return extras.name != nil || extras.debugText != nil
    }
    var storedStyle: LayoutStyle {
        @inline(__always) get { storage.storedStyle }
        @inline(__always) _modify { yield &storage.storedStyle }
    }
    var storedMeasure: MeasureFunction? {
        @inline(__always) get { storage.storedMeasure }
        @inline(__always) _modify { yield &storage.storedMeasure }
    }
    private(set) var storedChildren: [LayoutNode] {
        @inline(__always) get { storage.storedChildren }
        @inline(__always) _modify { yield &storage.storedChildren }
    }
    /// The parent, if this node was added to one.
    ///
    /// Not `weak`: a weakly referenced object gets a side table and then every retain and
    /// release of it takes the runtime's slow path (a tenth of a first layout went to retaining
    /// containers). The parent clears its children's reference when it is deinitialised and
    /// when it removes them, so the reference never outlives the parent.
    package var parent: LayoutNode? { storedParent }
    /// The stored parent reference (see ``parent``), unchecked like the properties above: a
    /// public stored property paid three exclusivity checks per `append` and one per node
    /// freed (a tenth of building a tree).
    var storedParent: LayoutNode? {
        @inline(__always) get { storage.storedParent }
        // Set, not modified: a modify would load (and retain) the old, possibly stale, reference.
        @inline(__always) set { storage.storedParent = newValue }
    }

    // Layout state (owned by the engine).
    var cache: LayoutCache {
        @inline(__always) get { storage.cache }
        @inline(__always) _modify { yield &storage.cache }
    }
    /// Position relative to the parent's border box and size, unrounded.
    var unrounded: Rect {
        @inline(__always) get { storage.unrounded }
        @inline(__always) _modify { yield &storage.unrounded }
    }
    /// The first baseline from the last full layout, if any.
    var lastBaseline: Double? {
        @inline(__always) get { storage.lastBaseline }
        @inline(__always) _modify { yield &storage.lastBaseline }
    }
    /// The style's box as last resolved, and the containing-block sizes it was resolved
    /// against: a parent resolves each child's box to generate its flex item and the child
    /// resolves it again to lay itself out, often with other sizes while it is measured (a
    /// tenth of a first layout). A style without percentages resolves the same against any
    /// size, so its box is resolved once per style change.
    /// (Separate properties rather than an optional tuple, so a hit reads two flags instead
    /// of copying the whole entry out.)
    var hasCachedBox: Bool {
        @inline(__always) get { storage.hasCachedBox }
        @inline(__always) _modify { yield &storage.hasCachedBox }
    }
    // The flags sit together (a flag between wider fields takes eight bytes).
    var isLayoutDirty: Bool {
        @inline(__always) get { storage.isLayoutDirty }
        @inline(__always) _modify { yield &storage.isLayoutDirty }
    }
    /// Whether the view layer should hide this node (``LayoutVisibility/invisible``); layout ignores it.
    package var isHidden = false
    /// Whether the style's own box has a percentage length: only then does the node's layout
    /// depend on its containing block's size (its children resolve theirs against its own).
    var styleUsesPercentages: Bool {
        @inline(__always) get { storage.styleUsesPercentages }
        @inline(__always) _modify { yield &storage.styleUsesPercentages }
    }
    /// Whether `width`, `height` or `flexBasis` is a size keyword (`minContent`, `stretch` …),
    /// which the engine sizes by measuring (see `LayoutEngine.resolveSizeKeywords`).
    var styleUsesSizeKeywords: Bool {
        @inline(__always) get { storage.styleUsesSizeKeywords }
        @inline(__always) _modify { yield &storage.styleUsesSizeKeywords }
    }
    /// Whether an in-flow node would move by its insets (some inset is set and the node is
    /// not `static`): a flex item without them skips resolving four insets per container run.
    var styleHasRelativeInsets: Bool {
        @inline(__always) get { storage.styleHasRelativeInsets }
        @inline(__always) _modify { yield &storage.styleHasRelativeInsets }
    }
    /// How many children are `display: contents` (their children join this node's layout):
    /// the engine flattens the children only when this is not zero.
    var contentsChildCount: Int {
        @inline(__always) get { storage.contentsChildCount }
        @inline(__always) _modify { yield &storage.contentsChildCount }
    }
    /// How many children are `position: static` (the positioned ancestor places their
    /// absolute children): checked before walking static descendants.
    var staticChildCount: Int {
        @inline(__always) get { storage.staticChildCount }
        @inline(__always) _modify { yield &storage.staticChildCount }
    }
    /// The tracks of the last full layout as a grid container (see ``gridTrackLines``).
    var storedGridTrackLines: GridTrackLines? {
        get { extras?.gridTrackLines }
        set { makeExtras(unlessNil: newValue)?.gridTrackLines = newValue }
    }
    /// The containing-block sizes `cachedBox` was resolved against, NaN for an unknown size
    /// (an optional double takes twice the space; see `extras` for why size matters).
    var cachedBoxParentWidth: Double {
        @inline(__always) get { storage.cachedBoxParentWidth }
        @inline(__always) _modify { yield &storage.cachedBoxParentWidth }
    }
    var cachedBoxParentHeight: Double {
        @inline(__always) get { storage.cachedBoxParentHeight }
        @inline(__always) _modify { yield &storage.cachedBoxParentHeight }
    }
    var cachedBox: ResolvedBox {
        @inline(__always) get { storage.cachedBox }
        @inline(__always) _modify { yield &storage.cachedBox }
    }
    /// Set when a layout result was taken from this node as the root; kept after the tree
    /// changes (marked not current) so the next layout can update it instead of rebuilding.
    var cachedResult: CachedResult? {
        get { extras?.cachedResult }
        set { makeExtras(unlessNil: newValue)?.cachedResult = newValue }
    }
    /// Bumped on this node and every ancestor whenever children are added or removed (or a
    /// name or debug text changes) below it: a root's previous result can be updated in place
    /// only while its version is unchanged.
    var structureVersion: Int {
        @inline(__always) get { storage.structureVersion }
        @inline(__always) _modify { yield &storage.structureVersion }
    }
    /// The number of nodes in this subtree, this node included (kept up to date by the child
    /// mutations): a result build allocates once, and an update skips untouched subtrees.
    var subtreeSize: Int {
        @inline(__always) get { storage.subtreeSize }
        @inline(__always) _modify { yield &storage.subtreeSize }
    }
    /// The layout pass (see `LayoutNode.nextPass()`) that last laid this node out fully, i.e.
    /// last set its children's frames: a result synced before that pass must revisit them.
    var layoutPass: Int {
        @inline(__always) get { storage.layoutPass }
        @inline(__always) _modify { yield &storage.layoutPass }
    }

    /// A node with a style, children and an optional measure function.
    public init(
        _ style: consuming LayoutStyle = LayoutStyle(), name: String? = nil, measure: MeasureFunction? = nil,
        children: [LayoutNode] = []
    ) {
        self.id = ID(rawValue: LayoutNode.counter.add(1) + 1)
        let usesPercentages = ResolvedBox.usesPercentages(style)
        let usesSizeKeywords = ResolvedBox.usesSizeKeywords(style)
        let hasRelativeInsets = ResolvedBox.hasRelativeInsets(style)
        var extras: NodeExtras?
        if let name {
            extras = NodeExtras()
            extras?.name = name
        }
        // The style's last use, so it is moved into the node rather than copied (a copy is a
        // field-by-field value-witness call: the grid properties' box makes the style
        // non-trivial).
        self.storage = Storage(
            extras: extras, storedStyle: consume style, storedMeasure: measure, storedChildren: [],
            styleUsesPercentages: usesPercentages, styleUsesSizeKeywords: usesSizeKeywords,
            styleHasRelativeInsets: hasRelativeInsets)
        if !children.isEmpty { storedChildren.reserveCapacity(children.count) }
        for child in children { append(child) }
    }

    private static let counter = AtomicInt(0)
    /// The children array's capacity when the first child is appended.
    private static let initialChildCapacity = 4

    deinit {
        for child in storedChildren { child.storedParent = nil }
    }

    /// The style's box resolved against a containing block of the given content size.
    @inline(__always)
    func resolvedBox(parentWidth: Double?, parentHeight: Double?) -> ResolvedBox {
        prepareBox(parentWidth: parentWidth, parentHeight: parentHeight)
        return cachedBox
    }

    /// Makes ``cachedBox`` the style's box for a containing block of the given content size,
    /// resolving it in place unless it already is. Hot paths call this and read the fields
    /// they need from `cachedBox` instead of copying the whole box out.
    @inline(__always)
    func prepareBox(parentWidth: Double?, parentHeight: Double?) {
        if hasCachedBox,
            !styleUsesPercentages
                || (Self.sameSize(cachedBoxParentWidth, parentWidth)
                    && Self.sameSize(cachedBoxParentHeight, parentHeight))
        {
            return
        }
        cachedBox.resolve(styleOf: self, parentWidth: parentWidth, parentHeight: parentHeight)
        cachedBoxParentWidth = parentWidth ?? .nan
        cachedBoxParentHeight = parentHeight ?? .nan
        hasCachedBox = true
    }

    /// Whether a stored containing-block size (NaN for unknown) equals `size`.
    @inline(__always)
    private static func sameSize(_ stored: Double, _ size: Double?) -> Bool {
        guard let size else { return stored.isNaN }
        return stored == size
    }

    /// Whether the node needs layout since it or a descendant changed.
    package var isDirty: Bool { isLayoutDirty }

    /// Marks this node and its ancestors as needing layout; call it when a measure function's
    /// output would change (new text) without the style changing.
    public func markDirty() {
        var node: LayoutNode? = self
        while let current = node {
            // An ancestor that is already dirty has dirty ancestors too, except right after
            // creation; walking on is cheap and keeps the invariant simple.
            current.isLayoutDirty = true
            current.cache.clear()
            current.extras?.cachedResult?.isCurrent = false
            node = current.storedParent
        }
    }

    /// Records a change of the subtree's shape (or labels) on this node and its ancestors,
    /// whose subtrees grew by `sizeDelta` nodes.
    func markStructureChanged(sizeDelta: Int = 0) {
        var node: LayoutNode? = self
        while let current = node {
            current.structureVersion &+= 1
            current.subtreeSize += sizeDelta
            node = current.storedParent
        }
    }

    /// Adds a child at the end (removing it from a previous parent).
    public func append(_ child: LayoutNode) {
        insert(child, at: children.count)
    }

    /// Inserts a child at `index`, clamped to the valid range. Inserting the node itself or one
    /// of its ancestors does nothing: the tree would become a cycle.
    public func insert(_ child: LayoutNode, at index: Int) {
        guard !isSelfOrDescendant(of: child) else { return }
        child.removeFromParent()
        let position = min(max(0, index), storedChildren.count)
        // Appending (how trees are built) skips the generic subrange replacement of `insert`.
        if position == storedChildren.count {
            // A first child reserves room for a few: growing one by one from empty allocates
            // at 1, 2, 4, 8 and 16 children (five allocations for a ten-child container).
            if storedChildren.capacity == 0 { storedChildren.reserveCapacity(Self.initialChildCapacity) }
            storedChildren.append(child)
        } else {
            storedChildren.insert(child, at: position)
        }
        child.storedParent = self
        if child.storedStyle.display == .contents { contentsChildCount += 1 }
        if child.storedStyle.position == .static { staticChildCount += 1 }
        // A node that was laid out as a root no longer needs its result.
        if child.extras?.cachedResult != nil { child.extras?.cachedResult = nil }
        markStructureChangedAndDirty(sizeDelta: child.subtreeSize)
    }

    /// Whether `node` is this node or one of its ancestors. Only a node with children can be an
    /// ancestor, so inserting a leaf (how most trees are built) walks nothing.
    private func isSelfOrDescendant(of node: LayoutNode) -> Bool {
        if node === self { return true }
        guard !node.storedChildren.isEmpty else { return false }
        var ancestor = storedParent
        while let current = ancestor {
            if current === node { return true }
            ancestor = current.storedParent
        }
        return false
    }

    /// ``markStructureChanged(sizeDelta:)`` and ``markDirty()`` in one walk up the ancestors
    /// (how every insertion ends, so building a tree walks once per child instead of twice).
    private func markStructureChangedAndDirty(sizeDelta: Int) {
        var node: LayoutNode? = self
        while let current = node {
            current.structureVersion &+= 1
            current.subtreeSize += sizeDelta
            current.isLayoutDirty = true
            current.cache.clear()
            current.extras?.cachedResult?.isCurrent = false
            node = current.storedParent
        }
    }

    /// Removes the child at `index`; out-of-range indices are ignored.
    package func removeChild(at index: Int) {
        guard storedChildren.indices.contains(index) else { return }
        let child = storedChildren.remove(at: index)
        child.storedParent = nil
        if child.storedStyle.display == .contents { contentsChildCount -= 1 }
        if child.storedStyle.position == .static { staticChildCount -= 1 }
        markStructureChanged(sizeDelta: -child.subtreeSize)
        markDirty()
    }

    /// Removes every child.
    package func removeAllChildren() {
        for child in storedChildren { child.storedParent = nil }
        storedChildren.removeAll()
        contentsChildCount = 0
        staticChildCount = 0
        markStructureChanged(sizeDelta: 1 - subtreeSize)
        markDirty()
    }

    /// Removes this node from its parent, if any.
    public func removeFromParent() {
        guard let parent = storedParent, let index = parent.storedChildren.firstIndex(where: { $0 === self })
        else { return }
        parent.removeChild(at: index)
    }

    /// The children that take part in this node's layout: `display: contents` children are
    /// replaced by their own layout children (recursively, at most `LayoutLimits`' depth).
    var layoutChildren: [LayoutNode] {
        guard contentsChildCount > 0 else { return storedChildren }
        var nodes: [LayoutNode] = []
        func visit(_ node: LayoutNode, depth: Int) {
            for child in node.storedChildren {
                if child.storedStyle.display == .contents, depth < LayoutNode.maximumContentsDepth {
                    visit(child, depth: depth + 1)
                } else if child.storedStyle.display != .contents {
                    nodes.append(child)
                }
            }
        }
        visit(self, depth: 0)
        return nodes
    }

    /// `display: contents` nested deeper than this is laid out as `display: none` (a bound
    /// on the recursion that input controls).
    static let maximumContentsDepth = 256

    /// Every node of the subtree in depth-first pre-order, this node first.
    package var subtree: [LayoutNode] {
        var nodes: [LayoutNode] = []
        func visit(_ node: LayoutNode) {
            nodes.append(node)
            for child in node.storedChildren { visit(child) }
        }
        visit(self)
        return nodes
    }
}

/// A node's rarely set state, out of line (see `LayoutNode.extras`).
final class NodeExtras {
    var name: String?
    var debugText: String?
    /// Set when a layout result was taken from the node as the root (see `LayoutNode.cachedResult`).
    var cachedResult: CachedResult?
    /// The tracks of the last full layout as a grid container.
    var gridTrackLines: GridTrackLines?
}
