import KeelRouting

/// SplitMix64: seeded, so randomized tests replay exactly.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A handler that answers with its own pattern.
func answer(_ pattern: String) -> @Sendable (RouteRequest) async throws -> RouteOutcome {
    { _ in .value(pattern) }
}

/// A router with `patterns` registered in order, each answering with its pattern.
func makeRouter(_ patterns: [String]) throws -> Router {
    let router = Router()
    for pattern in patterns { try router.register(pattern, handler: answer(pattern)) }
    return router
}

/// Thread-safe append-only log for handler order assertions.
actor OrderLog {
    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }
}
