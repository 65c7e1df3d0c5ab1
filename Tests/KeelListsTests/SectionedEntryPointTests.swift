import KeelLists
import KeelTestSupport
import Testing

/// The sectioned entry points are `@inlinable`, so this module runs them specialised for its own
/// model and item types; each must still replay exactly, with the fewest moves.
// Serialized: the random cases are seconds of CPU each (a minute under the thread sanitizer);
// run in parallel they held both of a 2-core machine's cooperative threads, and other suites'
// tasks (the image pipeline's loads) starved past their 60 s waits.
@Suite("Sectioned diff and StagedChangeset, specialised entry points", .serialized, .onOwnThread)
struct SectionedEntryPointTests {
    /// The bench's sectioned workload, scaled down: `sections` sections of `rows` rows; one
    /// section deleted, one inserted, one moved and one renamed (same identifier, new title);
    /// in every section a tenth of the rows deleted, as many inserted, a run shuffled and a tenth
    /// updated; then a twentieth of each section's rows moved into the next section.
    static func workload(sections: Int, rows: Int, seed: UInt64) -> (old: Sections, new: Sections) {
        var generator = SplitMix64(seed: seed)
        var nextID = 0
        func fresh() -> Row {
            nextID += 1
            return Row(nextID)
        }
        func position(_ count: Int) -> Int { generator.int(0...max(0, count - 1)) }
        let old: Sections = (0..<sections).map { section in
            ListSection(Header(1_000_000 + section), items: (0..<rows).map { _ in fresh() })
        }
        var new = old
        for section in new.indices {
            var items = new[section].items
            for _ in 0..<(rows / 10) { items.remove(at: position(items.count)) }
            for index in Array(items.indices).shuffled(using: &generator).prefix(rows / 10) {
                items[index].content += 1
            }
            for _ in 0..<(rows / 10) { items.insert(fresh(), at: position(items.count + 1)) }
            let start = position(items.count - rows / 5)
            items[start..<(start + rows / 5)].shuffle(using: &generator)
            new[section].items = items
        }
        for section in new.indices {
            let next = (section + 1) % new.count
            for _ in 0..<(rows / 20) {
                let row = new[section].items.remove(at: position(new[section].items.count))
                new[next].items.insert(row, at: position(new[next].items.count + 1))
            }
        }
        var picks = Array(new.indices).shuffled(using: &generator)
        let (renamed, moved, deleted) = (picks.removeLast(), picks.removeLast(), picks.removeLast())
        new[renamed].model.title += 1
        let movedSection = new[moved]
        new = new.enumerated().filter { $0.offset != moved && $0.offset != deleted }.map(\.element)
        let wasAt = moved - (deleted < moved ? 1 : 0)
        new.insert(movedSection, at: wasAt == 0 ? new.count : 0)
        new.insert(
            ListSection(Header(2_000_000), items: (0..<rows).map { _ in fresh() }),
            at: position(new.count + 1))
        return (old, new)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func everySectionedEntryPointReplays(seed: UInt64) throws {
        let (old, new) = Self.workload(sections: 6, rows: 60, seed: seed)
        let diff = SectionedListDiff(from: old, to: new)
        #expect(diff.applied(to: old) == new)
        let sections = diff.sections
        #expect(
            sections.deletes.count == 1 && sections.inserts.count == 1 && !sections.moves.isEmpty
                && sections.updates.count == 1)
        #expect(diff.itemMoves.contains { $0.from.section != $0.to.section })
        #expect(diff.itemUpdates.count > 0 && diff.itemDeletes.count > 0 && diff.itemInserts.count > 0)
        #expect(diff.itemMoves.count == minimalMoveCount(from: old, to: new))

        let byClosure = SectionedListDiff(
            from: old, to: new, sectionID: \.id, isSectionContentEqual: ==, itemID: \.id,
            isItemContentEqual: ==)
        #expect(byClosure.applied(to: old) == new)
        #expect(byClosure.sections == diff.sections)
        #expect(byClosure.itemDeletes == diff.itemDeletes && byClosure.itemInserts == diff.itemInserts)
        #expect(byClosure.itemMoves == diff.itemMoves && byClosure.itemUpdates == diff.itemUpdates)

        let staged = StagedChangeset(fromSections: old, toSections: new)
        #expect(try BatchUpdateModel.replay(staged, from: old) == new)
        #expect(staged.last?.data == new)
        #expect(staged.reduce(0) { $0 + $1.itemMoves.count } == diff.itemMoves.count)
        let stagedByClosure = StagedChangeset(
            fromSections: old, toSections: new, sectionID: \.id, isSectionContentEqual: ==, itemID: \.id,
            isItemContentEqual: ==)
        #expect(stagedByClosure == staged)
    }

