/// The sectioned diff algorithm: a flat diff of the section models, then one identifier table
/// over all items of the kept old sections, so items can be matched across sections.
///
/// `@usableFromInline` and `@inlinable` throughout so that the public entry points
/// (`SectionedListDiff`'s and the sectioned `StagedChangeset`'s initialisers) are specialised in
/// the caller's module: unspecialised, every element access, identifier hash and comparison
/// goes through witness tables and generic metadata lookups.
@usableFromInline
struct SectionedDiffEngine<SectionRules: DiffRules, ItemRules: DiffRules> {
    @usableFromInline typealias Model = SectionRules.Element
    @usableFromInline typealias Item = ItemRules.Element
    @usableFromInline typealias Section = ListSection<Model, Item>

    @usableFromInline let old: [Section]
    @usableFromInline let new: [Section]
    @usableFromInline let sectionRules: SectionRules
    @usableFromInline let itemRules: ItemRules
    @usableFromInline let policy: DuplicatePolicy

    /// Creates the engine; with ``DuplicatePolicy/replaceWithNewer`` the first copy of each
    /// repeated section and item takes the last copy's content before matching.
    @inlinable
    init(
        old: [Section], new: [Section], sectionRules: SectionRules, itemRules: ItemRules,
        policy: DuplicatePolicy
    ) {
        self.old = old
        self.sectionRules = sectionRules
        self.itemRules = itemRules
        self.policy = policy.matchingPolicy
        guard policy == .replaceWithNewer else {
            self.new = new
            return
        }
        let models = DuplicatePolicy.carryingNewestContent(new.map(\.model), id: sectionRules.id)
        let counts = new.map(\.items.count)
        var items = DuplicatePolicy.carryingNewestContent(new.flatMap(\.items), id: itemRules.id)[...]
        var sections: [Section] = []
        for (model, count) in zip(models, counts) {
            sections.append(Section(model, items: Array(items.prefix(count))))
            items = items.dropFirst(count)
        }
        self.new = sections
    }

    // Item states in the flat item arrays.
    @inlinable static var unmatched: Int32 { -1 }
    @inlinable static var duplicate: Int32 { -2 }
    @inlinable static var claimedByInsertedSection: Int32 { -3 }

