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
        if node.staticChildCount > 0 || node.contentsChildCount > 0, !delegates {
            layoutStaticDescendantsAbsoluteChildren()
        }
    }

    /// Places the absolute children of in-flow `static` descendants reached through static
    /// nodes only (their containing block is this container).
    func layoutStaticDescendantsAbsoluteChildren() {
        LayoutEngine.visitStaticDescendants(of: node, pass: pass) { child, staticParent in
            placeAbsoluteChild(child, staticParent: staticParent)
        }
    }

    /// Places one absolute child against this container's padding box (sized by
    /// ``AbsoluteChild``). For the child of a static descendant (`staticParent`, at the given
    /// offset from this container's border box), insets resolve against this container and
    /// the frame is made relative to the static parent; an axis without insets starts at the
    /// static parent's content edge.
    func placeAbsoluteChild(
        _ child: LayoutNode, staticParent: (node: LayoutNode, x: Double, y: Double)?
    ) {
        let containerWidth = isRow ? containerMain : containerCross
        let containerHeight = isRow ? containerCross : containerMain
        // The padding box, less the scrollbar gutters.
        let areaWidth = max(0, containerWidth - border.horizontal - gutterWidth)
        let areaHeight = max(0, containerHeight - border.vertical - gutterHeight)
        let sized = AbsoluteChild(
            sizing: child, areaWidth: areaWidth, areaHeight: areaHeight, rtl: rtl, pass: pass)
        if let staticParent {
            child.unrounded = sized.frame(
                underStaticParent: staticParent, areaStartX: border.left, areaWidth: areaWidth,
                areaStartY: border.top, areaHeight: areaHeight, containerWidth: containerWidth, rtl: rtl)
            return
        }
        let childStyle = child.storedStyle
        let childRTL = childStyle.direction.map { $0 == .rightToLeft } ?? rtl
        let margin = sized.margin
        let x =
            sized.insetPosition(horizontal: true, areaStart: border.left, areaSize: areaWidth)
            ?? staticPosition(
                horizontal: true, size: sized.width, containerSize: containerWidth, margin: margin,
                childStyle: childStyle, childRTL: childRTL)
        let y =
            sized.insetPosition(horizontal: false, areaStart: border.top, areaSize: areaHeight)
            ?? staticPosition(
                horizontal: false, size: sized.height, containerSize: containerHeight, margin: margin,
                childStyle: childStyle, childRTL: childRTL)
        let physicalX = rtl ? containerWidth - x - sized.width : x
        let physicalY = y
        child.unrounded = Rect(x: physicalX, y: physicalY, width: sized.width, height: sized.height)
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
