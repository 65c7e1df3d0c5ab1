import KeelRouting
import KeelTesting

/// SplitMix64, seeded: KeelTesting's generator.
typealias SeededRandom = SeededRandomNumberGenerator

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
