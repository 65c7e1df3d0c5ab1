extension FlexContainerLayout {
    // MARK: 5. Collect items into lines

    func collectLines() {
        let count = items.count
        guard isWrap, count > 0 else {
            // Into a recycled array: a new one-element array per container run was an
            // allocation per run.
            lines = pass.takeLineArray()
            lines.append(FlexLine(start: 0, end: count))
            return
        }
        var limit = availableMain
        if limit.value == nil, let maxMain {
            limit = .definite(max(0, maxMain - pb.mainSum(isRow)))
        }
        if case .definite(var value) = limit, let minMain {
            value = max(value, minMain - pb.mainSum(isRow))
            limit = .definite(value)
        }
        switch limit {
        case .maxContent:
            if node.storedStyle.balancesLines, let requested = node.storedStyle.lineCount, requested > 1 {
                lines = balancedLines(count: min(requested, count))
            } else {
                lines = [FlexLine(start: 0, end: count)]
            }
        case .minContent:
            lines = (0..<count).map { FlexLine(start: $0, end: $0 + 1) }
        case .definite(let available):
            let greedy = greedyLines(available: available, clampNegative: node.storedStyle.balancesLines)
            if node.storedStyle.balancesLines {
                let wanted = max(node.storedStyle.lineCount ?? 1, greedy.count)
                lines = balancedLines(count: min(wanted, count), available: available)
            } else {
                lines = greedy
            }
        }
    }

    /// Greedy breaking: an item starts a new line when it would overflow a non-empty line.
    func greedyLines(available: Double, clampNegative: Bool) -> [FlexLine] {
        var result: [FlexLine] = []
        var start = 0
        var length = 0.0
        for index in items.indices {
            var size = items[index].outerHypotheticalMain(isRow)
            if clampNegative { size = max(0, size) }
            let added = index == start ? size : length + gapMain + size
            // A small tolerance so that sizes summing exactly to the space stay on one line.
            if index != start, added > available + 1e-9 {
                result.append(FlexLine(start: start, end: index))
                start = index
                length = size
            } else {
                length = added
            }
        }
        result.append(FlexLine(start: start, end: items.count))
        return result
    }

    /// Balanced breaking into exactly `count` lines. With a known line length the lines'
    /// squared slack is minimised (even lines); without one the longest line is minimised.
    /// Among equally good breaks, earlier lines take more items.
    ///
    /// The search takes lines × items² / 2 steps; past ``maximumBalancingSteps`` the longest line
    /// is minimised instead, in linear time per try (a bound on work that input controls).
    func balancedLines(count lineCount: Int, available: Double? = nil) -> [FlexLine] {
        let count = items.count
        guard lineCount > 1, count > 1 else { return [FlexLine(start: 0, end: count)] }
        // As many lines as items: one item a line is the only way.
        guard lineCount < count else { return (0..<count).map { FlexLine(start: $0, end: $0 + 1) } }
        var prefix = [0.0]
        prefix.reserveCapacity(count + 1)
        for item in items {
            prefix.append(prefix[prefix.count - 1] + max(0, item.outerHypotheticalMain(isRow)))
        }
        func length(_ start: Int, _ end: Int) -> Double {
            prefix[end] - prefix[start] + gapMain * Double(max(0, end - start - 1))
        }
        guard Double(lineCount) * Double(count) * Double(count) / 2 <= Double(Self.maximumBalancingSteps)
        else {
            return shortestLongestLines(count: lineCount, length: length)
        }
        func lineCost(_ start: Int, _ end: Int) -> Double {
            guard let available else { return length(start, end) }
            let slack = available - length(start, end)
            return slack * slack
        }
        func combine(_ rest: Double, _ line: Double) -> Double {
            available == nil ? max(rest, line) : rest + line
        }
        // cost[k][i]: the best cost of breaking items i..<count into k lines.
        let infinity = Double.infinity
        var cost = [[Double]](
            repeating: [Double](repeating: infinity, count: count + 1), count: lineCount + 1)
        cost[0][count] = 0
        for lines in 1...lineCount {
            for start in stride(from: count - lines, through: 0, by: -1) {
                var best = infinity
                for end in (start + 1)...(count - lines + 1) where cost[lines - 1][end] < infinity {
                    best = min(best, combine(cost[lines - 1][end], lineCost(start, end)))
                }
                cost[lines][start] = best
            }
        }
        var result: [FlexLine] = []
        var start = 0
        for line in 0..<lineCount {
            let remaining = lineCount - line - 1
            guard remaining > 0 else {
                result.append(FlexLine(start: start, end: count))
                break
            }
            let target = cost[lineCount - line][start]
            // The longest first line that still achieves the optimum.
            var chosen = start + 1
            for end in stride(from: count - remaining, through: start + 1, by: -1)
            where cost[remaining][end] < infinity {
                let value = combine(cost[remaining][end], lineCost(start, end))
                if value <= target + max(1e-9, abs(target) * 1e-12) {
                    chosen = end
                    break
                }
            }
            result.append(FlexLine(start: start, end: chosen))
            start = chosen
        }
        return result
    }

    // MARK: 6. Resolve flexible lengths (§9.7)

    func resolveFlexibleLengths(_ line: FlexLine) {
        let range = line.start..<line.end
        guard !range.isEmpty else { return }
        let inner = containerMain - pb.mainSum(isRow)
        let gaps = gapMain * Double(range.count - 1)
        var hypotheticalSum = gaps
        for index in range { hypotheticalSum += items[index].outerHypotheticalMain(isRow) }
        let growing = hypotheticalSum < inner
        if hypotheticalSum == inner {
            // Nothing to distribute: every item keeps its hypothetical size.
            for index in range { items[index].targetMain = items[index].hypotheticalMain }
            return
        }
        if !growing {
            for index in range where items[index].shrink > 0 { resolvePendingMinimum(index) }
        }

        for index in range {
            let item = items[index]
            item.targetMain = item.hypotheticalMain
            item.frozen =
                (growing ? item.grow == 0 : item.shrink == 0)
                || (growing && item.flexBasis > item.hypotheticalMain)
                || (!growing && item.flexBasis < item.hypotheticalMain)
        }
        func usedSpace() -> Double {
            var used = gaps
            for index in range {
                let item = items[index]
                used += item.frozen ? item.outerTargetMain(isRow) : item.flexBasis + item.marginMain(isRow)
            }
            return used
        }
        let initialFree = inner - usedSpace()

        for _ in 0...range.count {
            var sumGrow = 0.0
            var sumShrink = 0.0
            var sumScaledShrink = 0.0
            var anyUnfrozen = false
            for index in range where !items[index].frozen {
                anyUnfrozen = true
                sumGrow += items[index].grow
                sumShrink += items[index].shrink
                sumScaledShrink += items[index].shrink * items[index].innerFlexBasis
            }
            guard anyUnfrozen else { break }
            var free = inner - usedSpace()
            let factorSum = growing ? sumGrow : sumShrink
            if factorSum < 1 {
                let scaled = initialFree * factorSum
                if abs(scaled) < abs(free) { free = scaled }
            }
            var totalViolation = 0.0
            for index in range where !items[index].frozen {
                let item = items[index]
                var target = item.flexBasis
                if free.isFinite, free != 0 {
                    if growing, sumGrow > 0 {
                        target += free * item.grow / sumGrow
                    } else if !growing, sumScaledShrink > 0 {
                        target += free * item.shrink * item.innerFlexBasis / sumScaledShrink
                    }
                }
                let clamped = max(0, target.clamped(item.resolvedMinMain, item.maxMain))
                item.violation = clamped - target
                item.targetMain = clamped
                totalViolation += item.violation
            }
            for index in range where !items[index].frozen {
                let violation = items[index].violation
                items[index].frozen =
                    totalViolation > 0 ? violation > 0 : totalViolation < 0 ? violation < 0 : true
            }
        }
    }

    /// The most steps ``balancedLines(count:available:)``'s exact search may take (lines ×
    /// items² / 2); a larger container's lines minimise the longest line instead.
    static let maximumBalancingSteps = 2_000_000

    /// `lineCount` lines whose longest is as short as possible: a bisection on the longest
    /// line's length, each try a greedy pass (greedy breaking needs the fewest lines under a
    /// given length), then lines split off the end until there are exactly `lineCount`.
    func shortestLongestLines(count lineCount: Int, length: (Int, Int) -> Double) -> [FlexLine] {
        let count = items.count
        func greedy(longest: Double) -> [FlexLine] {
            var result: [FlexLine] = []
            var start = 0
            for index in 1..<count where length(start, index + 1) > longest {
                result.append(FlexLine(start: start, end: index))
                start = index
            }
            result.append(FlexLine(start: start, end: count))
            return result
        }
        var low = 0.0
        var high = length(0, count)  // one line: always within
        for _ in 0..<64 where high - low > max(1e-9, high * 1e-12) {
            let middle = (low + high) / 2
            if greedy(longest: middle).count <= lineCount { high = middle } else { low = middle }
        }
        let lines = greedy(longest: high)
        var missing = lineCount - lines.count
        guard missing > 0 else { return lines }
        // Splitting a line never lengthens the longest one.
        var split: [FlexLine] = []
        split.reserveCapacity(lineCount)
        for line in lines.reversed() {
            var end = line.end
            while missing > 0, end - line.start > 1 {
                split.append(FlexLine(start: end - 1, end: end))
                end -= 1
                missing -= 1
            }
            split.append(FlexLine(start: line.start, end: end))
        }
        return split.reversed()
    }
}
