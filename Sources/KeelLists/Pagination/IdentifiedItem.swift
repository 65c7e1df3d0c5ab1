import Foundation

/// A value with an identity of its own, so a value that is not `Identifiable` can page through
/// a ``PagingController`` (KeelCompat's one-parameter `PaginationController<Item>`): every
/// wrapped value is a new item, equal only to itself, so nothing is de-duplicated.
package struct IdentifiedItem<Value: Sendable>: Identifiable, Equatable, Sendable {
    /// The identity, unique per wrapped value.
    package let id = UUID()
    /// The value.
    package let value: Value

    /// Wraps `value` with a fresh identity.
    package init(_ value: Value) {
        self.value = value
    }

    /// Equal when the same wrapped value (by identity).
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
}

extension ListDataSource {
    /// The item at `indexPath` (section, then row or item), or `nil` when the index path does
    /// not have exactly two indexes or either is out of range — a stale index path never traps.
    package func item(atIndexPath indexPath: IndexPath) -> ListItem? {
        guard indexPath.count == 2 else { return nil }
        return item(at: ItemIndex(section: indexPath[0], item: indexPath[1]))
    }
}
