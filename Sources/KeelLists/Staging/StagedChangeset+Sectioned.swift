extension StagedChangeset {
    /// The stages from `old` to `new` for a sectioned list (labelled apart from the flat
    /// initialisers, since a section list is itself a flat list of hashable values): item updates; section and item
    /// deletes; section inserts and moves; item inserts and moves; section updates.
    @inlinable
    public init<Model, Item, SectionID: Hashable, ItemID: Hashable>(
        fromSections old: [ListSection<Model, Item>],
        toSections new: [ListSection<Model, Item>],
        sectionID: @escaping (Model) -> SectionID,
        isSectionContentEqual: @escaping (Model, Model) -> Bool,
        itemID: @escaping (Item) -> ItemID,
        isItemContentEqual: @escaping (Item, Item) -> Bool,
        duplicates policy: DuplicatePolicy = .keepFirst
    ) where Data == [ListSection<Model, Item>] {
        let (diff, target) = SectionedDiffEngine(
            old: old, new: new,
            sectionRules: ClosureRules(identify: sectionID, compare: isSectionContentEqual),
            itemRules: ClosureRules(identify: itemID, compare: isItemContentEqual), policy: policy
        ).run()
        self = Self.sectioned(diff, old: old, target: target)
    }

    /// The stages from `old` to `new` for a sectioned list whose models and items are
    /// `Identifiable & Equatable`.
    @inlinable
    public init<Model: Identifiable & Equatable, Item: Identifiable & Equatable>(
        fromSections old: [ListSection<Model, Item>],
        toSections new: [ListSection<Model, Item>],
        duplicates policy: DuplicatePolicy = .keepFirst
    ) where Data == [ListSection<Model, Item>] {
        let (diff, target) = SectionedDiffEngine(
            old: old, new: new, sectionRules: IdentifiableRules(), itemRules: IdentifiableRules(),
            policy: policy
        ).run()
        self = Self.sectioned(diff, old: old, target: target)
    }

    /// Stages a sectioned diff; `target` is the new list without duplicates.
    @inlinable
    static func sectioned<Model, Item>(
        _ diff: SectionedListDiff<Model, Item>, old: [ListSection<Model, Item>],
        target: [ListSection<Model, Item>]
    ) -> Self where Data == [ListSection<Model, Item>] {
        let sections = diff.sections
        var stages: [Changeset<Data>] = []
        var current = old

        // 1. Item updates, at old positions.
        if !diff.itemUpdates.isEmpty {
            for (update, value) in zip(diff.itemUpdates, diff.updatedItems) {
                current[update.from.section].items[update.from.item] = value
            }
            stages.append(Changeset(data: current, itemUpdates: diff.itemUpdates.map(\.from).sorted()))
        }

        // 2. Section and item deletes, at old positions.
        var deletedItems = [[Int]](repeating: [], count: old.count)
        for path in diff.itemDeletes { deletedItems[path.section].append(path.item) }
        if !sections.deletes.isEmpty || !diff.itemDeletes.isEmpty {
            for section in current.indices where !deletedItems[section].isEmpty {
                current[section].items = removing(deletedItems[section], from: current[section].items)
            }
            current = removing(sections.deletes, from: current)
            stages.append(
                Changeset(data: current, sectionDeletes: sections.deletes, itemDeletes: diff.itemDeletes))
        }

        // 3. Section inserts and moves: sections take their new order, kept ones their old model
        // and remaining items, inserted ones their full new contents.
        if !sections.inserts.isEmpty || !sections.moves.isEmpty {
            let afterDeletes = current
            current = diff.sectionSources.enumerated().map { position, source in
                source < 0
                    ? target[position]
                    : afterDeletes[source - countBelow(source, in: sections.deletes)]
            }
            let moves = sections.moves.map {
                OffsetMove(from: $0.from - countBelow($0.from, in: sections.deletes), to: $0.to)
            }
            stages.append(Changeset(data: current, sectionInserts: sections.inserts, sectionMoves: moves))
        }

        // 4. Item inserts and moves: from positions after stage 3 (sections in new order, items
        // after the deletes) to new positions.
        if !diff.itemInserts.isEmpty || !diff.itemMoves.isEmpty {
            var newSectionOf = [Int](repeating: -1, count: old.count)
            for (section, source) in diff.sectionSources.enumerated() where source >= 0 {
                newSectionOf[source] = section
            }
            let moves = diff.itemMoves.map { move in
                let from = ItemIndex(
                    section: newSectionOf[move.from.section],
                    item: move.from.item - countBelow(move.from.item, in: deletedItems[move.from.section]))
                return ItemMove(from: from, to: move.to)
            }
            current = zip(current, target).map { ListSection($0.model, items: $1.items) }
            stages.append(Changeset(data: current, itemInserts: diff.itemInserts, itemMoves: moves))
        }

        // 5. Section updates, at their (now final) positions.
        if !sections.updates.isEmpty {
            stages.append(Changeset(data: target, sectionUpdates: sections.updates.map(\.to).sorted()))
        }
        if !stages.isEmpty { stages[stages.count - 1].data = target }
        return StagedChangeset(stages)
    }
}