    /// The diff and the new list without its duplicates.
    ///
    /// The items of the kept old sections and of the kept new sections are first copied into
    /// two contiguous arrays (with each section's start), so that the matching passes below
    /// read items through two buffers, as the flat engine does, instead of through the nested
    /// section arrays (each nested read retained a section and checked two bounds).
    @inlinable
    func run() -> (diff: SectionedListDiff<Model, Item>, target: [Section]) {
        let sectionDiff = ListDiff<Model>.compute(old.map(\.model), new.map(\.model), sectionRules, policy)
        var droppedSection = [Bool](repeating: false, count: new.count)
        for offset in sectionDiff.duplicates.new { droppedSection[offset] = true }
        let keptNewOffsets = new.indices.filter { !droppedSection[$0] }
        let (oldToNew, newToOld) = sectionMaps(sectionDiff)

        // Old items of the kept sections, flattened: old section `s` (if kept) starts at
        // `oldStart[s]`; `oldSectionOf[flat]` is the old section of a flat item.
        let oldCounts = old.map(\.items.count)
        var oldStart = [Int](repeating: 0, count: old.count)
        var oldItems: [Item] = []
        var oldSectionOf: [Int32] = []
        do {
            var count = 0
            for (section, target) in oldToNew.enumerated() where target >= 0 {
                count &+= old[section].items.count
            }
            oldItems.reserveCapacity(count)
            oldSectionOf.reserveCapacity(count)
        }
        for (section, target) in oldToNew.enumerated() where target >= 0 {
            oldStart[section] = oldItems.count
            oldItems.append(contentsOf: old[section].items)
            oldSectionOf.append(
                contentsOf: repeatElement(Int32(truncatingIfNeeded: section), count: old[section].items.count)
            )
        }
        // New items of every kept section, flattened (sections in new, deduplicated order):
        // kept new section `s` spans `newStart[s]..<newStart[s + 1]`.
        var newStart = [Int](repeating: 0, count: keptNewOffsets.count &+ 1)
        var newItems: [Item] = []
        newItems.reserveCapacity(keptNewOffsets.reduce(0) { $0 &+ new[$1].items.count })
        for (section, given) in keptNewOffsets.enumerated() {
            newStart[section] = newItems.count
            newItems.append(contentsOf: new[given].items)
        }
        newStart[keptNewOffsets.count] = newItems.count
        let oldCount = oldItems.count
        let newCount = newItems.count

        var oldState = [Int32](repeating: Self.unmatched, count: oldCount)
        var newState = [Int32](repeating: Self.unmatched, count: newCount)
        var droppedInSection = [Int](repeating: 0, count: keptNewOffsets.count)
        oldItems.withUnsafeBufferPointer { oldItems in
            newItems.withUnsafeBufferPointer { newItems in
                oldState.withUnsafeMutableBufferPointer { oldState in
                    newState.withUnsafeMutableBufferPointer { newState in
                        match(
                            oldItems: oldItems, newItems: newItems, oldStart: oldStart, oldCounts: oldCounts,
                            newStart: newStart, newToOld: newToOld,
                            oldState: oldState, newState: newState, droppedInSection: &droppedInSection)
                    }
                }
            }
        }

        // The target list: a section without dropped duplicates shares the given items' storage.
        var target: [Section] = []
        target.reserveCapacity(keptNewOffsets.count)
        var droppedNew: [ItemIndex] = []
        for (section, given) in keptNewOffsets.enumerated() {
            guard droppedInSection[section] > 0 else {
                target.append(new[given])
                continue
            }
            var items: [Item] = []
            items.reserveCapacity(newStart[section &+ 1] &- newStart[section] &- droppedInSection[section])
            for flat in newStart[section]..<newStart[section &+ 1] {
                if newState[flat] == Self.duplicate {
                    droppedNew.append(ItemIndex(section: given, item: flat &- newStart[section]))
                } else {
                    items.append(newItems[flat])
                }
            }
            target.append(ListSection(new[given].model, items: items))
        }

        // Deletes: unmatched or duplicate old items in kept sections, in old order.
        var deletes: [ItemIndex] = []
        var droppedOld: [ItemIndex] = []
        for (section, kept) in oldToNew.enumerated() where kept >= 0 {
            let start = oldStart[section]
            for flat in start..<(start &+ old[section].items.count) where oldState[flat] < 0 {
                deletes.append(ItemIndex(section: section, item: flat &- start))
                if oldState[flat] == Self.duplicate { droppedOld.append(deletes[deletes.count &- 1]) }
            }
        }
        // Inserts, updates and moves, section by section in new order. Within a kept section,
        // the items that stay in it keep a longest increasing run of their old positions in
        // place; the rest of them, and every item from another section, move.
        var inserts: [ItemIndex] = []
        var insertedItems: [Item] = []
        var moves: [ItemMove] = []
        var updates: [ItemMove] = []
        var updatedItems: [Item] = []
        var run: [Int32] = []
        var runPositions: [Int32] = []
        for section in 0..<keptNewOffsets.count {
            let source = newToOld[section]
            guard source >= 0 else { continue }
            run.removeAll(keepingCapacity: true)
            runPositions.removeAll(keepingCapacity: true)
            var position = 0
            for flat in newStart[section]..<newStart[section &+ 1] {
                let match = Int(newState[flat])
                if match == Int(Self.duplicate) { continue }
                let to = ItemIndex(section: section, item: position)
                position &+= 1
                if match < 0 {
                    inserts.append(to)
                    insertedItems.append(newItems[flat])
                    continue
                }
                let fromSection = Int(oldSectionOf[match])
                let from = ItemIndex(section: fromSection, item: match &- oldStart[fromSection])
                if !itemRules.isContentEqual(oldItems[match], newItems[flat]) {
                    updates.append(ItemMove(from: from, to: to))
                    updatedItems.append(newItems[flat])
                }
                if fromSection == source {
                    run.append(Int32(truncatingIfNeeded: from.item))
                    runPositions.append(Int32(truncatingIfNeeded: to.item))
                } else {
                    moves.append(ItemMove(from: from, to: to))
                }
            }
            let stays = run.withUnsafeBufferPointer { markLongestIncreasingSubsequence($0) }
            for index in run.indices where !stays[index] {
                moves.append(
                    ItemMove(
                        from: ItemIndex(section: source, item: Int(run[index])),
                        to: ItemIndex(section: section, item: Int(runPositions[index]))))
            }
        }
        moves.sort { $0.to < $1.to }

        let insertedSectionItems = sectionDiff.inserts.map { target[$0].items }
        let diff = SectionedListDiff(
            sections: sectionDiff, itemDeletes: deletes, itemInserts: inserts, itemMoves: moves,
            itemUpdates: updates, itemDuplicates: DroppedItemDuplicates(old: droppedOld, new: droppedNew),
            sectionSources: newToOld, oldItemCounts: oldCounts,
            insertedSectionItems: insertedSectionItems, insertedItems: insertedItems,
            updatedItems: updatedItems
        )
        return (diff, target)
    }

