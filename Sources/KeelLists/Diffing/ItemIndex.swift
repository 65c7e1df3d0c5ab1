/// The position of an item in a sectioned list: a section offset and an item offset within it.
///
/// A platform-neutral stand-in for `IndexPath` (whose `section` and `item` accessors are
/// Apple-only). Ordered by section, then by item.
public struct ItemIndex: Hashable, Comparable, Sendable {
    /// The section's offset.
    public var section: Int
    /// The item's offset within its section.
    public var item: Int

    /// Creates an index from a section offset and an item offset.
    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Orders by section, then by item.
    @inlinable
    public static func < (lhs: ItemIndex, rhs: ItemIndex) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    /// `[section, item]`, as `IndexPath` prints, for test failures and debugging.
    package var description: String { "[\(section), \(item)]" }
}

/// A move of one element in a flat list: from its offset in the old collection to its offset in
/// the new one. Also used for updates, which pair an element's old and new offsets.
public struct OffsetMove: Hashable, Sendable {
    /// The offset in the old collection.
    public var from: Int
    /// The offset in the new collection.
    public var to: Int

    /// Creates a move from an old offset to a new offset.
    @inlinable
    package init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// `from->to`, for test failures and debugging.
    package var description: String { "\(from)->\(to)" }
}

/// A move of one item in a sectioned list: from its old position to its new position.
/// Also used for updates, which pair an item's old and new positions.
@usableFromInline
package struct ItemMove: Hashable, Sendable {
    /// The position before the change.
    @usableFromInline package var from: ItemIndex
    /// The position after the change.
    @usableFromInline package var to: ItemIndex

    /// Creates a move from an old position to a new position.
    @inlinable
    package init(from: ItemIndex, to: ItemIndex) {
        self.from = from
        self.to = to
    }

    /// `[s, i]->[s, i]`.
    package var description: String { "\(from)->\(to)" }
}
