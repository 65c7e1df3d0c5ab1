/// Marks one longest strictly increasing subsequence of `values` (patience sorting,
/// O(k log k), O(1) per element while the values keep increasing, which is the common case).
///
/// The diffs feed it the old offsets of matched elements in new order: the marked elements keep
/// their relative order and stay put; every other matched element is reported as a move. That
/// gives the fewest moves possible.
@inlinable
func markLongestIncreasingSubsequence(_ values: UnsafeBufferPointer<Int32>) -> [Bool] {
    let count = values.count
    var marks = [Bool](repeating: false, count: count)
    guard count > 0 else { return marks }
    // tails[t]: position of the smallest tail of an increasing run of length t + 1.
    var tails = [Int32]()
    tails.reserveCapacity(min(count, 1024))
    var previous = [Int32](repeating: -1, count: count)
    previous.withUnsafeMutableBufferPointer { previous in
        for position in 0..<count {
            let value = values[position]
            if let last = tails.last {
                if values[Int(last)] < value {
                    previous[position] = last
                    tails.append(Int32(truncatingIfNeeded: position))
                    continue
                }
                var low = 0
                var high = tails.count &- 1
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
                tails.append(Int32(truncatingIfNeeded: position))
            }
        }
        var cursor = Int(tails[tails.count &- 1])
        while cursor >= 0 {
            marks[cursor] = true
            cursor = Int(previous[cursor])
        }
    }
    return marks
}
