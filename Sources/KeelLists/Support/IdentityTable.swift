/// An open-addressing hash table from identifiers to integer references (offsets into the
/// caller's buffers), used by the diffs instead of `Dictionary` so that each identifier is
/// hashed exactly once and no key is copied or boxed.
///
/// Each slot packs the upper 32 bits of the hash (a tag that avoids most identifier
/// comparisons) and `reference + 1` (0 marks an empty slot) into one `UInt64`. The capacity is a
/// power of two at least 1.5 times the number of references, so linear probes stay short.
@usableFromInline
final class IdentityTable {
    @usableFromInline let slots: UnsafeMutablePointer<UInt64>
    @usableFromInline let mask: Int

    /// Creates an empty table sized for `count` references.
    @usableFromInline
    init(count: Int) {
        var capacity = 16
        while capacity < count &+ count &>> 1 { capacity &<<= 1 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        mask = capacity &- 1
    }

    deinit {
        slots.deallocate()
    }

    /// The number of bytes the table holds (for memory accounting in benchmarks).
    @usableFromInline
    var byteCount: Int { (mask &+ 1) &* MemoryLayout<UInt64>.stride }

    @inlinable @inline(__always)
    static func tag(_ hash: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: UInt(bitPattern: hash)) >> 32
    }

    /// Returns the reference already stored under an equal identifier, or stores `reference`
    /// and returns `nil`. `isEqual(r)` says whether the identifier of reference `r` equals the
    /// one being inserted.
    @inlinable @inline(__always)
    func insertIfAbsent(hash: Int, reference: Int, isEqual: (Int) -> Bool) -> Int? {
        let tag = Self.tag(hash)
        var bucket = hash & mask
        while true {
            let slot = slots[bucket]
            if slot == 0 {
                slots[bucket] = tag << 32 | UInt64(truncatingIfNeeded: reference &+ 1)
                return nil
            }
            if slot >> 32 == tag {
                let existing = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1
                if isEqual(existing) { return existing }
            }
            bucket = (bucket &+ 1) & mask
        }
    }

    /// The reference stored under an identifier equal to the one described, if any.
    @inlinable @inline(__always)
    func find(hash: Int, isEqual: (Int) -> Bool) -> Int? {
        let tag = Self.tag(hash)
        var bucket = hash & mask
        while true {
            let slot = slots[bucket]
            if slot == 0 { return nil }
            if slot >> 32 == tag {
                let existing = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1
                if isEqual(existing) { return existing }
            }
            bucket = (bucket &+ 1) & mask
        }
    }
}
