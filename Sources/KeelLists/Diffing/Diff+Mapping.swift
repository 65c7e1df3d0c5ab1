extension ListDiff {
    /// The same diff with every stored element passed through `transform` (positions unchanged).
    func mapElements<Mapped>(_ transform: (Element) -> Mapped) -> ListDiff<Mapped> {
        ListDiff<Mapped>(
            deletes: deletes, deletedElements: deletedElements.map(transform), inserts: inserts,
            insertedElements: insertedElements.map(transform), moves: moves,
            movedElements: movedElements.map(transform), updates: updates,
            updatedElements: updatedElements.map(transform),
            replacedElements: replacedElements.map(transform),
            duplicates: duplicates, oldCount: oldCount, newCount: newCount)
    }
}

extension SectionedListDiff {
    /// The same diff with every stored section model and item passed through `model` and `item`
    /// (positions unchanged).
    func mapElements<MappedModel, MappedItem>(
        model: (Model) -> MappedModel, item: (Item) -> MappedItem
    ) -> SectionedListDiff<MappedModel, MappedItem> {
        SectionedListDiff<MappedModel, MappedItem>(
            sections: sections.mapElements(model), itemDeletes: itemDeletes, itemInserts: itemInserts,
            itemMoves: itemMoves, itemUpdates: itemUpdates, itemDuplicates: itemDuplicates,
            sectionSources: sectionSources, oldItemCounts: oldItemCounts,
            insertedSectionItems: insertedSectionItems.map { $0.map(item) },
            insertedItems: insertedItems.map(item), updatedItems: updatedItems.map(item))
    }
}
