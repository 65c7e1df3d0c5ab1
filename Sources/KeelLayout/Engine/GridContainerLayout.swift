/// The two axes of a grid.
enum GridAxis {
    case column
    case row
}

/// One in-flow child of a grid container while the grid algorithm runs.
struct GridItem {
    /// The child. Unowned and unchecked, so an item is plain data (copied without reference
    /// counting or a field-by-field copy: that was a twentieth of a 10,000-item grid's layout);
    /// the container keeps its in-flow children for the whole run (`placedChildren`).
    unowned(unsafe) let node: LayoutNode
    var columns: Range<Int>
    var rows: Range<Int>
    var justify: GridItemAlignment
    var align: GridItemAlignment
    var safe: SafeAlignment
    var crossesFlexColumn = false
    var crossesFlexRow = false
    /// Contributions memoised for the axis being sized (cleared per sizing run).
    var minContent: Double? = nil
    var maxContent: Double? = nil
    var minimum: Double? = nil

    func range(_ axis: GridAxis) -> Range<Int> { axis == .column ? columns : rows }
}

/// Self-alignment of a grid item in one axis of its area, resolved to physical-start terms
/// of the (mirrored, for right-to-left) layout.
enum GridItemAlignment {
    case start, end, center, stretch, baseline

    init(_ value: AlignItems, flipped: Bool) {
        switch value {
        case .start, .flexStart: self = .start
        case .end, .flexEnd: self = .end
        case .center: self = .center
        case .stretch: self = .stretch
        case .baseline: self = .baseline
        case .selfStart: self = flipped ? .end : .start
        case .selfEnd: self = flipped ? .start : .end
        }
    }
}

/// The CSS Grid algorithm for one container (CSS Grid Layout Level 1: placement §8.5, track
/// sizing §11, alignment §10), run by ``LayoutEngine/computeNode(_:_:mode:pass:)`` for nodes
/// with `display: grid`.
///
/// Right-to-left grids are laid out mirrored (columns from the left) and flipped at the end,
/// like flex containers.
final class GridContainerLayout {
    let node: LayoutNode
    let mode: RunMode
    let pass: LayoutPass
    let rtl: Bool
    let grid: GridStyle
    let pb: Edges<Double>
    /// Padding plus border without scroll bar gutters: the smallest the container can be (a
    /// maximum size overrides a gutter).
    let floor: (horizontal: Double, vertical: Double)
    let border: Edges<Double>
    let knownWidth: Double?
    let knownHeight: Double?
    let minimumWidth: Double?
    let maximumWidth: Double?
    let minimumHeight: Double?
    let maximumHeight: Double?
    let availableWidth: AvailableSpace
    let availableHeight: AvailableSpace
    /// The run's mutable state, behind the class's one `@exclusivity(unchecked)` property, like
    /// `FlexContainerLayout`'s: the algorithm reads and writes it per item and track, the
    /// run-time exclusivity check costs more than the arithmetic, and a run is private to one
    /// layout call that never overlaps accesses; the properties below forward to it.
    struct Fields {
        var innerWidth: Double?
        var innerHeight: Double?
        var items: [GridItem] = []
        var placedChildren: [LayoutNode] = []
        var columnSizes: [GridTrackSize] = []
        var rowSizes: [GridTrackSize] = []
        var columnCollapsed: [Bool] = []
        var rowCollapsed: [Bool] = []
        var columns: [GridTrack] = []
        var rows: [GridTrack] = []
        var columnGap: Double = 0.0
        var rowGap: Double = 0.0
        var columnTemplate: GridAxisTemplate = GridAxisTemplate()
        var rowTemplate: GridAxisTemplate = GridAxisTemplate()
        var columnOrigin: Int = 0
        var rowOrigin: Int = 0
        var containerWidth: Double = 0.0
        var baselineShims: [Double] = []
        var rowsSized: Bool = false
        var containerHeight: Double = 0.0
        var columnStarts: [Double] = []
        var rowStarts: [Double] = []
    }
    @exclusivity(unchecked) var fields = Fields()

