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

    /// Sizes a child whose direction may be inherited from its parent.
    @inline(__always)
    static func computeChild(
        _ node: LayoutNode, knownWidth: Double?, knownHeight: Double?, parentWidth: Double?,
        parentHeight: Double?, availableWidth: AvailableSpace, availableHeight: AvailableSpace,
        sizing: SizingMode, parentRTL: Bool, mode: RunMode, pass: LayoutPass
    ) -> LayoutOutput {
        let rtl = node.storedStyle.direction.map { $0 == .rightToLeft } ?? parentRTL
        let input = LayoutInput(
            knownWidth: knownWidth, knownHeight: knownHeight, parentWidth: parentWidth,
            parentHeight: parentHeight, availableWidth: availableWidth, availableHeight: availableHeight,
            sizing: sizing, rtl: rtl)
        return computeNode(node, input, mode: mode, pass: pass)
    }

    /// A node without children: its padding and border, or its measured content.
    static func computeLeaf(_ node: LayoutNode, _ input: LayoutInput, mode: RunMode) -> LayoutOutput {
        let box = node.resolvedBox(parentWidth: input.parentWidth, parentHeight: input.parentHeight)
        let pb = box.paddingBorder
        let (knownWidth, knownHeight) = box.knownSize(for: input)
        let measure = node.storedMeasure
        if let width = knownWidth, let height = knownHeight {
            let baseline = measure?.baseline.map {
                $0(Size(width: width - pb.horizontal, height: height - pb.vertical)) + pb.top
            }
            return LayoutOutput(width: width, height: height, baseline: baseline)
        }
        guard let measure else {
            let width =
                knownWidth ?? max(pb.horizontal.clamped(box.minimumWidth, box.maximumWidth), pb.horizontal)
            let height =
                knownHeight ?? max(pb.vertical.clamped(box.minimumHeight, box.maximumHeight), pb.vertical)
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
            knownWidth: knownWidth.map { max(0, $0 - pb.horizontal) },
            knownHeight: knownHeight.map { max(0, $0 - pb.vertical) },
            availableWidth: available(
                input.availableWidth, margin: box.margin.horizontal, maximum: box.maximumWidth,
                pbSum: pb.horizontal),
            availableHeight: available(
                input.availableHeight, margin: box.margin.vertical, maximum: box.maximumHeight,
                pbSum: pb.vertical))
        let measured = measure.measure(request)
        // Measure functions are app code: a NaN, infinite or negative answer counts as zero.
        // A huge finite answer is clamped to the layout limit.
        let contentWidth = measured.width.isFinite ? LayoutLimits.clamp(max(0, measured.width)) : 0
        let contentHeight = measured.height.isFinite ? LayoutLimits.clamp(max(0, measured.height)) : 0
        var width = knownWidth ?? (contentWidth + pb.horizontal).clamped(box.minimumWidth, box.maximumWidth)
        var height =
            knownHeight ?? (contentHeight + pb.vertical).clamped(box.minimumHeight, box.maximumHeight)
        if let ratio = box.aspectRatio {
            if knownWidth == nil, knownHeight != nil { width = LayoutLimits.clamp(height * ratio) }
            if knownHeight == nil, knownWidth != nil { height = LayoutLimits.clamp(width / ratio) }
        }
        width = max(width, pb.horizontal)
        height = max(height, pb.vertical)
        let baseline = measure.baseline.map {
            $0(Size(width: width - pb.horizontal, height: height - pb.vertical)) + pb.top
        }
        return LayoutOutput(width: width, height: height, baseline: baseline)
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
final class LayoutPass {
    /// Larger than every earlier pass's number in the process.
    let number: Int
    /// Flex items no running container uses. Containers run nested, so items are taken and
    /// given back like a stack: a pass allocates as many items as its deepest chain of
    /// containers needs at once, not one per child (allocation and release were about a fifth
    /// of a first layout).
    @exclusivity(unchecked) var spareItems: [FlexItem] = []

    init(number: Int) {
        self.number = number
    }

    /// An item for `node`, recycled when one is spare (the caller configures every field).
    @inline(__always)
    func takeItem(for node: LayoutNode) -> FlexItem {
        spareItems.popLast() ?? FlexItem(node: node)
    }
}
