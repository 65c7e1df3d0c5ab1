extension StagedChangeset {
    /// The stages from one snapshot to another. Sections and items are matched by identifier;
    /// those marked for reconfiguring in `new` are reported as updates, and so are sections
    /// marked for reloading. An item marked for reloading is deleted and inserted: a reload may
    /// change its cell's class, which UIKit cannot reconfigure (the front ends reconfigure
    /// updated items, and a cell dequeued with another reuse identifier than the existing one
    /// raises `NSInternalInconsistencyException`). Each stage's data is a snapshot to install
    /// before applying it.
    public init<SectionID, ItemID>(
        from old: ListSnapshot<SectionID, ItemID>, to new: ListSnapshot<SectionID, ItemID>
    ) where Data == ListSnapshot<SectionID, ItemID> {
        let changedSections = new.reloadedSectionIdentifiers.union(new.reconfiguredSectionIdentifiers)
        let reconfigured = new.reconfiguredItemIdentifiers
        let reloaded = new.reloadedItemIdentifiers
        let oldSections = old.sections
        // Old items are matched as they stand; a new item marked for reloading under another
        // identity, so it never matches its old self.
        let oldTagged = oldSections.map {
            ListSection($0.model, items: $0.items.map { SnapshotItem(id: $0, isReloaded: false) })
        }
        let newTagged = new.sections.map {
            ListSection(
                $0.model, items: $0.items.map { SnapshotItem(id: $0, isReloaded: reloaded.contains($0)) })
        }
        let (taggedDiff, taggedTarget) = SectionedDiffEngine(
            old: oldTagged, new: newTagged,
            sectionRules: ClosureRules(identify: { $0 }, compare: { !changedSections.contains($1) }),
            itemRules: ClosureRules(identify: { $0 }, compare: { !reconfigured.contains($1.id) }),
            policy: .keepFirst
        ).run()
        let diff = taggedDiff.mapElements(model: { $0 }, item: \.id)
        let target = taggedTarget.map { ListSection($0.model, items: $0.items.map(\.id)) }
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

/// A snapshot item as the snapshot stages match it: a reloaded one is a different item.
struct SnapshotItem<ID: Hashable>: Hashable {
    /// The item's identifier.
    let id: ID
    /// Whether the new snapshot marks it for reloading.
    let isReloaded: Bool
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
