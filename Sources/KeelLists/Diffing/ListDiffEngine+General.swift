extension ListDiffEngine {
    /// Markers in the offset maps.
    @inlinable static var unmatched: Int32 { -1 }
    @inlinable static var duplicate: Int32 { -2 }

    /// The general case: match every identifier through one hash table, then find the moves.
    ///
    /// 1. Old pass: each old identifier is hashed once into the table; a repeated identifier
    ///    is a duplicate (deleted).
    /// 2. New pass: each new identifier is looked up; the first claim on an old element is a
    ///    match, a second claim is a duplicate (dropped), no entry is an insert candidate.
    ///    Insert candidates are checked against each other in a second, small table.
    /// 3. Matched old offsets in new order: a longest increasing run stays, the rest move.
    ///
    /// `keepLast` runs both passes backwards, so the last occurrence claims first.
    @inlinable
    func general() -> ListDiff<Element> {
        let oldCount = old.count
        let newCount = new.count
        let forward = policy != .keepLast
        var oldToNew = [Int32](repeating: Self.unmatched, count: oldCount)
        var newToOld = [Int32](repeating: Self.unmatched, count: newCount)
        var matchedCount = 0
        var droppedNewCount = 0
        do {
            let table = IdentityTable(count: oldCount)
            oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                for step in 0..<oldCount {
                    let index = forward ? step : oldCount &- 1 &- step
                    let key = id(old[index])
                    let clash = table.insertIfAbsent(hash: key.hashValue, reference: index) {
                        id(old[$0]) == key
                    }
                    if clash != nil { oldToNew[index] = Self.duplicate }
                }
            }
            var candidates: [Int32] = []
            var candidateHashes: [Int] = []
            oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                newToOld.withUnsafeMutableBufferPointer { newToOld in
                    for step in 0..<newCount {
                        let index = forward ? step : newCount &- 1 &- step
                        let key = id(new[index])
                        let hash = key.hashValue
                        if let match = table.find(hash: hash, isEqual: { id(old[$0]) == key }) {
                            if oldToNew[match] == Self.unmatched {
                                oldToNew[match] = Int32(truncatingIfNeeded: index)
                                newToOld[index] = Int32(truncatingIfNeeded: match)
                                matchedCount &+= 1
                            } else {
                                newToOld[index] = Self.duplicate
                                droppedNewCount &+= 1
                            }
                        } else {
                            candidates.append(Int32(truncatingIfNeeded: index))
                            candidateHashes.append(hash)
                        }
                    }
                }
            }
            if candidates.count > 1 {
                let insertTable = IdentityTable(count: candidates.count)
                for position in 0..<candidates.count {
                    let index = Int(candidates[position])
                    let key = id(new[index])
                    let clash = insertTable.insertIfAbsent(hash: candidateHashes[position], reference: index)
                    {
                        id(new[$0]) == key
                    }
                    if clash != nil {
                        newToOld[index] = Self.duplicate
                        droppedNewCount &+= 1
                    }
                }
            }
        }
        return assemble(
            oldToNew: oldToNew, newToOld: newToOld, matchedCount: matchedCount,
            droppedNewCount: droppedNewCount)
    }

    /// Builds the result from the offset maps.
    @inlinable
    func assemble(oldToNew: [Int32], newToOld: [Int32], matchedCount: Int, droppedNewCount: Int)
        -> ListDiff<Element>
    {
        let oldCount = old.count
        let newCount = new.count
        var deletes: [Int] = []
        var deletedElements: [Element] = []
        var oldDuplicates: [Int] = []
        deletes.reserveCapacity(oldCount &- matchedCount)
        deletedElements.reserveCapacity(oldCount &- matchedCount)
        for index in 0..<oldCount where oldToNew[index] < 0 {
            deletes.append(index)
            deletedElements.append(old[index])
            if oldToNew[index] == Self.duplicate { oldDuplicates.append(index) }
        }

        let insertCount = newCount &- droppedNewCount &- matchedCount
        var inserts: [Int] = []
        var insertedElements: [Element] = []
        inserts.reserveCapacity(insertCount)
        insertedElements.reserveCapacity(insertCount)
        var newDuplicates: [Int] = []
        newDuplicates.reserveCapacity(droppedNewCount)
        var updates: [OffsetMove] = []
        var updatedElements: [Element] = []
        var replacedElements: [Element] = []
        var sequence: [Int32] = []
        sequence.reserveCapacity(matchedCount)
        var target = 0
        for index in 0..<newCount {
            let match = newToOld[index]
            if match == Self.duplicate {
                newDuplicates.append(index)
                continue
            }
            if match == Self.unmatched {
                inserts.append(target)
                insertedElements.append(new[index])
            } else {
                sequence.append(match)
                if !isContentEqual(old[Int(match)], new[index]) {
                    updates.append(OffsetMove(from: Int(match), to: target))
                    updatedElements.append(new[index])
                    replacedElements.append(old[Int(match)])
                }
            }
            target &+= 1
        }

        var moves: [OffsetMove] = []
        var movedElements: [Element] = []
        let stays = sequence.withUnsafeBufferPointer { markLongestIncreasingSubsequence($0) }
        if stays.contains(false) {
            var position = 0
            target = 0
            for index in 0..<newCount {
                let match = newToOld[index]
                if match == Self.duplicate { continue }
                if match != Self.unmatched {
                    if !stays[position] {
                        moves.append(OffsetMove(from: Int(match), to: target))
                        movedElements.append(old[Int(match)])
                    }
                    position &+= 1
                }
                target &+= 1
            }
        }
        return ListDiff(
            deletes: deletes, deletedElements: deletedElements,
            inserts: inserts, insertedElements: insertedElements,
            moves: moves, movedElements: movedElements, updates: updates, updatedElements: updatedElements,
            replacedElements: replacedElements,
            duplicates: DroppedDuplicates(old: oldDuplicates, new: newDuplicates),
            oldCount: oldCount, newCount: newCount &- droppedNewCount
        )
    }
}
