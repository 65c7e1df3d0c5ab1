import Foundation
import KeelLists
import Testing

@Suite("ListDiff")
struct ListDiffTests {
    static let base = rows(Array(1...10))

    /// Acceptance 2: appending k items to n gives exactly k inserts at n..<n+k.
    @Test(arguments: [(0, 5), (10, 1), (10, 7), (1_000, 50)])
    func pureAppend(count: Int, added: Int) {
        let old = rows(Array(0..<count))
        let new = old + rows(Array(count..<(count + added)))
        let diff = ListDiff(from: old, to: new)
        #expect(diff.inserts == Array(count..<(count + added)))
        #expect(diff.deletes.isEmpty && diff.moves.isEmpty && diff.updates.isEmpty)
        #expect(diff.insertedValues == Array(new[count...]))
    }

    /// Acceptance 2: prepending k items gives exactly k inserts at 0..<k.
    @Test func purePrepend() {
        let new = rows([100, 101, 102]) + Self.base
        let diff = ListDiff(from: Self.base, to: new)
        #expect(diff.inserts == [0, 1, 2])
        #expect(diff.changeCount == 3)
    }

    /// Acceptance 2: removing from either end gives exactly those deletes.
    @Test func endRemovals() {
        let head = ListDiff(from: Self.base, to: Array(Self.base.dropFirst(3)))
        #expect(head.deletes == [0, 1, 2] && head.changeCount == 3)
        let tail = ListDiff(from: Self.base, to: Array(Self.base.dropLast(4)))
        #expect(tail.deletes == [6, 7, 8, 9] && tail.changeCount == 4)
    }

    @Test func equalCollectionsHaveNoChanges() {
        #expect(ListDiff(from: Self.base, to: Self.base).isEmpty)
        #expect(ListDiff(from: [Row](), to: []).isEmpty)
        #expect(StagedChangeset(from: Self.base, to: Self.base).isEmpty)
    }

    /// Acceptance 3: same identifier, changed content → update, not delete + insert.
    @Test func contentChangeIsAnUpdate() {
        var new = Self.base
        new[4].content = 9
        let diff = ListDiff(from: Self.base, to: new)
        #expect(diff.updates == [OffsetMove(from: 4, to: 4)])
        #expect(diff.deletes.isEmpty && diff.inserts.isEmpty && diff.moves.isEmpty)
        #expect(diff.updatedValues == [Row(5, 9)])
    }

    /// Acceptance 3: moved and changed → a move plus an update.
    @Test func movedAndChangedIsMovePlusUpdate() {
        var new = Self.base
        var row = new.remove(at: 1)
        row.content = 7
        new.append(row)
        let diff = ListDiff(from: Self.base, to: new)
        #expect(diff.moves == [OffsetMove(from: 1, to: 9)])
        #expect(diff.updates == [OffsetMove(from: 1, to: 9)])
        #expect(diff.deletes.isEmpty && diff.inserts.isEmpty)
    }

    @Test func fewestMoves() {
        // One element jumping to the front is one move, not nine.
        let new = [Self.base[9]] + Self.base.dropLast()
        #expect(ListDiff(from: Self.base, to: new).moves == [OffsetMove(from: 9, to: 0)])
        #expect(ListDiff(from: Self.base, to: Self.base.reversed()).moves.count == 9)
    }

    @Test func scatteredEditsWithoutMoves() {
        let old = rows(Array(0..<100))
        var new = old.filter { $0.id % 10 != 3 }
        new.insert(Row(500), at: 50)
        let diff = ListDiff(from: old, to: new)
        #expect(diff.deletes == Array(stride(from: 3, to: 100, by: 10)))
        #expect(diff.inserts == [50] && diff.moves.isEmpty)
        #expect(diff.applied(to: old) == new)
    }

    @Test func collectionDifferenceAssociatesMoves() throws {
        let old = rows([1, 2, 3])
        let new = [Row(3, 1), Row(1), Row(4)]
        let difference = ListDiff(from: old, to: new).collectionDifference
        #expect(old.applying(difference) == new)
        let moved = difference.insertions.compactMap { change -> Int? in
            guard case .insert(_, let element, let association) = change, association != nil else {
                return nil
            }
            return element.id
        }
        #expect(moved == [3])  // 1 keeps its place relative to the others
    }

    @Test func appliedToTheWrongCollectionIsNil() {
        let diff = ListDiff(from: Self.base, to: rows([1, 2]))
        #expect(diff.applied(to: rows([1])) == nil)
    }

    @Test func closureAndValueVariants() {
        let names = ["a", "b", "c"]
        let diff = ListDiff(from: names, to: ["c", "a", "d"])
        #expect(diff.deletes == [1] && diff.inserts == [2] && diff.moves == [OffsetMove(from: 2, to: 0)])
        let byLength = ListDiff(from: ["x", "yy"], to: ["yy", "zzz"], id: \.count, isContentEqual: ==)
        #expect(byLength.deletes == [0] && byLength.inserts == [1])
        let equatable = ListDiff(from: [Row(1, 0)], to: [Row(1, 1)], id: \.id)
        #expect(equatable.updates.count == 1)
    }

    @Test func resultIsSendable() async {
        let old = Self.base
        let diff = await Task.detached { ListDiff(from: old, to: old.reversed()) }.value
        #expect(diff.moves.count == 9)
    }

    @Test func itemIndexOrdersBySectionThenItem() {
        #expect(ItemIndex(section: 0, item: 5) < ItemIndex(section: 1, item: 0))
        #expect(ItemIndex(section: 1, item: 2).description == "[1, 2]")
    }
}