    var innerWidth: Double? {
        @inline(__always) get { fields.innerWidth }
        @inline(__always) _modify { yield &fields.innerWidth }
    }
    var innerHeight: Double? {
        @inline(__always) get { fields.innerHeight }
        @inline(__always) _modify { yield &fields.innerHeight }
    }
    var items: [GridItem] {
        @inline(__always) get { fields.items }
        @inline(__always) _modify { yield &fields.items }
    }
    /// The in-flow children the items stand for, kept for the run (items refer to them unowned).
    var placedChildren: [LayoutNode] {
        @inline(__always) get { fields.placedChildren }
        @inline(__always) _modify { yield &fields.placedChildren }
    }
    var columnSizes: [GridTrackSize] {
        @inline(__always) get { fields.columnSizes }
        @inline(__always) _modify { yield &fields.columnSizes }
    }
    var rowSizes: [GridTrackSize] {
        @inline(__always) get { fields.rowSizes }
        @inline(__always) _modify { yield &fields.rowSizes }
    }
    var columnCollapsed: [Bool] {
        @inline(__always) get { fields.columnCollapsed }
        @inline(__always) _modify { yield &fields.columnCollapsed }
    }
    var rowCollapsed: [Bool] {
        @inline(__always) get { fields.rowCollapsed }
        @inline(__always) _modify { yield &fields.rowCollapsed }
    }
    var columns: [GridTrack] {
        @inline(__always) get { fields.columns }
        @inline(__always) _modify { yield &fields.columns }
    }
    var rows: [GridTrack] {
        @inline(__always) get { fields.rows }
        @inline(__always) _modify { yield &fields.rows }
    }
    var columnGap: Double {
        @inline(__always) get { fields.columnGap }
        @inline(__always) _modify { yield &fields.columnGap }
    }
    var rowGap: Double {
        @inline(__always) get { fields.rowGap }
        @inline(__always) _modify { yield &fields.rowGap }
    }
    var columnTemplate: GridAxisTemplate {
        @inline(__always) get { fields.columnTemplate }
        @inline(__always) _modify { yield &fields.columnTemplate }
    }
    var rowTemplate: GridAxisTemplate {
        @inline(__always) get { fields.rowTemplate }
        @inline(__always) _modify { yield &fields.rowTemplate }
    }
    /// Track index of explicit line 0 in each axis (the number of implicit tracks before).
    var columnOrigin: Int {
        @inline(__always) get { fields.columnOrigin }
        @inline(__always) _modify { yield &fields.columnOrigin }
    }
    var rowOrigin: Int {
        @inline(__always) get { fields.rowOrigin }
        @inline(__always) _modify { yield &fields.rowOrigin }
    }
    var containerWidth: Double {
        @inline(__always) get { fields.containerWidth }
        @inline(__always) _modify { yield &fields.containerWidth }
    }
    /// Per item, the space above a baseline-aligned item that lines its baseline up with its
    /// row's (§11.5 step 1 "shim"); empty when no item is baseline-aligned.
    var baselineShims: [Double] {
        @inline(__always) get { fields.baselineShims }
        @inline(__always) _modify { yield &fields.baselineShims }
    }
    /// Whether the rows are sized, so column sizing sees their sizes (§11.1 step 3).
    var rowsSized: Bool {
        @inline(__always) get { fields.rowsSized }
        @inline(__always) _modify { yield &fields.rowsSized }
    }
    var containerHeight: Double {
        @inline(__always) get { fields.containerHeight }
        @inline(__always) _modify { yield &fields.containerHeight }
    }
    /// Each track's start offset from the border box's start, after content alignment.
    var columnStarts: [Double] {
        @inline(__always) get { fields.columnStarts }
        @inline(__always) _modify { yield &fields.columnStarts }
    }
    var rowStarts: [Double] {
        @inline(__always) get { fields.rowStarts }
        @inline(__always) _modify { yield &fields.rowStarts }
    }

