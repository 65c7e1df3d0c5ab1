import KeelStorage

extension SecureStore {
    /// Stores a `Codable` value as JSON under `key`: the original foundation's
    /// `KeychainStore.save(_:forKey:)`, now `set(_:forKey:)`.
    @available(*, deprecated, renamed: "set(_:forKey:)")
    public func save<Value: Encodable>(_ value: Value, forKey key: String) throws {
        try set(value, forKey: key)
    }
}
