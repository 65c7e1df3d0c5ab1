import KeelSupport

/// The layout algorithm's entry points: cached dispatch per node and leaf sizing.
///
/// Every node is sized by ``computeNode(_:_:mode:)``, which answers from the node's
/// ``LayoutCache`` when the same inputs were seen since the node last changed. Containers run
/// the flexbox algorithm (`FlexContainerLayout`) or, with `display: grid`, the grid algorithm
/// (`GridContainerLayout`); leaves use their measure function.
enum LayoutEngine {
    /// Sizes `node` for `input`; with `.performLayout` also positions its subtree.
    ///
    /// `pass` is the current layout pass: a full layout stamps its number on the node, so the
    /// result update knows which nodes' children were placed again.
    static func computeNode(_ node: LayoutNode, _ input: LayoutInput, mode: RunMode, pass: LayoutPass)
        -> LayoutOutput
    {
        if node.styleUsesSizeKeywords, input.sizing == .inherentSize {
            // Out of line: reassigning the input here made every node's call copy it.
            return computeResolvedNode(
                node, resolveSizeKeywords(node, input, pass: pass), mode: mode, pass: pass)
        }
        return computeResolvedNode(node, input, mode: mode, pass: pass)
    }

    /// ``computeNode(_:_:mode:pass:)`` once size keywords are known sizes.
    @inline(__always)
    static func computeResolvedNode(_ node: LayoutNode, _ input: LayoutInput, mode: RunMode, pass: LayoutPass)
        -> LayoutOutput
    {
        var input = input
        if !node.styleUsesPercentages {
            // The containing block's size only matters through the node's own percentages:
            // without any, it is left out of the cache key, so a node measured while its
            // parent's size is unknown is not measured again once it is known.
            input.parentWidth = nil
            input.parentHeight = nil
        }
        if let hit = node.cache.lookup(input, mode: mode) { return hit }
        let output: LayoutOutput
        if node.storedStyle.display == .grid {
            output = GridContainerLayout(node: node, input: input, mode: mode, pass: pass).run()
        } else if node.storedChildren.isEmpty {
            output = computeLeaf(node, input, mode: mode)
        } else {
            let container = FlexContainerLayout(node: node, input: input, mode: mode, pass: pass)
            output = container.run()
        }
        node.cache.store(input, mode: mode, output: output)
        if mode == .performLayout {
            node.isLayoutDirty = false
            node.lastBaseline = output.baseline
            node.layoutPass = pass.number
        }
        return output
    }

    /// Turns `width` / `height` size keywords into known sizes, where the caller left them
    /// open: `minContent` and `maxContent` measure the content in that space, `fitContent`
    /// clamps the available space between the two, `stretch` is the available space less the
    /// margins (an indefinite space leaves it `auto`). Min and max sizes still clamp.
    static func resolveSizeKeywords(_ node: LayoutNode, _ input: LayoutInput, pass: LayoutPass) -> LayoutInput
    {
        var input = input
        let style = node.storedStyle
        let box = node.resolvedBox(parentWidth: input.parentWidth, parentHeight: input.parentHeight)
        let pb = box.paddingBorder
        func size(_ keyword: Length, horizontal: Bool) -> Double? {
            let available = horizontal ? input.availableWidth : input.availableHeight
            let margin = horizontal ? box.margin.horizontal : box.margin.vertical
            func content(_ space: AvailableSpace) -> Double {
                let probe = LayoutInput(
                    knownWidth: horizontal ? nil : input.knownWidth,
                    knownHeight: horizontal ? input.knownHeight : nil, parentWidth: input.parentWidth,
                    parentHeight: input.parentHeight,
                    availableWidth: horizontal ? space : input.availableWidth,
                    availableHeight: horizontal ? input.availableHeight : space, sizing: .contentSize,
                    rtl: input.rtl, heightIsIndefiniteForPercentages: input.heightIsIndefiniteForPercentages)
                let output = computeNode(node, probe, mode: .computeSize, pass: pass)
                return horizontal ? output.width : output.height
            }
            let value: Double?
            switch keyword {
            case .minContent: value = content(.minContent)
            case .maxContent: value = content(.maxContent)
            case .fitContent:
                if case .definite(let space) = available {
                    value = min(content(.maxContent), max(content(.minContent), max(0, space - margin)))
                } else {
                    value = content(available)
                }
            case .stretch: value = available.value.map { max(0, $0 - margin) }
            case .auto, .points, .percent, .content: value = nil
            }
            let minimum = horizontal ? box.minimumWidth : box.minimumHeight
            let maximum = horizontal ? box.maximumWidth : box.maximumHeight
            return value.map { max($0.clamped(minimum, maximum), horizontal ? pb.horizontal : pb.vertical) }
        }
        if input.knownWidth == nil, style.width.isSizeKeyword {
            input.knownWidth = size(style.width, horizontal: true)
        }
        if input.knownHeight == nil, style.height.isSizeKeyword {
            input.knownHeight = size(style.height, horizontal: false)
        }
        return input
    }

