/// A small, fast, seeded random number generator (SplitMix64): the same seed gives the same
/// sequence on every platform, so every fuzz case can be replayed from its seed and index.
package struct FuzzRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The generator for case `index` of a run seeded with `seed`: independent of every other
    /// case, so a single case can be re-run without the ones before it.
    package init(seed: UInt64, case index: Int) {
        var mixer = FuzzRandom(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next()
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random index below `count` (`0` when `count` is not positive).
    package mutating func below(_ count: Int) -> Int {
        count > 0 ? Int(next() % UInt64(count)) : 0
    }

    /// `true` with probability `1 / n`.
    package mutating func oneIn(_ n: Int) -> Bool {
        below(n) == 0
    }
}
