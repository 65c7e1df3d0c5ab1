import KeelLists
import Testing

@Suite("ListSnapshot")
struct ListSnapshotTests {
    typealias Snapshot = ListSnapshot<String, Int>

    static func sample() throws -> Snapshot {
        var snapshot = Snapshot()
        try snapshot.appendSections(["a", "b"])
        try snapshot.appendItems([1, 2, 3], toSection: "a")
        try snapshot.appendItems([4, 5])
        return snapshot
    }

    @Test func buildAndLookUp() throws {
        let snapshot = try Self.sample()
        #expect(snapshot.numberOfSections == 2 && snapshot.numberOfItems == 5)
        #expect(snapshot.sectionIdentifiers == ["a", "b"])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(try snapshot.itemIdentifiers(inSection: "b") == [4, 5])
        #expect(try snapshot.numberOfItems(inSection: "a") == 3)
        #expect(snapshot.index(ofItem: 5) == ItemIndex(section: 1, item: 1))
        #expect(snapshot.index(ofSection: "b") == 1)
        #expect(snapshot.itemIdentifier(at: ItemIndex(section: 0, item: 2)) == 3)
        #expect(snapshot.itemIdentifier(at: ItemIndex(section: 2, item: 0)) == nil)
        #expect(snapshot.sectionIdentifier(at: 0) == "a" && snapshot.sectionIdentifier(at: 5) == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 4) == "b")
        #expect(
            snapshot.index(ofItem: 99) == nil && !snapshot.contains(item: 99)
                && snapshot.contains(section: "a"))
    }

    @Test func insertDeleteMoveItems() throws {
        var snapshot = try Self.sample()
        try snapshot.insertItems([10, 11], beforeItem: 2)
        try snapshot.insertItems([12], afterItem: 5)
        #expect(snapshot.itemIdentifiers == [1, 10, 11, 2, 3, 4, 5, 12])
        #expect(snapshot.index(ofItem: 3) == ItemIndex(section: 0, item: 4))
        try snapshot.deleteItems([10, 4])
        #expect(snapshot.index(ofItem: 5) == ItemIndex(section: 1, item: 0))
        try snapshot.moveItem(1, afterItem: 12)
        #expect(try snapshot.itemIdentifiers(inSection: "a") == [11, 2, 3])
        #expect(try snapshot.itemIdentifiers(inSection: "b") == [5, 12, 1])
        #expect(snapshot.index(ofItem: 1) == ItemIndex(section: 1, item: 2))
        try snapshot.moveItem(3, beforeItem: 11)
        #expect(snapshot.index(ofItem: 2) == ItemIndex(section: 0, item: 2))
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 2)
    }

    @Test func sectionOperationsKeepItemLookupsRight() throws {
        var snapshot = try Self.sample()
        try snapshot.insertSections(["z"], beforeSection: "a")
        try snapshot.insertSections(["y"], afterSection: "a")
        #expect(snapshot.sectionIdentifiers == ["z", "a", "y", "b"])
        #expect(snapshot.index(ofItem: 4) == ItemIndex(section: 3, item: 0))
        try snapshot.moveSection("b", beforeSection: "z")
        #expect(snapshot.index(ofItem: 5) == ItemIndex(section: 0, item: 1))
        try snapshot.moveSection("z", afterSection: "y")
        #expect(snapshot.sectionIdentifiers == ["b", "a", "y", "z"])
        try snapshot.deleteSections(["a"])
        #expect(snapshot.index(ofItem: 1) == nil && snapshot.numberOfItems == 2)
        #expect(snapshot.index(ofSection: "y") == 1)
        try snapshot.appendItems([1], toSection: "y")  // a deleted item's identifier is free again
        #expect(snapshot.index(ofItem: 1) == ItemIndex(section: 1, item: 0))
    }

    @Test func reloadAndReconfigure() throws {
        var snapshot = try Self.sample()
        try snapshot.reloadItems([1])
        try snapshot.reconfigureItems([2])
        try snapshot.reloadSections(["a"])
        try snapshot.reconfigureSections(["b"])
        #expect(snapshot.reloadedItemIdentifiers == [1] && snapshot.reconfiguredItemIdentifiers == [2])
        #expect(
            snapshot.reloadedSectionIdentifiers == ["a"] && snapshot.reconfiguredSectionIdentifiers == ["b"])
        try snapshot.deleteItems([1])
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    }

    /// Acceptance 5: every misuse is a typed error, and the snapshot is unchanged.
    @Test(arguments: [
        ("duplicate append", ListSnapshotError.Kind.duplicateItem, "3"),
        ("duplicate within one append", .duplicateItem, "9"),
        ("duplicate section", .duplicateSection, "a"),
        ("unknown section for items", .unknownSection, "q"),
        ("delete missing section", .unknownSection, "q"),
        ("delete missing item", .unknownItem, "42"),
        ("insert before missing item", .unknownItem, "42"),
        ("move missing item", .unknownItem, "42"),
        ("move relative to itself", .relativeToItself, "1"),
        ("reload missing item", .unknownItem, "42"),
        ("reconfigure missing section", .unknownSection, "q"),
        ("items without sections", .noSection, "1"),
        ("count of missing section", .unknownSection, "q"),
    ])
    func misuseThrowsTypedErrors(name: String, kind: ListSnapshotError.Kind, identifier: String) throws {
        let original = try Self.sample()
        var snapshot = name == "items without sections" ? Snapshot() : original
        let before = snapshot
        let error = #expect(throws: ListSnapshotError.self, "\(name)") {
            switch name {
            case "duplicate append": try snapshot.appendItems([8, 3])
            case "duplicate within one append": try snapshot.appendItems([9, 9])
            case "duplicate section": try snapshot.appendSections(["c", "a"])
            case "unknown section for items": try snapshot.appendItems([7], toSection: "q")
            case "delete missing section": try snapshot.deleteSections(["a", "q"])
            case "delete missing item": try snapshot.deleteItems([1, 42])
            case "insert before missing item": try snapshot.insertItems([7], beforeItem: 42)
            case "move missing item": try snapshot.moveItem(42, afterItem: 1)
            case "move relative to itself": try snapshot.moveItem(1, beforeItem: 1)
            case "reload missing item": try snapshot.reloadItems([42])
            case "reconfigure missing section": try snapshot.reconfigureSections(["q"])
            case "items without sections": try snapshot.appendItems([1])
            default: _ = try snapshot.numberOfItems(inSection: "q")
            }
        }
        #expect(error?.kind == kind)
        #expect(error?.identifier == identifier)
        #expect(snapshot == before, "a failed operation must not change the snapshot")
        #expect(error.map { !$0.description.isEmpty } == true)
    }

    @Test func largeSnapshotBuildsAndAnswersQueries() throws {
        var snapshot = Snapshot()
        try snapshot.appendSections(["s0", "s1"])
        try snapshot.appendItems(Array(0..<25_000), toSection: "s0")
        try snapshot.appendItems(Array(25_000..<50_000), toSection: "s1")
        #expect(snapshot.numberOfItems == 50_000)
        #expect(snapshot.index(ofItem: 49_999) == ItemIndex(section: 1, item: 24_999))
        #expect(snapshot.itemIdentifier(at: ItemIndex(section: 0, item: 123)) == 123)
    }

    @Test func sectionsRoundTrip() throws {
        let snapshot = try Self.sample()
        #expect(ListSnapshot(sections: snapshot.sections) == snapshot)
        let withDuplicates = ListSnapshot<String, Int>(sections: [
            ListSection("a", items: [1, 1, 2]), ListSection("a", items: [3]),
            ListSection("b", items: [2, 4]),
        ])
        #expect(withDuplicates.sections == [ListSection("a", items: [1, 2]), ListSection("b", items: [4])])
    }
}