    /// Sizes a child whose direction may be inherited from its parent.
    @inline(__always)
    static func computeChild(
        _ node: LayoutNode, knownWidth: Double?, knownHeight: Double?, parentWidth: Double?,
        parentHeight: Double?, availableWidth: AvailableSpace, availableHeight: AvailableSpace,
        sizing: SizingMode, parentRTL: Bool, mode: RunMode, pass: LayoutPass,
        heightIsIndefiniteForPercentages: Bool = false
    ) -> LayoutOutput {
        let rtl = node.storedStyle.direction.map { $0 == .rightToLeft } ?? parentRTL
        let input = LayoutInput(
            knownWidth: knownWidth, knownHeight: knownHeight, parentWidth: parentWidth,
            parentHeight: parentHeight, availableWidth: availableWidth, availableHeight: availableHeight,
            sizing: sizing, rtl: rtl, heightIsIndefiniteForPercentages: heightIsIndefiniteForPercentages)
        return computeNode(node, input, mode: mode, pass: pass)
    }

    /// A node without children: its padding and border, or its measured content.
    static func computeLeaf(_ node: LayoutNode, _ input: LayoutInput, mode: RunMode) -> LayoutOutput {
        if let width = input.knownWidth, let height = input.knownHeight, node.storedMeasure?.baseline == nil {
            // Both sides decided by the parent (every leaf's final layout): the box below would
            // give these same sizes, so it is not resolved or copied at all.
            return LayoutOutput(width: width, height: height, baseline: nil)
        }
        let box = node.resolvedBox(parentWidth: input.parentWidth, parentHeight: input.parentHeight)
        let pb = box.paddingBorder
        // The content sits inside padding, border and any scrollbar gutters; the box is never
        // smaller than its padding and border alone.
        var inset = pb
        inset.right += box.gutterWidth
        inset.bottom += box.gutterHeight
        let (knownWidth, knownHeight) = box.knownSize(for: input)
        let measure = node.storedMeasure
        if let width = knownWidth, let height = knownHeight {
            let baseline = measure?.baseline.flatMap {
                cleanBaseline(
                    $0(Size(width: max(0, width - inset.horizontal), height: max(0, height - inset.vertical)))
                )
                .map { $0 + pb.top }
            }
            return LayoutOutput(width: width, height: height, baseline: baseline)
        }
        guard let measure else {
            let width =
                knownWidth ?? max(inset.horizontal.clamped(box.minimumWidth, box.maximumWidth), pb.horizontal)
            let height =
                knownHeight ?? max(inset.vertical.clamped(box.minimumHeight, box.maximumHeight), pb.vertical)
            return LayoutOutput(width: width, height: height, baseline: nil)
        }
        func available(_ space: AvailableSpace, margin: Double, maximum: Double?, pbSum: Double)
            -> AvailableSpace
        {
            guard case .definite(var value) = space.subtracting(margin) else { return space }
            if let maximum { value = min(value, maximum) }
            return .definite(max(0, value - pbSum))
        }
        let request = MeasureRequest(
            knownWidth: knownWidth.map { max(0, $0 - inset.horizontal) },
            knownHeight: knownHeight.map { max(0, $0 - inset.vertical) },
            availableWidth: available(
                input.availableWidth, margin: box.margin.horizontal, maximum: box.maximumWidth,
                pbSum: inset.horizontal),
            availableHeight: available(
                input.availableHeight, margin: box.margin.vertical, maximum: box.maximumHeight,
                pbSum: inset.vertical))
        let measured = measure.measure(request)
        // Measure functions are app code: a NaN, infinite or negative answer counts as zero.
        // A huge finite answer is clamped to the layout limit.
        let contentWidth = measured.width.isFinite ? LayoutLimits.clamp(max(0, measured.width)) : 0
        let contentHeight = measured.height.isFinite ? LayoutLimits.clamp(max(0, measured.height)) : 0
        var width =
            knownWidth ?? (contentWidth + inset.horizontal).clamped(box.minimumWidth, box.maximumWidth)
        var height =
            knownHeight ?? (contentHeight + inset.vertical).clamped(box.minimumHeight, box.maximumHeight)
        if let ratio = box.aspectRatio {
            if knownWidth == nil, knownHeight != nil { width = LayoutLimits.clamp(height * ratio) }
            if knownHeight == nil, knownWidth != nil { height = LayoutLimits.clamp(width / ratio) }
        }
        width = max(width, pb.horizontal)
        height = max(height, pb.vertical)
        let baseline = measure.baseline.flatMap {
            cleanBaseline(
                $0(Size(width: max(0, width - inset.horizontal), height: max(0, height - inset.vertical)))
            )
            .map { $0 + pb.top }
        }
        return LayoutOutput(width: width, height: height, baseline: baseline)
    }

