extension FlexContainerLayout {
    // MARK: 13. Absolutely positioned children

    /// Places `position: absolute` children against the container's padding box: insets
    /// first, otherwise the static position given by `justify-content` / `align-self`.
    ///
    /// A `static` container is no containing block: its absolute children are placed by the
    /// nearest positioned ancestor (or the root), which also places those of static
    /// descendants below it (``layoutStaticDescendantsAbsoluteChildren()``).
    func layoutAbsoluteChildren() {
        let delegates = node.storedStyle.position == .static && node.storedParent != nil
        if !delegates {
            for child in node.layoutChildren
            where child.storedStyle.position == .absolute && child.storedStyle.display != .none {
                placeAbsoluteChild(child, staticParent: nil)
            }
        }
        if node.staticChildCount > 0, !delegates { layoutStaticDescendantsAbsoluteChildren() }
    }

    /// Places the absolute children of in-flow `static` descendants reached through static
    /// nodes only (their containing block is this container).
    func layoutStaticDescendantsAbsoluteChildren() {
        func visit(_ parent: LayoutNode, offsetX: Double, offsetY: Double, depth: Int) {
            guard parent.staticChildCount > 0, depth < LayoutNode.maximumContentsDepth else { return }
            for child in parent.layoutChildren
            where child.storedStyle.position == .static && child.storedStyle.display != .none {
                let x = offsetX + child.unrounded.x
                let y = offsetY + child.unrounded.y
                for grandchild in child.layoutChildren
                where grandchild.storedStyle.position == .absolute && grandchild.storedStyle.display != .none
                {
                    placeAbsoluteChild(grandchild, staticParent: (child, x, y))
                }
                visit(child, offsetX: x, offsetY: y, depth: depth + 1)
            }
        }
        visit(node, offsetX: 0, offsetY: 0, depth: 0)
    }

