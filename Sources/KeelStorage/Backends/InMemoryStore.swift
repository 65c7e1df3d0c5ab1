/// A key-value store that keeps everything in memory: for tests and previews.
public final class InMemoryStore: KeyValueStore {
    let engine: StoreEngine

    /// Creates an empty store.
    public init() {
        engine = StoreEngine(persistence: nil, coalescing: .zero, clock: ContinuousClock())
    }

    /// The stored value or the key's default.
    public func value<Value>(for key: StoreKey<Value>) throws -> Value { try engine.value(for: key) }
    /// Stores a value.
    public func set<Value>(_ value: Value, for key: StoreKey<Value>) throws {
        try engine.set(value, for: key)
    }
    /// Removes a value.
    public func removeValue(forKey name: String, in namespace: StoreNamespace) throws {
        try engine.remove(name, in: namespace)
    }
    /// Whether a value is stored.
    public func contains(_ name: String, in namespace: StoreNamespace) throws -> Bool {
        try engine.contains(name, in: namespace)
    }
    /// The keys of a namespace.
    public func keys(in namespace: StoreNamespace) throws -> [String] { try engine.keys(in: namespace) }
    /// Runs the pending migrations, all or nothing.
    @discardableResult
    public func migrate(_ migrations: [StoreMigration]) throws -> MigrationReport {
        try engine.migrate(migrations)
    }
    /// The current value, then each change.
    public func updates<Value>(for key: StoreKey<Value>) -> AsyncStream<Value> { engine.updates(for: key) }
    /// Nothing to write.
    public func flush() throws {}
}
