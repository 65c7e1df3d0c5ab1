extension GridContainerLayout {
    // MARK: §10.5 Content distribution and final positions

    /// Positions the tracks by `justify-content` / `align-content`.
    func alignTracks() {
        let innerUsedWidth = max(0, containerWidth - pb.horizontal)
        let innerUsedHeight = max(0, containerHeight - pb.vertical)
        if node.storedStyle.columnGap.isPercent {
            columnGap = max(0, node.storedStyle.columnGap.resolve(innerUsedWidth) ?? 0)
        }
        if node.storedStyle.rowGap.isPercent {
            rowGap = max(0, node.storedStyle.rowGap.resolve(innerUsedHeight) ?? 0)
        }
        columnStarts = Self.trackStarts(
            columns, gap: columnGap, inner: innerUsedWidth, start: pb.left,
            distribution: grid.justifyContent ?? .stretch,
            safe: node.storedStyle.safeAlignment.contains(.justifyContent))
        rowStarts = Self.trackStarts(
            rows, gap: rowGap, inner: innerUsedHeight, start: pb.top,
            distribution: node.storedStyle.alignContent,
            safe: node.storedStyle.safeAlignment.contains(.alignContent))
    }

    /// Keeps the placed tracks on the node (``LayoutNode/gridTrackLines``), in physical
    /// coordinates: a right-to-left grid's columns are laid out mirrored.
    func recordTrackLines() {
        let columnLines = zip(columnStarts, columns).map { start, track in
            GridTrackLines.Track(start: rtl ? containerWidth - start - track.base : start, size: track.base)
        }
        let rowLines = zip(rowStarts, rows).map { GridTrackLines.Track(start: $0, size: $1.base) }
        node.storedGridTrackLines = GridTrackLines(columns: columnLines, rows: rowLines)
    }

    /// Each track's start offset for a distribution of the free space (the `space-*` values fall
    /// back to `safe` start alignment when the tracks overflow, as CSS Box Alignment says).
    static func trackStarts(
        _ tracks: [GridTrack], gap: Double, inner: Double, start: Double, distribution: AlignContent,
        safe: Bool
    ) -> [Double] {
        let visible = tracks.reduce(0) { $0 + ($1.collapsed ? 0 : 1) }
        let free = inner - totalSize(tracks, gap: gap)
        var lead = 0.0
        var between = 0.0
        let count = Double(visible)
        switch distribution {
        case .start, .flexStart, .stretch: break
        case .end, .flexEnd: lead = free
        case .center: lead = free / 2
        case .spaceBetween:
            if free > 0, visible > 1 { between = free / (count - 1) }
        case .spaceAround:
            if free > 0, visible > 0 {
                between = free / count
                lead = between / 2
            }
        case .spaceEvenly:
            if free > 0, visible > 0 {
                between = free / (count + 1)
                lead = between
            }
        }
        if safe, free < 0 { lead = 0 }
        var starts: [Double] = []
        starts.reserveCapacity(tracks.count)
        var position = start + lead
        var seenVisible = false
        for track in tracks {
            if track.collapsed {
                starts.append(position)
                continue
            }
            if seenVisible { position += gap + between }
            starts.append(position)
            position += track.base
            seenVisible = true
        }
        return starts
    }

    /// The start and size of the area spanning `range` of tracks.
    func area(_ range: Range<Int>, _ axis: GridAxis) -> (start: Double, size: Double) {
        let starts = axis == .column ? columnStarts : rowStarts
        let tracks = axis == .column ? columns : rows
        guard let first = range.first, let last = range.last, first < starts.count, last < starts.count else {
            return (axis == .column ? pb.left : pb.top, 0)
        }
        return (starts[first], max(0, starts[last] + tracks[last].base - starts[first]))
    }

    /// Lays out every in-flow item in its area; returns the grid's first baseline.
    func layoutItems() -> Double? {
        var firstRow = Int.max
        var baselineItem: (row: Int, baseline: Double)?
        for index in items.indices {
            let item = items[index]
            // Unmanaged: `placedChildren` keeps the node alive, and a strong reference across the
            // calls below cost two retains and releases per item.
            Unmanaged.passUnretained(item.node)._withUnsafeGuaranteedRef { node in
                let column = area(item.columns, .column)
                let row = area(item.rows, .row)
                var box = node.resolvedBox(parentWidth: column.size, parentHeight: row.size)
                if rtl { box.mirror() }
                let pbBox = box.paddingBorder
                var width = box.width.map {
                    max($0.clamped(box.minimumWidth, box.maximumWidth), pbBox.horizontal)
                }
                var height = box.height.map {
                    max($0.clamped(box.minimumHeight, box.maximumHeight), pbBox.vertical)
                }
                (width, height) = ResolvedBox.applyRatio(width, height, box.aspectRatio)
                // A content-size keyword (`min-content`, `max-content`, `fit-content`) sizes the item
                // from its content instead of stretching it: the engine resolves it in the area.
                let keywords = node.styleUsesSizeKeywords
                if width == nil, item.justify == .stretch, !box.autoMargin.left, !box.autoMargin.right,
                    !(keywords && node.storedStyle.width.isContentSizeKeyword)
                {
                    width = max(
                        (column.size - box.margin.horizontal).clamped(box.minimumWidth, box.maximumWidth),
                        pbBox.horizontal)
                    if height == nil, let ratio = box.aspectRatio, let width { height = width / ratio }
                }
                if height == nil, item.align == .stretch, !box.autoMargin.top, !box.autoMargin.bottom,
                    !(keywords && node.storedStyle.height.isContentSizeKeyword)
                {
                    height = max(
                        (row.size - box.margin.vertical).clamped(box.minimumHeight, box.maximumHeight),
                        pbBox.vertical)
                    if width == nil, let ratio = box.aspectRatio, let height { width = height * ratio }
                }
                if width == nil, height == nil, let ratio = box.aspectRatio {
                    let measured = LayoutEngine.computeChild(
                        node, knownWidth: nil, knownHeight: nil, parentWidth: column.size,
                        parentHeight: row.size,
                        availableWidth: .definite(max(0, column.size - box.margin.horizontal)),
                        availableHeight: .maxContent, sizing: .inherentSize, parentRTL: rtl,
                        mode: .computeSize,
                        pass: pass)
                    width = measured.width
                    height = measured.width / ratio
                }
                let output = LayoutEngine.computeChild(
                    node, knownWidth: width, knownHeight: height, parentWidth: column.size,
                    parentHeight: row.size,
                    availableWidth: .definite(max(0, column.size - box.margin.horizontal)),
                    availableHeight: .definite(max(0, row.size - box.margin.vertical)), sizing: .inherentSize,
                    parentRTL: rtl, mode: .performLayout, pass: pass)
                let safe = item.safe
                let x =
                    column.start
                    + Self.offset(
                        free: column.size - output.width - box.margin.horizontal, alignment: item.justify,
                        autoStart: box.autoMargin.left, autoEnd: box.autoMargin.right,
                        safe: safe.contains(.justifySelf))
                    + box.margin.left
                let y =
                    row.start
                    + Self.offset(
                        free: row.size - output.height - box.margin.vertical, alignment: item.align,
                        autoStart: box.autoMargin.top, autoEnd: box.autoMargin.bottom,
                        safe: safe.contains(.alignSelf))
                    + box.margin.top
                    + (baselineShims.isEmpty ? 0 : baselineShims[index])
                let inset = node.storedStyle.inset
                var left = inset.left.resolve(column.size)
                var right = inset.right.resolve(column.size)
                if rtl { swap(&left, &right) }
                let top = inset.top.resolve(row.size)
                let bottom = inset.bottom.resolve(row.size)
                var finalX = x + (left ?? right.map { -$0 } ?? 0)
                let finalY = y + (top ?? bottom.map { -$0 } ?? 0)
                if rtl { finalX = containerWidth - finalX - output.width }
                node.unrounded = Rect(x: finalX, y: finalY, width: output.width, height: output.height)
                if let first = item.rows.first, first <= firstRow {
                    let candidate = finalY + (output.baseline ?? output.height)
                    if first < firstRow || baselineItem == nil {
                        firstRow = first
                        baselineItem = (first, candidate)
                    }
                }
            }
        }
        return baselineItem?.baseline
    }

    /// The offset of a box in its area for an alignment (auto margins first).
    static func offset(
        free: Double, alignment: GridItemAlignment, autoStart: Bool, autoEnd: Bool, safe: Bool = false
    ) -> Double {
        if safe, free < 0 { return 0 }
        if autoStart || autoEnd {
            let positive = max(0, free)
            if autoStart, autoEnd { return positive / 2 }
            return autoStart ? positive : 0
        }
        switch alignment {
        case .start, .stretch, .baseline: return 0
        case .end: return free
        case .center: return free / 2
        }
    }
}
