import KeelSupport

/// How a tree is laid out: the root direction and the display scale for pixel rounding.
public struct LayoutConfiguration: Sendable, Hashable {
    /// The direction of nodes whose style inherits it.
    package var direction: TextDirection
    /// Device pixels per point for rounding; `nil` (or a non-positive value) leaves frames unrounded.
    package var pointScale: Double?

    /// A configuration; by default left-to-right, rounded to whole points.
    public init(direction: TextDirection = .leftToRight, pointScale: Double? = 1) {
        self.direction = direction
        self.pointScale = pointScale
    }

    /// The configuration for a screen: rounded to its pixels, or to whole points when the
    /// reported scale is not a positive number (a view not yet on screen reports 0).
    package init(direction: TextDirection, displayScale: Double) {
        self.init(
            direction: direction, pointScale: displayScale > 0 && displayScale.isFinite ? displayScale : 1)
    }
}

extension LayoutNode {
    /// Lays out the tree rooted here in the given space and returns every node's frame.
    /// Called on a node that has a parent, it lays out that subtree as if it were a root (to
    /// measure it), and the enclosing tree's next layout places it again.
    ///
    /// A `.definite` space in an axis where the root's size is `auto` gives the root that size
    /// (clamped by its min/max), like a screen or a container view; `.maxContent` and
    /// `.minContent` size the root to its content. When nothing changed since the last call
    /// with the same arguments, the previous result is returned without any work.
    public func layout(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent,
        configuration: LayoutConfiguration = LayoutConfiguration()
    ) -> LayoutResult {
        let key = ResultKey(width: width, height: height, configuration: configuration)
        if !isLayoutDirty, let cachedResult, cachedResult.isCurrent, cachedResult.key == key {
            return cachedResult.result
        }
        let pass = LayoutPass.take(number: LayoutNode.nextPass())
        defer { pass.recycle() }
        let width = width.clampedToLimits
        let height = height.clampedToLimits
        let rtl = (style.direction ?? configuration.direction) == .rightToLeft
        let parentWidth = width.value
        let parentHeight = height.value
        let box = resolvedBox(parentWidth: parentWidth, parentHeight: parentHeight)
        func fill(
            _ space: AvailableSpace, style: Double?, keyword: Bool, margin: Double, minimum: Double?,
            maximum: Double?
        ) -> Double? {
            // A size keyword sizes the root itself (see `LayoutEngine.resolveSizeKeywords`).
            guard style == nil, !keyword, let value = space.value, value.isFinite else { return nil }
            return max(0, value - margin).clamped(minimum, maximum)
        }
        let input = LayoutInput(
            knownWidth: fill(
                width, style: box.width, keyword: storedStyle.width.isSizeKeyword,
                margin: box.margin.horizontal,
                minimum: box.minimumWidth, maximum: box.maximumWidth),
            knownHeight: fill(
                height, style: box.height, keyword: storedStyle.height.isSizeKeyword,
                margin: box.margin.vertical, minimum: box.minimumHeight, maximum: box.maximumHeight),
            parentWidth: parentWidth, parentHeight: parentHeight, availableWidth: width,
            availableHeight: height, sizing: .inherentSize, rtl: rtl)
        if style.display == .none {
            LayoutEngine.hide(self, pass: pass)
        } else {
            let output = LayoutEngine.computeNode(self, input, mode: .performLayout, pass: pass)
            // A right-to-left root sits at the right edge of a definite width.
            var x = box.margin.left
            if rtl, let available = width.value, available.isFinite {
                x = available - box.margin.right - output.width
            }
            // The root's own insets offset it like a relatively positioned box's (left wins over
            // right, top over bottom; percentages of the viewport), before rounding.
            var y = box.margin.top
            let inset = storedStyle.position == .static ? .auto : storedStyle.inset
            x += inset.left.resolve(parentWidth) ?? inset.right.resolve(parentWidth).map { -$0 } ?? 0
            y += inset.top.resolve(parentHeight) ?? inset.bottom.resolve(parentHeight).map { -$0 } ?? 0
            unrounded = Rect(x: x, y: y, width: output.width, height: output.height)
        }
        var previous = extras?.cachedResult?.result
        extras?.cachedResult = nil
        let result = makeResult(
            grid: configuration.pointScale.flatMap { PixelGrid(scale: $0) }, pass: pass.number,
            previous: &previous)
        cachedResult = CachedResult(key: key, result: result)
        isLayoutDirty = false
        // A subtree measured on its own (a node with a parent) was framed as a root: the tree
        // it belongs to lays it out again, so measuring never moves it there.
        storedParent?.markDirty()
        return result
    }

