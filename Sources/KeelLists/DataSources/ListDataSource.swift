/// A declarative list: a title and sections of items, each item possibly opening a child list
/// (drill-down, as in a Settings screen). A `Sendable` value, loadable from and savable to JSON
/// (see ``ListDataSource/decode(from:registry:)``). It is AEViewModel's `BasicDataSource`
/// (``BasicDataSource`` names the same type): a ``DataSource`` whose typed sections are
/// ``listSections``.
public struct ListDataSource: Hashable, Sendable, DataSource {
    /// The screen title.
    public var title: String?
    /// The sections, in order, typed (``sections`` shows them as ``KeelSection``s).
    public var listSections: [ListDataSection]

    /// Creates a data source.
    public init(title: String? = nil, sections: [ListDataSection]) {
        self.title = title
        self.listSections = sections
    }

    /// The sections as the ``DataSource`` protocol reads them.
    public var sections: [KeelSection] { listSections }

    /// Creates a data source with one section holding `items`.
    public init(title: String? = nil, items: [ListItem]) {
        self.init(title: title, sections: [ListDataSection(id: "main", items: items)])
    }

    /// The section at `offset`, or `nil` when out of range.
    public func section(at offset: Int) -> ListDataSection? {
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

    /// The identifier of the item at `index`, or `nil` when out of range.
    public func identifier(at index: ItemIndex) -> String? { item(at: index)?.id }

    /// The view model of the item at `index`, or `nil` when out of range or absent.
    public func viewModel(at index: ItemIndex) -> AnyCellViewModel? { item(at: index)?.cellViewModel }

    /// The position of the first item with `id`, or `nil`.
    public func index(of id: String) -> ItemIndex? {
        for (sectionOffset, section) in listSections.enumerated() {
            if let item = section.listItems.firstIndex(where: { $0.id == id }) {
                return ItemIndex(section: sectionOffset, item: item)
            }
        }
        return nil
    }

    /// Every item identifier in order — with `recursive`, each followed by its children's
    /// (depth first).
    public func allIdentifiers(recursive: Bool = false) -> [String] {
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
    public var duplicateIdentifiers: (sections: [String], items: [String]) {
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
/// AEViewModel's `BasicSection` (``BasicSection`` names the same type): a ``KeelSection``
/// whose typed items are ``listItems``.
public struct ListDataSection: Hashable, Sendable, Identifiable, KeelSection {
    /// The section's identifier (unique within its data source).
    public var id: String
    /// The header text.
    public var header: String?
    /// The footer text.
    public var footer: String?
    /// The items, in order, typed (``items`` shows them as ``Item``s).
    public var listItems: [ListItem]

    /// Creates a section.
    public init(id: String, header: String? = nil, footer: String? = nil, items: [ListItem]) {
        self.id = id
        self.header = header
        self.footer = footer
        self.listItems = items
    }

    /// Creates a section as AEViewModel does, without an identifier: it is derived from the
    /// texts (``derivedIdentifier(header:footer:items:)``).
    public init(header: String? = nil, footer: String? = nil, items: [ListItem] = []) {
        self.init(
            id: Self.derivedIdentifier(header: header, footer: footer, items: items), header: header,
            footer: footer, items: items)
    }

    /// The identifier of a section declared without one: its header, else its footer, else its
    /// first item's identifier, else `""` (sections with equal identifiers are reported as
    /// duplicates when diffing, never merged silently).
    public static func derivedIdentifier(header: String?, footer: String?, items: [ListItem]) -> String {
        header ?? footer ?? items.first?.id ?? ""
    }

    /// The items as the ``KeelSection`` protocol reads them.
    public var items: [Item] { listItems }
}

/// One row of a ``ListDataSource``. Its identifier (what it is), its cell kind (how it looks)
/// and its reuse identifier (which cell class instance may show it) are separate, so two items
/// with different identifiers can share a cell and one kind can have several reuse pools.
/// AEViewModel's `BasicItem` (``BasicItem`` names the same type): an ``Item`` whose typed view
/// model is ``cellViewModel`` and typed child ``childList``.
public struct ListItem: Hashable, Sendable, Identifiable, Item {
    /// The item's identifier (unique within its data source).
    public var id: String
    /// The cell kind that shows it.
    public var kind: CellKind
    /// The reuse identifier; defaults to the kind's raw value.
    public var reuseIdentifier: String
    /// What the cell shows, typed (``viewModel`` shows it as a ``ViewModel``).
    public var cellViewModel: AnyCellViewModel?
    /// The list opened when the item is selected (drill-down), if any, typed (``child`` shows
    /// it as a ``DataSource``).
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

    /// Creates a basic item as AEViewModel does: a ``BasicCellViewModel`` of `title`, `detail`
    /// and `image`.
    public init(
        identifier: String, title: String? = nil, detail: String? = nil, image: String? = nil,
        child: ListDataSource? = nil
    ) {
        self.init(
            id: identifier, viewModel: BasicCellViewModel(title: title, detail: detail, image: image),
            child: child)
    }

    /// Creates an item of `viewModel` as AEViewModel does (``identifier`` is ``id``).
    public init(
        identifier: String, kind: CellKind = .basic, viewModel: any CellViewModel,
        child: ListDataSource? = nil
    ) {
        self.init(id: identifier, kind: kind, viewModel: viewModel, child: child)
    }

    /// The view model as `type`, or `nil` when absent or of another type.
    public func viewModel<Model: CellViewModel>(as type: Model.Type) -> Model? {
        cellViewModel?.base as? Model
    }

    /// The identifier, as the ``Item`` protocol reads it (``id``).
    public var identifier: String { id }

    /// The view model as the ``Item`` protocol reads it: ``cellViewModel``, or a basic view model
    /// titled with the identifier when there is none (what the stock cell shows).
    public var viewModel: ViewModel { cellViewModel?.base ?? BasicCellViewModel(title: id) }

    /// The child as the ``Item`` protocol reads it (``childList``).
    public var child: DataSource? { childList }
}
