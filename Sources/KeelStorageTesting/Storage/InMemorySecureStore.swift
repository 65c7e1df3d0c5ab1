import Foundation
import KeelStorage
import KeelSupport

/// A `SecureStore` in memory with fault injection, so apps test their error paths on Linux:
///
/// ```swift
/// let secrets = InMemorySecureStore()
/// secrets.failNextCall(with: .interactionNotAllowed(key: "token"))
/// #expect(throws: SecureStoreError.interactionNotAllowed(key: "token")) {
///     try secrets.string(forKey: "token")
/// }
/// ```
public final class InMemorySecureStore: SecureStore {
    private struct State {
        var items: [String: Data] = [:]
        var faults: [SecureStoreError] = []
    }

    private let state = Locked(State())

    /// Creates an empty store.
    public init() {}

    /// Makes the next call (of any kind) fail with `error`; several calls queue up.
    public func failNextCall(with error: SecureStoreError) {
        state.withLock { $0.faults.append(error) }
    }

    private func nextFault() -> SecureStoreError? {
        state.withLock { $0.faults.isEmpty ? nil : $0.faults.removeFirst() }
    }

    /// The secret of `key`.
    public func data(forKey key: String) throws -> Data {
        if let fault = nextFault() { throw fault }
        guard let data = state.withLock({ $0.items[key] }) else { throw SecureStoreError.notFound(key: key) }
        return data
    }

    /// Stores `data`; over 4 KB fails as the keychain would.
    public func setData(_ data: Data, forKey key: String) throws {
        if let fault = nextFault() { throw fault }
        guard !key.isEmpty else { throw SecureStoreError.invalidKey(key: key, reason: "empty") }
        guard data.count <= maximumItemSize else {
            throw SecureStoreError.itemTooLarge(key: key, size: data.count, limit: maximumItemSize)
        }
        state.withLock { $0.items[key] = data }
    }

    /// Removes the secret of `key`.
    public func removeValue(forKey key: String) throws {
        if let fault = nextFault() { throw fault }
        _ = state.withLock { $0.items.removeValue(forKey: key) }
    }

    /// The stored keys, sorted.
    public func allKeys() throws -> [String] {
        if let fault = nextFault() { throw fault }
        return state.withLock { $0.items.keys.sorted() }
    }
}