    /// A measure function's baseline, cleaned as its sizes are: a NaN or infinite one is no
    /// baseline (the box's own is used), a huge finite one is clamped to the layout limit.
    static func cleanBaseline(_ value: Double) -> Double? {
        value.isFinite ? LayoutLimits.clamp(value) : nil
    }

    /// Gives the `display: contents` children of `node` (and such grandchildren below them)
    /// zero frames at the parent's origin and stamps them laid out: their children were
    /// placed by `node`'s layout, relative to `node`. Contents nested past the depth bound
    /// are hidden.
    static func placeContentsChildren(of node: LayoutNode, pass: LayoutPass, depth: Int = 0) {
        for child in node.storedChildren where child.storedStyle.display == .contents {
            guard depth < LayoutNode.maximumContentsDepth else {
                hide(child, pass: pass)
                continue
            }
            child.unrounded = .zero
            child.lastBaseline = nil
            child.isLayoutDirty = false
            child.layoutPass = pass.number
            placeContentsChildren(of: child, pass: pass, depth: depth + 1)
        }
    }

    /// Gives a subtree that takes no part in layout (`display: none`) zero frames.
    static func hide(_ node: LayoutNode, pass: LayoutPass) {
        node.unrounded = .zero
        node.lastBaseline = nil
        node.isLayoutDirty = false
        node.layoutPass = pass.number
        for child in node.storedChildren { hide(child, pass: pass) }
    }
}

/// One call of `layout` or `fittingSize`: its number (stamped on the nodes it lays out fully)
/// and scratch storage shared by every container it lays out.
///
/// Passes are pooled across calls (``take(number:)`` and ``recycle()``): a container run
/// needs an item per child and two arrays, and a fresh pass allocated all of them again on
/// every call (the layout bench's feed-cell line measures the difference).
final class LayoutPass: @unchecked Sendable {
    // Invariant (why `@unchecked Sendable`): a pass is used by one layout call at a time. It
    // is only shared through `pool`, under its lock, while no call uses it; the items it keeps
    // refer to no node while pooled (their unowned node references are never read before
    // `configure` sets them again).

