// AEViewModel's data-source spellings and the original app foundation's one-parameter
// pagination controller, over KeelLists' canonical types (`ListDataSource`, `ListDataSection`,
// `ListItem`, `CellViewModel`, `PagingController`).
import Foundation
import KeelLists

// MARK: - AEViewModel: data sources

/// AEViewModel's `BasicDataSource`: Keel's `Codable`, diffable data source.
@available(*, deprecated, renamed: "ListDataSource")
public typealias BasicDataSource = ListDataSource

/// AEViewModel's `BasicSection` (its `Section`, which SwiftUI also declares).
@available(*, deprecated, renamed: "ListDataSection")
public typealias BasicSection = ListDataSection

/// AEViewModel's `Section`, prefixed because SwiftUI declares `Section`.
@available(*, deprecated, renamed: "ListDataSection")
public typealias KeelSection = ListDataSection

/// AEViewModel's `BasicItem`.
@available(*, deprecated, renamed: "ListItem")
public typealias BasicItem = ListItem

/// AEViewModel's `Item`: one row, which Keel's `ListItem` is.
@available(*, deprecated, renamed: "ListItem")
public typealias Item = ListItem

/// AEViewModel's `ViewModel`: whatever a cell shows. Keel's items carry a `CellViewModel` (a
/// `Codable`, `Hashable`, `Sendable` value with a `typeName`), so that lists load from JSON and
/// diff.
@available(*, deprecated, message: "conform to CellViewModel (Codable, Hashable, Sendable, with a typeName)")
public protocol ViewModel {}

/// AEViewModel's `DataSource`: an app's type offering a title and sections, shown by
/// KeelCompat's `TableViewController` and `CollectionViewController`. Keel's
/// `ListDataSource` is a value of that shape.
@available(*, deprecated, message: "use ListDataSource (and ListTableViewController, which shows one)")
public protocol DataSource {
    /// The screen title.
    var title: String? { get }
    /// The sections, in order.
    var sections: [KeelSection] { get }
}

@available(*, deprecated, message: "use ListDataSource")
extension DataSource {
    /// No title unless the conformer declares one.
    public var title: String? { nil }

    /// The item at `indexPath` (section, then row or item), or `nil` for an index path out of
    /// range.
    public func item(at indexPath: IndexPath) -> Item? {
        ListDataSource(self).item(atIndexPath: indexPath)
    }

    /// The identifier of the item at `indexPath`, or `nil` when there is none.
    public func identifier(at indexPath: IndexPath) -> String? { item(at: indexPath)?.id }
}

@available(*, deprecated, message: "use listSections")
extension ListDataSource: DataSource {
    /// The sections, as AEViewModel's `DataSource` names them.
    public var sections: [ListDataSection] { listSections }
}

extension ListDataSource {
    /// The same title and sections as `source`.
    @available(*, deprecated, message: "use ListDataSource")
    init(_ source: some DataSource) {
        self.init(title: source.title, sections: source.sections)
    }
}

extension ListDataSection {
    /// A section as AEViewModel's `BasicSection` creates one, without an identifier: it is
    /// derived from the header, else the footer, else the first item's identifier.
    @available(
        *, deprecated, message: "give the section an identifier: ListDataSection(id:header:footer:items:)"
    )
    public init(header: String? = nil, footer: String? = nil, items: [ListItem] = []) {
        self.init(
            id: Self.derivedIdentifier(header: header, footer: footer, items: items), header: header,
            footer: footer, items: items)
    }
}

extension ListItem {
    /// A basic item as AEViewModel's `BasicItem` creates one: a `BasicCellViewModel` of
    /// `title`, `detail` and `image`.
    @available(*, deprecated, message: "use ListItem(id:viewModel: BasicCellViewModel(title:detail:image:))")
    public init(
        identifier: String, title: String? = nil, detail: String? = nil, image: String? = nil,
        child: ListDataSource? = nil
    ) {
        self.init(
            id: identifier, viewModel: BasicCellViewModel(title: title, detail: detail, image: image),
            child: child)
    }

    /// An item of `viewModel` as AEViewModel's `BasicItem` creates one.
    @available(*, deprecated, renamed: "init(id:kind:viewModel:child:)")
    public init(
        identifier: String, kind: CellKind = .basic, viewModel: any CellViewModel,
        child: ListDataSource? = nil
    ) {
        self.init(id: identifier, kind: kind, viewModel: viewModel, child: child)
    }

    /// The item's identifier, as AEViewModel's `Item` names it.
    @available(*, deprecated, renamed: "id")
    public var identifier: String { id }
}

// MARK: - AppFoundation: pagination

/// The original foundation's `PaginationController<Item>`, with its one generic parameter (the
/// item) and its synchronous `items` and `hasMore`: a main-actor front for KeelLists'
/// `PagingController<Int, Item>`, which pages, coalesces and retries. Its items need not be
/// `Identifiable`: each loaded item counts as new (no de-duplication).
@available(
    *, deprecated,
    message:
        "use PagingController<Int, Item>(pageSize:loadPage:) (an actor: read items and hasMore with await)"
)
@MainActor
public final class PaginationController<Item: Sendable> {
    private let controller: PagingController<Int, IdentifiedItem<Item>>
    /// The loaded items, as of the last completed `refresh()` or `loadMore()`.
    public private(set) var items: [Item] = []
    /// Whether another page can follow the last one, as of the last completed load.
    public private(set) var hasMore = true

    /// A controller loading pages of `pageSize` items with `loadPage(page, pageSize)`, from
    /// `firstPage` (1 by default).
    nonisolated public init(
        pageSize: Int, firstPage: Int = 1,
        loadPage: @escaping @Sendable (_ page: Int, _ pageSize: Int) async throws -> PageResult<Item>
    ) {
        controller = PagingController(pageSize: pageSize, firstPage: firstPage) { page, size in
            let result = try await loadPage(page, size)
            return PageResult(
                page: result.page, items: result.items.map(IdentifiedItem.init), hasMore: result.hasMore)
        }
    }

    /// Replaces the items with the first page.
    public func refresh() async throws {
        try await controller.refresh()
        await follow()
    }

    /// Appends the next page (nothing once `hasMore` is `false`, until a refresh).
    public func loadMore() async throws {
        try await controller.loadMore()
        await follow()
    }

    private func follow() async {
        items = await controller.items.map(\.value)
        hasMore = await controller.hasMore
    }
}