    /// Lays out the tree to fill a size (each axis where the root's size is `auto`).
    package func layout(
        in size: Size, configuration: LayoutConfiguration = LayoutConfiguration()
    ) -> LayoutResult {
        layout(width: .definite(size.width), height: .definite(size.height), configuration: configuration)
    }

    /// The size the tree would like within the given space, without filling it (for
    /// `sizeThatFits`): the root sized to its content, at most the available space where it
    /// can wrap or shrink, plus its margins — the size ``layout(in:configuration:)`` fills
    /// (it subtracts them again), so a root laid out in its fitting size keeps its content.
    package func fittingSize(
        width: AvailableSpace, height: AvailableSpace, direction: TextDirection = .leftToRight
    )
        -> Size
    {
        let rtl = (style.direction ?? direction) == .rightToLeft
        let width = width.clampedToLimits
        let height = height.clampedToLimits
        let input = LayoutInput(
            knownWidth: nil, knownHeight: nil, parentWidth: width.value, parentHeight: height.value,
            availableWidth: width, availableHeight: height, sizing: .inherentSize, rtl: rtl)
        let pass = LayoutPass.take(number: LayoutNode.nextPass())
        defer { pass.recycle() }
        let output = LayoutEngine.computeNode(self, input, mode: .computeSize, pass: pass)
        let margin = resolvedBox(parentWidth: width.value, parentHeight: height.value).margin
        return Size(
            width: LayoutNode.finiteSize(max(0, output.width + margin.horizontal)),
            height: LayoutNode.finiteSize(max(0, output.height + margin.vertical)))
    }

    /// The final guard behind ``LayoutLimits``: a non-finite coordinate is 0, and a finite one
    /// is clamped to ±``LayoutLimits/maximumFrameValue`` (a huge finite offset would otherwise
    /// overflow to infinity when added to its parent's or scaled to the pixel grid).
    @inline(__always)
    static func finiteCoordinate(_ value: Double) -> Double {
        value.isFinite ? LayoutLimits.clampFrameValue(value) : 0
    }

    /// The final guard behind ``LayoutLimits``: a non-finite or negative size is 0, a finite one
    /// at most ``LayoutLimits/maximumFrameValue``.
    @inline(__always)
    static func finiteSize(_ value: Double) -> Double {
        value.isFinite && value > 0 ? LayoutLimits.clampFrameValue(value) : 0
    }

    /// `frame` with every field finite and the size non-negative.
    @inline(__always)
    static func sanitized(_ frame: Rect) -> Rect {
        Rect(
            x: finiteCoordinate(frame.x), y: finiteCoordinate(frame.y), width: finiteSize(frame.width),
            height: finiteSize(frame.height))
    }

    /// A fresh layout pass number, larger than every pass before it in the process.
    static func nextPass() -> Int { passClock.add(1) + 1 }

    private static let passClock = AtomicInt(0)

