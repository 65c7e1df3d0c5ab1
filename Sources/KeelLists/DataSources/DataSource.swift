import Foundation

/// What a list shows, as AEViewModel declares it: a title and sections of items. Apps conform
/// their own types (`struct ExampleDataSource: DataSource { var sections: [KeelSection] = [...] }`);
/// ``ListDataSource`` (also spelled ``BasicDataSource``) is Keel's `Codable`, diffable conformer.
public protocol DataSource {
    /// The screen title.
    var title: String? { get }
    /// The sections, in order.
    var sections: [KeelSection] { get }
}

/// A section of a ``DataSource``: optional header and footer text, and items. (AEViewModel's
/// `Section`, prefixed because SwiftUI declares `Section`.)
public protocol KeelSection {
    /// The header text.
    var header: String? { get }
    /// The footer text.
    var footer: String? { get }
    /// The items, in order.
    var items: [Item] { get }
}

/// One row of a ``DataSource``: an identifier (what the row is — the controller picks its
/// cell type from it), a view model (what the cell shows) and an optional drill-down child.
public protocol Item {
    /// The row's identifier.
    var identifier: String { get }
    /// What the cell shows.
    var viewModel: ViewModel { get }
    /// The list opened when the row is selected, if any.
    var child: DataSource? { get }
}

/// Whatever a cell shows: any type (`struct MyCustomWhatever: ViewModel {}`). Keel's stock view
/// models (``CellViewModel``) are typed, `Codable` and `Hashable` refinements of it.
public protocol ViewModel {}

extension DataSource {
    /// No title unless the conformer declares one.
    public var title: String? { nil }

    /// The item at `indexPath` (section, then row or item), or `nil` when the index path does
    /// not have exactly two indexes or either is out of range — a stale index path never traps.
    public func item(at indexPath: IndexPath) -> Item? {
        guard indexPath.count == 2 else { return nil }
        let sections = self.sections
        guard sections.indices.contains(indexPath[0]) else { return nil }
        let items = sections[indexPath[0]].items
        return items.indices.contains(indexPath[1]) ? items[indexPath[1]] : nil
    }

    /// The identifier of the item at `indexPath`, or `nil` when there is none.
    public func identifier(at indexPath: IndexPath) -> String? { item(at: indexPath)?.identifier }

    /// The view model of the item at `indexPath`, or `nil` when there is none.
    public func viewModel(at indexPath: IndexPath) -> ViewModel? { item(at: indexPath)?.viewModel }

    /// The item at `indexPath`, or an empty basic item (identifier `""`) when there is none, so a
    /// front end asked for a stale index path shows a blank cell instead of failing.
    public func displayedItem(at indexPath: IndexPath) -> Item { item(at: indexPath) ?? ListItem(id: "") }

    /// The number of items in the section at `offset`; 0 when out of range.
    public func itemCount(inSectionAt offset: Int) -> Int {
        let sections = self.sections
        return sections.indices.contains(offset) ? sections[offset].items.count : 0
    }

    /// The section at `offset`, or `nil` when out of range.
    public func section(at offset: Int) -> KeelSection? {
        let sections = self.sections
        return sections.indices.contains(offset) ? sections[offset] : nil
    }

    /// Every item identifier of this level, each once, in order of first appearance.
    public var uniqueIdentifiers: [String] {
        var seen = Set<String>()
        return sections.flatMap(\.items).map(\.identifier).filter { seen.insert($0).inserted }
    }
}

extension KeelSection {
    /// No header unless the conformer declares one.
    public var header: String? { nil }
    /// No footer unless the conformer declares one.
    public var footer: String? { nil }
}

extension Item {
    /// No child unless the conformer declares one.
    public var child: DataSource? { nil }
}

/// The seed's name for ``ListDataSource``: the `Codable` data source of ``BasicSection``s.
public typealias BasicDataSource = ListDataSource
/// The seed's name for ``ListDataSection``.
public typealias BasicSection = ListDataSection
/// The seed's name for ``ListItem``.
public typealias BasicItem = ListItem
