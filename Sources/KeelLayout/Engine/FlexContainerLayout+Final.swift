extension FlexContainerLayout {
    // MARK: 12. Final layout: cross alignment, child layout, positions

    /// Lays out every in-flow item at its final size and stores its frame; returns the
    /// container's first baseline.
    func finalLayoutPass() -> Double? {
        let innerMainUsed = containerMain - pb.mainSum(isRow)
        let innerCrossUsed = containerCross - pb.crossSum(isRow)
        let containerWidth = isRow ? containerMain : containerCross
        var totalCross = pb.crossStart(isRow)
        let firstLine = wrapReverse ? lines.count - 1 : 0
        var firstBaseline: Double?
        var foundAlignedBaseline = false
        for lineIndex in lineOrder() {
            let line = lines[lineIndex]
            totalCross += line.offsetCross
            var maxAbove = 0.0
            var baselineShift = 0.0
            if hasBaselineItems {
                for index in line.start..<line.end where isBaselineAligned(items[index]) {
                    maxAbove = max(maxAbove, items[index].baseline + items[index].margin.crossStart(isRow))
                }
                if !isRow, !wrapReverse {
                    for index in line.start..<line.end where isColumnBaselineAligned(items[index]) {
                        maxAbove = max(maxAbove, columnBaselineDistance(items[index]))
                    }
                }
                if wrapReverse { baselineShift = wrapReverseBaselineShift(line, maxAbove: maxAbove) }
            }
            var totalMain = pb.mainStart(isRow)
            for index in placementOrder(line.start..<line.end) {
                alignInCrossAxis(
                    index, lineCross: line.crossSize, maxAbove: maxAbove, baselineShift: baselineShift)
                let targetMain = items[index].targetMain
                let targetCross = items[index].targetCross
                let heightIsIndefinite =
                    flexedHeightsMayBeIndefinite
                    && Unmanaged.passUnretained(items[index])._withUnsafeGuaranteedRef {
                        flexedHeightIsIndefinite($0)
                    }
                let output = Unmanaged.passUnretained(items[index].node)._withUnsafeGuaranteedRef {
                    computeItem(
                        $0, knownMain: targetMain, knownCross: targetCross,
                        mainSpace: .definite(innerMainUsed), crossSpace: .definite(innerCrossUsed),
                        sizing: .inherentSize, mode: .performLayout, heightIsIndefinite: heightIsIndefinite)
                }
                Unmanaged.passUnretained(items[index])._withUnsafeGuaranteedRef { item in
                    let mainSize = isRow ? output.width : output.height
                    let mainPosition = totalMain + item.offsetMain + item.margin.mainStart(isRow)
                    let crossPosition = totalCross + item.offsetCross + item.margin.crossStart(isRow)
                    totalMain += item.offsetMain + item.marginMain(isRow) + mainSize
                    var x = isRow ? mainPosition : crossPosition
                    var y = isRow ? crossPosition : mainPosition
                    x += item.insetLeft ?? item.insetRight.map { -$0 } ?? 0
                    y += item.insetTop ?? item.insetBottom.map { -$0 } ?? 0
                    if rtl { x = containerWidth - x - output.width }
                    item.node.unrounded = Rect(x: x, y: y, width: output.width, height: output.height)
                    if lineIndex == firstLine {
                        // The first baseline-aligned item of the first line, else its first item.
                        let candidate = y + (output.baseline ?? output.height)
                        if isBaselineAligned(item), !foundAlignedBaseline {
                            firstBaseline = candidate
                            foundAlignedBaseline = true
                        } else if firstBaseline == nil {
                            firstBaseline = candidate
                        }
                    }
                }
            }
            totalCross += line.crossSize
        }
        return firstBaseline
    }

    /// Whether a column aligns the item by its baseline: in a column (not `wrap-reverse`) the
    /// cross axis is horizontal, so a box's baseline there is synthesized as in a vertical
    /// writing mode, at its line-under edge: its physical left border edge.
    @inline(__always)
    func isColumnBaselineAligned(_ item: FlexItem) -> Bool {
        !isRow && !wrapReverse && item.alignSelf == .baseline && !item.autoCrossStart && !item.autoCrossEnd
    }

    /// The distance from a column item's cross-start margin edge to its baseline (its left
    /// border edge): the start margin left to right; the start margin and the border box in
    /// a right-to-left column, whose cross start is the right. The item with the largest
    /// distance is flush with the line's cross start and the others line up with it.
    @inline(__always)
    func columnBaselineDistance(_ item: FlexItem) -> Double {
        rtl ? item.margin.crossStart(isRow) + item.targetCross : item.margin.crossStart(isRow)
    }

    /// How far a wrap-reverse line moves its baseline-aligned items: `wrap-reverse` swaps
    /// the cross start and end, so the group aligned by their baselines sits against the
    /// line's after edge (the bottom of a row) instead of its top, as browsers place it:
    /// the group moves by the least space any of its items leaves below itself.
    private func wrapReverseBaselineShift(_ line: FlexLine, maxAbove: Double) -> Double {
        var shift = Double.infinity
        for index in line.start..<line.end where isBaselineAligned(items[index]) {
            let item = items[index]
            let offset = maxAbove - item.baseline - item.margin.crossStart(isRow)
            shift = min(shift, line.crossSize - item.outerTargetCross(isRow) - offset)
        }
        return shift.isFinite ? shift : 0
    }

    /// Resolves cross-axis auto margins or `align-self` into the item's cross offset.
    func alignInCrossAxis(_ index: Int, lineCross: Double, maxAbove: Double, baselineShift: Double = 0) {
        // Unmanaged: a strong local here cost a retain and a release per item.
        Unmanaged.passUnretained(items[index])._withUnsafeGuaranteedRef {
            alignInCrossAxis($0, lineCross: lineCross, maxAbove: maxAbove, baselineShift: baselineShift)
        }
    }

    private func alignInCrossAxis(
        _ item: FlexItem, lineCross: Double, maxAbove: Double, baselineShift: Double
    ) {
        let free = lineCross - item.outerTargetCross(isRow)
        item.offsetCross = 0
        if item.autoCrossStart || item.autoCrossEnd {
            let positive = max(0, free)
            let share = item.autoCrossStart && item.autoCrossEnd ? positive / 2 : positive
            if item.autoCrossStart {
                if isRow { item.margin.top = share } else { item.margin.left = share }
            }
            if item.autoCrossEnd {
                if isRow { item.margin.bottom = share } else { item.margin.right = share }
            }
            return
        }
        var alignment = item.alignSelf
        if free < 0, item.alignSafe { alignment = .start }
        if alignment == .selfStart || alignment == .selfEnd {
            // Relative to the item's own direction, which only differs in a horizontal cross axis.
            let flipped = !isRow && item.rtl != rtl
            alignment = (alignment == .selfStart) != flipped ? .start : .end
        }
        switch alignment {
        case .start, .selfStart: item.offsetCross = 0
        case .end, .selfEnd: item.offsetCross = free
        case .flexStart, .stretch: item.offsetCross = wrapReverse ? free : 0
        case .flexEnd: item.offsetCross = wrapReverse ? 0 : free
        case .center: item.offsetCross = free / 2
        case .baseline:
            if isRow {
                item.offsetCross = maxAbove - item.baseline - item.margin.crossStart(isRow) + baselineShift
            } else if isColumnBaselineAligned(item) {
                item.offsetCross = maxAbove - columnBaselineDistance(item)
            } else {
                // A wrap-reverse column: aligned to the cross start.
                item.offsetCross = 0
            }
        }
    }
}