    /// Places one absolute child against this container's padding box. For the child of a
    /// static descendant (`staticParent`, at the given offset from this container's border
    /// box), insets resolve against this container and the frame is made relative to the
    /// static parent; an axis without insets starts at the static parent's content edge.
    func placeAbsoluteChild(
        _ child: LayoutNode, staticParent: (node: LayoutNode, x: Double, y: Double)?
    ) {
        let containerWidth = isRow ? containerMain : containerCross
        let containerHeight = isRow ? containerCross : containerMain
        // The padding box, less the scrollbar gutters.
        let areaWidth = max(0, containerWidth - border.horizontal - gutterWidth)
        let areaHeight = max(0, containerHeight - border.vertical - gutterHeight)
        do {
            let childStyle = child.storedStyle
            var childBox = child.resolvedBox(parentWidth: areaWidth, parentHeight: areaHeight)
            if rtl { childBox.mirror() }
            var left = childStyle.inset.left.resolve(areaWidth)
            var right = childStyle.inset.right.resolve(areaWidth)
            if rtl { swap(&left, &right) }
            let top = childStyle.inset.top.resolve(areaHeight)
            let bottom = childStyle.inset.bottom.resolve(areaHeight)
            let childPB = childBox.paddingBorder
            let minimumWidth = max(childBox.minimumWidth ?? 0, childPB.horizontal)
            let minimumHeight = max(childBox.minimumHeight ?? 0, childPB.vertical)
            let margin = childBox.margin
            let auto = childBox.autoMargin

            var knownWidth = childBox.width.clamped(minimumWidth, childBox.maximumWidth)
            var knownHeight = childBox.height.clamped(minimumHeight, childBox.maximumHeight)
            if child.styleUsesSizeKeywords {
                // Size keywords: `stretch` fills the containing block less margins and insets;
                // `minContent` / `maxContent` measure the content in that space; `fitContent`
                // is the measured size in the containing block, as `auto` already is.
                func content(horizontal: Bool, _ space: AvailableSpace) -> Double {
                    let output = LayoutEngine.computeChild(
                        child, knownWidth: horizontal ? nil : knownWidth,
                        knownHeight: horizontal ? knownHeight : nil,
                        parentWidth: areaWidth, parentHeight: areaHeight,
                        availableWidth: horizontal ? space : .definite(areaWidth),
                        availableHeight: horizontal ? .definite(areaHeight) : space, sizing: .contentSize,
                        parentRTL: rtl, mode: .computeSize, pass: pass)
                    return horizontal ? output.width : output.height
                }
                /// The keyword's size in one axis, clamped, or `known` for other lengths.
                func keywordSize(
                    _ keyword: Length, horizontal: Bool, known: Double?, stretch: Double, minimum: Double,
                    maximum: Double?, floor: Double
                ) -> Double? {
                    let size: Double?
                    switch keyword {
                    case .stretch: size = max(0, stretch)
                    case .minContent: size = content(horizontal: horizontal, .minContent)
                    case .maxContent: size = content(horizontal: horizontal, .maxContent)
                    default: size = known
                    }
                    return size.map { max($0.clamped(minimum, maximum), floor) }
                }
                knownWidth = keywordSize(
                    childStyle.width, horizontal: true, known: knownWidth,
                    stretch: areaWidth - margin.horizontal - (left ?? 0) - (right ?? 0),
                    minimum: minimumWidth,
                    maximum: childBox.maximumWidth, floor: childPB.horizontal)
                knownHeight = keywordSize(
                    childStyle.height, horizontal: false, known: knownHeight,
                    stretch: areaHeight - margin.vertical - (top ?? 0) - (bottom ?? 0),
                    minimum: minimumHeight,
                    maximum: childBox.maximumHeight, floor: childPB.vertical)
            }
            if knownWidth == nil, let left, let right {
                knownWidth = max(0, areaWidth - margin.horizontal - left - right)
                (knownWidth, knownHeight) = ResolvedBox.applyRatio(
                    knownWidth, knownHeight, childBox.aspectRatio)
                knownWidth = knownWidth.clamped(minimumWidth, childBox.maximumWidth)
                knownHeight = knownHeight.clamped(minimumHeight, childBox.maximumHeight)
            }
            if knownHeight == nil, let top, let bottom {
                knownHeight = max(0, areaHeight - margin.vertical - top - bottom)
                (knownWidth, knownHeight) = ResolvedBox.applyRatio(
                    knownWidth, knownHeight, childBox.aspectRatio)
                knownWidth = knownWidth.clamped(minimumWidth, childBox.maximumWidth)
                knownHeight = knownHeight.clamped(minimumHeight, childBox.maximumHeight)
            }
            let childRTL = childStyle.direction.map { $0 == .rightToLeft } ?? rtl
            var width = knownWidth
            var height = knownHeight
            if width == nil || height == nil {
                let measured = LayoutEngine.computeChild(
                    child, knownWidth: knownWidth, knownHeight: knownHeight, parentWidth: areaWidth,
                    parentHeight: areaHeight,
                    availableWidth: .definite(areaWidth.clamped(minimumWidth, childBox.maximumWidth)),
                    availableHeight: .definite(areaHeight.clamped(minimumHeight, childBox.maximumHeight)),
                    sizing: .contentSize, parentRTL: rtl, mode: .computeSize, pass: pass)
                width = width ?? measured.width.clamped(minimumWidth, childBox.maximumWidth)
                height = height ?? measured.height.clamped(minimumHeight, childBox.maximumHeight)
            }
            let finalWidth = width ?? 0
            let finalHeight = height ?? 0
            let output = LayoutEngine.computeChild(
                child, knownWidth: finalWidth, knownHeight: finalHeight, parentWidth: areaWidth,
                parentHeight: areaHeight, availableWidth: .definite(areaWidth),
                availableHeight: .definite(areaHeight), sizing: .contentSize, parentRTL: rtl,
                mode: .performLayout, pass: pass)

            // Auto margins share the free space only when both insets in that axis are set.
            var resolved = margin
            let freeWidth = areaWidth - output.width - margin.horizontal - (left ?? 0) - (right ?? 0)
            let freeHeight = areaHeight - output.height - margin.vertical - (top ?? 0) - (bottom ?? 0)
            if left != nil, right != nil {
                let autoCount = (auto.left ? 1.0 : 0) + (auto.right ? 1.0 : 0)
                if autoCount > 0 {
                    let share = freeWidth / autoCount
                    if auto.left { resolved.left = share }
                    if auto.right { resolved.right = share }
                }
            }
            if top != nil, bottom != nil {
                let autoCount = (auto.top ? 1.0 : 0) + (auto.bottom ? 1.0 : 0)
                if autoCount > 0 {
                    let share = freeHeight / autoCount
                    if auto.top { resolved.top = share }
                    if auto.bottom { resolved.bottom = share }
                }
            }

            let x: Double
            if let left {
                x = border.left + left + resolved.left
            } else if let right {
                x = containerWidth - border.right - gutterWidth - right - output.width - resolved.right
            } else {
                x = staticPosition(
                    horizontal: true, size: output.width, containerSize: containerWidth, margin: resolved,
                    childStyle: childStyle, childRTL: childRTL)
            }
            let y: Double
            if let top {
                y = border.top + top + resolved.top
            } else if let bottom {
                y = containerHeight - border.bottom - gutterHeight - bottom - output.height - resolved.bottom
            } else {
                y = staticPosition(
                    horizontal: false, size: output.height, containerSize: containerHeight, margin: resolved,
                    childStyle: childStyle, childRTL: childRTL)
            }
            var physicalX = rtl ? containerWidth - x - output.width : x
            var physicalY = y
            if let staticParent {
                // Relative to the static parent; an axis without insets sits at its content
                // start (its padding edge, on the right for a right-to-left parent).
                let parentBox = staticParent.node.cachedBox
                let parentWidth = staticParent.node.unrounded.width
                let parentRTL = staticParent.node.storedStyle.direction.map { $0 == .rightToLeft } ?? rtl
                let marginLeft = rtl ? margin.right : margin.left
                let marginRight = rtl ? margin.left : margin.right
                if left == nil, right == nil {
                    physicalX =
                        parentRTL
                        ? parentWidth - parentBox.padding.right - parentBox.border.right - output.width
                            - marginRight
                        : parentBox.padding.left + parentBox.border.left + marginLeft
                } else {
                    physicalX -= staticParent.x
                }
                if top == nil, bottom == nil {
                    physicalY = parentBox.padding.top + parentBox.border.top + margin.top
                } else {
                    physicalY -= staticParent.y
                }
            }
            child.unrounded = Rect(x: physicalX, y: physicalY, width: output.width, height: output.height)
        }
    }

