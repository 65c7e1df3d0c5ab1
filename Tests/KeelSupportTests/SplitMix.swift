import KeelTesting

/// SplitMix64, seeded: KeelTesting's generator, the same values on every run and platform.
typealias SplitMix = SeededRandomNumberGenerator
