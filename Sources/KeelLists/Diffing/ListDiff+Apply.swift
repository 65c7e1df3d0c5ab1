extension ListDiff {
    /// The new collection rebuilt from `old` and this diff, or `nil` when `old` does not have
    /// as many elements as the collection the diff was computed from.
    ///
    /// Elements that were neither inserted nor updated keep their old values.
    public func applied(to old: some Collection<Element>) -> [Element]? {
        let old = Array(old)
        guard old.count == oldCount else { return nil }
        var removed = [Bool](repeating: false, count: oldCount)
        for offset in deletes { removed[offset] = true }
        for move in moves { removed[move.from] = true }
        var result: [Element] = []
        result.reserveCapacity(newCount)
        var insertCursor = 0
        var moveCursor = 0
        var oldCursor = 0
        for offset in 0..<newCount {
            if insertCursor < inserts.count, inserts[insertCursor] == offset {
                result.append(insertedElements[insertCursor])
                insertCursor += 1
            } else if moveCursor < moves.count, moves[moveCursor].to == offset {
                result.append(old[moves[moveCursor].from])
                moveCursor += 1
            } else {
                while oldCursor < oldCount, removed[oldCursor] { oldCursor += 1 }
                guard oldCursor < oldCount else { return nil }
                result.append(old[oldCursor])
                oldCursor += 1
            }
        }
        for (update, value) in zip(updates, updatedElements) { result[update.to] = value }
        return result
    }

    /// The diff as a standard-library `CollectionDifference`.
    ///
    /// Deletes become removals and inserts insertions. Every moved or updated element becomes a
    /// removal of its old value associated with an insertion of its new value, so
    /// `old.applying(diff.collectionDifference)` equals ``applied(to:)``.
    public var collectionDifference: CollectionDifference<Element> {
        typealias Change = CollectionDifference<Element>.Change
        var changes: [Change] = []
        changes.reserveCapacity(deletes.count + inserts.count + 2 * (moves.count + updates.count))
        for (offset, element) in zip(deletes, deletedElements) {
            changes.append(.remove(offset: offset, element: element, associatedWith: nil))
        }
        for (offset, element) in zip(inserts, insertedElements) {
            changes.append(.insert(offset: offset, element: element, associatedWith: nil))
        }
        var updateByOldOffset: [Int: Int] = [:]
        for (position, update) in updates.enumerated() { updateByOldOffset[update.from] = position }
        for (move, element) in zip(moves, movedElements) {
            let newValue = updateByOldOffset.removeValue(forKey: move.from).map { updatedElements[$0] }
            changes.append(.remove(offset: move.from, element: element, associatedWith: move.to))
            changes.append(.insert(offset: move.to, element: newValue ?? element, associatedWith: move.from))
        }
        for (position, update) in updates.enumerated() where updateByOldOffset[update.from] != nil {
            changes.append(
                .remove(offset: update.from, element: replacedElements[position], associatedWith: update.to))
            changes.append(
                .insert(offset: update.to, element: updatedElements[position], associatedWith: update.from))
        }
        // Valid by construction: every offset is removed or inserted at most once, and the
        // associations pair up.
        return CollectionDifference(changes)!
    }
}
