import KeelLists

/// A model of the rules `UICollectionView.performBatchUpdates` / `UITableView` enforce, and of
/// what the view shows afterwards.
///
/// Given what is on screen and one stage (the data installed for it plus its changes), it checks
/// the rules UIKit raises `NSInternalInconsistencyException` for — offsets in range, nothing
/// deleted or moved twice, no reload of a deleted or moved item, no item change inside a
/// section that is deleted, inserted or reloaded in the same batch, and the count invariant
/// ("the number of items contained in an existing section after the update must be equal to …")
/// — then computes what the view displays: surviving cells keep their content, inserted and
/// reloaded ones take it from the data. Stricter than UIKit in one way: the displayed
/// identifiers must equal the data's, not just the counts.
struct BatchUpdateModel {
    struct Violation: Error, CustomStringConvertible {
        let description: String
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw Violation(description: message()) }
    }

    /// What the view displays after applying `stage` to `displayed`.
    static func apply(_ stage: Changeset<Sections>, to displayed: Sections) throws -> Sections {
        let data = stage.data
        let oldCount = displayed.count
        let newCount = data.count
        try check(Set(stage.sectionDeletes).count == stage.sectionDeletes.count, "section deleted twice")
        try check(
            stage.sectionDeletes.allSatisfy { (0..<oldCount).contains($0) }, "section delete out of range")
        let deleted = Set(stage.sectionDeletes)
        let movedFrom = stage.sectionMoves.map(\.from)
        let movedTo = stage.sectionMoves.map(\.to)
        try check(Set(movedFrom).count == movedFrom.count, "section moved twice")
        try check(Set(movedTo).count == movedTo.count, "two sections moved to one place")
        try check(
            movedFrom.allSatisfy { (0..<oldCount).contains($0) && !deleted.contains($0) }, "bad section move")
        try check(movedTo.allSatisfy { (0..<newCount).contains($0) }, "section move target out of range")
        let inserted = Set(stage.sectionInserts)
        try check(inserted.count == stage.sectionInserts.count, "section inserted twice")
        try check(inserted.allSatisfy { (0..<newCount).contains($0) }, "section insert out of range")
        try check(inserted.isDisjoint(with: movedTo), "section inserted where one moves to")
        let reloaded = Set(stage.sectionUpdates)
        try check(
            reloaded.allSatisfy {
                (0..<oldCount).contains($0) && !deleted.contains($0) && !movedFrom.contains($0)
            },
            "bad section reload")
        try check(newCount == oldCount - deleted.count + inserted.count, "invalid number of sections")

        // Where each new section comes from.
        var source = [Int?](repeating: nil, count: newCount)
        for move in stage.sectionMoves { source[move.to] = move.from }
        var remaining = (0..<oldCount).filter { !deleted.contains($0) && !movedFrom.contains($0) }
            .makeIterator()
        for target in 0..<newCount where source[target] == nil && !inserted.contains(target) {
            source[target] = remaining.next()
        }
        var newSectionOfOld = [Int?](repeating: nil, count: oldCount)
        for (target, old) in source.enumerated() { if let old { newSectionOfOld[old] = target } }

        // Items: old positions must be in live (not deleted or reloaded) sections.
        func validOld(_ path: ItemIndex) -> Bool {
            (0..<oldCount).contains(path.section) && !deleted.contains(path.section)
                && !reloaded.contains(path.section)
                && (0..<displayed[path.section].items.count).contains(path.item)
        }
        func validNew(_ path: ItemIndex) -> Bool {
            (0..<newCount).contains(path.section) && !inserted.contains(path.section)
                && (0..<data[path.section].items.count).contains(path.item)
                && !(source[path.section].map { reloaded.contains($0) } ?? true)
        }
        let itemDeletes = Set(stage.itemDeletes)
        let itemMovedFrom = stage.itemMoves.map(\.from)
        let itemMovedTo = stage.itemMoves.map(\.to)
        let itemReloads = Set(stage.itemUpdates)
        try check(itemDeletes.count == stage.itemDeletes.count, "item deleted twice")
        try check(itemDeletes.allSatisfy(validOld), "bad item delete")
        try check(Set(itemMovedFrom).count == itemMovedFrom.count, "item moved twice")
        try check(
            itemMovedFrom.allSatisfy { validOld($0) && !itemDeletes.contains($0) }, "bad item move source")
        try check(Set(itemMovedTo).count == itemMovedTo.count, "two items moved to one place")
        try check(itemMovedTo.allSatisfy(validNew), "bad item move target")
        let itemInserts = Set(stage.itemInserts)
        try check(itemInserts.count == stage.itemInserts.count, "item inserted twice")
        try check(
            itemInserts.allSatisfy(validNew) && itemInserts.isDisjoint(with: itemMovedTo), "bad item insert")
        try check(itemReloads.count == stage.itemUpdates.count, "item reloaded twice")
        try check(
            itemReloads.allSatisfy {
                validOld($0) && !itemDeletes.contains($0) && !itemMovedFrom.contains($0)
            },
            "bad item reload")

        var result: Sections = []
        for target in 0..<newCount {
            guard let old = source[target] else {
                result.append(data[target])
                continue
            }
            if reloaded.contains(old) {
                result.append(data[target])
                continue
            }
            let leaving = Set(
                stage.itemDeletes.filter { $0.section == old } + itemMovedFrom.filter { $0.section == old })
            var survivors = displayed[old].items.indices
                .filter { !leaving.contains(ItemIndex(section: old, item: $0)) }
                .map {
                    (
                        item: displayed[old].items[$0],
                        reload: itemReloads.contains(ItemIndex(section: old, item: $0))
                    )
                }
                .makeIterator()
            var landing: [Int: Row] = [:]
            for path in stage.itemInserts where path.section == target {
                landing[path.item] = data[target].items[path.item]
            }
            for move in stage.itemMoves where move.to.section == target {
                landing[move.to.item] = displayed[move.from.section].items[move.from.item]
            }
            let survivorCount = displayed[old].items.count - leaving.count
            try check(
                survivorCount + landing.count == data[target].items.count,
                "invalid number of items in section \(target): \(data[target].items.count) in data, "
                    + "\(displayed[old].items.count) before, -\(leaving.count) +\(landing.count)")
            var items: [Row] = []
            for position in 0..<data[target].items.count {
                if let row = landing[position] {
                    items.append(row)
                } else {
                    let survivor = survivors.next()!
                    items.append(survivor.reload ? data[target].items[position] : survivor.item)
                }
            }
            result.append(ListSection(displayed[old].model, items: items))
        }
        return result
    }

    /// Replays every stage from `old`, checking each stage's displayed identifiers against its
    /// data, and returns what is displayed at the end.
    static func replay(_ staged: StagedChangeset<Sections>, from old: Sections) throws -> Sections {
        var displayed = old
        for (offset, stage) in staged.enumerated() {
            try check(stage.hasChanges, "stage \(offset) is empty")
            displayed = try apply(stage, to: displayed)
            try check(
                displayed.map { $0.model.id } == stage.data.map { $0.model.id }
                    && displayed.map { $0.items.map(\.id) } == stage.data.map { $0.items.map(\.id) },
                "stage \(offset): displayed identifiers differ from the stage's data")
        }
        return displayed
    }

    /// Replays a flat staged changeset (one section).
    static func replay(_ staged: StagedChangeset<[Row]>, from old: [Row]) throws -> [Row] {
        let wrapped = StagedChangeset(
            staged.stages.map { stage in
                Changeset(
                    data: [ListSection(Header(0), items: stage.data)], itemDeletes: stage.itemDeletes,
                    itemInserts: stage.itemInserts, itemMoves: stage.itemMoves, itemUpdates: stage.itemUpdates
                )
            })
        try check(
            staged.allSatisfy { $0.sectionDeletes.isEmpty && $0.sectionInserts.isEmpty }, "flat with sections"
        )
        return try replay(wrapped, from: [ListSection(Header(0), items: old)])[0].items
    }
}