    init(node: LayoutNode, input: LayoutInput, mode: RunMode, pass: LayoutPass) {
        self.node = node
        self.mode = mode
        self.pass = pass
        grid = node.storedStyle.grid
        var box = node.resolvedBox(parentWidth: input.parentWidth, parentHeight: input.parentHeight)
        rtl = input.rtl
        if rtl { box.mirror() }
        border = box.border
        floor = (box.paddingBorder.horizontal, box.paddingBorder.vertical)
        var pb = box.paddingBorder
        // Scroll bar gutters (at the inline end and the bottom) take space from the content
        // box: the box's, as for flex containers.
        pb.right += box.gutterWidth
        pb.bottom += box.gutterHeight
        self.pb = pb
        (knownWidth, knownHeight) = box.knownSize(for: input)
        minimumWidth = box.minimumWidth
        maximumWidth = box.maximumWidth
        minimumHeight = box.minimumHeight
        maximumHeight = box.maximumHeight
        let innerWidth = knownWidth.map { max(0, $0 - pb.horizontal) }
        let innerHeight = knownHeight.map { max(0, $0 - pb.vertical) }
        availableWidth = ResolvedBox.contentSpace(
            known: knownWidth, available: input.availableWidth, margin: box.margin.horizontal,
            insets: pb.horizontal, maximum: box.maximumWidth)
        availableHeight = ResolvedBox.contentSpace(
            known: knownHeight, available: input.availableHeight, margin: box.margin.vertical,
            insets: pb.vertical, maximum: box.maximumHeight)
        self.innerWidth = innerWidth
        self.innerHeight = innerHeight
    }

    func run() -> LayoutOutput {
        if mode == .computeSize, let knownWidth, let knownHeight {
            return LayoutOutput(width: knownWidth, height: knownHeight, baseline: nil)
        }
        columnGap = max(0, node.storedStyle.columnGap.resolve(innerWidth) ?? 0)
        rowGap = max(0, node.storedStyle.rowGap.resolve(innerHeight) ?? 0)
        placeItems()
        // Columns first (§11.1), then rows with the items' widths known.
        let hasPercentColumns =
            columnSizes.contains(where: Self.usesPercent)
            || node.storedStyle.columnGap.isPercent
        // While columns are sized, items see the rows' fixed maximums (§11.1 step 1).
        rows = makeTracks(.row, percentBase: innerHeight)
        columns = makeTracks(.column, percentBase: innerWidth)
        sizeTracks(
            .column, &columns, space: columnSpace(), minimumInner: inner(minimumWidth, pb.horizontal),
            maximumInner: inner(maximumWidth, pb.horizontal))
        containerWidth =
            knownWidth
            ?? containerSize(
                columns, gap: columnGap, pb: pb.horizontal,
                floor: floor.horizontal, minimum: minimumWidth, maximum: maximumWidth)
        if innerWidth == nil, hasPercentColumns {
            let inner = max(0, containerWidth - pb.horizontal)
            innerWidth = inner
            columnGap = max(0, node.storedStyle.columnGap.resolve(inner) ?? 0)
            columns = makeTracks(.column, percentBase: inner)
            sizeTracks(.column, &columns, space: .definite(inner), minimumInner: nil, maximumInner: nil)
        }
        computeBaselineShims()
        let hasPercentRows = rowSizes.contains(where: Self.usesPercent) || node.storedStyle.rowGap.isPercent
        rows = makeTracks(.row, percentBase: innerHeight)
        sizeTracks(
            .row, &rows, space: rowSpace(), minimumInner: inner(minimumHeight, pb.vertical),
            maximumInner: inner(maximumHeight, pb.vertical))
        containerHeight =
            knownHeight
            ?? containerSize(
                rows, gap: rowGap, pb: pb.vertical,
                floor: floor.vertical, minimum: minimumHeight, maximum: maximumHeight)
        if innerHeight == nil, hasPercentRows {
            let inner = max(0, containerHeight - pb.vertical)
            innerHeight = inner
            rowGap = max(0, node.storedStyle.rowGap.resolve(inner) ?? 0)
            rows = makeTracks(.row, percentBase: inner)
            sizeTracks(.row, &rows, space: .definite(inner), minimumInner: nil, maximumInner: nil)
        }
        resizeForRowDependentItems()
        if mode == .computeSize {
            return LayoutOutput(width: containerWidth, height: containerHeight, baseline: nil)
        }
        alignTracks()
        recordTrackLines()
        let baseline = layoutItems()
        layoutAbsoluteChildren()
        // `display: contents` children generate no box: their children were items above.
        if node.contentsChildCount > 0 {
            LayoutEngine.placeContentsChildren(of: node, pass: pass)
        }
        for child in node.layoutChildren where child.storedStyle.display == .none {
            LayoutEngine.hide(child, pass: pass)
        }
        return LayoutOutput(width: containerWidth, height: containerHeight, baseline: baseline)
    }

