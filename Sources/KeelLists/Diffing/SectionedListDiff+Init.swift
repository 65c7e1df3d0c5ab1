extension SectionedListDiff {
    // The initialisers are `@inlinable` so that a caller in another module gets the engine
    // specialised for its model and item types (unspecialised, about 4.5 x slower on the bench's sectioned workload).

    /// Computes the diff from `old` to `new`: sections matched by `sectionID` (a kept section
    /// whose model changed per `isSectionContentEqual` is a section update), items matched by
    /// `itemID` across all sections (a kept item whose content changed is an item update).
    @inlinable
    public init<SectionID: Hashable, ItemID: Hashable>(
        from old: [ListSection<Model, Item>],
        to new: [ListSection<Model, Item>],
        sectionID: @escaping (Model) -> SectionID,
        isSectionContentEqual: @escaping (Model, Model) -> Bool,
        itemID: @escaping (Item) -> ItemID,
        isItemContentEqual: @escaping (Item, Item) -> Bool,
        duplicates policy: DuplicatePolicy = .keepFirst
    ) {
        self =
            SectionedDiffEngine(
                old: old, new: new,
                sectionRules: ClosureRules(identify: sectionID, compare: isSectionContentEqual),
                itemRules: ClosureRules(identify: itemID, compare: isItemContentEqual), policy: policy
            ).run().diff
    }
}

extension SectionedListDiff where Model: Identifiable & Equatable, Item: Identifiable & Equatable {
    /// Computes the diff from `old` to `new`, matching sections and items by `id` and comparing
    /// their content with `==`.
    @inlinable
    public init(
        from old: [ListSection<Model, Item>],
        to new: [ListSection<Model, Item>],
        duplicates policy: DuplicatePolicy = .keepFirst
    ) {
        self =
            SectionedDiffEngine(
                old: old, new: new, sectionRules: IdentifiableRules(), itemRules: IdentifiableRules(),
                policy: policy
            ).run().diff
    }
}