    /// The result for the frames just computed: `previous` (the root's last result) updated
    /// where frames changed when the tree's shape and rounding are the same, else a full build.
    private func makeResult(grid: PixelGrid?, pass: Int, previous: inout LayoutResult?) -> LayoutResult {
        if var result = previous, result.storage.structureVersion == structureVersion,
            result.pointScale == grid?.scale, result.storage.slots.first?.id == id
        {
            // Dropping the root's reference first leaves `result` the storage's only owner unless
            // a caller still holds the old result, so the update writes in place (else it copies).
            previous = nil
            result.makeStorageUnique()
            if ResultWriter.update(result.storage, root: self, grid: grid) {
                result.storage.syncedPass = pass
                return result
            }
        }
        previous = nil
        let storage = ResultWriter.build(root: self, grid: grid)
        storage.lastWriteCount = storage.slots.count
        storage.structureVersion = structureVersion
        storage.syncedPass = pass
        return LayoutResult(storage: storage, pointScale: grid?.scale)
    }
}

/// Writes a layout's frames into a result's storage: all of them for a new tree shape, or
/// only those of nodes placed again since the storage was last synced.
enum ResultWriter {
    typealias Slot = LayoutResult.Slot
    typealias Origin = LayoutResult.Origin

    /// A node's slot placed under a parent whose unrounded absolute origin is `parentOrigin`
    /// and rounded absolute origin `(parentRoundedX, parentRoundedY)`.
    @inline(__always)
    static func place(
        _ node: LayoutNode, parent: Int32, parentOrigin: Origin, parentRoundedX: Double,
        parentRoundedY: Double,
        grid: PixelGrid?
    ) -> Slot {
        let frame = LayoutNode.sanitized(node.unrounded)
        // Clamped, so that no depth of nesting can add up to infinity.
        let x = LayoutLimits.clampFrameValue(parentOrigin.x + frame.x)
        let y = LayoutLimits.clampFrameValue(parentOrigin.y + frame.y)
        var relative = frame
        if let grid {
            // Positions round relative to the parent (so a parent's rounded origin plus the
            // child's stays on the grid); sizes round through absolute edges, so adjacent
            // boxes meet. Measured leaves never shrink below their measured size.
            var width = grid.round(x + frame.width) - grid.round(x)
            var height = grid.round(y + frame.height) - grid.round(y)
            if node.storedMeasure != nil, node.storedChildren.isEmpty {
                width = max(width, grid.ceilLength(frame.width))
                height = max(height, grid.ceilLength(frame.height))
            }
            relative = Rect(
                x: grid.round(frame.x), y: grid.round(frame.y), width: max(0, width), height: max(0, height))
        }
        let absolute = Rect(
            x: LayoutLimits.clampFrameValue(parentRoundedX + relative.x),
            y: LayoutLimits.clampFrameValue(parentRoundedY + relative.y),
            width: relative.width, height: relative.height)
        return Slot(
            id: node.id, parent: parent, frame: relative, absoluteFrame: absolute, unroundedFrame: frame,
            origin: Origin(x: x, y: y))
    }

    /// Every node's slot, in pre-order.
    static func build(root: LayoutNode, grid: PixelGrid?) -> LayoutResult.Storage {
        var names: [Int: String] = [:]
        var texts: [Int: String] = [:]
        var labelled = false
        // The slots are written through a pointer into a buffer of the subtree's size (kept up
        // to date by the child mutations) rather than appended: an append checks uniqueness
        // and capacity for every node, and the recursion passes no captured context.
        let count = root.subtreeSize
        let slots = [Slot](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var next = 0
            fill(
                root, parent: -1, parentOrigin: Origin(x: 0, y: 0), parentRoundedX: 0, parentRoundedY: 0,
                grid: grid, into: base, capacity: count, next: &next, labelled: &labelled)
            initialized = next
        }
        if labelled {
            for (index, node) in root.subtree.enumerated() where index < slots.count {
                if let name = node.storedName { names[index] = name }
                if let text = node.storedDebugText { texts[index] = text }
            }
        }
        let labels =
            names.isEmpty && texts.isEmpty
            ? LayoutResult.Labels.empty : LayoutResult.Labels(names: names, texts: texts)
        return LayoutResult.Storage(
            slots: slots, labels: labels, index: LayoutResult.IDIndex(slots), structureVersion: 0,
            syncedPass: 0)
    }

