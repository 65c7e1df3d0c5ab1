/// The changes that turn one flat collection into another, matched by identifier.
///
/// Elements are matched by an identifier; an element whose identifier is kept but whose
/// content changed is an **update**, not a delete plus an insert. Offsets follow UIKit's
/// batch-update conventions:
/// - ``deletes`` are offsets in the old collection;
/// - ``inserts`` are offsets in the new collection (after duplicates are dropped);
/// - ``moves`` go from an old offset to a new offset;
/// - ``updates`` pair an element's old offset with its new offset. An element that both moved
///   and changed appears in ``moves`` and in ``updates``.
///
/// Elements that keep their relative order are never reported as moved, and the moves are as
/// few as possible (the rest form a longest increasing run).
///
/// Duplicate identifiers follow a ``DuplicatePolicy`` (by default the first occurrence wins):
/// later duplicates in the old collection are deleted, later duplicates in the new collection
/// are dropped, and both are listed in ``duplicates``. ``applied(to:)`` therefore yields the
/// new collection without its duplicates.
///
/// The diff is a value: `Sendable` when its elements are, so it can be computed off the main
/// actor and handed to the UI.
public struct ListDiff<Element> {
    /// Offsets in the old collection of the removed elements, ascending.
    public let deletes: [Int]
    /// Offsets in the new collection of the added elements, ascending.
    public let inserts: [Int]
    /// Elements that changed position relative to the others, ordered by new offset.
    public let moves: [OffsetMove]
    /// Elements whose identifier is kept but whose content changed, ordered by new offset.
    public let updates: [OffsetMove]
    /// The duplicate identifiers that were dropped.
    public let duplicates: DroppedDuplicates
    /// The number of elements in the old collection.
    @usableFromInline package let oldCount: Int
    /// The number of elements in the new collection, after duplicates were dropped.
    @usableFromInline package let newCount: Int

    // Element storage, so the diff can be applied and converted on its own.
    @usableFromInline let deletedElements: [Element]
    @usableFromInline let insertedElements: [Element]
    @usableFromInline let movedElements: [Element]
    @usableFromInline let updatedElements: [Element]
    @usableFromInline let replacedElements: [Element]

    @usableFromInline
    init(
        deletes: [Int], deletedElements: [Element], inserts: [Int], insertedElements: [Element],
        moves: [OffsetMove], movedElements: [Element], updates: [OffsetMove], updatedElements: [Element],
        replacedElements: [Element], duplicates: DroppedDuplicates, oldCount: Int, newCount: Int
    ) {
        self.replacedElements = replacedElements
        self.deletes = deletes
        self.deletedElements = deletedElements
        self.inserts = inserts
        self.insertedElements = insertedElements
        self.moves = moves
        self.movedElements = movedElements
        self.updates = updates
        self.updatedElements = updatedElements
        self.duplicates = duplicates
        self.oldCount = oldCount
        self.newCount = newCount
    }

    /// The diff of a pure insertion of `new[inserted]`, every other element kept in place and
    /// unchanged, and no duplicates: for callers that made the change themselves (the
    /// pagination controller appending or prepending a de-duplicated page) and so need no
    /// O(n) comparison to find it.
    static func insertion(_ inserted: Range<Int>, in new: [Element]) -> ListDiff {
        ListDiff(
            deletes: [], deletedElements: [], inserts: Array(inserted),
            insertedElements: Array(new[inserted]), moves: [], movedElements: [], updates: [],
            updatedElements: [], replacedElements: [], duplicates: DroppedDuplicates(),
            oldCount: new.count - inserted.count, newCount: new.count)
    }

    /// Whether the collections were identical by identifier and content.
    public var isEmpty: Bool {
        deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty
    }

    /// The total number of deletes, inserts, moves and updates.
    package var changeCount: Int {
        deletes.count + inserts.count + moves.count + updates.count
    }

    /// The new values of the inserted elements, in the order of ``inserts``.
    @usableFromInline package var insertedValues: [Element] { insertedElements }

    /// The new values of the updated elements, in the order of ``updates``.
    @usableFromInline package var updatedValues: [Element] { updatedElements }
}

/// The occurrences of duplicate identifiers a diff dropped, by their offsets in the collections
/// it was given.
public struct DroppedDuplicates: Hashable, Sendable {
    /// Offsets in the old collection of duplicates that were deleted (they are also in the
    /// diff's deletes).
    public var old: [Int]
    /// Offsets in the new collection, as given, of duplicates that were dropped.
    public var new: [Int]

    /// Creates a report.
    @usableFromInline package init(old: [Int] = [], new: [Int] = []) {
        self.old = old
        self.new = new
    }

    /// Whether no duplicate was found.
    package var isEmpty: Bool { old.isEmpty && new.isEmpty }
}

extension ListDiff: Sendable where Element: Sendable {}
extension ListDiff: Equatable where Element: Equatable {}
extension ListDiff: Hashable where Element: Hashable {}

extension ListDiff {
    /// A summary such as `ListDiff(3 -> 4: deletes [0], inserts [1, 2], moves [], updates [2->3])`,
    /// for test failures and debugging.
    package var description: String {
        var text = "ListDiff(\(oldCount) -> \(newCount): deletes \(deletes), inserts \(inserts), "
        text += "moves \(moves), updates \(updates)"
        if !duplicates.isEmpty {
            text += ", dropped duplicates old \(duplicates.old) new \(duplicates.new)"
        }
        return text + ")"
    }
}
