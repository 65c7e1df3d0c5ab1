extension FlexContainerLayout {
    // MARK: 7. Hypothetical cross sizes

    func determineHypotheticalCrossSizes() {
        let innerMainUsed = containerMain - pb.mainSum(isRow)
        for index in items.indices {
            let item = items[index]
            if let cross = item.sizeCross.clamped(item.minCross, item.maxCross) {
                item.hypotheticalCross = max(cross, item.pbCross)
            } else if !isWrap, let innerCross, item.alignSelf == .stretch, !item.autoCrossStart,
                !item.autoCrossEnd
            {
                // Stretched in a single line of known cross size: the line's size decides, so
                // the content need not be measured.
                item.hypotheticalCross = max(
                    (innerCross - item.marginCross(isRow)).clamped(
                        item.stretchMinCross, item.stretchMaxCross),
                    item.pbCross)
            } else {
                let size = computeItem(
                    item.node, knownMain: item.targetMain, knownCross: nil,
                    mainSpace: .definite(innerMainUsed), crossSpace: availableCross, sizing: .contentSize,
                    mode: .computeSize,
                    heightIsIndefinite: flexedHeightsMayBeIndefinite && flexedHeightIsIndefinite(item))
                let cross = isRow ? size.height : size.width
                item.hypotheticalCross = max(cross.clamped(item.minCross, item.maxCross), item.pbCross)
            }
        }
    }

    /// First baselines of baseline-aligned items in a row container.
    func computeBaselines() {
        let innerMainUsed = containerMain - pb.mainSum(isRow)
        for index in items.indices where items[index].alignSelf == .baseline {
            let item = items[index]
            let output = computeItem(
                item.node, knownMain: item.targetMain, knownCross: item.hypotheticalCross,
                mainSpace: .definite(innerMainUsed), crossSpace: availableCross, sizing: .contentSize,
                mode: .performLayout,
                heightIsIndefinite: flexedHeightsMayBeIndefinite && flexedHeightIsIndefinite(item))
            items[index].baseline = output.baseline ?? item.hypotheticalCross
        }
    }

    @inline(__always)
    func isBaselineAligned(_ item: FlexItem) -> Bool {
        isRow && item.alignSelf == .baseline && !item.autoCrossStart && !item.autoCrossEnd
    }

    // MARK: 8. Line cross sizes

    func computeLineCrossSizes() {
        if !isWrap, let innerCross {
            lines[0].crossSize = innerCross
            return
        }
        for index in lines.indices {
            var maxAbove = 0.0
            var maxBelow = 0.0
            var largest = 0.0
            for itemIndex in lines[index].start..<lines[index].end {
                let item = items[itemIndex]
                let outer = item.outerHypotheticalCross(isRow)
                if isBaselineAligned(item) {
                    let above = item.baseline + item.margin.crossStart(isRow)
                    maxAbove = max(maxAbove, above)
                    maxBelow = max(maxBelow, outer - above)
                } else {
                    largest = max(largest, outer)
                }
            }
            lines[index].crossSize = max(largest, maxAbove + maxBelow)
        }
        if !isWrap {
            let pbCross = pb.crossSum(isRow)
            lines[0].crossSize = lines[0].crossSize.clamped(
                minCross.map { $0 - pbCross }, maxCross.map { $0 - pbCross })
        }
    }

    /// `align-content: stretch`: lines share the container's extra cross space.
    func stretchLines() {
        guard isWrap, node.storedStyle.alignContent == .stretch, !lines.isEmpty else { return }
        let pbCross = pb.crossSum(isRow)
        guard let target = innerCross ?? minCross.map({ $0 - pbCross }) else { return }
        var total = gapCross * Double(lines.count - 1)
        for line in lines { total += line.crossSize }
        guard total < target else { return }
        let extra = (target - total) / Double(lines.count)
        for index in lines.indices { lines[index].crossSize += extra }
    }

    // MARK: 9. Used cross sizes

    func determineUsedCrossSizes() {
        for line in lines {
            for index in line.start..<line.end {
                let item = items[index]
                if item.alignSelf == .stretch, item.crossIsAuto, !item.autoCrossStart, !item.autoCrossEnd {
                    item.targetCross = max(
                        (line.crossSize - item.marginCross(isRow)).clamped(
                            item.stretchMinCross, item.stretchMaxCross),
                        item.pbCross)
                } else {
                    item.targetCross = item.hypotheticalCross
                }
            }
        }
    }

    // MARK: 10. Main-axis distribution (justify-content and auto margins)

    func distributeMainFreeSpace(_ line: FlexLine) {
        let range = line.start..<line.end
        guard !range.isEmpty else { return }
        let count = range.count
        var used = gapMain * Double(count - 1)
        var autoMargins = 0
        for index in range {
            used += items[index].outerTargetMain(isRow)
            if items[index].autoMainStart { autoMargins += 1 }
            if items[index].autoMainEnd { autoMargins += 1 }
        }
        let free = containerMain - pb.mainSum(isRow) - used
        if autoMargins > 0 {
            let share = max(0, free) / Double(autoMargins)
            for index in range {
                if items[index].autoMainStart {
                    if isRow { items[index].margin.left = share } else { items[index].margin.top = share }
                }
                if items[index].autoMainEnd {
                    if isRow { items[index].margin.right = share } else { items[index].margin.bottom = share }
                }
            }
            // Walked in placement order so the first placed item gets no gap.
            for (position, index) in placementOrder(range).enumerated() {
                items[index].offsetMain = position == 0 ? 0 : gapMain
            }
            return
        }
        var distribution = Distribution(node.storedStyle.justifyContent).fallback(free: free, count: count)
        if free < 0, node.storedStyle.safeAlignment.contains(.justifyContent) { distribution = .start }
        for (position, index) in placementOrder(range).enumerated() {
            items[index].offsetMain = distribution.offset(
                free: free, count: count, gap: gapMain, reversed: isReverse, isFirst: position == 0)
        }
    }

    /// Items of a line in the order they are placed from the physical start (a stride, so no
    /// array is allocated per line).
    func placementOrder(_ range: Range<Int>) -> StrideTo<Int> {
        isReverse
            ? stride(from: range.upperBound - 1, to: range.lowerBound - 1, by: -1)
            : stride(from: range.lowerBound, to: range.upperBound, by: 1)
    }

    /// Lines in the order they are placed from the cross start.
    func lineOrder() -> StrideTo<Int> {
        wrapReverse ? stride(from: lines.count - 1, to: -1, by: -1) : stride(from: 0, to: lines.count, by: 1)
    }

    // MARK: 11. Container cross size and line alignment

    func determineContainerCrossSize() -> Double {
        var total = gapCross * Double(max(0, lines.count - 1))
        for line in lines { total += line.crossSize }
        let pbCross = pb.crossSum(isRow)
        if let knownCross {
            containerCross = knownCross
        } else {
            containerCross = max((total + pbCross).clamped(minCross, maxCross), floorCross)
        }
        return total
    }

    func alignLines(totalLineCross: Double) {
        guard isWrap, !lines.isEmpty else { return }
        let free = containerCross - pb.crossSum(isRow) - totalLineCross
        var distribution = Distribution(node.storedStyle.alignContent).fallback(
            free: free, count: lines.count)
        if free < 0, node.storedStyle.safeAlignment.contains(.alignContent) { distribution = .start }
        for (position, index) in lineOrder().enumerated() {
            lines[index].offsetCross = distribution.offset(
                free: free, count: lines.count, gap: gapCross, reversed: wrapReverse, isFirst: position == 0)
        }
    }
}