    /// Writes the slots of `node`'s subtree from `base[next]` on, in pre-order (at most
    /// `capacity` of them), and records whether any node has a name or debug text.
    private static func fill(
        _ node: LayoutNode, parent: Int32, parentOrigin: Origin, parentRoundedX: Double,
        parentRoundedY: Double, grid: PixelGrid?, into base: UnsafeMutablePointer<Slot>, capacity: Int,
        next: inout Int, labelled: inout Bool
    ) {
        guard next < capacity else { return }
        let slot = place(
            node, parent: parent, parentOrigin: parentOrigin, parentRoundedX: parentRoundedX,
            parentRoundedY: parentRoundedY, grid: grid)
        let index = next
        (base + index).initialize(to: slot)
        next += 1
        if node.hasLabels { labelled = true }
        let children = node.storedChildren
        for childIndex in children.indices {
            // An unmanaged reference: `children` keeps the child alive, and a strong local across
            // the recursive call cost a retain and a release per node.
            Unmanaged.passUnretained(children[childIndex])._withUnsafeGuaranteedRef { child in
                fill(
                    child, parent: Int32(truncatingIfNeeded: index), parentOrigin: slot.origin,
                    parentRoundedX: slot.absoluteFrame.x, parentRoundedY: slot.absoluteFrame.y, grid: grid,
                    into: base, capacity: capacity, next: &next, labelled: &labelled)
            }
        }
    }

    /// Rewrites the slots of nodes placed since `storage.syncedPass`: the children of every
    /// node laid out since then, and whole subtrees whose absolute origin moved (rounding
    /// depends on absolute positions). Untouched subtrees are skipped by their size, so a
    /// one-leaf change costs its ancestor chain and their children, not the tree. Returns
    /// false (leaving the storage partly written) if the tree does not match the slots.
    static func update(_ storage: LayoutResult.Storage, root: LayoutNode, grid: PixelGrid?) -> Bool {
        let since = storage.syncedPass
        let count = storage.slots.count
        var written = 0
        defer { storage.lastWriteCount = written }
        return storage.slots.withUnsafeMutableBufferPointer { slots in
            func write(_ node: LayoutNode, at index: Int, _ placed: Slot) -> Bool {
                let old = slots[index]
                let moved =
                    placed.origin != old.origin || placed.absoluteFrame.x != old.absoluteFrame.x
                    || placed.absoluteFrame.y != old.absoluteFrame.y
                slots[index] = placed
                written += 1
                guard moved || node.layoutPass > since else { return true }
                var childIndex = index + 1
                for child in node.storedChildren {
                    guard childIndex < count, slots[childIndex].id == child.id else { return false }
                    let childPlaced = place(
                        child, parent: Int32(truncatingIfNeeded: index), parentOrigin: placed.origin,
                        parentRoundedX: placed.absoluteFrame.x, parentRoundedY: placed.absoluteFrame.y,
                        grid: grid)
                    guard write(child, at: childIndex, childPlaced) else { return false }
                    childIndex += child.subtreeSize
                }
                return childIndex == index + node.subtreeSize
            }
            guard count == root.subtreeSize, count > 0 else { return false }
            let placed = place(
                root, parent: -1, parentOrigin: Origin(x: 0, y: 0), parentRoundedX: 0, parentRoundedY: 0,
                grid: grid)
            return write(root, at: 0, placed)
        }
    }
}

/// The arguments a cached result was computed for.
struct ResultKey: Equatable {
    var width: AvailableSpace
    var height: AvailableSpace
    var configuration: LayoutConfiguration
}

/// A result kept on the root: returned as is for clean re-layouts while current, and updated
/// by the next layout after a change.
struct CachedResult {
    var key: ResultKey
    var result: LayoutResult
    /// False once the tree changed (``LayoutNode/markDirty()``).
    var isCurrent = true
}
