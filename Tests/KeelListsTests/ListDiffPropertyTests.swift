import KeelLists
import KeelTestSupport
import Testing

@Suite("ListDiff, randomized", .onOwnThread)
struct ListDiffPropertyTests {
    /// 800 random flat pairs (with duplicates, moves, updates) per seed, 3 seeds (8 in a long
    /// run): the diff, its `CollectionDifference` and every staged changeset (replayed through
    /// the UIKit model) all end at the new list without duplicates.
    @Test(arguments: 0..<UInt64(LongRuns.cases(short: 3, long: 8)))
    func flatPairsRoundTrip(seed: UInt64) throws {
        var random = RandomLists(seed: 0xF1A7 + seed)
        var coverage = Coverage()
        defer { coverage.expectAllSeen() }
        for pair in 0..<800 {
            let duplicates = random.generator.chance(0.3)
            let old = random.list(count: random.size(), duplicates: duplicates)
            let new = random.edit(old, duplicates: duplicates)
            let policy: DuplicatePolicy = random.generator.chance(0.2) ? .keepLast : .keepFirst
            let expected = new.deduplicated(keeping: policy)
            let diff = ListDiff(from: old, to: new, duplicates: policy)
            coverage.record(
                moves: diff.moves.count, updates: diff.updates.count, duplicates: !diff.duplicates.isEmpty)
            let context = "seed \(seed) pair \(pair): \(old) -> \(new)"
            #expect(diff.applied(to: old) == expected, "\(context)\n\(diff)")
            #expect(old.applying(diff.collectionDifference) == expected, "\(context)")
            #expect(diff.newCount == expected.count)
            #expect(diff.deletes == diff.deletes.sorted() && diff.inserts == diff.inserts.sorted())
            let staged = StagedChangeset(from: old, to: new, duplicates: policy)
            let displayed = try BatchUpdateModel.replay(staged, from: old)
            #expect(displayed == expected, "\(context)")
            #expect(staged.last?.data ?? old == expected)
            if Set(old.map(\.id)).count == old.count {
                #expect(diff.duplicates.old.isEmpty)
            }
        }
    }

    /// 500 random sectioned pairs per seed, 3 seeds (8 in a long run) — section inserts,
    /// deletes, moves, updates; items moving across sections; duplicate sections and items:
    /// applying the diff and replaying the five stages through the UIKit model both end at the
    /// new list without duplicates.
    @Test(arguments: 0..<UInt64(LongRuns.cases(short: 3, long: 8)))
    func sectionedPairsRoundTrip(seed: UInt64) throws {
        var random = RandomLists(seed: 0x5EC7 + seed)
        var coverage = Coverage()
        var sectionChanges = 0
        var crossSectionMoves = 0
        defer {
            coverage.expectAllSeen()
            #expect(sectionChanges > 10 && crossSectionMoves > 20, "\(sectionChanges) \(crossSectionMoves)")
        }
        for pair in 0..<500 {
            let duplicates = random.generator.chance(0.3)
            let old = random.sections(maximumItems: random.size(), duplicates: duplicates)
            let new = random.edit(old, duplicates: duplicates)
            let expected = deduplicated(new)
            let diff = SectionedListDiff(from: old, to: new)
            coverage.record(
                moves: diff.itemMoves.count, updates: diff.itemUpdates.count,
                duplicates: !diff.itemDuplicates.isEmpty || !diff.sections.duplicates.isEmpty)
            let sections = diff.sections
            if !sections.moves.isEmpty, !sections.inserts.isEmpty,
                !sections.deletes.isEmpty || !sections.updates.isEmpty
            {
                sectionChanges += 1
            }
            if diff.itemMoves.contains(where: { $0.from.section != $0.to.section }) { crossSectionMoves += 1 }
            let context = "seed \(seed) pair \(pair): \(old) -> \(new)"
            #expect(diff.applied(to: old) == expected, "\(context)\n\(diff)")
            let staged = StagedChangeset(fromSections: old, toSections: new)
            let displayed = try BatchUpdateModel.replay(staged, from: old)
            #expect(displayed == expected, "\(context)")
        }
    }
}

/// Counts how often the random pairs exercised each kind of change, so a generator that stops
/// producing moves, updates or duplicates fails the test instead of silently testing less.
struct Coverage {
    var withMoves = 0
    var withUpdates = 0
    var withDuplicates = 0

    mutating func record(moves: Int, updates: Int, duplicates: Bool) {
        if moves > 0 { withMoves += 1 }
        if updates > 0 { withUpdates += 1 }
        if duplicates { withDuplicates += 1 }
    }

    func expectAllSeen() {
        #expect(withMoves > 50 && withUpdates > 50 && withDuplicates > 50, "\(self)")
    }
}
