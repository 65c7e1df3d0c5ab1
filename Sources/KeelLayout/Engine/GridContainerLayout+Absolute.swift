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

    /// Places the `position: absolute` children against their grid areas (sized by
    /// ``AbsoluteChild``): by their insets, otherwise aligned in the area by
    /// `justify-self` / `align-self`.
    ///
    /// The absolute children of in-flow `static` descendants (reached through static and
    /// `display: contents` nodes) are placed here too, against the padding box: their
    /// containing block is this container, but no grid area is theirs (CSS Grid 2 §9.1).
    func layoutAbsoluteChildren() {
        if node.staticChildCount > 0 || node.contentsChildCount > 0 {
            let areaWidth = max(0, containerWidth - border.horizontal)
            let areaHeight = max(0, containerHeight - border.vertical)
            let width = containerWidth
            LayoutEngine.visitStaticDescendants(of: node, pass: pass) { child, staticParent in
                let sized = AbsoluteChild(
                    sizing: child, areaWidth: areaWidth, areaHeight: areaHeight, rtl: rtl, pass: pass)
                child.unrounded = sized.frame(
                    underStaticParent: staticParent, areaStartX: border.left, areaWidth: areaWidth,
                    areaStartY: border.top, areaHeight: areaHeight, containerWidth: width, rtl: rtl)
            }
        }
        for child in node.layoutChildren {
            guard child.storedStyle.position == .absolute, child.storedStyle.display != .none else {
                continue
            }
            let style = child.storedStyle
            let columnArea = absoluteArea(style.grid.columnStart, style.grid.columnEnd, .column)
            let rowArea = absoluteArea(style.grid.rowStart, style.grid.rowEnd, .row)
            let sized = AbsoluteChild(
                sizing: child, areaWidth: columnArea.size, areaHeight: rowArea.size, rtl: rtl, pass: pass)
            let margin = sized.margin
            let auto = sized.autoMargin
            let childRTL = style.direction.map { $0 == .rightToLeft } ?? rtl
            let justify = GridItemAlignment(
                style.grid.justifySelf ?? grid.justifyItems, flipped: childRTL != rtl)
            let align = GridItemAlignment(style.alignSelf ?? node.storedStyle.alignItems, flipped: false)
            var x =
                sized.insetPosition(horizontal: true, areaStart: columnArea.start, areaSize: columnArea.size)
                ?? columnArea.start + margin.left
                + Self.offset(
                    free: columnArea.size - sized.width - margin.horizontal, alignment: justify,
                    autoStart: auto.left, autoEnd: auto.right)
            let y =
                sized.insetPosition(horizontal: false, areaStart: rowArea.start, areaSize: rowArea.size)
                ?? rowArea.start + margin.top
                + Self.offset(
                    free: rowArea.size - sized.height - margin.vertical, alignment: align,
                    autoStart: auto.top, autoEnd: auto.bottom)
            if rtl { x = containerWidth - x - sized.width }
            child.unrounded = Rect(x: x, y: y, width: sized.width, height: sized.height)
        }
    }
}
