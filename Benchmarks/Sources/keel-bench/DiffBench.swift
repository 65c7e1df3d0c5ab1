import Foundation
@_spi(Benchmarks) import KeelLists

#if canImport(Glibc)
    import Glibc
#endif

extension BenchSuite {
    /// `keel-bench diff`: KeelLists' diff against `CollectionDifference`, the sectioned diff, and snapshots.
    static let diff = BenchSuite(
        name: "diff",
        summary:
            "KeelLists diff vs CollectionDifference (DifferenceKit's workloads, typical edits), sectioned diff, snapshots",
        run: { reporter in try DiffBench(reporter: reporter).run() }
    )
}

/// Thrown when a benchmarked diff gives a wrong answer (a benchmark of a wrong result is void).
private struct DiffBenchFailure: Error, CustomStringConvertible {
    let description: String
}

/// The diff suite's workloads.
private struct DiffBench {
    let reporter: BenchReporter

    func run() throws {
        // Memory first, while the heap is still small and quiet.
        let large = Workload.published(
            count: 100_000, delete: 20_000..<30_000, insert: 30_000..<40_000,
            shuffle: 0..<2_000, seed: 2)
        measurePeakMemory(large)

        let small = Workload.published(
            count: 5_000, delete: 2_000..<3_000, insert: 3_000..<4_000,
            shuffle: 0..<200, seed: 1)
        try compare(small, repetitions: 20, baselineRepetitions: 5)
        try compare(large, repetitions: 10, baselineRepetitions: 1)

        try compare(.append(50, to: 1_000), repetitions: 200, baselineRepetitions: 200)
        try compare(.prepend(20, to: 1_000), repetitions: 200, baselineRepetitions: 200)
        try compare(.scatteredDeletes(10, in: 5_000), repetitions: 100, baselineRepetitions: 100)
        try compare(.reversal(2_000), repetitions: 20, baselineRepetitions: 3)
        try SectionedDiffBench(reporter: reporter).run()
        try SnapshotBench(reporter: reporter).run()
    }

    /// Times KeelLists and `difference(from:).inferringMoves()` on one workload, checks both.
    func compare(_ workload: Workload, repetitions: Int, baselineRepetitions: Int) throws {
        let (old, new) = (workload.old, workload.new)
        let diff = ListDiff(from: old, to: new)
        guard diff.applied(to: old) == new else {
            throw DiffBenchFailure(description: "\(workload.name): ListDiff applied to old is not new")
        }
        guard old.applying(new.difference(from: old)) == new else {
            throw DiffBenchFailure(description: "\(workload.name): CollectionDifference is wrong")
        }
        let keel = Measure.best(repetitions: repetitions) { blackHole(ListDiff(from: old, to: new)) }
        let baseline = Measure.best(repetitions: baselineRepetitions) {
            blackHole(new.difference(from: old).inferringMoves())
        }
        let staged = StagedChangeset(from: old, to: new)
        guard Self.replay(staged, from: old) == new else {
            throw DiffBenchFailure(description: "\(workload.name): StagedChangeset does not replay to new")
        }
        let stagedTime = Measure.best(repetitions: repetitions) {
            blackHole(StagedChangeset(from: old, to: new))
        }
        reporter.report("diff.\(workload.name).collectionDifference", baseline * 1_000, "ms")
        reporter.report("diff.\(workload.name).keel", keel * 1_000, "ms", baseline: baseline * 1_000)
        reporter.report("diff.\(workload.name).staged", stagedTime * 1_000, "ms")
        // What `performBatchUpdates` consumes, against the bare diff measured in the same run.
        reporter.report("diff.\(workload.name).staged_over_listdiff", stagedTime / keel, "x")
        reporter.report("diff.\(workload.name).deletes", Double(diff.deletes.count), "changes")
        reporter.report("diff.\(workload.name).inserts", Double(diff.inserts.count), "changes")
        reporter.report("diff.\(workload.name).moves", Double(diff.moves.count), "changes")
    }

    /// The list a batch-update model reaches replaying `staged` from `old`, or `nil` when a
    /// stage's changes do not turn the previous stage's data into its own (UIKit would throw).
    static func replay(_ staged: StagedChangeset<[UUID]>, from old: [UUID]) -> [UUID]? {
        var current = old
        for stage in staged.map(Stage.init) {
            guard stage.itemUpdates.allSatisfy({ $0.item < current.count }) else { return nil }
            let deleted = Set(stage.itemDeletes.map(\.item))
            let moved = Set(stage.itemMoves.map(\.from.item))
            var placed = [UUID?](repeating: nil, count: stage.data.count)
            for insert in stage.itemInserts {
                guard insert.item < placed.count else { return nil }
                placed[insert.item] = stage.data[insert.item]
            }
            for move in stage.itemMoves {
                guard move.to.item < placed.count, move.from.item < current.count else { return nil }
                placed[move.to.item] = current[move.from.item]
            }
            var kept = current.indices.lazy.filter { !deleted.contains($0) && !moved.contains($0) }
                .map { current[$0] }.makeIterator()
            for position in placed.indices where placed[position] == nil {
                guard let next = kept.next() else { return nil }
                placed[position] = next
            }
            guard kept.next() == nil, placed.map({ $0! }) == stage.data else { return nil }
            current = stage.data
        }
        return current
    }

