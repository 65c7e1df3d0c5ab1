/// A typed, observable key-value store: ``InMemoryStore``, ``FileStore``, ``UserDefaultsStore``.
///
/// ```swift
/// extension StoreKey where Value == Bool {
///     static let hasShownGuide = StoreKey("hasShownGuide", default: false)
/// }
/// let store = try FileStore(directory: settingsURL)
/// try store.set(true, for: .hasShownGuide)
/// for await shown in store.updates(for: .hasShownGuide) { … }
/// ```
public protocol KeyValueStore: Sendable {
    /// The stored value, or the key's default when nothing is stored.
    ///
    /// - Throws: ``StoreError/typeMismatch(key:file:reason:)`` when the stored value no longer
    ///   decodes as `Value`; ``StoreError/corruptFile(file:reason:)`` for an unreadable namespace.
    func value<Value>(for key: StoreKey<Value>) throws -> Value
    /// Stores a value; persistence is coalesced (see ``flush()``).
    func set<Value>(_ value: Value, for key: StoreKey<Value>) throws
    /// Removes the value stored under `name` in `namespace`.
    func removeValue(forKey name: String, in namespace: StoreNamespace) throws
    /// Whether a value is stored under `name` in `namespace`.
    func contains(_ name: String, in namespace: StoreNamespace) throws -> Bool
    /// The keys stored in `namespace`, sorted.
    func keys(in namespace: StoreNamespace) throws -> [String]
    /// The current value, then every change in order; an unchanged value is never repeated.
    /// Ending the iteration releases the observer. Changes made by other processes are seen
    /// when this store next flushes.
    func updates<Value>(for key: StoreKey<Value>) -> AsyncStream<Value>
    /// Writes pending changes now.
    func flush() throws
    /// Brings the store to the newest version of `migrations`, running each newer migration
    /// once, in order. All or nothing: when a step fails nothing is written and the error names
    /// the version and the step; a failed write of a file store (full disk) leaves every
    /// namespace as it was. Writes of this store wait while it runs; a step changes its
    /// ``MigrationContext``, never the store (such a write is refused).
    @discardableResult
    func migrate(_ migrations: [StoreMigration]) throws -> MigrationReport
}

extension KeyValueStore {
    /// Removes the value of `key`; reads return its default again.
    public func remove<Value>(_ key: StoreKey<Value>) throws {
        try removeValue(forKey: key.name, in: key.namespace)
    }

    /// Whether a value is stored for `key`.
    public func contains<Value>(_ key: StoreKey<Value>) throws -> Bool {
        try contains(key.name, in: key.namespace)
    }

    /// Stores a `Codable` value under a string key in the default namespace (the original
    /// `UserDefaultsStore` API).
    public func set<Value: Codable & Sendable>(_ value: Value, forKey name: String) throws {
        try set(value, for: StoreKey(name, default: value))
    }

    /// The `Codable` value under a string key in the default namespace, or `nil`.
    public func value<Value: Codable & Sendable>(forKey name: String, as type: Value.Type = Value.self) throws
        -> Value?
    {
        try value(for: StoreKey<Value?>(name, default: nil))
    }

    /// Removes the value under a string key in the default namespace.
    public func removeValue(forKey name: String) throws {
        try removeValue(forKey: name, in: .default)
    }
}
