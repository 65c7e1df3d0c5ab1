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
    @inlinable static var unmatched: Int { -1 }
    @inlinable static var duplicate: Int { -2 }
    @inlinable static var claimedByInsertedSection: Int { -3 }

    /// The diff and the new list without its duplicates.
    @inlinable
    func run() -> (diff: SectionedListDiff<Model, Item>, target: [Section]) {
        let sectionDiff = ListDiff<Model>.compute(old.map(\.model), new.map(\.model), sectionRules, policy)
        var droppedSection = [Bool](repeating: false, count: new.count)
        for offset in sectionDiff.duplicates.new { droppedSection[offset] = true }
        let keptNewOffsets = new.indices.filter { !droppedSection[$0] }
        let (oldToNew, newToOld) = sectionMaps(sectionDiff)

        // Old items of the kept sections, flattened.
        var oldPaths: [ItemIndex] = []
        for (section, target) in oldToNew.enumerated() where target >= 0 {
            for item in old[section].items.indices {
                oldPaths.append(ItemIndex(section: section, item: item))
            }
        }
        // New items of every kept section, flattened (sections in new, deduplicated order).
        var newPaths: [ItemIndex] = []
        for (section, given) in keptNewOffsets.enumerated() {
            for item in new[given].items.indices { newPaths.append(ItemIndex(section: section, item: item)) }
        }
        let oldItem = { (flat: Int) in self.old[oldPaths[flat].section].items[oldPaths[flat].item] }
        let newItem = { (flat: Int) in
            self.new[keptNewOffsets[newPaths[flat].section]].items[newPaths[flat].item]
        }

        var oldState = [Int](repeating: Self.unmatched, count: oldPaths.count)
        var newState = [Int](repeating: Self.unmatched, count: newPaths.count)
        let forward = policy != .keepLast
        let table = IdentityTable(count: oldPaths.count)
        for step in oldPaths.indices {
            let flat = forward ? step : oldPaths.count - 1 - step
            let key = itemRules.id(oldItem(flat))
            if table.insertIfAbsent(
                hash: key.hashValue, reference: flat, isEqual: { itemRules.id(oldItem($0)) == key })
                != nil
            {
                oldState[flat] = Self.duplicate
            }
        }
        var candidates: [Int] = []
        for step in newPaths.indices {
            let flat = forward ? step : newPaths.count - 1 - step
            let key = itemRules.id(newItem(flat))
            guard let match = table.find(hash: key.hashValue, isEqual: { itemRules.id(oldItem($0)) == key })
            else {
                candidates.append(flat)
                continue
            }
            if oldState[match] != Self.unmatched {
                newState[flat] = Self.duplicate
            } else if newToOld[newPaths[flat].section] < 0 {
                oldState[match] = Self.claimedByInsertedSection
            } else {
                oldState[match] = flat
                newState[flat] = match
            }
        }
        if candidates.count > 1 {
            let insertTable = IdentityTable(count: candidates.count)
            for flat in candidates {
                let key = itemRules.id(newItem(flat))
                let clash = insertTable.insertIfAbsent(hash: key.hashValue, reference: flat) {
                    itemRules.id(newItem($0)) == key
                }
                if clash != nil { newState[flat] = Self.duplicate }
            }
        }

        // The target list and each kept new item's position in it.
        var target: [Section] = keptNewOffsets.map { ListSection(new[$0].model, items: []) }
        var newPosition = [Int](repeating: -1, count: newPaths.count)
        var droppedNew: [ItemIndex] = []
        for flat in newPaths.indices {
            let path = newPaths[flat]
            if newState[flat] == Self.duplicate {
                droppedNew.append(ItemIndex(section: keptNewOffsets[path.section], item: path.item))
                continue
            }
            newPosition[flat] = target[path.section].items.count
            target[path.section].items.append(newItem(flat))
        }

        // Deletes: unmatched or duplicate old items in kept sections, in old order.
        var deletes: [ItemIndex] = []
        var droppedOld: [ItemIndex] = []
        for flat in oldPaths.indices where oldState[flat] < 0 {
            deletes.append(oldPaths[flat])
            if oldState[flat] == Self.duplicate { droppedOld.append(oldPaths[flat]) }
        }
        // Deletes shift later items of the same section: their index after the delete stage.
        var inserts: [ItemIndex] = []
        var insertedItems: [Item] = []
        var moves: [ItemMove] = []
        var updates: [ItemMove] = []
        var updatedItems: [Item] = []
        var flat = 0
        for section in target.indices {
            let source = newToOld[section]
            var runFlats: [Int] = []
            var run: [Int32] = []
            while flat < newPaths.count, newPaths[flat].section == section {
                defer { flat += 1 }
                guard newState[flat] != Self.duplicate, source >= 0 else { continue }
                let to = ItemIndex(section: section, item: newPosition[flat])
                let match = newState[flat]
                if match < 0 {
                    inserts.append(to)
                    insertedItems.append(newItem(flat))
                    continue
                }
                let from = oldPaths[match]
                if !itemRules.isContentEqual(oldItem(match), newItem(flat)) {
                    updates.append(ItemMove(from: from, to: to))
                    updatedItems.append(newItem(flat))
                }
                if from.section == source {
                    runFlats.append(flat)
                    run.append(Int32(truncatingIfNeeded: from.item))
                } else {
                    moves.append(ItemMove(from: from, to: to))
                }
            }
            let stays = run.withUnsafeBufferPointer { markLongestIncreasingSubsequence($0) }
            for (position, runFlat) in runFlats.enumerated() where !stays[position] {
                moves.append(
                    ItemMove(
                        from: oldPaths[newState[runFlat]],
                        to: ItemIndex(section: section, item: newPosition[runFlat])))
            }
        }
        moves.sort { $0.to < $1.to }

        let insertedSectionItems = sectionDiff.inserts.map { target[$0].items }
        let diff = SectionedListDiff(
            sections: sectionDiff, itemDeletes: deletes, itemInserts: inserts, itemMoves: moves,
            itemUpdates: updates, itemDuplicates: DroppedItemDuplicates(old: droppedOld, new: droppedNew),
            sectionSources: newToOld, oldItemCounts: old.map(\.items.count),
            insertedSectionItems: insertedSectionItems, insertedItems: insertedItems,
            updatedItems: updatedItems
        )
        return (diff, target)
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