    /// Peak resident memory added while diffing (result included), against the input's size.
    func measurePeakMemory(_ workload: Workload) {
        let inputBytes = (workload.old.count + workload.new.count) * MemoryLayout<UUID>.stride
        guard let peak = PeakMemory.measure({ ListDiff(from: workload.old, to: workload.new) }) else {
            reporter.report("diff.\(workload.name).peakMemory", .nan, "MB (unavailable on this system)")
            return
        }
        reporter.report("diff.\(workload.name).inputData", Double(inputBytes) / 1e6, "MB")
        reporter.report("diff.\(workload.name).peakMemory", Double(peak) / 1e6, "MB")
        reporter.report("diff.\(workload.name).peakMemory.perInput", Double(peak) / Double(inputBytes), "x")
    }
}

/// One stage of a `StagedChangeset` as the replay checks read it: its data and its changes.
struct Stage<Data> {
    /// An item moved from an old to a new index.
    struct Move {
        let from: ItemIndex
        let to: ItemIndex
    }

    let data: Data
    let sectionDeletes: [Int]
    let sectionInserts: [Int]
    let sectionMoves: [OffsetMove]
    let sectionUpdates: [Int]
    let itemDeletes: [ItemIndex]
    let itemInserts: [ItemIndex]
    let itemMoves: [Move]
    let itemUpdates: [ItemIndex]

    init(_ stage: Changeset<Data>) {
        let changes = stage.benchmarkChanges
        data = stage.data
        sectionDeletes = changes.sectionDeletes
        sectionInserts = changes.sectionInserts
        sectionMoves = changes.sectionMoves
        sectionUpdates = changes.sectionUpdates
        itemDeletes = changes.itemDeletes
        itemInserts = changes.itemInserts
        itemMoves = changes.itemMoves.map { Move(from: $0.from, to: $0.to) }
        itemUpdates = changes.itemUpdates
    }
}

/// An old and a new list of UUIDs.
private struct Workload {
    let name: String
    let old: [UUID]
    let new: [UUID]

    /// DifferenceKit's benchmark data: `count` random UUIDs; the target deletes `delete`,
    /// inserts `insert.count` fresh UUIDs at `insert.lowerBound`, then shuffles `shuffle`.
    static func published(
        count: Int, delete: Range<Int>, insert: Range<Int>, shuffle: Range<Int>, seed: UInt64
    ) -> Workload {
        var generator = SplitMix64(seed: seed)
        let source = (0..<count).map { _ in UUID() }
        var target = source
        target.removeSubrange(delete)
        target.insert(contentsOf: (0..<insert.count).map { _ in UUID() }, at: insert.lowerBound)
        target[shuffle].shuffle(using: &generator)
        let name = count >= 1_000 ? "\(count / 1_000)k" : "\(count)"
        return Workload(name: name, old: source, new: target)
    }

    static func append(_ added: Int, to count: Int) -> Workload {
        let old = (0..<count).map { _ in UUID() }
        return Workload(
            name: "append\(added)to\(count)", old: old, new: old + (0..<added).map { _ in UUID() })
    }

    static func prepend(_ added: Int, to count: Int) -> Workload {
        let old = (0..<count).map { _ in UUID() }
        return Workload(
            name: "prepend\(added)to\(count)", old: old, new: (0..<added).map { _ in UUID() } + old)
    }

    static func scatteredDeletes(_ deleted: Int, in count: Int) -> Workload {
        let old = (0..<count).map { _ in UUID() }
        let step = count / deleted
        let new = old.enumerated().filter { $0.offset % step != step / 2 }.map(\.element)
        return Workload(name: "delete\(deleted)in\(count)", old: old, new: new)
    }

    static func reversal(_ count: Int) -> Workload {
        let old = (0..<count).map { _ in UUID() }
        return Workload(name: "reverse\(count)", old: old, new: old.reversed())
    }
}

/// A small seeded generator, so shuffles (and so move counts) repeat from run to run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Peak resident memory of one call, from Linux's per-process high-water mark.
enum PeakMemory {
    /// Bytes the resident set grew to above its level before `body`, while `body` ran (its
    /// result is still alive when the peak is read). `nil` where `/proc` cannot reset the mark.
    static func measure<Result>(_ body: () -> Result) -> Int? {
        #if os(Linux)
            trimHeap()
            // Writing 5 to clear_refs resets VmHWM (the peak) to the current resident size.
            guard
                (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil,
                let before = status("VmRSS")
            else { return nil }
            let result = body()
            let peak = status("VmHWM")
            blackHole(result)
            return peak.map { max(0, $0 - before) }
        #else
            return nil
        #endif
    }

    /// Returns freed heap memory to the system (glibc's `malloc_trim`, found at run time because
    /// `malloc.h` is not in the Glibc module), so earlier frees do not hide new allocations.
    private static func trimHeap() {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            typealias MallocTrim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// A `/proc/self/status` field in bytes.
    private static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1_024 }
        }
        return nil
    }
}
