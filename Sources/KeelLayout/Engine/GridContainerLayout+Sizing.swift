extension GridContainerLayout {
    // MARK: §11.3–11.8 The track sizing algorithm

    /// Sizes the tracks of `axis`: initialise, resolve intrinsic sizes, maximise, expand
    /// flexible tracks, stretch `auto` tracks.
    func sizeTracks(
        _ axis: GridAxis, _ tracks: inout [GridTrack], space: AvailableSpace, minimumInner: Double?,
        maximumInner: Double?
    ) {
        for index in tracks.indices { tracks[index].initialize() }
        for index in items.indices {
            items[index].minContent = nil
            items[index].maxContent = nil
            items[index].minimum = nil
        }
        let gap = axis == .column ? columnGap : rowGap
        resolveIntrinsicSizes(axis, &tracks, space: space, gap: gap)
        maximize(&tracks, space: space, gap: gap)
        expandFlexible(
            axis, &tracks, space: space, gap: gap, minimumInner: minimumInner, maximumInner: maximumInner)
        // Auto tracks stretch into a definite content size only (a known size, else the minimum).
        let known = axis == .column ? innerWidth : innerHeight
        stretchAutoTracks(
            axis, &tracks, space: known.map { .definite($0) } ?? .maxContent, gap: gap,
            minimumInner: minimumInner)
    }

    /// The gaps inside `range`: one between each pair of consecutive tracks that are not collapsed.
    func gapSum(_ tracks: [GridTrack], _ range: Range<Int>, gap: Double) -> Double {
        guard gap > 0, range.count > 1 else { return 0 }
        var visible = 0
        for index in range where !tracks[index].collapsed { visible += 1 }
        return gap * Double(max(0, visible - 1))
    }

    /// §11.5: intrinsic track sizes from the items, non-spanning first, then by span, then the
    /// items crossing flexible tracks.
    func resolveIntrinsicSizes(
        _ axis: GridAxis, _ tracks: inout [GridTrack], space: AvailableSpace, gap: Double
    ) {
        let constrained = space == .minContent
        let underMaxContent = false
        var bySpan: [Int: [Int]] = [:]
        var flexItems: [Int] = []
        for index in items.indices {
            let range = items[index].range(axis)
            if range.isEmpty { continue }
            let crossesFlex = axis == .column ? items[index].crossesFlexColumn : items[index].crossesFlexRow
            if crossesFlex {
                flexItems.append(index)
            } else {
                bySpan[range.count, default: []].append(index)
            }
        }
        let phases: [GridSizingPhase] = [
            .intrinsicMinimums, .contentMinimums, .maxContentMinimums, .intrinsicMaximums,
            .maxContentMaximums,
        ]
        for span in bySpan.keys.sorted() {
            guard let group = bySpan[span] else { continue }
            // Skip groups whose tracks are all fixed: nothing to size.
            for phase in phases {
                distribute(
                    axis, &tracks, group: group, phase: phase, flexOnly: false, constrained: constrained,
                    underMaxContent: underMaxContent, gap: gap)
            }
            for index in tracks.indices { tracks[index].infinitelyGrowable = false }
        }
        if !flexItems.isEmpty {
            for phase in phases.prefix(3) {
                distribute(
                    axis, &tracks, group: flexItems, phase: phase, flexOnly: true, constrained: constrained,
                    underMaxContent: underMaxContent, gap: gap)
            }
        }
        for index in tracks.indices where !tracks[index].limit.isFinite {
            tracks[index].limit = tracks[index].base
        }
    }

    func isAffected(_ track: GridTrack, _ phase: GridSizingPhase, underMaxContent: Bool) -> Bool {
        if track.collapsed { return false }
        switch phase {
        case .intrinsicMinimums: return track.minimum.isIntrinsic
        case .contentMinimums:
            switch track.minimum {
            case .minContent, .maxContent: return true
            default: return false
            }
        case .maxContentMinimums:
            switch track.minimum {
            case .maxContent: return true
            case .auto: return underMaxContent
            default: return false
            }
        case .intrinsicMaximums: return track.maximum.isIntrinsic
        case .maxContentMaximums:
            switch track.maximum {
            case .maxContent, .auto, .fitContent: return true
            default: return false
            }
        }
    }

    /// §11.5.1 "Distribute extra space across spanned tracks" for one group of items.
    func distribute(
        _ axis: GridAxis, _ tracks: inout [GridTrack], group: [Int], phase: GridSizingPhase, flexOnly: Bool,
        constrained: Bool, underMaxContent: Bool, gap: Double
    ) {
        var touched: [Int] = []
        var isTouched = [Bool]()
        for item in group {
            let range = items[item].range(axis)
            if range.count == 1 {
                // One track (most items): the whole extra space goes to it, a fit-content()
                // growth limit up to its argument; no arrays to build.
                let index = range.lowerBound
                let track = tracks[index]
                guard isAffected(track, phase, underMaxContent: underMaxContent),
                    !flexOnly || track.maximum.flexFactor != nil
                else { continue }
                if isTouched.isEmpty { isTouched = [Bool](repeating: false, count: tracks.count) }
                if !isTouched[index] {
                    isTouched[index] = true
                    touched.append(index)
                }
                let size = contribution(item, axis, phase, constrained: constrained, tracks)
                let current = phase.affectsBase || !track.limit.isFinite ? track.base : track.limit
                var increase = size - current
                guard increase > 1e-9, increase.isFinite else { continue }
                if !phase.affectsBase, let fit = track.maximum.fitContentLimit {
                    increase = min(increase, max(0, fit - current))
                }
                tracks[index].planned = max(track.planned, increase)
                continue
            }
            var affected: [Int] = []
            for index in range where isAffected(tracks[index], phase, underMaxContent: underMaxContent) {
                if flexOnly, tracks[index].maximum.flexFactor == nil { continue }
                affected.append(index)
            }
            if affected.isEmpty { continue }
            if isTouched.isEmpty { isTouched = [Bool](repeating: false, count: tracks.count) }
            for index in affected where !isTouched[index] {
                isTouched[index] = true
                touched.append(index)
            }
            let size = contribution(item, axis, phase, constrained: constrained, tracks)
            var current = gapSum(tracks, range, gap: gap)
            for index in range {
                let track = tracks[index]
                current += phase.affectsBase || !track.limit.isFinite ? track.base : track.limit
            }
            var space = size - current
            guard space > 1e-9, space.isFinite else { continue }
            let weights: [Double]? = flexOnly ? affected.map { tracks[$0].maximum.flexFactor ?? 0 } : nil
            let headroom: [Double] = affected.map { index in
                let track = tracks[index]
                if phase.affectsBase {
                    return track.limit.isFinite ? max(0, track.limit - track.base) : .infinity
                }
                let affectedSize = track.limit.isFinite ? track.limit : track.base
                guard !track.limit.isFinite || track.infinitelyGrowable else { return 0 }
                if let fit = track.maximum.fitContentLimit { return max(0, fit - affectedSize) }
                return .infinity
            }
            // Beyond the limits, a fit-content() track grows up to its argument only.
            let beyondHeadroom: [Double] = affected.map { index in
                let track = tracks[index]
                guard !phase.affectsBase, let fit = track.maximum.fitContentLimit else { return .infinity }
                return max(0, fit - (track.limit.isFinite ? track.limit : track.base))
            }
            var increases = GridSizing.spread(space, headroom: headroom, weights: weights)
            space -= increases.reduce(0, +)
            if space > 1e-9 {
                // Beyond the limits: to the tracks the phase names, else (minimums) all affected.
                var beyond: [Int] = []
                for (position, index) in affected.enumerated() {
                    let maximum = tracks[index].maximum
                    let eligible: Bool
                    switch phase {
                    case .intrinsicMinimums, .contentMinimums: eligible = maximum.isIntrinsic
                    case .maxContentMinimums: eligible = maximum.isMaxContentLike
                    case .intrinsicMaximums, .maxContentMaximums: eligible = true
                    }
                    if eligible { beyond.append(position) }
                }
                if beyond.isEmpty, phase.affectsBase { beyond = Array(affected.indices) }
                if !beyond.isEmpty {
                    let beyondWeights = weights.map { all in beyond.map { all[$0] } }
                    let extra = GridSizing.spread(
                        space, headroom: beyond.map { max(0, beyondHeadroom[$0] - increases[$0]) },
                        weights: beyondWeights)
                    for (offset, position) in beyond.enumerated() { increases[position] += extra[offset] }
                }
            }
            for (position, index) in affected.enumerated() {
                tracks[index].planned = max(tracks[index].planned, increases[position])
            }
        }
        for index in touched {
            let planned = tracks[index].planned
            tracks[index].planned = 0
            if phase.affectsBase {
                tracks[index].base += planned
                if tracks[index].limit < tracks[index].base { tracks[index].limit = tracks[index].base }
            } else if !tracks[index].limit.isFinite {
                tracks[index].limit = tracks[index].base + planned
                if phase == .intrinsicMaximums { tracks[index].infinitelyGrowable = true }
            } else {
                tracks[index].limit += planned
            }
        }
    }

    /// The item's size contribution a phase distributes.
    func contribution(
        _ item: Int, _ axis: GridAxis, _ phase: GridSizingPhase, constrained: Bool, _ tracks: [GridTrack]
    ) -> Double {
        switch phase {
        case .intrinsicMinimums:
            return constrained
                ? limitedMinContent(item, axis, tracks) : minimumContribution(item, axis, tracks)
        case .contentMinimums, .intrinsicMaximums: return minContentContribution(item, axis, tracks)
        case .maxContentMinimums, .maxContentMaximums: return maxContentContribution(item, axis, tracks)
        }
    }

    /// §11.6 Maximize tracks.
    func maximize(_ tracks: inout [GridTrack], space: AvailableSpace, gap: Double) {
        switch space {
        case .definite(let available):
            let free = available - Self.totalSize(tracks, gap: gap)
            guard free > 0 else { return }
            let headroom = tracks.map { $0.collapsed ? 0 : max(0, $0.limit - $0.base) }
            let increases = GridSizing.spread(free, headroom: headroom, weights: nil)
            for index in tracks.indices { tracks[index].base += increases[index] }
        case .maxContent:
            for index in tracks.indices where tracks[index].limit.isFinite {
                tracks[index].base = max(tracks[index].base, tracks[index].limit)
            }
        case .minContent:
            break
        }
    }

    /// §11.7 Expand flexible tracks.
    func expandFlexible(
        _ axis: GridAxis, _ tracks: inout [GridTrack], space: AvailableSpace, gap: Double,
        minimumInner: Double?,
        maximumInner: Double?
    ) {
        let flexible = tracks.indices.filter { !tracks[$0].collapsed && tracks[$0].maximum.flexFactor != nil }
        guard !flexible.isEmpty else { return }
        let all = Array(tracks.indices)
        let allGaps = gapSum(tracks, 0..<tracks.count, gap: gap)
        var fraction: Double
        switch space {
        case .minContent:
            return
        case .definite(let available):
            fraction = GridSizing.frSize(tracks, all, space: available, gaps: allGaps)
        case .maxContent:
            fraction = 0
            for index in flexible {
                let factor = tracks[index].maximum.flexFactor ?? 0
                fraction = max(fraction, factor > 1 ? tracks[index].base / factor : tracks[index].base)
            }
            for item in items.indices {
                let crosses = axis == .column ? items[item].crossesFlexColumn : items[item].crossesFlexRow
                guard crosses else { continue }
                let range = items[item].range(axis)
                let contribution = maxContentContribution(item, axis, tracks)
                fraction = max(
                    fraction,
                    GridSizing.frSize(
                        tracks, Array(range), space: contribution, gaps: gapSum(tracks, range, gap: gap)))
            }
            var total = allGaps
            for index in tracks.indices {
                let factor = tracks[index].maximum.flexFactor
                total += factor.map { max(tracks[index].base, fraction * $0) } ?? tracks[index].base
            }
            if let maximumInner, total > maximumInner {
                fraction = GridSizing.frSize(tracks, all, space: maximumInner, gaps: allGaps)
            } else if let minimumInner, total < minimumInner {
                fraction = GridSizing.frSize(tracks, all, space: minimumInner, gaps: allGaps)
            }
        }
        guard fraction.isFinite, fraction > 0 else { return }
        for index in flexible {
            let target = LayoutLimits.clamp(fraction * (tracks[index].maximum.flexFactor ?? 0))
            if target > tracks[index].base {
                tracks[index].base = target
                tracks[index].limit = max(tracks[index].limit, target)
            }
        }
    }

    /// §11.8 Stretch `auto` tracks (when content distribution is `normal` / `stretch`).
    func stretchAutoTracks(
        _ axis: GridAxis, _ tracks: inout [GridTrack], space: AvailableSpace, gap: Double,
        minimumInner: Double?
    ) {
        let distribution = axis == .column ? (grid.justifyContent ?? .stretch) : node.storedStyle.alignContent
        guard distribution == .stretch else { return }
        let available: Double
        if case .definite(let value) = space {
            available = value
        } else if let minimumInner {
            available = minimumInner
        } else {
            return
        }
        let free = available - Self.totalSize(tracks, gap: gap)
        guard free > 0 else { return }
        let autos = tracks.indices.filter {
            if tracks[$0].collapsed { return false }
            if case .auto = tracks[$0].maximum { return true }
            return false
        }
        guard !autos.isEmpty else { return }
        let share = free / Double(autos.count)
        for index in autos { tracks[index].base += share }
    }

    // MARK: Item contributions

    /// The size of the spanned tracks of the other axis, when known: the columns' sizes while
    /// rows are sized; while columns are sized, the rows' fixed maximums (§11.1 step 1).
    func otherAxisArea(_ item: Int, _ axis: GridAxis) -> Double? {
        if axis == .row {
            let range = items[item].columns
            var size = gapSum(columns, range, gap: columnGap)
            for index in range { size += columns[index].base }
            return size
        }
        let range = items[item].rows
        var size = gapSum(rows, range, gap: rowGap)
        for index in range {
            if rowsSized {
                size += rows[index].base
                continue
            }
            guard case .fixed(let value) = rows[index].maximum else { return nil }
            size += value
        }
        return size
    }

    /// Measures an item's outer size in `axis` under `space`.
    func measure(_ item: Int, _ axis: GridAxis, space: AvailableSpace, tracks: [GridTrack]) -> Double {
        // Unmanaged: `placedChildren` keeps the node alive (a strong local cost a retain and a
        // release per call).
        Unmanaged.passUnretained(items[item].node)._withUnsafeGuaranteedRef {
            measure(item, axis, space: space, tracks: tracks, node: $0)
        }
    }

    private func measure(
        _ item: Int, _ axis: GridAxis, space: AvailableSpace, tracks: [GridTrack], node: LayoutNode
    ) -> Double {
        if node.storedChildren.isEmpty, node.storedMeasure == nil, node.storedStyle.display != .grid,
            node.storedStyle.aspectRatio == nil
        {
            // An empty leaf: its own size or its padding and border, as the leaf algorithm gives.
            let box = node.resolvedBox(
                parentWidth: axis == .row ? otherAxisArea(item, axis) : nil, parentHeight: nil)
            let pbBox = box.paddingBorder
            if axis == .column {
                let width =
                    box.width.map { max($0.clamped(box.minimumWidth, box.maximumWidth), pbBox.horizontal) }
                    ?? max(pbBox.horizontal.clamped(box.minimumWidth, box.maximumWidth), pbBox.horizontal)
                return width + box.margin.horizontal
            }
            let height =
                box.height.map { max($0.clamped(box.minimumHeight, box.maximumHeight), pbBox.vertical) }
                ?? max(pbBox.vertical.clamped(box.minimumHeight, box.maximumHeight), pbBox.vertical)
            return height + box.margin.vertical + (baselineShims.isEmpty ? 0 : baselineShims[item])
        }
        let other = otherAxisArea(item, axis)
        if axis == .column {
            let box = node.resolvedBox(parentWidth: nil, parentHeight: other)
            var knownHeight: Double?
            if let other, items[item].align == .stretch, box.height == nil, !box.autoMargin.top,
                !box.autoMargin.bottom
            {
                knownHeight = max(
                    (other - box.margin.vertical).clamped(box.minimumHeight, box.maximumHeight),
                    box.paddingBorder.vertical)
            }
            let output = LayoutEngine.computeChild(
                node, knownWidth: nil, knownHeight: knownHeight, parentWidth: nil, parentHeight: other,
                availableWidth: space,
                availableHeight: other.map { .definite(max(0, $0 - box.margin.vertical)) } ?? .maxContent,
                sizing: .inherentSize, parentRTL: rtl, mode: .computeSize, pass: pass)
            return output.width + box.margin.horizontal
        }
        let areaWidth = other ?? 0
        let box = node.resolvedBox(parentWidth: areaWidth, parentHeight: nil)
        var knownWidth = usedWidth(item, box: box, areaWidth: areaWidth)
        if knownWidth == nil, box.aspectRatio != nil, box.height == nil {
            // The width from the content, then the height through the ratio.
            knownWidth =
                LayoutEngine.computeChild(
                    node, knownWidth: nil, knownHeight: nil, parentWidth: areaWidth, parentHeight: nil,
                    availableWidth: .definite(max(0, areaWidth - box.margin.horizontal)),
                    availableHeight: .maxContent,
                    sizing: .inherentSize, parentRTL: rtl, mode: .computeSize, pass: pass
                ).width
        }
        let output = LayoutEngine.computeChild(
            node, knownWidth: knownWidth, knownHeight: nil, parentWidth: areaWidth, parentHeight: nil,
            availableWidth: .definite(max(0, areaWidth - box.margin.horizontal)), availableHeight: space,
            sizing: .inherentSize, parentRTL: rtl, mode: .computeSize, pass: pass)
        return output.height + box.margin.vertical + (baselineShims.isEmpty ? 0 : baselineShims[item])
    }

    /// The width an item is laid out with in a column area of `areaWidth`, when it does not
    /// depend on its content: its own width, or the stretched area.
    func usedWidth(_ item: Int, box: ResolvedBox, areaWidth: Double) -> Double? {
        let pbWidth = box.paddingBorder.horizontal
        if let width = box.width { return max(width.clamped(box.minimumWidth, box.maximumWidth), pbWidth) }
        if items[item].justify == .stretch, !box.autoMargin.left, !box.autoMargin.right {
            return max(
                (areaWidth - box.margin.horizontal).clamped(box.minimumWidth, box.maximumWidth), pbWidth)
        }
        return nil
    }

    func minContentContribution(_ item: Int, _ axis: GridAxis, _ tracks: [GridTrack]) -> Double {
        if let value = items[item].minContent { return value }
        let value = measure(item, axis, space: .minContent, tracks: tracks)
        items[item].minContent = value
        return value
    }

    func maxContentContribution(_ item: Int, _ axis: GridAxis, _ tracks: [GridTrack]) -> Double {
        if let value = items[item].maxContent { return value }
        let value = measure(item, axis, space: .maxContent, tracks: tracks)
        items[item].maxContent = value
        return value
    }

    /// The minimum contribution (§11.5 and §6.6 automatic minimum size of grid items).
    func minimumContribution(_ item: Int, _ axis: GridAxis, _ tracks: [GridTrack]) -> Double {
        if let value = items[item].minimum { return value }
        // Unmanaged, as in `measure`.
        return Unmanaged.passUnretained(items[item].node)._withUnsafeGuaranteedRef {
            minimumContribution(item, axis, tracks, node: $0)
        }
    }

    private func minimumContribution(
        _ item: Int, _ axis: GridAxis, _ tracks: [GridTrack], node: LayoutNode
    ) -> Double {
        let other = otherAxisArea(item, axis)
        let box = node.resolvedBox(parentWidth: axis == .row ? other : nil, parentHeight: nil)
        let isColumn = axis == .column
        let margin = isColumn ? box.margin.horizontal : box.margin.vertical
        let pbSize = isColumn ? box.paddingBorder.horizontal : box.paddingBorder.vertical
        let preferred = isColumn ? box.width : box.height
        let minimum = isColumn ? box.minimumWidth : box.minimumHeight
        let maximum = isColumn ? box.maximumWidth : box.maximumHeight
        let value: Double
        if preferred != nil {
            value = minContentContribution(item, axis, tracks)
        } else if let minimum {
            value = max(minimum, pbSize) + margin
        } else {
            let range = items[item].range(axis)
            var hasAutoMinimum = false
            var crossesFlex = false
            var fixedMaximum: Double? = gapSum(tracks, range, gap: axis == .column ? columnGap : rowGap)
            for index in range {
                if case .auto = tracks[index].minimum { hasAutoMinimum = true }
                if tracks[index].maximum.flexFactor != nil { crossesFlex = true }
                if case .fixed(let size) = tracks[index].maximum {
                    fixedMaximum = fixedMaximum.map { $0 + size }
                } else {
                    fixedMaximum = nil
                }
            }
            let scrolls = isColumn ? node.storedStyle.scrollsX : node.storedStyle.scrollsY
            if hasAutoMinimum, !(crossesFlex && range.count > 1), !scrolls {
                var content = minContentContribution(item, axis, tracks) - margin
                if let maximum { content = min(content, maximum) }
                if let fixedMaximum { content = min(content, fixedMaximum - margin) }
                value = max(content, pbSize) + margin
            } else {
                value = pbSize + margin
            }
        }
        items[item].minimum = value
        return value
    }

    /// The min-content contribution limited by a fixed maximum of the spanned tracks, floored by
    /// the minimum contribution (§11.5, for sizing under a min- or max-content constraint).
    func limitedMinContent(_ item: Int, _ axis: GridAxis, _ tracks: [GridTrack]) -> Double {
        var value = minContentContribution(item, axis, tracks)
        let range = items[item].range(axis)
        var limit: Double? = gapSum(tracks, range, gap: axis == .column ? columnGap : rowGap)
        for index in range {
            switch tracks[index].maximum {
            case .fixed(let size), .fitContent(let size): limit = limit.map { $0 + size }
            default: limit = nil
            }
        }
        if let limit { value = min(value, limit) }
        return max(value, minimumContribution(item, axis, tracks))
    }
}
