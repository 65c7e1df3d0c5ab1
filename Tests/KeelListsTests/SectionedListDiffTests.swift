import KeelLists
import Testing

@Suite("SectionedListDiff")
struct SectionedListDiffTests {
    static let old: Sections = [
        ListSection(Header(1), items: rows([1, 2, 3])),
        ListSection(Header(2), items: rows([4, 5])),
        ListSection(Header(3), items: rows([6])),
    ]

    @Test func itemMovesAcrossSections() {
        let new: Sections = [
            ListSection(Header(1), items: rows([1, 3])),
            ListSection(Header(2), items: rows([4, 2, 5])),
            ListSection(Header(3), items: rows([6])),
        ]
        let diff = SectionedListDiff(from: Self.old, to: new)
        #expect(
            diff.itemMoves == [
                ItemMove(from: ItemIndex(section: 0, item: 1), to: ItemIndex(section: 1, item: 1))
            ])
        #expect(diff.itemDeletes.isEmpty && diff.itemInserts.isEmpty && diff.sections.isEmpty)
        #expect(diff.applied(to: Self.old) == new)
    }

    @Test func sectionChanges() {
        let new: Sections = [
            ListSection(Header(3, 1), items: rows([6])),
            ListSection(Header(9), items: rows([9])),
            ListSection(Header(1), items: rows([1, 2, 3])),
        ]
        let diff = SectionedListDiff(from: Self.old, to: new)
        #expect(diff.sections.deletes == [1])
        #expect(diff.sections.inserts == [1])
        #expect(diff.sections.updates == [OffsetMove(from: 2, to: 0)])
        #expect(diff.sections.moves.count == 1)
        #expect(diff.itemInserts.isEmpty && diff.itemDeletes.isEmpty)
        #expect(diff.applied(to: Self.old) == new)
    }

    @Test func itemsLeavingADeletedSectionAreInserted() {
        let new: Sections = [ListSection(Header(1), items: rows([1, 2, 3, 4]))]
        let diff = SectionedListDiff(from: Self.old, to: new)
        #expect(diff.sections.deletes == [1, 2])
        #expect(diff.itemInserts == [ItemIndex(section: 0, item: 3)])
        #expect(diff.itemMoves.isEmpty)
    }

    @Test func itemsEnteringAnInsertedSectionAreDeleted() {
        var new: Sections = Self.old + [ListSection(Header(7), items: rows([1]))]
        new[0].items.removeFirst()
        let diff = SectionedListDiff(from: Self.old, to: new)
        #expect(diff.sections.inserts == [3])
        #expect(diff.itemDeletes == [ItemIndex(section: 0, item: 0)])
        #expect(diff.itemInserts.isEmpty)
    }

    @Test func updatedItemInAnotherSection() {
        var new = Self.old
        new[0].items.remove(at: 0)
        new[2].items.append(Row(1, 4))
        let diff = SectionedListDiff(from: Self.old, to: new)
        let move = ItemMove(from: ItemIndex(section: 0, item: 0), to: ItemIndex(section: 2, item: 1))
        #expect(diff.itemMoves == [move])
        #expect(diff.itemUpdates == [move])
    }

    @Test func closureVariantAndMismatchedApply() {
        let old = [ListSection("a", items: [1, 2])]
        let new = [ListSection("a", items: [2, 1])]
        let diff = SectionedListDiff(
            from: old, to: new, sectionID: { $0 }, isSectionContentEqual: ==, itemID: { $0 },
            isItemContentEqual: ==)
        #expect(diff.itemMoves.count == 1)
        #expect(diff.applied(to: new + new) == nil)
    }
}
