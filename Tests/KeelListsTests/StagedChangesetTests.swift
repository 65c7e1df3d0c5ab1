import KeelLists
import Testing

@Suite("StagedChangeset")
struct StagedChangesetTests {
    @Test func flatStagesInUIKitOrder() throws {
        let old = rows([1, 2, 3, 4])
        let new = [Row(4), Row(1, 1), Row(3), Row(5)]
        let staged = StagedChangeset(from: old, to: new)
        #expect(staged.count == 3)
        #expect(staged[0].itemUpdates == [ItemIndex(section: 0, item: 0)])
        #expect(staged[0].data == [Row(1, 1), Row(2), Row(3), Row(4)])
        #expect(staged[1].itemDeletes == [ItemIndex(section: 0, item: 1)])
        #expect(staged[1].data == [Row(1, 1), Row(3), Row(4)])
        // The move's source is its position after the deletes.
        #expect(
            staged[2].itemMoves == [
                ItemMove(from: ItemIndex(section: 0, item: 2), to: ItemIndex(section: 0, item: 0))
            ])
        #expect(staged[2].itemInserts == [ItemIndex(section: 0, item: 3)])
        #expect(staged[2].data == new)
        #expect(try BatchUpdateModel.replay(staged, from: old) == new)
    }

    @Test func emptyStagesAreOmitted() {
        let old = rows([1, 2])
        #expect(StagedChangeset(from: old, to: old + rows([3])).count == 1)
        #expect(StagedChangeset(from: old, to: [Row(1, 1), Row(2)]).count == 1)
        #expect(StagedChangeset(from: old, to: old).isEmpty)
    }

    @Test func sectionedFiveStages() throws {
        let old: Sections = [
            ListSection(Header(1), items: rows([1, 2, 3])),
            ListSection(Header(2), items: rows([4])),
            ListSection(Header(3), items: rows([5])),
        ]
        let new: Sections = [
            ListSection(Header(3, 1), items: rows([5, 1])),
            ListSection(Header(4), items: rows([6])),
            ListSection(Header(1), items: [Row(3), Row(2, 2), Row(7)]),
        ]
        let staged = StagedChangeset(fromSections: old, toSections: new)
        #expect(staged.count == 5)
        #expect(staged[0].itemUpdates == [ItemIndex(section: 0, item: 1)])
        #expect(staged[1].sectionDeletes == [1])
        #expect(!staged[2].sectionInserts.isEmpty && !staged[2].sectionMoves.isEmpty)
        #expect(!staged[3].itemMoves.isEmpty && !staged[3].itemInserts.isEmpty)
        #expect(staged[4].sectionUpdates == [0])
        #expect(staged.last?.data == new)
        #expect(try BatchUpdateModel.replay(staged, from: old) == new)
    }

    @Test func modelRejectsInvalidBatches() {
        let shown: Sections = [ListSection(Header(1), items: rows([1, 2, 3]))]
        func rejects(_ stage: Changeset<Sections>) -> Bool {
            (try? BatchUpdateModel.apply(stage, to: shown)) == nil
        }
        let fewer: Sections = [ListSection(Header(1), items: rows([1, 2]))]
        // Count mismatch: data lost an item but no delete was reported.
        #expect(rejects(Changeset(data: fewer)))
        // Delete and move of the same item.
        let path = ItemIndex(section: 0, item: 0)
        #expect(
            rejects(
                Changeset(
                    data: fewer, itemDeletes: [path],
                    itemMoves: [ItemMove(from: path, to: ItemIndex(section: 0, item: 1))])))
        // Reload of a deleted item.
        #expect(rejects(Changeset(data: fewer, itemDeletes: [path], itemUpdates: [path])))
        // Out of range.
        #expect(rejects(Changeset(data: fewer, itemDeletes: [ItemIndex(section: 0, item: 7)])))
        // Right counts, wrong identities: the model compares identifiers too.
        let swapped: Sections = [ListSection(Header(1), items: rows([3, 2, 1]))]
        let staged = StagedChangeset([Changeset(data: swapped, itemUpdates: [path])])
        #expect((try? BatchUpdateModel.replay(staged, from: shown)) == nil)
        // A valid batch is accepted.
        #expect(!rejects(Changeset(data: fewer, itemDeletes: [path])))
    }

    @Test func snapshotStages() throws {
        var old = ListSnapshot<String, Int>()
        try old.appendSections(["a", "b"])
        try old.appendItems([1, 2, 3], toSection: "a")
        try old.appendItems([4], toSection: "b")
        var new = old
        try new.moveItem(1, afterItem: 4)
        try new.deleteItems([2])
        try new.reconfigureItems([3])
        let staged = StagedChangeset(from: old, to: new)
        #expect(staged.map(\.itemUpdates) == [[ItemIndex(section: 0, item: 2)], [], []])
        #expect(staged[1].itemDeletes == [ItemIndex(section: 0, item: 1)])
        #expect(
            staged[2].itemMoves == [
                ItemMove(from: ItemIndex(section: 0, item: 0), to: ItemIndex(section: 1, item: 1))
            ])
        #expect(staged.last?.data == new)
    }
}

/// The flat entry points are `@inlinable`, so this module runs them specialised for its own
/// element types; each one must still replay correctly on a DifferenceKit-style workload.
@Suite("StagedChangeset, specialised entry points")
struct StagedChangesetEntryPointTests {
    /// Deletes, inserts, a shuffled run (moves) and content changes over `count` rows.
    static func workload(count: Int, seed: UInt64) -> (old: [Row], new: [Row]) {
        var generator = SplitMix64(seed: seed)
        let old = (0..<count).map { Row($0) }
        var new = old.filter { $0.id % 9 != 4 }
        new.insert(contentsOf: (count..<(count + count / 10)).map { Row($0) }, at: new.count / 2)
        new[0..<(count / 20)].shuffle(using: &generator)
        for index in stride(from: 3, to: new.count, by: 13) { new[index].content = 1 }
        return (old, new)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyFlatEntryPointReplays(seed: UInt64) throws {
        let (old, new) = Self.workload(count: 200, seed: seed)
        let staged = StagedChangeset(from: old, to: new)
        #expect(staged.contains { !$0.itemMoves.isEmpty } && staged.contains { !$0.itemUpdates.isEmpty })
        #expect(try BatchUpdateModel.replay(staged, from: old) == new)

        let byClosure = StagedChangeset(from: old, to: new, id: \.id, isContentEqual: ==)
        #expect(byClosure == staged)

        // Values that are their own identity: no updates, the same deletes, inserts and moves.
        let (oldIDs, newIDs) = (old.map(\.id), new.map(\.id))
        let byValue = StagedChangeset(from: oldIDs, to: newIDs)
        let wrapped = StagedChangeset(
            byValue.stages.map { stage in
                Changeset(
                    data: rows(stage.data), itemDeletes: stage.itemDeletes, itemInserts: stage.itemInserts,
                    itemMoves: stage.itemMoves, itemUpdates: stage.itemUpdates)
            })
        #expect(byValue.allSatisfy { $0.itemUpdates.isEmpty })
        #expect(try BatchUpdateModel.replay(wrapped, from: rows(oldIDs)) == rows(newIDs))
        #expect(byValue.last?.data == newIDs)
    }
}
