// The `diff` benchmark suite's view (`Benchmarks/`, `keel-bench diff`) of what a diff and a
// stage hold: it replays each stage as UIKit's batch updates would, to time only correct
// results, and reports the counts. Those fields are the front ends' contract (`package`).

@_spi(Benchmarks) extension Changeset {
    /// This stage's section changes (deletes, inserts, moves, reloads) and item changes
    /// (deletes, inserts, moves from an old to a new index, reloads).
    public var benchmarkChanges:
        (
            sectionDeletes: [Int], sectionInserts: [Int], sectionMoves: [OffsetMove], sectionUpdates: [Int],
            itemDeletes: [ItemIndex], itemInserts: [ItemIndex], itemMoves: [(from: ItemIndex, to: ItemIndex)],
            itemUpdates: [ItemIndex]
        )
    {
        (
            sectionDeletes, sectionInserts, sectionMoves, sectionUpdates, itemDeletes, itemInserts,
            itemMoves.map { ($0.from, $0.to) }, itemUpdates
        )
    }
}

@_spi(Benchmarks) extension SectionedListDiff {
    /// The sections' diff, and how many item deletes, inserts, moves and updates there are.
    public var benchmarkCounts:
        (
            sections: ListDiff<Model>, itemDeletes: Int, itemInserts: Int, itemMoves: Int, itemUpdates: Int
        )
    {
        (sections, itemDeletes.count, itemInserts.count, itemMoves.count, itemUpdates.count)
    }
}
