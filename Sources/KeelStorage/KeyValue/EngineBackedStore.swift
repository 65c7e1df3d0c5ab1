/// The shared implementation of Keel's key-value stores: every operation forwards to the
/// store's engine. Use ``InMemoryStore``, ``FileStore`` or ``UserDefaultsStore``.
public class EngineBackedStore: KeyValueStore, @unchecked Sendable {
    // Invariant: `engine` is immutable and guards its own state with locks.
    let engine: StoreEngine

    init(engine: StoreEngine) {
        self.engine = engine
    }

    /// The stored value or the key's default.
    public func value<Value>(for key: StoreKey<Value>) throws -> Value { try engine.value(for: key) }

    /// Stores a value; persistence is coalesced.
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

    /// The keys of a namespace, sorted.
    public func keys(in namespace: StoreNamespace) throws -> [String] { try engine.keys(in: namespace) }

    /// Runs the pending migrations, all or nothing.
    @discardableResult
    public func migrate(_ migrations: [StoreMigration]) throws -> MigrationReport {
        try engine.migrate(migrations)
    }

    /// The current value, then each change.
    public func updates<Value>(for key: StoreKey<Value>) -> AsyncStream<Value> { engine.updates(for: key) }

    /// Calls `hook` whenever a change is about to wait for a migration running on another
    /// thread (for tests of that wait).
    package func onWriteWaitingForMigration(_ hook: @escaping @Sendable () -> Void) {
        engine.writeWaitHook.withLock { $0 = hook }
    }

    /// Writes pending changes now (nothing to do in memory).
    public func flush() throws { try engine.flush() }
}
