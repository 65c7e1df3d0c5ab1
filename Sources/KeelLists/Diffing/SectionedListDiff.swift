/// The changes that turn one sectioned list into another: sections are matched by identifier
/// and diffed like a flat list, and items are matched by identifier across the whole list, so
/// an item can move between sections.
///
/// ``applied(to:)`` rebuilds the new list and ``isEmpty`` says whether anything changed; for
/// animated updates, `StagedChangeset(fromSections:toSections:)` computes the same changes in
/// the stages UIKit's batch updates accept (KeelUIKitControllers' `apply(_:setData:)` runs them).
/// Internally, deletes and the `from` side of moves and updates are positions in the old list;
/// inserts and the `to` side are positions in the new list (after duplicates were dropped).
///
/// Items of a deleted or inserted section go with their section and are not listed one by one.
/// An item that leaves a deleted section for a kept one is an insert; an item that moves into an
/// inserted section is a delete.
///
/// Duplicates follow the ``DuplicatePolicy``: section identifiers are made unique first (a
/// dropped section takes its items with it), then item identifiers across all sections.
public struct SectionedListDiff<Model, Item> {
    /// The section-level changes (deletes, inserts, moves and updates of section models).
    @usableFromInline package let sections: ListDiff<Model>
    /// Positions in the old list of removed items, ascending.
    @usableFromInline package let itemDeletes: [ItemIndex]
    /// Positions in the new list of added items, ascending.
    @usableFromInline package let itemInserts: [ItemIndex]
    /// Items that changed position (within or across sections), ordered by new position.
    @usableFromInline package let itemMoves: [ItemMove]
    /// Items whose identifier is kept but whose content changed, ordered by new position.
    @usableFromInline package let itemUpdates: [ItemMove]
    /// Duplicate items that were dropped.
    @usableFromInline package let itemDuplicates: DroppedItemDuplicates

    // Storage for `applied(to:)` and the staged changeset.
    @usableFromInline let sectionSources: [Int]
    @usableFromInline let oldItemCounts: [Int]
    @usableFromInline let insertedSectionItems: [[Item]]
    @usableFromInline let insertedItems: [Item]
    @usableFromInline let updatedItems: [Item]

    @usableFromInline
    init(
        sections: ListDiff<Model>, itemDeletes: [ItemIndex], itemInserts: [ItemIndex], itemMoves: [ItemMove],
        itemUpdates: [ItemMove], itemDuplicates: DroppedItemDuplicates, sectionSources: [Int],
        oldItemCounts: [Int], insertedSectionItems: [[Item]], insertedItems: [Item], updatedItems: [Item]
    ) {
        self.sections = sections
        self.itemDeletes = itemDeletes
        self.itemInserts = itemInserts
        self.itemMoves = itemMoves
        self.itemUpdates = itemUpdates
        self.itemDuplicates = itemDuplicates
        self.sectionSources = sectionSources
        self.oldItemCounts = oldItemCounts
        self.insertedSectionItems = insertedSectionItems
        self.insertedItems = insertedItems
        self.updatedItems = updatedItems
    }

    /// Whether the lists were identical by identifier and content.
    public var isEmpty: Bool {
        sections.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty
            && itemUpdates.isEmpty
    }

    /// The new list rebuilt from `old` and this diff, or `nil` when `old` does not have the
    /// shape the diff was computed from.
    public func applied(to old: [ListSection<Model, Item>]) -> [ListSection<Model, Item>]? {
        guard old.count == oldItemCounts.count,
            zip(old, oldItemCounts).allSatisfy({ $0.items.count == $1 })
        else { return nil }
        var movedOut = old.map { [Bool](repeating: false, count: $0.items.count) }
        for path in itemDeletes { movedOut[path.section][path.item] = true }
        for move in itemMoves { movedOut[move.from.section][move.from.item] = true }
        // What lands at each new position, by new section.
        var placed = [[(item: Int, value: Item)]](repeating: [], count: sectionSources.count)
        for (path, value) in zip(itemInserts, insertedItems) {
            placed[path.section].append((path.item, value))
        }
        for move in itemMoves {
            placed[move.to.section].append((move.to.item, old[move.from.section].items[move.from.item]))
        }
        var updatedModels: [Int: Model] = [:]
        for (update, value) in zip(sections.updates, sections.updatedValues) {
            updatedModels[update.to] = value
        }
        var insertedCursor = 0
        var result: [ListSection<Model, Item>] = []
        result.reserveCapacity(sectionSources.count)
        for (target, source) in sectionSources.enumerated() {
            if source < 0 {
                guard insertedCursor < sections.inserts.count else { return nil }
                result.append(
                    ListSection(
                        sections.insertedValues[insertedCursor], items: insertedSectionItems[insertedCursor]))
                insertedCursor += 1
                continue
            }
            let landing = placed[target].sorted { $0.item < $1.item }
            let kept = old[source].items.indices.filter { !movedOut[source][$0] }
            var items: [Item] = []
            items.reserveCapacity(kept.count + landing.count)
            var keptCursor = 0
            var landingCursor = 0
            for position in 0..<(kept.count + landing.count) {
                if landingCursor < landing.count, landing[landingCursor].item == position {
                    items.append(landing[landingCursor].value)
                    landingCursor += 1
                } else {
                    guard keptCursor < kept.count else { return nil }
                    items.append(old[source].items[kept[keptCursor]])
                    keptCursor += 1
                }
            }
            result.append(ListSection(updatedModels[target] ?? old[source].model, items: items))
        }
        for (update, value) in zip(itemUpdates, updatedItems) {
            guard update.to.section < result.count, update.to.item < result[update.to.section].items.count
            else { return nil }
            result[update.to.section].items[update.to.item] = value
        }
        return result
    }
}

/// The duplicate items a sectioned diff dropped.
@usableFromInline
package struct DroppedItemDuplicates: Hashable, Sendable {
    /// Positions in the old list of duplicates that were deleted (also in the item deletes).
    @usableFromInline package var old: [ItemIndex]
    /// Positions in the new list, as given, of duplicates that were dropped.
    @usableFromInline package var new: [ItemIndex]

    /// Creates a report.
    @usableFromInline package init(old: [ItemIndex] = [], new: [ItemIndex] = []) {
        self.old = old
        self.new = new
    }

    /// Whether no duplicate item was found.
    package var isEmpty: Bool { old.isEmpty && new.isEmpty }
}

extension SectionedListDiff: Sendable where Model: Sendable, Item: Sendable {}

extension SectionedListDiff {
    /// A summary of the section and item changes, for test failures and debugging.
    package var description: String {
        "SectionedListDiff(sections: \(sections), item deletes \(itemDeletes), inserts \(itemInserts), "
            + "moves \(itemMoves), updates \(itemUpdates))"
    }
}
