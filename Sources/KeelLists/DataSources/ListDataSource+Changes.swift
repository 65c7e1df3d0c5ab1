extension ListDataSource {
    /// The identifiers as a ``ListSnapshot``: every section and item, a repeated identifier
    /// under a key of its own (`"id#2"` for the second `"id"`, and so on, skipping keys the data
    /// already uses), so the snapshot has as many rows as the data source; ``index(of:)`` maps
    /// every key back to its row.
    public var snapshot: ListSnapshot<String, String> {
        let keys = uniqueIdentifiers
        return ListSnapshot(sections: zip(keys.sections, keys.items).map { ListSection($0, items: $1) })
    }

    /// The changes from `old` to this data source: sections matched by identifier (a changed
    /// header or footer is a section update), items by identifier across sections (a changed
    /// view model or child is an item update; a changed kind or reuse identifier — another cell
    /// class — is a delete and an insert, since UIKit cannot reconfigure a cell into another
    /// reuse identifier). Repeated identifiers are told apart by occurrence, as ``snapshot``
    /// keys them, so no row is dropped.
    public func changes(from old: ListDataSource) -> ListDataSourceChanges {
        ListDataSourceChanges(old: old, new: self)
    }

    /// The section and item identifiers made unique, in order (items across all sections): the
    /// first occurrence of an identifier keeps it, a repeat becomes `"id#n"` (its occurrence
    /// number n ≥ 2, skipping any key the data source already uses). Deterministic, so the same
    /// data gives the same keys on every update; data without repeats keeps its identifiers.
    /// AEViewModel data repeats an item identifier on every row of one cell type.
    package var uniqueIdentifiers: (sections: [String], items: [[String]]) {
        let sections = Self.uniqueKeys(listSections.map(\.id))
        var flat = Self.uniqueKeys(listSections.flatMap { $0.listItems.map(\.id) })[...]
        var items: [[String]] = []
        items.reserveCapacity(listSections.count)
        for section in listSections {
            items.append(Array(flat.prefix(section.listItems.count)))
            flat = flat.dropFirst(section.listItems.count)
        }
        return (sections, items)
    }

    /// `identifiers` made unique as ``uniqueIdentifiers`` describes.
    static func uniqueKeys(_ identifiers: [String]) -> [String] {
        var taken = Set(identifiers)
        var seen = Set<String>()
        var occurrences: [String: Int] = [:]
        return identifiers.map { identifier in
            if seen.insert(identifier).inserted { return identifier }
            var occurrence = occurrences[identifier, default: 1]
            var key: String
            repeat {
                occurrence += 1
                key = identifier + "#" + String(occurrence)
            } while taken.contains(key)
            occurrences[identifier] = occurrence
            taken.insert(key)
            return key
        }
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

    /// The sections and items as the changes match them: under their unique keys, items also
    /// under the cell they are shown in (see ``KeyedListItem``).
    var keyedSections: [ListSection<KeyedDataSection, KeyedListItem>] {
        let keys = uniqueIdentifiers
        let kinds = ListItemRules.kinds(in: self)
        return diffableSections.enumerated().map { offset, section in
            let items = zip(keys.items[offset], section.items).map { key, item in
                KeyedListItem(
                    id: KeyedListItem.Identity(
                        key: key, identifier: item.id, kind: item.kind, reuseIdentifier: item.reuseIdentifier,
                        cellKind: kinds[item.id]),
                    item: item)
            }
            return ListSection(
                KeyedDataSection(id: keys.sections[offset], section: section.model), items: items)
        }
    }
}

/// A section model as ``ListDataSourceChanges`` matches it: by its unique key.
struct KeyedDataSection: Identifiable, Equatable {
    /// The section's unique key (see ``ListDataSource/uniqueIdentifiers``).
    let id: String
    /// The section, without its items.
    let section: ListDataSection
}

/// An item as ``ListDataSourceChanges`` matches it: by its unique key and everything that picks
/// its cell, so an item whose cell class would change is deleted and inserted, never updated
/// (reconfiguring it made UIKit dequeue another reuse identifier for the existing cell, which
/// raises `NSInternalInconsistencyException`).
struct KeyedListItem: Identifiable, Equatable {
    /// What identifies an item for the changes.
    struct Identity: Hashable {
        /// The item's unique key (see ``ListDataSource/uniqueIdentifiers``).
        let key: String
        /// The item's identifier (what an app's `cellType(forIdentifier:)` switches on).
        let identifier: String
        /// The item's cell kind.
        let kind: CellKind
        /// The item's reuse identifier.
        let reuseIdentifier: String
        /// The kind the UIKit controllers pick the cell by: the first item with the identifier's.
        let cellKind: CellKind?
    }

    /// The identity.
    let id: Identity
    /// The item.
    let item: ListItem
}

/// The changes between two data sources, for animated updates: the ``SectionedListDiff``
/// (exact insert, delete, move and update sets), the stages for UIKit batch updates, and the new
/// snapshot with changed items marked for reconfiguring, or reloading when their cell changes
/// (for diffable data sources).
public struct ListDataSourceChanges: Sendable {
    /// Section and item changes.
    public let diff: SectionedListDiff<ListDataSection, ListItem>
    /// The changes in UIKit batch-update stages; each stage's data holds the sections to show.
    package let changeset: StagedChangeset<[ListSection<ListDataSection, ListItem>]>
    /// The new data source's snapshot (``ListDataSource/snapshot``), with updated items and
    /// sections marked for reconfiguring and items whose cell kind or reuse identifier changed
    /// marked for reloading (reconfiguring cannot change a cell's class).
    public let snapshot: ListSnapshot<String, String>
    /// The new data source as the changes show it: every row, repeated identifiers included.
    /// It is the last stage's data, and what a list view holds once the stages are applied.
    package let target: ListDataSource

    init(old: ListDataSource, new: ListDataSource) {
        let oldKeyed = old.keyedSections
        let newKeyed = new.keyedSections
        // Keys are unique, so nothing is dropped and the target is `new`.
        let (keyedDiff, keyedTarget) = SectionedDiffEngine(
            old: oldKeyed, new: newKeyed, sectionRules: IdentifiableRules(), itemRules: IdentifiableRules(),
            policy: .keepFirst
        ).run()
        let diff = keyedDiff.mapElements(model: \.section, item: \.item)
        self.diff = diff
        let targetSections = keyedTarget.map { ListSection($0.model.section, items: $0.items.map(\.item)) }
        changeset = StagedChangeset.sectioned(diff, old: old.diffableSections, target: targetSections)
        target = ListDataSource(title: new.title, stage: targetSections)
        var snapshot = ListSnapshot(
            sections: keyedTarget.map { ListSection($0.model.id, items: $0.items.map(\.id.key)) })
        let updatedItems = diff.itemUpdates.map { keyedTarget[$0.to.section].items[$0.to.item].id.key }
        let updatedSections = diff.sections.updates.map { keyedTarget[$0.to].model.id }
        // A key kept with another cell: the diffable data source sees the same identifier, so
        // it must reload it (a new cell), not reconfigure it.
        var oldIdentities: [String: KeyedListItem.Identity] = [:]
        for section in oldKeyed { for item in section.items { oldIdentities[item.id.key] = item.id } }
        let recelled = keyedTarget.flatMap(\.items).compactMap { item in
            oldIdentities[item.id.key].flatMap { $0 != item.id ? item.id.key : nil }
        }
        try? snapshot.reconfigureItems(updatedItems.filter { snapshot.contains(item: $0) })
        try? snapshot.reloadItems(recelled.filter { snapshot.contains(item: $0) })
        try? snapshot.reconfigureSections(updatedSections.filter { snapshot.contains(section: $0) })
        self.snapshot = snapshot
    }

    /// Whether anything changed.
    package var isEmpty: Bool { diff.isEmpty }
}

extension ListDataSource {
    /// Animates a list view from `current` to this data source: hands the staged changes to
    /// `applyStaged` (whose `setData` installs each stage's data), then stores ``ListDataSourceChanges/target``
    /// — the list the last stage showed, so the stored list always has the rows the view was
    /// told about (repeated identifiers included: they used to be dropped here, so the animated
    /// path showed fewer rows than a reload of the same data).
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
