extension StagedChangeset {
    /// The stages from one snapshot to another. Sections and items are matched by identifier;
    /// those marked for reloading or reconfiguring in `new` are reported as updates. Each stage's
    /// data is a snapshot to install before applying it.
    public init<SectionID, ItemID>(
        from old: ListSnapshot<SectionID, ItemID>, to new: ListSnapshot<SectionID, ItemID>
    ) where Data == ListSnapshot<SectionID, ItemID> {
        let changedSections = new.reloadedSectionIdentifiers.union(new.reconfiguredSectionIdentifiers)
        let changedItems = new.reloadedItemIdentifiers.union(new.reconfiguredItemIdentifiers)
        let oldSections = old.sections
        let (diff, target) = SectionedDiffEngine(
            old: oldSections, new: new.sections,
            sectionRules: ClosureRules(identify: { $0 }, compare: { !changedSections.contains($1) }),
            itemRules: ClosureRules(identify: { $0 }, compare: { !changedItems.contains($1) }),
            policy: .keepFirst
        ).run()
        let staged = StagedChangeset<[ListSection<SectionID, ItemID>]>.sectioned(
            diff, old: oldSections, target: target)
        self.init(
            staged.stages.enumerated().map { offset, stage in
                Changeset(
                    data: offset == staged.stages.count - 1 ? new : ListSnapshot(sections: stage.data),
                    sectionDeletes: stage.sectionDeletes, sectionInserts: stage.sectionInserts,
                    sectionMoves: stage.sectionMoves, sectionUpdates: stage.sectionUpdates,
                    itemDeletes: stage.itemDeletes, itemInserts: stage.itemInserts,
                    itemMoves: stage.itemMoves,
                    itemUpdates: stage.itemUpdates)
            })
    }
}

extension ListSnapshot {
    /// The snapshot's sections with their item identifiers.
    package var sections: [ListSection<SectionID, ItemID>] {
        order.map { ListSection(slots[$0]!.id, items: slots[$0]!.items) }
    }

    /// A snapshot of `sections`, dropping repeated section and item identifiers (the first
    /// occurrence wins).
    package init(sections: [ListSection<SectionID, ItemID>]) {
        self.init()
        for section in sections where slotOfSection[section.model] == nil {
            let slot = slots.count
            slotOfSection[section.model] = slot
            positionOfSlot.append(order.count)
            order.append(slot)
            var items: [ItemID] = []
            items.reserveCapacity(section.items.count)
            for item in section.items where places[item] == nil {
                places[item] = Place(slot: slot, item: items.count)
                items.append(item)
            }
            slots.append(Slot(id: section.model, items: items))
        }
    }
}
