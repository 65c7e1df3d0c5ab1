import Foundation
@_spi(Benchmarks) import KeelLists

/// The sectioned workload of `keel-bench diff`: `SectionedListDiff` and the sectioned
/// `StagedChangeset` (what `performBatchUpdates` consumes), replay-checked.
struct SectionedDiffBench {
    let reporter: BenchReporter

    /// A section header: its identity is `id`, its content (what the header shows) `title`.
    struct Header: Identifiable, Equatable, Sendable {
        let id: UUID
        var title: String
    }

    /// A row: its identity is `id`, its content `revision`.
    struct Row: Identifiable, Equatable, Sendable {
        let id: UUID
        var revision: Int
    }

    typealias Sections = [ListSection<Header, Row>]

    /// Thrown when a benchmarked result does not replay (a benchmark of a wrong result is void).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func run() throws {
        let (old, new) = Self.workload(sections: 10, rows: 1_000, seed: 3)
        let name = "diff.sectioned10x1000"
        let diff = SectionedListDiff(from: old, to: new)
        guard diff.applied(to: old) == new else {
            throw Failure(description: "\(name): SectionedListDiff applied to old is not new")
        }
        let staged = StagedChangeset(fromSections: old, toSections: new)
        let replayed: Sections
        do {
            replayed = try Self.replay(staged, from: old)
        } catch {
            throw Failure(description: "\(name): StagedChangeset breaks a batch-update rule: \(error)")
        }
        guard replayed == new else {
            throw Failure(description: "\(name): StagedChangeset does not replay to new")
        }
        let counts = diff.benchmarkCounts
        let stagedMoves = staged.reduce(0) { $0 + Stage($1).itemMoves.count }
        guard stagedMoves == counts.itemMoves else {
            throw Failure(description: "\(name): staged moves \(stagedMoves), diff \(counts.itemMoves)")
        }
        let diffTime = Measure.best(repetitions: 20) { blackHole(SectionedListDiff(from: old, to: new)) }
        let stagedTime = Measure.best(repetitions: 20) {
            blackHole(StagedChangeset(fromSections: old, toSections: new))
        }
        reporter.report("\(name).diff", diffTime * 1_000, "ms")
        reporter.report("\(name).staged", stagedTime * 1_000, "ms")
        reporter.report("\(name).staged_over_diff", stagedTime / diffTime, "x")
        reporter.report("\(name).sectionDeletes", Double(counts.sections.deletes.count), "changes")
        reporter.report("\(name).sectionInserts", Double(counts.sections.inserts.count), "changes")
        reporter.report("\(name).sectionMoves", Double(counts.sections.moves.count), "changes")
        reporter.report("\(name).sectionUpdates", Double(counts.sections.updates.count), "changes")
        reporter.report("\(name).deletes", Double(counts.itemDeletes), "changes")
        reporter.report("\(name).inserts", Double(counts.itemInserts), "changes")
        reporter.report("\(name).updates", Double(counts.itemUpdates), "changes")
        reporter.report("\(name).moves", Double(counts.itemMoves), "changes")
    }

    /// `sections` sections of `rows` UUID rows, and the list after the edits: one section
    /// deleted, one inserted (of fresh rows), one moved and one renamed (same identity, new
    /// title); in every old section 100 rows deleted, 100 fresh rows inserted, a 20-row run
    /// shuffled and 100 kept rows' content changed; then 50 rows of each section moved into the next.
    static func workload(sections: Int, rows: Int, seed: UInt64) -> (old: Sections, new: Sections) {
        var generator = SplitMix64(seed: seed)
        func uuid() -> UUID {
            let (high, low) = (generator.next(), generator.next())
            return withUnsafeBytes(of: (high, low)) { UUID(uuid: $0.load(as: uuid_t.self)) }
        }
        func position(_ count: Int) -> Int { Int.random(in: 0..<max(1, count), using: &generator) }
        let old: Sections = (0..<sections).map { section in
            ListSection(
                Header(id: uuid(), title: "Section \(section)"),
                items: (0..<rows).map { _ in Row(id: uuid(), revision: 0) })
        }
        var new = old
        for section in new.indices {
            var items = new[section].items
            for _ in 0..<(rows / 10) { items.remove(at: position(items.count)) }
            for index in Array(items.indices).shuffled(using: &generator).prefix(rows / 10) {
                items[index].revision += 1
            }
            for _ in 0..<(rows / 10) {
                items.insert(Row(id: uuid(), revision: 0), at: position(items.count + 1))
            }
            let start = position(items.count - 20)
            items[start..<(start + 20)].shuffle(using: &generator)
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
        new[renamed].model.title += " (renamed)"
        let movedSection = new[moved]
        new = new.enumerated().filter { $0.offset != moved && $0.offset != deleted }.map(\.element)
        // Anywhere but back where it was (among the other kept sections).
        let wasAt = moved - (deleted < moved ? 1 : 0)
        var movedTo = wasAt
        while movedTo == wasAt { movedTo = position(new.count + 1) }
        new.insert(movedSection, at: movedTo)
        new.insert(
            ListSection(
                Header(id: uuid(), title: "Inserted"),
                items: (0..<rows).map { _ in Row(id: uuid(), revision: 0) }),
            at: position(new.count + 1))
        return (old, new)
    }

    /// What a batch-update model (the rules UIKit enforces) shows after replaying `staged` from
    /// `old`: each stage's changes must turn the previous stage's data into its own, identifier
    /// for identifier; reloaded sections and items take their content from the stage's data.
    static func replay(_ staged: StagedChangeset<Sections>, from old: Sections) throws -> Sections {
        var displayed = old
        for (offset, stage) in staged.enumerated() {
            displayed = try apply(Stage(stage), to: displayed)
            let ids = { (sections: Sections) in sections.map { [$0.model.id] + $0.items.map(\.id) } }
            guard ids(displayed) == ids(stage.data) else {
                throw Failure(description: "stage \(offset): the displayed identifiers differ from its data")
            }
        }
        return displayed
    }

    /// One `performBatchUpdates` call: deletes, moves' sources and reloads at positions in
    /// `displayed`; inserts and moves' targets at positions in the stage's data.
    static func apply(_ stage: Stage<Sections>, to displayed: Sections) throws -> Sections {
        func check(_ condition: Bool, _ message: String) throws {
            if !condition { throw Failure(description: message) }
        }
        let data = stage.data
        let deleted = Set(stage.sectionDeletes)
        let inserted = Set(stage.sectionInserts)
        let reloaded = Set(stage.sectionUpdates)
        let movedFrom = Set(stage.sectionMoves.map(\.from))
        try check(
            deleted.count == stage.sectionDeletes.count && inserted.count == stage.sectionInserts.count
                && movedFrom.count == stage.sectionMoves.count, "a section changed twice")
        try check(
            deleted.union(movedFrom).union(reloaded).allSatisfy { displayed.indices.contains($0) }
                && deleted.isDisjoint(with: movedFrom) && reloaded.isDisjoint(with: deleted.union(movedFrom)),
            "bad section delete, move or reload")
        try check(
            data.count == displayed.count - deleted.count + inserted.count, "invalid number of sections")
        var source = [Int?](repeating: nil, count: data.count)
        for move in stage.sectionMoves {
            try check(data.indices.contains(move.to) && source[move.to] == nil, "bad section move target")
            source[move.to] = move.from
        }
        try check(
            inserted.allSatisfy { data.indices.contains($0) && source[$0] == nil }, "bad section insert")
        var remaining = displayed.indices.filter { !deleted.contains($0) && !movedFrom.contains($0) }
            .makeIterator()
        for target in data.indices where source[target] == nil && !inserted.contains(target) {
            source[target] = remaining.next()
        }

        let leaving = Set(stage.itemDeletes + stage.itemMoves.map(\.from))
        let reloads = Set(stage.itemUpdates)
        try check(
            leaving.count == stage.itemDeletes.count + stage.itemMoves.count
                && reloads.count == stage.itemUpdates.count && reloads.isDisjoint(with: leaving),
            "an item changed twice")
        try check(
            leaving.union(reloads).allSatisfy {
                displayed.indices.contains($0.section) && !deleted.contains($0.section)
                    && !reloaded.contains($0.section) && displayed[$0.section].items.indices.contains($0.item)
            }, "bad item delete, move source or reload")
        var landing = [[Int: Row]](repeating: [:], count: data.count)
        let arriving =
            stage.itemInserts.map { ($0, data[$0.section].items[$0.item]) }
            + stage.itemMoves.map { ($0.to, displayed[$0.from.section].items[$0.from.item]) }
        for (path, row) in arriving {
            try check(
                data.indices.contains(path.section) && !inserted.contains(path.section)
                    && data[path.section].items.indices.contains(path.item)
                    && landing[path.section].updateValue(row, forKey: path.item) == nil,
                "bad item insert or move target")
        }
        var result: Sections = []
        for target in data.indices {
            guard let old = source[target], !reloaded.contains(old) else {
                result.append(data[target])
                continue
            }
            var survivors = displayed[old].items.indices
                .filter { !leaving.contains(ItemIndex(section: old, item: $0)) }.makeIterator()
            var items: [Row] = []
            for position in data[target].items.indices {
                if let row = landing[target][position] {
                    items.append(row)
                } else if let survivor = survivors.next() {
                    let reload = reloads.contains(ItemIndex(section: old, item: survivor))
                    items.append(reload ? data[target].items[position] : displayed[old].items[survivor])
                } else {
                    throw Failure(description: "invalid number of items in section \(target)")
                }
            }
            try check(survivors.next() == nil, "invalid number of items in section \(target)")
            result.append(ListSection(displayed[old].model, items: items))
        }
        return result
    }
}