    /// §11.1 steps 3–4: when an item's width can depend on its row size (a container or an
    /// aspect ratio) and the rows were not all fixed, columns are sized once more with the
    /// rows' sizes, then the rows again.
    func resizeForRowDependentItems() {
        let dependent = items.contains { item in
            guard !item.node.storedChildren.isEmpty || item.node.storedStyle.aspectRatio != nil else {
                return false
            }
            return item.rows.contains {
                if case .fixed = rows[$0].maximum { return false }
                return true
            }
        }
        guard dependent else { return }
        let before = columns.map(\.base)
        rowsSized = true
        sizeTracks(
            .column, &columns, space: innerWidth.map { .definite($0) } ?? columnSpace(),
            minimumInner: inner(minimumWidth, pb.horizontal), maximumInner: inner(maximumWidth, pb.horizontal)
        )
        rowsSized = false
        guard columns.map(\.base) != before else { return }
        if knownWidth == nil {
            containerWidth = containerSize(
                columns, gap: columnGap, pb: pb.horizontal, floor: floor.horizontal,
                minimum: minimumWidth, maximum: maximumWidth)
        }
        sizeTracks(
            .row, &rows, space: rowSpace(), minimumInner: inner(minimumHeight, pb.vertical),
            maximumInner: inner(maximumHeight, pb.vertical))
        if knownHeight == nil {
            containerHeight = containerSize(
                rows, gap: rowGap, pb: pb.vertical, floor: floor.vertical,
                minimum: minimumHeight, maximum: maximumHeight)
        }
    }

    /// Baseline alignment in rows: items aligned `baseline` in the same single row share the
    /// row's largest distance from their top margin edge to their first baseline (a box
    /// without one, or a scroll container, uses its bottom border edge: browsers synthesize a
    /// scroll container's baseline from its box, not from the content scrolled inside it).
    func computeBaselineShims() {
        guard items.contains(where: { $0.align == .baseline && $0.rows.count == 1 }) else { return }
        var above = [Double](repeating: 0, count: items.count)
        var rowMaximum: [Int: Double] = [:]
        for index in items.indices where items[index].align == .baseline && items[index].rows.count == 1 {
            let node = items[index].node
            let areaWidth = otherAxisArea(index, .row) ?? 0
            let box = node.resolvedBox(parentWidth: areaWidth, parentHeight: nil)
            let output = LayoutEngine.computeChild(
                node, knownWidth: usedWidth(index, box: box, areaWidth: areaWidth), knownHeight: nil,
                parentWidth: areaWidth, parentHeight: nil,
                availableWidth: .definite(max(0, areaWidth - box.margin.horizontal)),
                availableHeight: .maxContent,
                sizing: .inherentSize, parentRTL: rtl, mode: .performLayout, pass: pass)
            let baseline = node.storedStyle.isScrollContainer ? nil : output.baseline
            above[index] = box.margin.top + (baseline ?? output.height)
            let row = items[index].rows.lowerBound
            rowMaximum[row] = max(rowMaximum[row] ?? 0, above[index])
        }
        baselineShims = [Double](repeating: 0, count: items.count)
        for index in items.indices where items[index].align == .baseline && items[index].rows.count == 1 {
            baselineShims[index] = (rowMaximum[items[index].rows.lowerBound] ?? 0) - above[index]
        }
    }

    static func usesPercent(_ size: GridTrackSize) -> Bool {
        if case .percent = size.minimum { return true }
        switch size.maximum {
        case .percent: return true
        case .fitContent(let limit): return limit.isPercent
        default: return false
        }
    }

    func inner(_ size: Double?, _ pbSum: Double) -> Double? { size.map { max(0, $0 - pbSum) } }

    /// The available grid space for the columns: the definite content width (known, or
    /// available from the parent, at most the maximum), else the sizing constraint.
    func columnSpace() -> AvailableSpace {
        if let innerWidth { return .definite(innerWidth) }
        switch availableWidth {
        case .definite(let value): return .definite(value)
        case .minContent: return .minContent
        case .maxContent:
            if let maximum = inner(maximumWidth, pb.horizontal) { return .definite(maximum) }
            return .maxContent
        }
    }

    /// The available grid space for the rows: a known height, else (block axis) indefinite.
    func rowSpace() -> AvailableSpace {
        if let innerHeight { return .definite(innerHeight) }
        if availableHeight == .minContent { return .minContent }
        if let maximum = inner(maximumHeight, pb.vertical) { return .definite(maximum) }
        return .maxContent
    }

