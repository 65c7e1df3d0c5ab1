/// What a screen keeps alive per list view: each configured list's adapter or helper, keyed by
/// the list's identity, so configuring a second list never releases the first (UIKit's
/// `dataSource` and `delegate` are weak). A list that is gone drops its entry; configuring the
/// same list again replaces its entry.
///
/// The UIKit controllers hold one per screen (`configureTableList`, `configureCollectionList`,
/// `configureList`); it is headless so the keeping rules are tested on every platform.
package struct ListAttachments<Value> {
    final class WeakList {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    struct Entry {
        var list: WeakList
        var value: Value
        var order: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var nextOrder = 0

    /// An empty store.
    package init() {}

    /// Keeps `value` for `list`, replacing what `list` had; entries of lists that are gone are
    /// dropped.
    package mutating func set(_ value: Value, for list: AnyObject) {
        entries = entries.filter { $0.value.list.object != nil }
        nextOrder += 1
        entries[ObjectIdentifier(list)] = Entry(list: WeakList(list), value: value, order: nextOrder)
    }

    /// The value kept for `list`, or `nil` when it has none.
    package func value(for list: AnyObject) -> Value? {
        guard let entry = entries[ObjectIdentifier(list)], entry.list.object === list else { return nil }
        return entry.value
    }

    /// Drops the value kept for `list`.
    package mutating func remove(for list: AnyObject) {
        guard value(for: list) != nil else { return }
        entries[ObjectIdentifier(list)] = nil
    }

    /// The values of the lists still alive, oldest configuration first.
    package var values: [Value] {
        entries.values.filter { $0.list.object != nil }.sorted { $0.order < $1.order }.map(\.value)
    }

    /// The value of the list configured last that is still alive.
    package var last: Value? { values.last }
}
