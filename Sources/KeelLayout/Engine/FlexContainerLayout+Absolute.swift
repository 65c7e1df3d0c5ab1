extension FlexContainerLayout {
    // MARK: 13. Absolutely positioned children

    /// Places `position: absolute` children against the container's padding box: insets
    /// first, otherwise the static position given by `justify-content` / `align-self`.
    func layoutAbsoluteChildren() {
        let containerWidth = isRow ? containerMain : containerCross
        let containerHeight = isRow ? containerCross : containerMain
        // The padding box, less the scrollbar gutters.
        let areaWidth = max(0, containerWidth - border.horizontal - gutterWidth)
        let areaHeight = max(0, containerHeight - border.vertical - gutterHeight)
        for child in node.layoutChildren {
            guard child.storedStyle.position == .absolute, child.storedStyle.display != .none else {
                continue
            }
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
                switch childStyle.width {
                case .stretch:
                    knownWidth = max(0, areaWidth - margin.horizontal - (left ?? 0) - (right ?? 0))
                case .minContent: knownWidth = content(horizontal: true, .minContent)
                case .maxContent: knownWidth = content(horizontal: true, .maxContent)
                default: break
                }
                knownWidth = knownWidth.map {
                    max($0.clamped(minimumWidth, childBox.maximumWidth), childPB.horizontal)
                }
                switch childStyle.height {
                case .stretch:
                    knownHeight = max(0, areaHeight - margin.vertical - (top ?? 0) - (bottom ?? 0))
                case .minContent: knownHeight = content(horizontal: false, .minContent)
                case .maxContent: knownHeight = content(horizontal: false, .maxContent)
                default: break
                }
                knownHeight = knownHeight.map {
                    max($0.clamped(minimumHeight, childBox.maximumHeight), childPB.vertical)
                }
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
            let physicalX = rtl ? containerWidth - x - output.width : x
            child.unrounded = Rect(x: physicalX, y: y, width: output.width, height: output.height)
        }
    }

    /// The position of an absolute child with no insets in an axis: where it would sit as the
    /// container's only flex item.
    func staticPosition(
        horizontal: Bool, size: Double, containerSize: Double, margin: Edges<Double>, childStyle: FlexStyle,
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
        switch place {
        case .start: return start
        case .end: return end
        case .center: return center
        }
    }
}
