/// A key-value store that keeps everything in memory: for tests and previews.
public final class InMemoryStore: EngineBackedStore, @unchecked Sendable {
    /// Creates an empty store.
    public init() {
        super.init(engine: StoreEngine(persistence: nil, coalescing: .zero, clock: ContinuousClock()))
    }
}
