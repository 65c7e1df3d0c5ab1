import KeelLists
import Testing

/// Acceptance 4: the duplicate policy, deterministic across runs and processes. The expected
/// values are literals, so a result that depended on hash seeds (which differ per process)
/// would fail here.
@Suite("Duplicate identifiers")
struct DuplicateTests {
    @Test func firstOccurrenceWinsInNew() {
        let old = rows([1, 2])
        let new = [Row(1), Row(3), Row(1, 5), Row(2), Row(3, 9)]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.duplicates.new == [2, 4])
        #expect(diff.duplicates.old.isEmpty)
        #expect(diff.applied(to: old) == [Row(1), Row(3), Row(2)])
        #expect(diff.inserts == [1])
        #expect(diff.updates.isEmpty)
    }

    @Test func laterDuplicatesInOldAreDeleted() {
        let old = rows([1, 2, 1, 3, 2])
        let diff = ListDiff(from: old, to: rows([1, 2, 3]))
        #expect(diff.deletes == [2, 4])
        #expect(diff.duplicates.old == [2, 4])
        #expect(diff.applied(to: old) == rows([1, 2, 3]))
    }

    @Test func keepLastPolicy() {
        let new = [Row(1), Row(2), Row(1, 5)]
        let diff = ListDiff(from: rows([1, 2]), to: new, duplicates: .keepLast)
        #expect(diff.duplicates.new == [0])
        #expect(diff.applied(to: rows([1, 2])) == [Row(2), Row(1, 5)])
        #expect(new.deduplicated(keeping: .keepLast) == [Row(2), Row(1, 5)])
    }

    @Test func differenceKitExample() {
        // DifferenceKit's documented case: ["a","b","a","c"] -> ["a","a","b","d","a"].
        let old = ["a", "b", "a", "c"]
        let diff = ListDiff(from: old, to: ["a", "a", "b", "d", "a"])
        #expect(diff.applied(to: old) == ["a", "b", "d"])
        #expect(diff.deletes == [2, 3])
        #expect(diff.inserts == [2])
        #expect(diff.duplicates == DroppedDuplicates(old: [2], new: [1, 4]))
    }

    @Test func deduplicatedHelper() {
        let page = [Row(1), Row(2), Row(1, 3), Row(4), Row(2)]
        #expect(page.deduplicated(by: \.id) == [Row(1), Row(2), Row(4)])
        #expect(page.deduplicated(by: \.id, keeping: .keepLast) == [Row(1, 3), Row(4), Row(2)])
        #expect(page.deduplicated() == [Row(1), Row(2), Row(4)])
    }

    @Test func sameResultEveryTime() {
        var random = RandomLists(seed: 42)
        let old = random.list(count: 300, duplicates: true)
        let new = random.edit(old, duplicates: true)
        let first = ListDiff(from: old, to: new)
        for _ in 0..<20 { #expect(ListDiff(from: old, to: new) == first) }
    }

    @Test func sectionedDuplicates() {
        let old: Sections = [ListSection(Header(1), items: rows([1, 2]))]
        let new: Sections = [
            ListSection(Header(1), items: rows([1, 3, 1])),
            ListSection(Header(2), items: rows([3, 4])),
            ListSection(Header(1), items: rows([5])),
        ]
        let diff = SectionedListDiff(from: old, to: new)
        #expect(diff.sections.duplicates.new == [2])
        #expect(diff.itemDuplicates.new == [ItemIndex(section: 0, item: 2), ItemIndex(section: 1, item: 0)])
        #expect(
            diff.applied(to: old) == [
                ListSection(Header(1), items: rows([1, 3])), ListSection(Header(2), items: rows([4])),
            ])
    }
}