    /// The position of an absolute child with no insets in an axis: where it would sit as the
    /// container's only flex item.
    func staticPosition(
        horizontal: Bool, size: Double, containerSize: Double, margin: Edges<Double>, childStyle: LayoutStyle,
        childRTL: Bool
    ) -> Double {
        let isMain = horizontal == isRow
        let startInset = horizontal ? pb.left : pb.top
        let endInset = horizontal ? pb.right : pb.bottom
        let marginStart = horizontal ? margin.left : margin.top
        let marginEnd = horizontal ? margin.right : margin.bottom
        let start = startInset + marginStart
        let end = containerSize - endInset - size - marginEnd
        let center = (containerSize + startInset - endInset - size + marginStart - marginEnd) / 2
        enum Place { case start, end, center }
        let place: Place
        if isMain {
            switch node.storedStyle.justifyContent {
            case .start: place = .start
            case .end: place = .end
            case .flexStart, .spaceBetween: place = isReverse ? .end : .start
            case .flexEnd: place = isReverse ? .start : .end
            case .center, .spaceAround, .spaceEvenly: place = .center
            }
        } else {
            switch childStyle.alignSelf ?? node.storedStyle.alignItems {
            case .start, .baseline: place = .start
            case .end: place = .end
            case .flexStart, .stretch: place = wrapReverse ? .end : .start
            case .flexEnd: place = wrapReverse ? .start : .end
            case .center: place = .center
            case .selfStart, .selfEnd:
                let flipped = horizontal && childRTL != rtl
                let isStart = (childStyle.alignSelf ?? node.storedStyle.alignItems) == .selfStart
                place = isStart != flipped ? .start : .end
            }
        }
        // A safe cross alignment that would overflow the padding box starts at the start
        // instead (browsers apply `safe` to an absolute child's static position in the cross
        // axis only: `justify-content: safe …` still overflows).
        let safe =
            !isMain
            && (childStyle.alignSelf != nil
                ? childStyle.safeAlignment.contains(.alignSelf)
                : node.storedStyle.safeAlignment.contains(.alignItems))
        if safe, size + marginStart + marginEnd > containerSize - startInset - endInset { return start }
        switch place {
        case .start: return start
        case .end: return end
        case .center: return center
        }
    }
}
