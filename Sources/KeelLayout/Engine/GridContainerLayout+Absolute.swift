extension GridContainerLayout {
    // MARK: §9 Absolutely positioned grid children

    /// The containing block of an absolute child in one axis: the grid area its lines name,
    /// with an `auto` line (or one outside the grid) at the padding edge.
    func absoluteArea(_ start: GridLine, _ end: GridLine, _ axis: GridAxis) -> (start: Double, size: Double) {
        let template = axis == .column ? columnTemplate : rowTemplate
        let origin = axis == .column ? columnOrigin : rowOrigin
        let tracks = axis == .column ? columns : rows
        let starts = axis == .column ? columnStarts : rowStarts
        let containerSize = axis == .column ? containerWidth : containerHeight
        let paddingStart = axis == .column ? border.left : border.top
        let paddingEnd = containerSize - (axis == .column ? border.right : border.bottom)
        var startLine = template.resolve(start, isStart: true)
        var endLine = template.resolve(end, isStart: false)
        // A span counts from a given line; against `auto` (or another span) it is `auto`.
        if startLine == nil, let endLine, GridAxisTemplate.isSpan(start) {
            startLine = template.spanLine(start, from: endLine, forward: false)
        }
        if endLine == nil, let startLine, GridAxisTemplate.isSpan(end) {
            endLine = template.spanLine(end, from: startLine, forward: true)
        }
        if let first = startLine, let last = endLine, last < first { (startLine, endLine) = (last, first) }
        startLine = startLine.map { $0 + origin }
        endLine = endLine.map { $0 + origin }
        func position(_ line: Int?, isStart: Bool) -> Double? {
            guard let line, line >= 0, line <= tracks.count, !tracks.isEmpty else { return nil }
            if isStart {
                return line < tracks.count ? starts[line] : starts[line - 1] + tracks[line - 1].base
            }
            return line > 0 ? starts[line - 1] + tracks[line - 1].base : starts[0]
        }
        let from = position(startLine, isStart: true) ?? paddingStart
        let to = position(endLine, isStart: false) ?? paddingEnd
        return (from, max(0, to - from))
    }

    func layoutAbsoluteChildren() {
        for child in node.storedChildren {
            guard child.storedStyle.position == .absolute, child.storedStyle.display != .none else {
                continue
            }
            let style = child.storedStyle
            let columnArea = absoluteArea(style.grid.columnStart, style.grid.columnEnd, .column)
            let rowArea = absoluteArea(style.grid.rowStart, style.grid.rowEnd, .row)
            let areaWidth = columnArea.size
            let areaHeight = rowArea.size
            var box = child.resolvedBox(parentWidth: areaWidth, parentHeight: areaHeight)
            if rtl { box.mirror() }
            var left = style.inset.left.resolve(areaWidth)
            var right = style.inset.right.resolve(areaWidth)
            if rtl { swap(&left, &right) }
            let top = style.inset.top.resolve(areaHeight)
            let bottom = style.inset.bottom.resolve(areaHeight)
            let childPB = box.paddingBorder
            let minimumWidth = max(box.minimumWidth ?? 0, childPB.horizontal)
            let minimumHeight = max(box.minimumHeight ?? 0, childPB.vertical)
            let margin = box.margin
            var knownWidth = box.width.clamped(minimumWidth, box.maximumWidth)
            var knownHeight = box.height.clamped(minimumHeight, box.maximumHeight)
            (knownWidth, knownHeight) = ResolvedBox.applyRatio(knownWidth, knownHeight, box.aspectRatio)
            if knownWidth == nil, let left, let right {
                knownWidth = max(0, areaWidth - margin.horizontal - left - right).clamped(
                    minimumWidth, box.maximumWidth)
                (knownWidth, knownHeight) = ResolvedBox.applyRatio(knownWidth, knownHeight, box.aspectRatio)
            }
            if knownHeight == nil, let top, let bottom {
                knownHeight = max(0, areaHeight - margin.vertical - top - bottom).clamped(
                    minimumHeight, box.maximumHeight)
                (knownWidth, knownHeight) = ResolvedBox.applyRatio(knownWidth, knownHeight, box.aspectRatio)
            }
            var width = knownWidth
            var height = knownHeight
            if width == nil || height == nil {
                let measured = LayoutEngine.computeChild(
                    child, knownWidth: knownWidth, knownHeight: knownHeight, parentWidth: areaWidth,
                    parentHeight: areaHeight,
                    availableWidth: .definite(
                        max(0, areaWidth - margin.horizontal - (left ?? 0) - (right ?? 0))),
                    availableHeight: .definite(
                        max(0, areaHeight - margin.vertical - (top ?? 0) - (bottom ?? 0))),
                    sizing: .contentSize, parentRTL: rtl, mode: .computeSize, pass: pass)
                width = width ?? measured.width.clamped(minimumWidth, box.maximumWidth)
                height = height ?? measured.height.clamped(minimumHeight, box.maximumHeight)
            }
            let output = LayoutEngine.computeChild(
                child, knownWidth: width ?? 0, knownHeight: height ?? 0, parentWidth: areaWidth,
                parentHeight: areaHeight, availableWidth: .definite(areaWidth),
                availableHeight: .definite(areaHeight), sizing: .contentSize, parentRTL: rtl,
                mode: .performLayout, pass: pass)
            let childRTL = style.direction.map { $0 == .rightToLeft } ?? rtl
            let justify = GridItemAlignment(
                style.grid.justifySelf ?? grid.justifyItems, flipped: childRTL != rtl)
            let align = GridItemAlignment(style.alignSelf ?? node.storedStyle.alignItems, flipped: false)
            func place(
                start: Double, size: Double, inset: (Double?, Double?), marginStart: Double,
                marginEnd: Double,
                autoStart: Bool, autoEnd: Bool, extent: Double, alignment: GridItemAlignment
            ) -> Double {
                let free = size - extent - marginStart - marginEnd - (inset.0 ?? 0) - (inset.1 ?? 0)
                if let startInset = inset.0 {
                    if inset.1 != nil, autoStart || autoEnd {
                        let positive = max(0, free)
                        let lead = autoStart && autoEnd ? positive / 2 : (autoStart ? positive : 0)
                        return start + startInset + lead + marginStart
                    }
                    return start + startInset + marginStart
                }
                if let endInset = inset.1 { return start + size - endInset - marginEnd - extent }
                return start + marginStart
                    + Self.offset(free: free, alignment: alignment, autoStart: autoStart, autoEnd: autoEnd)
            }
            var x = place(
                start: columnArea.start, size: areaWidth, inset: (left, right), marginStart: margin.left,
                marginEnd: margin.right, autoStart: box.autoMargin.left, autoEnd: box.autoMargin.right,
                extent: output.width, alignment: justify)
            let y = place(
                start: rowArea.start, size: areaHeight, inset: (top, bottom), marginStart: margin.top,
                marginEnd: margin.bottom, autoStart: box.autoMargin.top, autoEnd: box.autoMargin.bottom,
                extent: output.height, alignment: align)
            if rtl { x = containerWidth - x - output.width }
            child.unrounded = Rect(x: x, y: y, width: output.width, height: output.height)
        }
    }
}