    /// Larger than every earlier pass's number in the process.
    private(set) var number: Int
    /// The pools every container run takes from and gives back to, in one value behind the
    /// class's one `@exclusivity(unchecked)` property (a pass serves one layout call at a time,
    /// see above); the properties below forward to it.
    struct Spares {
        var spareItems: [FlexItem] = []
        var spareItemArrays: [[FlexItem]] = []
        var spareLineArrays: [[FlexLine]] = []
    }
    @exclusivity(unchecked) var spares = Spares()

    /// Flex items no running container uses. Containers run nested, so items are taken and
    /// given back like a stack: a pass allocates as many items as its deepest chain of
    /// containers needs at once, not one per child (allocation and release were about a fifth
    /// of a first layout).
    var spareItems: [FlexItem] {
        @inline(__always) get { spares.spareItems }
        @inline(__always) _modify { yield &spares.spareItems }
    }
    /// Item arrays given back by finished container runs, each still holding that run's items
    /// (the next run configures them again: no reference counting per item).
    var spareItemArrays: [[FlexItem]] {
        @inline(__always) get { spares.spareItemArrays }
        @inline(__always) _modify { yield &spares.spareItemArrays }
    }
    /// Empty line arrays with capacity, given back by finished container runs.
    var spareLineArrays: [[FlexLine]] {
        @inline(__always) get { spares.spareLineArrays }
        @inline(__always) _modify { yield &spares.spareLineArrays }
    }

    init(number: Int) {
        self.number = number
    }

    /// Passes no call uses, at most ``poolLimit`` of them.
    private static let pool = Locked<[LayoutPass]>([])
    /// Enough for the threads that lay out at once in practice; more passes are just freed.
    private static let poolLimit = 4
    /// Arrays larger than this are not kept (one huge container must not pin its memory).
    private static let arrayCapacityLimit = 1_024
    /// Arrays kept per pass: one per container running at once, so the deepest nesting of
    /// containers a typical tree has.
    private static let spareArrayLimit = 64

    /// A pass numbered `number`: a pooled one when one is free, else a new one.
    static func take(number: Int) -> LayoutPass {
        if let pass = pool.withLock({ $0.popLast() }) {
            pass.number = number
            return pass
        }
        return LayoutPass(number: number)
    }

    /// Gives the pass back to the pool once its call has finished with it.
    func recycle() {
        // Bounded, so that one huge or very deep tree does not pin its scratch memory.
        if spareItems.count > Self.arrayCapacityLimit {
            spareItems.removeLast(spareItems.count - Self.arrayCapacityLimit)
        }
        if spareItemArrays.count > Self.spareArrayLimit {
            spareItemArrays.removeLast(spareItemArrays.count - Self.spareArrayLimit)
        }
        if spareLineArrays.count > Self.spareArrayLimit {
            spareLineArrays.removeLast(spareLineArrays.count - Self.spareArrayLimit)
        }
        Self.pool.withLock { [self] pool in
            if pool.count < Self.poolLimit { pool.append(self) }
        }
    }

    /// An item for `node`, recycled when one is spare (the caller configures every field).
    @inline(__always)
    func takeItem(for node: LayoutNode) -> FlexItem {
        spareItems.popLast() ?? FlexItem(node: node)
    }

    /// An item array from a finished run, holding that run's items (to be configured again),
    /// or an empty one.
    @inline(__always)
    func takeItemArray() -> [FlexItem] {
        spareItemArrays.popLast() ?? []
    }

    /// An empty line array, with capacity when a finished run gave one back.
    @inline(__always)
    func takeLineArray() -> [FlexLine] {
        spareLineArrays.popLast() ?? []
    }

    /// Keeps a finished run's arrays for later runs: the item array with its items in it, the
    /// line array emptied (capacity kept).
    @inline(__always)
    func giveBack(items: inout [FlexItem], lines: inout [FlexLine]) {
        if items.count <= Self.arrayCapacityLimit { spareItemArrays.append(items) }
        items = []
        var lineArray = lines
        lines = []
        if lineArray.capacity <= Self.arrayCapacityLimit {
            lineArray.removeAll(keepingCapacity: true)
            spareLineArrays.append(lineArray)
        }
    }
}
