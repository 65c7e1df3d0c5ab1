import Foundation

/// A ``DiskStore``'s bookkeeping, guarded by its lock: the index as this instance knows it, the
/// running total, and what orders reads against writes and accesses against each other.
struct DiskStoreState {
    var index = DiskStoreIndex()
    var totalSize = 0
    var unsavedChanges = 0
    var recoveredIndexError: DiskStoreError?
    /// Namespace folders known to exist (created or tightened by this instance).
    var folders: Set<String> = []
    /// Advances on every write, removal and index rewrite. Reads happen outside the lock,
    /// so a read compares it with the value it saw before reading to know whether the file
    /// it read may have been replaced or removed in the meantime.
    var generation: UInt64 = 0
    /// The last access time handed out (milliseconds since 1970).
    var lastStamp: Int64 = .min

    /// An access time for an access at `now`: the wall clock, but always after the previous
    /// one (this instance's or, after an index merge, the latest on record), so accesses
    /// within one millisecond or under a clock that stands still keep their order for the
    /// LRU sweep. A record more than a day ahead of the clock (a skewed clock, a hostile
    /// index) does not hold later stamps up.
    mutating func stamp(_ now: Int64) -> Int64 {
        let horizon = now.addingSaturated(86_400_000)
        lastStamp = lastStamp < now || lastStamp >= horizon ? now : lastStamp + 1
        return lastStamp
    }

    mutating func set(_ path: String, _ record: DiskStoreIndex.Record) {
        generation &+= 1
        adjust(adding: record.size, removing: index.records.updateValue(record, forKey: path)?.size ?? 0)
    }

    mutating func remove(_ path: String) {
        generation &+= 1
        adjust(adding: 0, removing: index.records.removeValue(forKey: path)?.size ?? 0)
    }

    /// Sizes come from files (`stat`, the index): the running total saturates instead of
    /// trapping, and a saturated total is recomputed from the records.
    private mutating func adjust(adding added: Int, removing removed: Int) {
        if totalSize == .max {
            totalSize = index.totalSize
        } else {
            totalSize = max(0, totalSize.addingSaturated(added).subtractingSaturated(removed))
        }
    }

    mutating func replace(with newIndex: DiskStoreIndex) {
        lastStamp = max(lastStamp, newIndex.records.values.lazy.map(\.accessed).max() ?? .min)
        generation &+= 1
        index = newIndex
        totalSize = newIndex.totalSize
        unsavedChanges = 0
    }

    /// Records a successful read of `path` that started at `generation`. If nothing changed
    /// since, the file read is the one in place and `record` (its size and expiry) is exact.
    /// Otherwise a write may have replaced the file, whose record is then the right one, or
    /// a removal deleted it: only an existing record's access time moves.
    mutating func recordRead(
        _ path: String, _ record: DiskStoreIndex.Record, startedAt generation: UInt64
    ) {
        var record = record
        record.accessed = stamp(record.accessed)
        if generation == self.generation {
            adjust(
                adding: record.size, removing: index.records.updateValue(record, forKey: path)?.size ?? 0)
        } else if var current = index.records[path] {
            current.accessed = max(current.accessed, record.accessed)
            index.records[path] = current
        }
    }
}

extension Int64 {
    /// `self + other`, clamped to `Int64.min...Int64.max` instead of trapping.
    func addingSaturated(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