    /// 400 random sectioned pairs per seed, 3 seeds (6 in a long run), under every duplicate
    /// policy, through both kinds of entry point: each staged result passes the UIKit
    /// batch-update model stage by stage and ends at the new list without duplicates, and the
    /// moves are the fewest possible.
    @Test(arguments: 0..<UInt64(LongRuns.cases(short: 3, long: 6)))
    func randomSectionedEditsReplayWithFewestMoves(seed: UInt64) throws {
        var random = RandomLists(seed: 0x5EC7_10ED + seed)
        var coverage = Coverage()
        var crossSectionMoves = 0
        defer {
            coverage.expectAllSeen()
            #expect(crossSectionMoves > 20, "\(crossSectionMoves)")
        }
        for pair in 0..<400 {
            let duplicates = random.generator.chance(0.3)
            let old = random.sections(maximumItems: random.size(), duplicates: duplicates)
            let new = random.edit(old, duplicates: duplicates)
            let policy = DuplicatePolicy.allCases[
                random.generator.int(0...(DuplicatePolicy.allCases.count - 1))]
            let expected = Self.expected(new, policy: policy)
            let context = "seed \(seed) pair \(pair) \(policy): \(old) -> \(new)"
            let diff = SectionedListDiff(from: old, to: new, duplicates: policy)
            coverage.record(
                moves: diff.itemMoves.count, updates: diff.itemUpdates.count,
                duplicates: !diff.itemDuplicates.isEmpty || !diff.sections.duplicates.isEmpty)
            if diff.itemMoves.contains(where: { $0.from.section != $0.to.section }) { crossSectionMoves += 1 }
            #expect(diff.applied(to: old) == expected, "\(context)\n\(diff)")
            #expect(
                diff.itemMoves.count == minimalMoveCount(from: old, to: expected, policy: policy),
                "\(context)")

            let staged: StagedChangeset<Sections>
            if random.generator.chance(0.5) {
                staged = StagedChangeset(fromSections: old, toSections: new, duplicates: policy)
            } else {
                staged = StagedChangeset(
                    fromSections: old, toSections: new, sectionID: \.id, isSectionContentEqual: ==,
                    itemID: \.id, isItemContentEqual: ==, duplicates: policy)
            }
            let displayed = try BatchUpdateModel.replay(staged, from: old)
            #expect(displayed == expected, "\(context)")
            #expect(staged.last?.data ?? old == expected, "\(context)")
            #expect(staged.reduce(0) { $0 + $1.itemMoves.count } == diff.itemMoves.count, "\(context)")
        }
    }

    /// `sections` without duplicates under `policy`: repeated sections are dropped with their
    /// items, then repeated items across the list. With `replaceWithNewer` the first copy of a
    /// section or item stays where it is and takes the last copy's content.
    static func expected(_ sections: Sections, policy: DuplicatePolicy) -> Sections {
        guard policy == .replaceWithNewer else { return deduplicated(sections, keeping: policy) }
        var lastModel: [Int: Header] = [:]
        var lastRow: [Int: Row] = [:]
        for section in sections {
            lastModel[section.model.id] = section.model
            for row in section.items { lastRow[row.id] = row }
        }
        let carried = sections.map { section in
            ListSection(lastModel[section.model.id]!, items: section.items.map { lastRow[$0.id]! })
        }
        return deduplicated(carried, keeping: .keepFirst)
    }

    /// The fewest item moves from `old` to `new` (already without duplicates), computed
    /// independently of the engine: an item of a kept section that comes from another kept
    /// section moves; among the items staying in their section, all but a longest run keeping
    /// their old order move. (Items from deleted sections are inserts; items into inserted
    /// sections come with their section.)
    func minimalMoveCount(from old: Sections, to new: Sections, policy: DuplicatePolicy = .keepFirst) -> Int {
        // The old copies that are matched: among the old sections also in `new` (the first, or
        // with keepLast the last, copy of each), the first or last copy of each item.
        let matching: DuplicatePolicy = policy == .keepLast ? .keepLast : .keepFirst
        let newSections = Set(new.map(\.model.id))
        let keptOld = deduplicated(
            old.deduplicated(by: \.model.id, keeping: matching).filter { newSections.contains($0.model.id) },
            keeping: matching)
        var oldPlace: [Int: (section: Int, item: Int)] = [:]
        for section in keptOld {
            for (item, row) in section.items.enumerated() { oldPlace[row.id] = (section.model.id, item) }
        }
        let keptSections = Set(keptOld.map(\.model.id))
        var moves = 0
        for section in new where keptSections.contains(section.model.id) {
            var staying: [Int] = []
            for row in section.items {
                guard let place = oldPlace[row.id] else { continue }
                if place.section == section.model.id { staying.append(place.item) } else { moves += 1 }
            }
            moves += staying.count - longestIncreasingRun(staying)
        }
        return moves
    }

    /// The length of a longest strictly increasing subsequence (quadratic, as an oracle).
    func longestIncreasingRun(_ values: [Int]) -> Int {
        var lengths = [Int](repeating: 1, count: values.count)
        for index in values.indices {
            for earlier in 0..<index where values[earlier] < values[index] {
                lengths[index] = max(lengths[index], lengths[earlier] + 1)
            }
        }
        return lengths.max() ?? 0
    }
}
