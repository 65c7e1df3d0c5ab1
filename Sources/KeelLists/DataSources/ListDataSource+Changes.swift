extension ListDataSource {
    /// The identifiers as a ``ListSnapshot`` (repeated identifiers dropped, the first wins).
    public var snapshot: ListSnapshot<String, String> {
        ListSnapshot(sections: listSections.map { ListSection($0.id, items: $0.listItems.map(\.id)) })
    }

    /// The changes from `old` to this data source: sections matched by identifier (a changed
    /// header or footer is a section update), items by identifier across sections (a changed
    /// kind, view model or child is an item update). Duplicates are dropped and reported.
    public func changes(from old: ListDataSource) -> ListDataSourceChanges {
        ListDataSourceChanges(old: old, new: self)
    }

    /// A data source titled `title` showing one batch-update stage's sections (the data of a
    /// ``ListDataSourceChanges/changeset`` stage): each section model gets its stage's items.
    package init(title: String?, stage sections: [ListSection<ListDataSection, ListItem>]) {
        self.init(
            title: title,
            sections: sections.map {
                ListDataSection(
                    id: $0.model.id, header: $0.model.header, footer: $0.model.footer, items: $0.items)
            })
    }

    /// The sections with empty item lists as section models, for diffing headers and footers.
    var diffableSections: [ListSection<ListDataSection, ListItem>] {
        listSections.map { section in
            var model = section
            model.listItems = []
            return ListSection(model, items: section.listItems)
        }
    }
}

/// The changes between two data sources, for animated updates: the ``SectionedListDiff``
/// (exact insert, delete, move and update sets), the stages for UIKit batch updates, and the new
/// snapshot with changed items marked for reconfiguring (for diffable data sources).
public struct ListDataSourceChanges: Sendable {
    /// Section and item changes, with the duplicates dropped.
    public let diff: SectionedListDiff<ListDataSection, ListItem>
    /// The changes in UIKit batch-update stages; each stage's data holds the sections to show.
    package let changeset: StagedChangeset<[ListSection<ListDataSection, ListItem>]>
    /// The new data source's snapshot, with updated items and sections marked for reconfiguring.
    public let snapshot: ListSnapshot<String, String>
    /// The new data source as the changes show it: its repeated section and item identifiers
    /// dropped as the diff dropped them (the first wins, a dropped section takes its items).
    /// It is the last stage's data, and what a list view holds once the stages are applied.
    package let target: ListDataSource

    init(old: ListDataSource, new: ListDataSource) {
        let oldSections = old.diffableSections
        let (diff, targetSections) = SectionedDiffEngine(
            old: oldSections, new: new.diffableSections, sectionRules: IdentifiableRules(),
            itemRules: IdentifiableRules(), policy: .keepFirst
        ).run()
        self.diff = diff
        changeset = StagedChangeset.sectioned(diff, old: oldSections, target: targetSections)
        let target = ListDataSource(title: new.title, stage: targetSections)
        self.target = target
        var snapshot = new.snapshot
        // The diff's `to` positions are in the list without duplicates (the target), not in
        // `new` as given: a repeated identifier before an updated item would shift the lookup.
        let updatedItems = diff.itemUpdates.compactMap { target.item(at: $0.to)?.id }
        let updatedSections = diff.sections.updates.compactMap { target.section(at: $0.to)?.id }
        try? snapshot.reconfigureItems(updatedItems.filter { snapshot.contains(item: $0) })
        try? snapshot.reconfigureSections(updatedSections.filter { snapshot.contains(section: $0) })
        self.snapshot = snapshot
    }

    /// Whether anything changed.
    package var isEmpty: Bool { diff.isEmpty }
}

extension ListDataSource {
    /// Animates a list view from `current` to this data source: hands the staged changes to
    /// `applyStaged` (whose `setData` installs each stage's data), then stores ``ListDataSourceChanges/target``
    /// — this data source without the duplicates the stages dropped, so the stored list always
    /// has the rows the view was told about (storing the source as given made a repeated
    /// identifier show in place of a later item, and the next animated update inconsistent).
    package func animate(
        from current: ListDataSource,
        applyStaged: (
            StagedChangeset<[ListSection<ListDataSection, ListItem>]>,
            @escaping ([ListSection<ListDataSection, ListItem>]) -> Void
        ) -> Void,
        store: @escaping (ListDataSource) -> Void
    ) {
        let changes = self.changes(from: current)
        let title = self.title
        applyStaged(changes.changeset) { sections in store(ListDataSource(title: title, stage: sections)) }
        store(changes.target)
    }
}
