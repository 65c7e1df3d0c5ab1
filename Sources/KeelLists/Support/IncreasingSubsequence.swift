/// Marks one longest strictly increasing subsequence of `values` (patience sorting,
/// O(k log k), O(1) per element while the values keep increasing, which is the common case).
///
/// The diffs feed it the old offsets of matched elements in new order: the marked elements keep
/// their relative order and stay put; every other matched element is reported as a move. That
/// gives the fewest moves possible.
///
/// The marks, the run tails and the back links are written through unsafe buffers: through
/// `Array` every write checked uniqueness out of line (about a third of this function's cost).
@inlinable
func markLongestIncreasingSubsequence(_ values: UnsafeBufferPointer<Int32>) -> [Bool] {
    let count = values.count
    guard count > 0 else { return [] }
    return [Bool](unsafeUninitializedCapacity: count) { marks, initializedCount in
        marks.initialize(repeating: false)
        initializedCount = count
        // tails[t]: position of the smallest tail of an increasing run of length t + 1;
        // previous[p]: the position before p in the run p ends.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: count &* 2) { scratch in
            let tails = scratch.baseAddress!
            let previous = tails + count
            var tailCount = 0
            for position in 0..<count {
                let value = values[position]
                if tailCount > 0 {
                    let last = tails[tailCount &- 1]
                    if values[Int(last)] < value {
                        previous[position] = last
                        tails[tailCount] = Int32(truncatingIfNeeded: position)
                        tailCount &+= 1
                        continue
                    }
                    var low = 0
                    var high = tailCount &- 1
                    while low < high {
                        let middle = (low &+ high) &>> 1
                        if values[Int(tails[middle])] < value {
                            low = middle &+ 1
                        } else {
                            high = middle
                        }
                    }
                    previous[position] = low > 0 ? tails[low &- 1] : -1
                    tails[low] = Int32(truncatingIfNeeded: position)
                } else {
                    previous[position] = -1
                    tails[0] = Int32(truncatingIfNeeded: position)
                    tailCount = 1
                }
            }
            var cursor = Int(tails[tailCount &- 1])
            while cursor >= 0 {
                marks[cursor] = true
                cursor = Int(previous[cursor])
            }
        }
    }
}
