extension ListDiffEngine {
    /// The largest edit distance the small-edit path tries before giving up.
    @inlinable static var smallEditLimit: Int { 48 }

    /// The diff of a few scattered deletes and inserts, found without hashing for matching:
    /// Myers' greedy O((n + m)·d) walk over the identifiers between the common prefix and
    /// suffix, abandoned after ``smallEditLimit`` edits or a bounded amount of comparing.
    ///
    /// Returns `nil` (and the general path runs) when the edit is larger, when an identifier is
    /// both deleted and inserted (a move), or when either side has duplicates. Otherwise the
    /// result is the same as the general path's: with unique identifiers the deletes and
    /// inserts are fixed by the identifier sets, and nothing moved.
    @inlinable
    func smallEdit(prefix: Int, suffix: Int) -> ListDiff<Element>? {
        let oldRun = old.count &- prefix &- suffix
        let newRun = new.count &- prefix &- suffix
        let limit = min(Self.smallEditLimit, oldRun &+ newRun)
        let width = 2 &* limit &+ 3
        let center = limit &+ 1
        var frontier = [Int](repeating: 0, count: width)
        var trace: [Int] = []
        var work = 0
        let workLimit = 4 &* (oldRun &+ newRun) &+ 4_096
        var distance = -1
        search: for edits in 0...limit {
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                let slot = center &+ diagonal
                var x =
                    diagonal == -edits || (diagonal != edits && frontier[slot &- 1] < frontier[slot &+ 1])
                    ? frontier[slot &+ 1] : frontier[slot &- 1] &+ 1
                var y = x &- diagonal
                let start = x
                while x < oldRun, y < newRun, id(old[prefix &+ x]) == id(new[prefix &+ y]) {
                    x &+= 1
                    y &+= 1
                }
                work &+= x &- start &+ 1
                frontier[slot] = x
                if x >= oldRun, y >= newRun {
                    trace.append(contentsOf: frontier)
                    distance = edits
                    break search
                }
            }
            trace.append(contentsOf: frontier)
            if work > workLimit { return nil }
        }
        guard distance >= 0 else { return nil }

        var deletes: [Int] = []
        var inserts: [Int] = []
        var x = oldRun
        var y = newRun
        for edits in stride(from: distance, to: 0, by: -1) {
            let diagonal = x &- y
            let base = (edits &- 1) &* width &+ center
            let down =
                diagonal == -edits
                || (diagonal != edits && trace[base &+ diagonal &- 1] < trace[base &+ diagonal &+ 1])
            let previousDiagonal = down ? diagonal &+ 1 : diagonal &- 1
            let previousX = trace[base &+ previousDiagonal]
            let previousY = previousX &- previousDiagonal
            if down {
                inserts.append(prefix &+ previousY)
            } else {
                deletes.append(prefix &+ previousX)
            }
            x = previousX
            y = previousY
        }
        deletes.reverse()
        inserts.reverse()
        guard hasNoDuplicatesOrMoves(inserts: inserts, deletesEmpty: deletes.isEmpty) else { return nil }
        return ordered(deletes: deletes, inserts: inserts)
    }

    /// Whether both sides are free of duplicates and no inserted identifier was in `old`
    /// (which would make it a move). `new` is `old` minus the deletes plus the inserts, so
    /// checking `old` and the inserted identifiers covers both sides.
    @inlinable
    func hasNoDuplicatesOrMoves(inserts: [Int], deletesEmpty: Bool) -> Bool {
        if inserts.isEmpty { return isUnique(old) }
        if deletesEmpty { return isUnique(new) }
        let oldCount = old.count
        let table = IdentityTable(count: oldCount &+ inserts.count)
        for index in 0..<oldCount {
            let key = id(old[index])
            let clash = table.insertIfAbsent(hash: key.hashValue, reference: index) {
                id(old[$0]) == key
            }
            if clash != nil { return false }
        }
        for index in inserts {
            let key = id(new[index])
            let clash = table.insertIfAbsent(hash: key.hashValue, reference: oldCount &+ index) {
                ($0 < oldCount ? id(old[$0]) : id(new[$0 &- oldCount])) == key
            }
            if clash != nil { return false }
        }
        return true
    }
}