    /// Matches the flat items by identifier, as the flat engine does: each old identifier is
    /// hashed once into a table (a repeat is a duplicate); each new one is looked up (a second
    /// claim is a duplicate, an old item claimed from an inserted section is deleted there);
    /// unmatched new identifiers are checked against each other, reusing their hashes.
    @inlinable
    func match(
        oldItems: UnsafeBufferPointer<Item>, newItems: UnsafeBufferPointer<Item>, oldStart: [Int],
        oldCounts: [Int], newStart: [Int], newToOld: [Int], oldState: UnsafeMutableBufferPointer<Int32>,
        newState: UnsafeMutableBufferPointer<Int32>,
        droppedInSection: inout [Int]
    ) {
        let oldCount = oldItems.count
        let newCount = newItems.count
        let forward = policy != .keepLast
        let table = IdentityTable(count: oldCount)
        for step in 0..<oldCount {
            let flat = forward ? step : oldCount &- 1 &- step
            let key = itemRules.id(oldItems[flat])
            if table.insertIfAbsent(
                hash: key.hashValue, reference: flat, isEqual: { itemRules.id(oldItems[$0]) == key })
                != nil
            {
                oldState[flat] = Self.duplicate
            }
        }
        // The kept new section of each flat new item, walked alongside, and the flat range of
        // its old section (empty for an inserted section).
        var section = forward ? -1 : newStart.count &- 1
        var source = 0..<0
        // Where the next new item's old copy is expected, when the section's order held: an
        // item found there, canonical and unclaimed, is exactly what its table lookup would
        // return, so it is claimed without hashing. Most items of an edited section keep
        // their order, so this skips most of the new side's hashing (about a third of the
        // diff's time); the cursor resynchronises after each item found through the table.
        var cursor = 0
        var candidates: [Int32] = []
        var candidateHashes: [Int] = []
        var candidateSections: [Int32] = []
        for step in 0..<newCount {
            let flat = forward ? step : newCount &- 1 &- step
            if forward ? flat >= newStart[section &+ 1] : flat < newStart[section] {
                repeat {
                    section = forward ? section &+ 1 : section &- 1
                } while forward ? flat >= newStart[section &+ 1] : flat < newStart[section]
                let oldSection = newToOld[section]
                source =
                    oldSection < 0
                    ? 0..<0 : oldStart[oldSection]..<(oldStart[oldSection] &+ oldCounts[oldSection])
                cursor = forward ? source.lowerBound : source.upperBound &- 1
            }
            let key = itemRules.id(newItems[flat])
            if source.contains(cursor), oldState[cursor] == Self.unmatched,
                itemRules.id(oldItems[cursor]) == key
            {
                oldState[cursor] = Int32(truncatingIfNeeded: flat)
                newState[flat] = Int32(truncatingIfNeeded: cursor)
                cursor = forward ? cursor &+ 1 : cursor &- 1
                continue
            }
            let hash = key.hashValue
            guard let match = table.find(hash: hash, isEqual: { itemRules.id(oldItems[$0]) == key }) else {
                candidates.append(Int32(truncatingIfNeeded: flat))
                candidateHashes.append(hash)
                candidateSections.append(Int32(truncatingIfNeeded: section))
                continue
            }
            if oldState[match] != Self.unmatched {
                newState[flat] = Self.duplicate
                droppedInSection[section] &+= 1
            } else if newToOld[section] < 0 {
                oldState[match] = Self.claimedByInsertedSection
            } else {
                oldState[match] = Int32(truncatingIfNeeded: flat)
                newState[flat] = Int32(truncatingIfNeeded: match)
                if source.contains(match) { cursor = forward ? match &+ 1 : match &- 1 }
            }
        }
        if candidates.count > 1 {
            let insertTable = IdentityTable(count: candidates.count)
            for position in 0..<candidates.count {
                let flat = Int(candidates[position])
                let key = itemRules.id(newItems[flat])
                let clash = insertTable.insertIfAbsent(hash: candidateHashes[position], reference: flat) {
                    itemRules.id(newItems[$0]) == key
                }
                if clash != nil {
                    newState[flat] = Self.duplicate
                    droppedInSection[Int(candidateSections[position])] &+= 1
                }
            }
        }
    }

    /// Old section → new section offset (or -1 when deleted), and new → old (or -1 when
    /// inserted), from the section diff.
    @inlinable
    func sectionMaps(_ sectionDiff: ListDiff<Model>) -> (oldToNew: [Int], newToOld: [Int]) {
        var oldToNew = [Int](repeating: -1, count: sectionDiff.oldCount)
        var newToOld = [Int](repeating: -1, count: sectionDiff.newCount)
        var oldTaken = [Bool](repeating: false, count: sectionDiff.oldCount)
        var newTaken = [Bool](repeating: false, count: sectionDiff.newCount)
        for offset in sectionDiff.deletes { oldTaken[offset] = true }
        for offset in sectionDiff.inserts { newTaken[offset] = true }
        for move in sectionDiff.moves {
            oldToNew[move.from] = move.to
            newToOld[move.to] = move.from
            oldTaken[move.from] = true
            newTaken[move.to] = true
        }
        var newCursor = 0
        for offset in oldToNew.indices where !oldTaken[offset] {
            while newCursor < newTaken.count, newTaken[newCursor] { newCursor += 1 }
            guard newCursor < newTaken.count else { break }
            oldToNew[offset] = newCursor
            newToOld[newCursor] = offset
            newCursor += 1
        }
        return (oldToNew, newToOld)
    }
}
