/// The grid item placement algorithm (CSS Grid §8.5) for the in-flow children of one grid.
///
/// Works in "flow" terms: the primary axis is the one the auto-placement cursor moves along
/// (columns for `grid-auto-flow: row`), the secondary the one it moves to when a line is full.
/// Occupied cells are kept per secondary track as sorted, merged intervals of the primary
/// axis, so a full 100 × 100 grid costs a few comparisons per item.
struct GridPlacer {
    /// Placement of each item: primary and secondary start and end lines.
    struct Area {
        var primaryStart = 0
        var primaryEnd = 0
        var secondaryStart = 0
        var secondaryEnd = 0
    }

    private var occupied: [[(Int, Int)]] = []
    private var secondaryOrigin = 0
    /// Occupancy checks left (in tracks visited). Absurd spans could otherwise make placement
    /// quadratic in the span; once spent, remaining automatic items go into new tracks past
    /// everything placed (see ``GridLimits``).
    private var budget = GridLimits.placementBudget
    /// The end of the furthest area placed, per axis.
    private var furthestPrimary = Int.min
    private var furthestSecondary = Int.min

    /// Places items given their placements in the primary and secondary axes; returns each
    /// item's area. `explicitPrimary` is the explicit grid's track count in the primary axis.
    static func place(
        primary: [GridAxisPlacement], secondary: [GridAxisPlacement], explicitPrimary: Int,
        explicitSecondary: Int, dense: Bool
    ) -> [Area] {
        var placer = GridPlacer()
        let count = primary.count
        var areas = [Area](repeating: Area(), count: count)
        var placed = [Bool](repeating: false, count: count)
        // Step 0: the implicit grid's extent from definite lines and auto spans.
        var minPrimary = 0
        var maxPrimary = explicitPrimary
        var minSecondary = 0
        var maxAutoSpan = 1
        for index in 0..<count {
            switch primary[index] {
            case .definite(let start, let end):
                minPrimary = min(minPrimary, start)
                maxPrimary = max(maxPrimary, end)
            case .automatic(let span): maxAutoSpan = max(maxAutoSpan, span)
            }
            if case .definite(let start, _) = secondary[index] { minSecondary = min(minSecondary, start) }
        }
        if maxPrimary - minPrimary < maxAutoSpan { maxPrimary = minPrimary + maxAutoSpan }
        placer.secondaryOrigin = minSecondary
        _ = explicitSecondary

        // Step 1: items with definite positions in both axes.
        for index in 0..<count {
            guard case .definite(let ps, let pe) = primary[index],
                case .definite(let ss, let se) = secondary[index]
            else { continue }
            areas[index] = Area(primaryStart: ps, primaryEnd: pe, secondaryStart: ss, secondaryEnd: se)
            placer.occupy(areas[index])
            placed[index] = true
        }
        // Step 2: items locked to a secondary track (definite secondary, auto primary).
        var lockedCursor: [Int: Int] = [:]
        for index in 0..<count where !placed[index] {
            guard case .definite(let ss, let se) = secondary[index],
                case .automatic(let span) = primary[index]
            else { continue }
            var start = dense ? minPrimary : (lockedCursor[ss] ?? minPrimary)
            while placer.budget > 0 {
                if let blocker = placer.overlap(primary: start, span: span, secondary: ss, end: se) {
                    start = blocker
                } else {
                    break
                }
            }
            if placer.budget <= 0 { start = max(start, placer.furthestPrimary) }
            areas[index] = Area(
                primaryStart: start, primaryEnd: start + span, secondaryStart: ss, secondaryEnd: se)
            placer.occupy(areas[index])
            placed[index] = true
            maxPrimary = max(maxPrimary, start + span)
            if !dense { lockedCursor[ss] = start + span }
        }
        // Step 4: the rest, with the auto-placement cursor.
        var cursorPrimary = minPrimary
        var cursorSecondary = minSecondary
        for index in 0..<count where !placed[index] {
            let secondarySpan: Int
            if case .automatic(let span) = secondary[index] {
                secondarySpan = span
            } else {
                secondarySpan = 1
            }
            switch primary[index] {
            case _ where placer.budget <= 0:
                let primaryArea: (Int, Int)
                switch primary[index] {
                case .definite(let ps, let pe): primaryArea = (ps, pe)
                case .automatic(let span): primaryArea = (minPrimary, minPrimary + span)
                }
                cursorSecondary = max(cursorSecondary, placer.furthestSecondary)
                areas[index] = Area(
                    primaryStart: primaryArea.0, primaryEnd: primaryArea.1, secondaryStart: cursorSecondary,
                    secondaryEnd: cursorSecondary + secondarySpan)
            case .definite(let ps, let pe):
                if dense {
                    cursorSecondary = minSecondary
                } else if ps < cursorPrimary {
                    cursorSecondary += 1
                }
                cursorPrimary = ps
                // Past the last occupied track in the way: every start before it still overlaps it.
                while placer.budget > 0,
                    let blocked = placer.lastBlockedSecondary(
                        primary: ps, span: pe - ps, secondary: cursorSecondary,
                        end: cursorSecondary + secondarySpan)
                {
                    cursorSecondary = blocked + 1
                }
                areas[index] = Area(
                    primaryStart: ps, primaryEnd: pe, secondaryStart: cursorSecondary,
                    secondaryEnd: cursorSecondary + secondarySpan)
            case .automatic(let span):
                if dense {
                    cursorPrimary = minPrimary
                    cursorSecondary = minSecondary
                }
                while placer.budget > 0 {
                    if cursorPrimary + span > maxPrimary {
                        cursorSecondary += 1
                        cursorPrimary = minPrimary
                        continue
                    }
                    if let blocker = placer.overlap(
                        primary: cursorPrimary, span: span, secondary: cursorSecondary,
                        end: cursorSecondary + secondarySpan)
                    {
                        cursorPrimary = max(blocker, cursorPrimary + 1)
                        continue
                    }
                    break
                }
                areas[index] = Area(
                    primaryStart: cursorPrimary, primaryEnd: cursorPrimary + span,
                    secondaryStart: cursorSecondary,
                    secondaryEnd: cursorSecondary + secondarySpan)
                if !dense { cursorPrimary += span }
            }
            placer.occupy(areas[index])
        }
        return areas
    }

