import Foundation
import KeelLists
import Testing

/// Round 12 #1 and #2: what animated data-source updates tell UIKit about an item whose cell
/// changes, and about rows whose identifiers repeat (AEViewModel data).
@Suite("Data-source changes: cell changes and repeated identifiers")
struct ListDataSourceCellChangeTests {
    /// One section of `items`.
    static func list(_ items: [ListItem]) -> ListDataSource { ListDataSource(items: items) }

    /// Every item update of every stage of `changes`, as the (old, new) items it reconfigures:
    /// the item at the update's position in the previous stage's data and in this stage's.
    static func reconfigured(_ changes: ListDataSourceChanges, from old: ListDataSource) -> [(
        ListItem, ListItem
    )] {
        var previous = old.listSections.map(\.listItems)
        var result: [(ListItem, ListItem)] = []
        for stage in changes.changeset {
            let current = stage.data.map(\.items)
            for path in stage.itemUpdates {
                result.append((previous[path.section][path.item], current[path.section][path.item]))
            }
            previous = current
        }
        return result
    }

    // Used to report the `sync` row as an item update: the front ends reconfigured it, and the
    // table dequeued `keel.stock.spinner` for the existing `keel.stock.basic` cell — UIKit's
    // NSInternalInconsistencyException ("a different registration or reuse identifier than
    // the existing cell when reconfiguring an item"). The snapshot marked it reconfigured too.
    @Test("an item whose kind or reuse identifier changes is deleted and inserted, never reconfigured")
    func changedCellIsReloaded() throws {
        let other = ListItem(id: "other", viewModel: BasicCellViewModel(title: "Other"))
        let old = Self.list([ListItem(id: "sync", viewModel: BasicCellViewModel(title: "Sync")), other])
        let cases: [ListItem] = [
            ListItem(id: "sync", kind: .spinner, viewModel: SpinnerCellViewModel(title: "Syncing…")),
            ListItem(id: "sync", reuseIdentifier: "sync.busy", viewModel: BasicCellViewModel(title: "Sync")),
        ]
        for changed in cases {
            let new = Self.list([changed, other])
            let changes = new.changes(from: old)
            #expect(Self.reconfigured(changes, from: old).isEmpty)
            let stages = Array(changes.changeset)
            #expect(stages.flatMap(\.itemDeletes) == [ItemIndex(section: 0, item: 0)])
            #expect(stages.flatMap(\.itemInserts) == [ItemIndex(section: 0, item: 0)])
            #expect(changes.snapshot.reloadedItemIdentifiers == ["sync"])
            #expect(changes.snapshot.reconfiguredItemIdentifiers.isEmpty)
            #expect(changes.target == new)
        }
        // A changed view model with the same cell is still reconfigured.
        let retitled = Self.list([
            ListItem(id: "sync", viewModel: BasicCellViewModel(title: "Synced")), other,
        ])
        let changes = retitled.changes(from: old)
        #expect(Self.reconfigured(changes, from: old).map(\.1.id) == ["sync"])
        #expect(changes.snapshot.reconfiguredItemIdentifiers == ["sync"])
        #expect(changes.snapshot.reloadedItemIdentifiers.isEmpty)
    }

    // The snapshot path (BaseCollectionViewController applies `StagedChangeset(from:to:)`)
    // used to stage a reloaded item as an update, which the front ends reconfigure — the same
    // exception when the reload changes the cell, as `changes.snapshot` marks it to.
    @Test("a snapshot item marked for reloading is deleted and inserted; a reconfigured one updated")
    func snapshotReloadIsDeleteAndInsert() throws {
        var old = ListSnapshot<String, Int>()
        try old.appendSections(["a"])
        try old.appendItems([1, 2, 3], toSection: "a")
        var new = old
        try new.reloadItems([2])
        try new.reconfigureItems([3])
        let staged = StagedChangeset(from: old, to: new)
        #expect(staged.flatMap(\.itemUpdates) == [ItemIndex(section: 0, item: 2)])
        #expect(staged.flatMap(\.itemDeletes) == [ItemIndex(section: 0, item: 1)])
        #expect(staged.flatMap(\.itemInserts) == [ItemIndex(section: 0, item: 1)])
        #expect(staged.last?.data == new)

        // End to end: a data source whose row changes kind, through its changes' snapshot.
        let before = Self.list([ListItem(id: "sync"), ListItem(id: "other")])
        let after = Self.list([ListItem(id: "sync", kind: .spinner), ListItem(id: "other")])
        let viaSnapshot = StagedChangeset(from: before.snapshot, to: after.changes(from: before).snapshot)
        #expect(viaSnapshot.allSatisfy { $0.itemUpdates.isEmpty })
        #expect(viaSnapshot.flatMap(\.itemDeletes) == [ItemIndex(section: 0, item: 0)])
    }

