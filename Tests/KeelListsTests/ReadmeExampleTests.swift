import KeelLists
import Testing

// The README example, compiled and checked. Keep NOTES-lists.md in step with it.
private struct Message: Identifiable, Hashable, Sendable {
    let id: Int
    var text: String
}

@Suite("README example")
struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        let old = [Message(id: 1, text: "Hi"), Message(id: 2, text: "Hello")]
        let new = [
            Message(id: 2, text: "Hello!"), Message(id: 3, text: "Hey"), Message(id: 3, text: "Hey again"),
        ]

        // Flat diff: matched by id, content compared with ==.
        let diff = ListDiff(from: old, to: new)
        #expect(diff.deletes == [0])  // message 1
        #expect(diff.inserts == [1])  // message 3
        #expect(diff.updates == [OffsetMove(from: 1, to: 0)])  // message 2's text changed
        #expect(diff.duplicates.new == [2])  // the second message 3 was dropped

        // Stages for UIKit, in the order performBatchUpdates accepts.
        let stages = StagedChangeset(from: old, to: new)
        for stage in stages {
            // collectionView.performBatchUpdates {
            //     dataSource.messages = stage.data
            //     collectionView.reconfigureItems(at: stage.itemUpdates.map(IndexPath.init))
            //     collectionView.deleteItems(at: stage.itemDeletes.map(IndexPath.init)) …
            // }
            _ = stage.data
        }
        #expect(stages.last?.data == new.deduplicated())

        // A snapshot: O(1) lookups both ways; duplicates are a typed error, never a crash.
        var snapshot = ListSnapshot<String, Int>()
        try snapshot.appendSections(["inbox"])
        try snapshot.appendItems(new.deduplicated().map(\.id))
        #expect(snapshot.index(ofItem: 3) == ItemIndex(section: 0, item: 1))
        #expect(throws: ListSnapshotError(.duplicateItem, identifier: "2")) {
            try snapshot.appendItems([2])
        }
    }
}