    /// The end of an occupied interval that overlaps the area, or `nil` when it is free.
    private mutating func overlap(primary start: Int, span: Int, secondary: Int, end: Int) -> Int? {
        let finish = start + span
        var blocker: Int?
        budget -= max(1, end - secondary)
        for track in secondary..<max(secondary + 1, end) {
            let row = track - secondaryOrigin
            guard row >= 0, row < occupied.count else { continue }
            let intervals = occupied[row]
            // Intervals are disjoint and sorted, so their ends are too: skip those ending first.
            var index = Self.firstIndex(endingAfter: start, in: intervals)
            while index < intervals.count, intervals[index].0 < finish {
                blocker = max(blocker ?? intervals[index].1, intervals[index].1)
                index += 1
                budget -= 1
            }
        }
        return blocker
    }

    /// The last secondary track in `secondary..<end` with an occupied cell in the primary range,
    /// or `nil` when the area is free.
    private mutating func lastBlockedSecondary(primary start: Int, span: Int, secondary: Int, end: Int)
        -> Int?
    {
        let finish = start + span
        budget -= max(1, end - secondary)
        var track = max(secondary + 1, end) - 1
        while track >= secondary {
            let row = track - secondaryOrigin
            if row >= 0, row < occupied.count {
                let intervals = occupied[row]
                let index = Self.firstIndex(endingAfter: start, in: intervals)
                if index < intervals.count, intervals[index].0 < finish { return track }
            }
            track -= 1
        }
        return nil
    }

    /// Adds `[start, end]` to a sorted list of disjoint intervals, merging every interval it
    /// overlaps or touches. The usual case (an item placed right after the last one in its
    /// row) widens one interval in place.
    static func insertMerging(_ intervals: inout [(Int, Int)], _ start: Int, _ end: Int) {
        // The first interval that ends at or after `start` (touching it merges).
        let first = firstIndex(endingAfter: start - 1, in: intervals)
        var last = first
        var merged = (start, end)
        while last < intervals.count, intervals[last].0 <= end {
            merged = (min(merged.0, intervals[last].0), max(merged.1, intervals[last].1))
            last += 1
        }
        if last == first {
            intervals.insert(merged, at: first)
        } else {
            intervals[first] = merged
            if last > first + 1 { intervals.removeSubrange((first + 1)..<last) }
        }
    }

    /// The index of the first of the sorted, disjoint `intervals` whose end is after `value`
    /// (their ends are sorted too): a binary search, so a track holding many items costs a
    /// logarithm per check instead of a scan from its first interval.
    static func firstIndex(endingAfter value: Int, in intervals: [(Int, Int)]) -> Int {
        var low = 0
        var high = intervals.count
        while low < high {
            let middle = (low + high) / 2
            if intervals[middle].1 > value { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private mutating func occupy(_ area: Area) {
        furthestPrimary = max(furthestPrimary, area.primaryEnd)
        furthestSecondary = max(furthestSecondary, area.secondaryEnd)
        // Recording is charged to the budget as checking is (items placed at definite lines
        // record without any check, and each may span 10,000 tracks); once it is spent no more
        // checks happen, so there is nothing left to record for.
        for track in area.secondaryStart..<max(area.secondaryStart + 1, area.secondaryEnd) {
            guard budget > 0 else { return }
            budget -= 1
            let row = track - secondaryOrigin
            guard row >= 0 else { continue }
            if row >= occupied.count {
                occupied.append(contentsOf: repeatElement([], count: row - occupied.count + 1))
            }
            // Edited in place (through the array's accessor: no copy of the row's list).
            Self.insertMerging(&occupied[row], area.primaryStart, area.primaryEnd)
        }
    }
}
