/// A declarative list: a title and sections of items, each item possibly opening a child list
/// (drill-down, as in a Settings screen). A `Sendable` value, loadable from and savable to JSON
/// (see ``ListDataSource/decode(from:registry:)``), that diffs into animated updates
/// (``ListDataSource/changes(from:)``).
public struct ListDataSource: Hashable, Sendable {
    /// The screen title.
    public var title: String?
    /// The sections, in order.
    public var listSections: [ListDataSection]

    /// Creates a data source.
    public init(title: String? = nil, sections: [ListDataSection]) {
        self.title = title
        self.listSections = sections
    }

    /// Creates a data source with one section holding `items`.
    public init(title: String? = nil, items: [ListItem]) {
        self.init(title: title, sections: [ListDataSection(id: "main", items: items)])
    }

    /// The section at `offset`, or `nil` when out of range.
    package func section(at offset: Int) -> ListDataSection? {
        listSections.indices.contains(offset) ? listSections[offset] : nil
    }

    /// The item at `index`, or `nil` when either offset is out of range.
    public func item(at index: ItemIndex) -> ListItem? {
        guard let section = section(at: index.section), section.listItems.indices.contains(index.item)
        else {
            return nil
        }
        return section.listItems[index.item]
    }

    /// The position of the first item with `id` — or, for a key of ``snapshot`` that names a
    /// repeated identifier's later row (`"repo#2"`), that row — or `nil`.
    public func index(of id: String) -> ItemIndex? {
        for (sectionOffset, section) in listSections.enumerated() {
            if let item = section.listItems.firstIndex(where: { $0.id == id }) {
                return ItemIndex(section: sectionOffset, item: item)
            }
        }
        // Only a key the snapshot made for a repeat can still match (the first occurrence of
        // an identifier keeps it as its key, so it was found above).
        guard id.contains("#") else { return nil }
        for (sectionOffset, keys) in uniqueIdentifiers.items.enumerated() {
            if let item = keys.firstIndex(of: id) { return ItemIndex(section: sectionOffset, item: item) }
        }
        return nil
    }

    /// Every item identifier in order — with `recursive`, each followed by its children's
    /// (depth first).
    package func allIdentifiers(recursive: Bool = false) -> [String] {
        var result: [String] = []
        for section in listSections {
            for item in section.listItems {
                result.append(item.id)
                if recursive, let child = item.childList { result += child.allIdentifiers(recursive: true) }
            }
        }
        return result
    }

    /// Item identifiers that appear more than once at this level, in order of their second
    /// appearance, and section identifiers likewise.
    package var duplicateIdentifiers: (sections: [String], items: [String]) {
        var seenSections = Set<String>()
        var seenItems = Set<String>()
        var sectionDuplicates: [String] = []
        var itemDuplicates: [String] = []
        for section in listSections {
            if !seenSections.insert(section.id).inserted { sectionDuplicates.append(section.id) }
            for item in section.listItems where !seenItems.insert(item.id).inserted {
                itemDuplicates.append(item.id)
            }
        }
        return (sectionDuplicates, itemDuplicates)
    }
}

/// A section of a ``ListDataSource``: an identifier, optional header and footer text, items.
public struct ListDataSection: Hashable, Sendable, Identifiable {
    /// The section's identifier (unique within its data source).
    public var id: String
    /// The header text.
    public var header: String?
    /// The footer text.
    public var footer: String?
    /// The items, in order.
    public var listItems: [ListItem]

    /// Creates a section.
    public init(id: String, header: String? = nil, footer: String? = nil, items: [ListItem]) {
        self.id = id
        self.header = header
        self.footer = footer
        self.listItems = items
    }

    /// The identifier of a section declared without one: its header, else its footer, else its
    /// first item's identifier, else `""` (sections with equal identifiers are reported as
    /// duplicates when diffing, never merged silently).
    package static func derivedIdentifier(header: String?, footer: String?, items: [ListItem]) -> String {
        header ?? footer ?? items.first?.id ?? ""
    }
}

/// One row of a ``ListDataSource``. Its identifier (what it is), its cell kind (how it looks)
/// and its reuse identifier (which cell class instance may show it) are separate, so two items
/// with different identifiers can share a cell and one kind can have several reuse pools.
public struct ListItem: Hashable, Sendable, Identifiable {
    /// The item's identifier (unique within its data source).
    public var id: String
    /// The cell kind that shows it.
    public var kind: CellKind
    /// The reuse identifier; defaults to the kind's raw value.
    public var reuseIdentifier: String
    /// What the cell shows (read it typed with `item.viewModel as? Model`).
    package var cellViewModel: AnyCellViewModel?
    /// The list opened when the item is selected (drill-down), if any.
    public var childList: ListDataSource?

    /// Creates an item.
    public init(
        id: String, kind: CellKind = .basic, reuseIdentifier: String? = nil,
        viewModel: (any CellViewModel)? = nil,
        child: ListDataSource? = nil
    ) {
        self.id = id
        self.kind = kind
        self.reuseIdentifier = reuseIdentifier ?? kind.rawValue
        self.cellViewModel = viewModel.map(AnyCellViewModel.init)
        self.childList = child
    }

    /// What the cell shows, if anything.
    public var viewModel: (any CellViewModel)? {
        get { cellViewModel?.base }
        set { cellViewModel = newValue.map(AnyCellViewModel.init) }
    }

    /// The view model as `type`, or `nil` when absent or of another type.
    package func viewModel<Model: CellViewModel>(as type: Model.Type) -> Model? {
        cellViewModel?.base as? Model
    }
}