    func containerSize(
        _ tracks: [GridTrack], gap: Double, pb pbSum: Double, floor: Double, minimum: Double?,
        maximum: Double?
    ) -> Double {
        let content = Self.totalSize(tracks, gap: gap)
        return max((content + pbSum).clamped(minimum, maximum), floor)
    }

    static func totalSize(_ tracks: [GridTrack], gap: Double) -> Double {
        var sum = 0.0
        var visible = 0
        for track in tracks {
            sum += track.base
            if !track.collapsed { visible += 1 }
        }
        return sum + gap * Double(max(0, visible - 1))
    }

    func makeTracks(_ axis: GridAxis, percentBase: Double?) -> [GridTrack] {
        let sizes = axis == .column ? columnSizes : rowSizes
        let collapsed = axis == .column ? columnCollapsed : rowCollapsed
        var tracks: [GridTrack] = []
        tracks.reserveCapacity(sizes.count)
        for index in sizes.indices {
            tracks.append(GridTrack(sizes[index], percentBase: percentBase, collapsed: collapsed[index]))
        }
        return tracks
    }

    // MARK: Placement (§7.1 explicit grid, §8 placement)

    func placeItems() {
        let style = node.storedStyle
        let areas = GridAreas(grid.templateAreas)
        func repeatSpace(_ inner: Double?, _ minimum: Double?, _ maximum: Double?, _ pbSum: Double) -> (
            Double?, Bool
        ) {
            if let inner { return (inner, false) }
            if let maximum { return (max(0, maximum - pbSum), false) }
            if let minimum { return (max(0, minimum - pbSum), true) }
            return (nil, false)
        }
        let columnRepeat = repeatSpace(innerWidth, minimumWidth, maximumWidth, pb.horizontal)
        let rowRepeat = repeatSpace(innerHeight, minimumHeight, maximumHeight, pb.vertical)
        columnTemplate = GridAxisTemplate(
            entries: grid.templateColumns, space: columnRepeat.0, fillsMinimum: columnRepeat.1,
            gap: max(0, style.columnGap.resolve(columnRepeat.0) ?? 0), percentBase: innerWidth,
            areaTracks: areas.columns)
        columnTemplate.addAreaLines(areas.columnAreas)
        rowTemplate = GridAxisTemplate(
            entries: grid.templateRows, space: rowRepeat.0, fillsMinimum: rowRepeat.1,
            gap: max(0, style.rowGap.resolve(rowRepeat.0) ?? 0), percentBase: innerHeight,
            areaTracks: areas.rows)
        rowTemplate.addAreaLines(areas.rowAreas)

        var children: [LayoutNode] = []
        var columnPlacements: [GridAxisPlacement] = []
        var rowPlacements: [GridAxisPlacement] = []
        let flattened = node.layoutChildren
        children.reserveCapacity(flattened.count)
        for child in flattened {
            guard child.storedStyle.display != .none, child.storedStyle.position != .absolute else {
                continue
            }
            children.append(child)
            // A plain style (no grid properties) is auto-placed with spans of one: no copies.
            if let placement = child.storedStyle.gridIfSet {
                columnPlacements.append(
                    columnTemplate.placement(start: placement.columnStart, end: placement.columnEnd))
                rowPlacements.append(rowTemplate.placement(start: placement.rowStart, end: placement.rowEnd))
            } else {
                columnPlacements.append(.automatic(1))
                rowPlacements.append(.automatic(1))
            }
        }
        let isColumnFlow = grid.autoFlow.isColumn
        let areasPlaced = GridPlacer.place(
            primary: isColumnFlow ? rowPlacements : columnPlacements,
            secondary: isColumnFlow ? columnPlacements : rowPlacements,
            explicitPrimary: isColumnFlow ? rowTemplate.tracks.count : columnTemplate.tracks.count,
            explicitSecondary: isColumnFlow ? columnTemplate.tracks.count : rowTemplate.tracks.count,
            dense: grid.autoFlow.isDense)
        var minColumn = 0
        var maxColumn = columnTemplate.tracks.count
        var minRow = 0
        var maxRow = rowTemplate.tracks.count
        var lines: [(Int, Int, Int, Int)] = []
        lines.reserveCapacity(areasPlaced.count)
        for area in areasPlaced {
            let columnsRange =
                isColumnFlow ? (area.secondaryStart, area.secondaryEnd) : (area.primaryStart, area.primaryEnd)
            let rowsRange =
                isColumnFlow ? (area.primaryStart, area.primaryEnd) : (area.secondaryStart, area.secondaryEnd)
            minColumn = min(minColumn, columnsRange.0)
            maxColumn = max(maxColumn, columnsRange.1)
            minRow = min(minRow, rowsRange.0)
            maxRow = max(maxRow, rowsRange.1)
            lines.append((columnsRange.0, columnsRange.1, rowsRange.0, rowsRange.1))
        }
        columnOrigin = -minColumn
        rowOrigin = -minRow
        columnSizes = Self.trackSizes(
            template: columnTemplate, implicit: grid.autoColumns, from: minColumn, to: maxColumn)
        rowSizes = Self.trackSizes(template: rowTemplate, implicit: grid.autoRows, from: minRow, to: maxRow)
        var columnUsed = [Bool](repeating: false, count: columnSizes.count)
        var rowUsed = [Bool](repeating: false, count: rowSizes.count)
        items.reserveCapacity(children.count)
        for (index, child) in children.enumerated() {
            let line = lines[index]
            let columnsRange = (line.0 + columnOrigin)..<(line.1 + columnOrigin)
            let rowsRange = (line.2 + rowOrigin)..<(line.3 + rowOrigin)
            for track in columnsRange { columnUsed[track] = true }
            for track in rowsRange { rowUsed[track] = true }
            // Fields are read one by one: copying a child's whole style is a retain and a copy.
            let placement = child.storedStyle.gridIfSet
            let childRTL = child.storedStyle.direction.map { $0 == .rightToLeft } ?? rtl
            let hasRatio = child.storedStyle.aspectRatio.map { $0.isFinite && $0 > 0 } ?? false
            let justifyValue = placement?.justifySelf ?? grid.justifyItems
            let ownAlign = child.storedStyle.alignSelf
            var alignValue = ownAlign ?? style.alignItems
            // `normal` (here: stretch by default) acts as `start` in the block axis for a box with
            // an aspect ratio: its height follows from its width.
            if hasRatio, ownAlign == nil, alignValue == .stretch { alignValue = .start }
            items.append(
                GridItem(
                    node: child, columns: columnsRange, rows: rowsRange,
                    justify: GridItemAlignment(justifyValue, flipped: childRTL != rtl),
                    align: GridItemAlignment(alignValue, flipped: false),
                    safe: child.storedStyle.safeAlignment
                ))
        }
        placedChildren = children
        columnCollapsed = Self.collapsed(columnTemplate, origin: columnOrigin, used: columnUsed)
        rowCollapsed = Self.collapsed(rowTemplate, origin: rowOrigin, used: rowUsed)
        for index in items.indices {
            items[index].crossesFlexColumn = items[index].columns.contains {
                if case .fraction = columnSizes[$0].maximum { return true }
                return false
            }
            items[index].crossesFlexRow = items[index].rows.contains {
                if case .fraction = rowSizes[$0].maximum { return true }
                return false
            }
        }
    }

    /// Every track from line `from` to line `to`: implicit ones before and after the explicit
    /// grid cycle through `implicit` (backwards before it).
    static func trackSizes(template: GridAxisTemplate, implicit: [GridTrackSize], from: Int, to: Int)
        -> [GridTrackSize]
    {
        let explicit = template.tracks
        let pattern = implicit.isEmpty ? [GridTrackSize.auto] : implicit
        let count = pattern.count
        var sizes: [GridTrackSize] = []
        sizes.reserveCapacity(max(0, to - from))
        for line in from..<max(from, to) {
            if line < 0 {
                let back = -line
                sizes.append(pattern[(count - back % count) % count])
            } else if line < explicit.count {
                sizes.append(explicit[line])
            } else {
                sizes.append(pattern[(line - explicit.count) % count])
            }
        }
        return sizes
    }

    /// Which tracks collapse: `auto-fit` tracks no item is placed in.
    static func collapsed(_ template: GridAxisTemplate, origin: Int, used: [Bool]) -> [Bool] {
        var result = [Bool](repeating: false, count: used.count)
        guard let range = template.autoFitTracks else { return result }
        for line in range {
            let index = line + origin
            if index >= 0, index < used.count, !used[index] { result[index] = true }
        }
        return result
    }
}