    // Random edits (seeded): no stage ever reconfigures an item into another cell.
    @Test("no reconfigured item changes its cell, over random edits")
    func randomEditsNeverReconfigureAcrossCells() {
        var random = SplitMix64(seed: 12)
        let kinds: [CellKind] = [.basic, .spinner, .button]
        func randomList() -> ListDataSource {
            let count = Int.random(in: 0...8, using: &random)
            let items = (0..<count).map { _ in
                let id = String(Int.random(in: 0..<6, using: &random))
                let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
                return ListItem(
                    id: id, kind: kind,
                    viewModel: BasicCellViewModel(title: String(Int.random(in: 0..<2, using: &random))))
            }
            return ListDataSource(items: items)
        }
        for _ in 0..<300 {
            let old = randomList()
            let new = randomList()
            let changes = new.changes(from: old)
            for (before, after) in Self.reconfigured(changes, from: old) {
                #expect(before.kind == after.kind && before.reuseIdentifier == after.reuseIdentifier)
            }
            #expect(changes.target == new)
            let last = changes.changeset.last.map { ListDataSource(title: new.title, stage: $0.data) }
            #expect((last ?? old) == new || changes.isEmpty)
        }
    }

    // AEViewModel's GitHub example repeats `"repo"` on every row. The animated path, the snapshot
    // (and SwiftUI's KeelList, which uses the same keys) used to keep only the first row: 1
    // repository instead of 3, while a reload showed all 3.
    @Test("repeated identifiers keep every row: animated target, snapshot and unique keys")
    func repeatedIdentifiersKeepRows() throws {
        let json = """
            {"title":"Github","sections":[{"items":[
             {"identifier":"repo","viewModel":{"title":"Alamofire"}},
             {"identifier":"repo","viewModel":{"title":"Kingfisher"}},
             {"identifier":"repo#2","viewModel":{"title":"Named like a key"}},
             {"identifier":"repo","viewModel":{"title":"SnapKit"}}]}]}
            """
        let decoded = try ListDataSource.decode(from: Data(json.utf8))
        let keys = decoded.uniqueIdentifiers
        #expect(keys.items == [["repo", "repo#3", "repo#2", "repo#4"]])
        #expect(decoded.snapshot.itemIdentifiers == ["repo", "repo#3", "repo#2", "repo#4"])
        // Every snapshot key maps back to its row (index(of:) used to find only real ids).
        for (offset, key) in decoded.snapshot.itemIdentifiers.enumerated() {
            #expect(decoded.index(of: key) == ItemIndex(section: 0, item: offset), "\(key)")
        }
        #expect(decoded.index(of: "repo#9") == nil)

        let changes = decoded.changes(from: ListDataSource(sections: []))
        #expect(changes.target == decoded)
        #expect(changes.snapshot.itemIdentifiers.count == 4)

        // An edit of the repeated rows: one removed, one retitled.
        var edited = decoded
        edited.listSections[0].listItems.remove(at: 1)
        edited.listSections[0].listItems[2].viewModel = BasicCellViewModel(title: "SnapKit 5")
        let edit = edited.changes(from: decoded)
        #expect(edit.target == edited)
        let stages = Array(edit.changeset)
        #expect(stages.last.map { ListDataSource(title: edited.title, stage: $0.data) } == edited)
        // Unique identifiers keep their behaviour: the snapshot is the identifiers.
        let plain = Self.list([ListItem(id: "a"), ListItem(id: "b")])
        #expect(plain.snapshot.itemIdentifiers == ["a", "b"])
    }

    // A repeated section identifier (two header-less sections derive theirs from the same first
    // item) used to drop the second section with its rows.
    @Test("a repeated section identifier keeps the section and its rows")
    func repeatedSectionsKeepRows() {
        let new = ListDataSource(sections: [
            ListDataSection(id: "s", items: [ListItem(id: "1")]),
            ListDataSection(id: "s", items: [ListItem(id: "2")]),
        ])
        let changes = new.changes(from: ListDataSource(sections: []))
        #expect(changes.target == new)
        #expect(new.snapshot.sectionIdentifiers == ["s", "s#2"])
        #expect(new.snapshot.itemIdentifiers == ["1", "2"])
    }
}
