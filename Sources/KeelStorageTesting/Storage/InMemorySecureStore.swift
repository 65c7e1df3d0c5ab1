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
///
/// Keys behave as in the real stores: they are compared by their UTF-8 bytes (so `"é"` written
/// as one scalar and as `e` + U+0301 are two keys, as in the keychain and
/// `EncryptedFileStore`, though Swift's `==` calls them equal), and a key must have 1 to 100
/// bytes (`EncryptedFileStore`'s limit), or every call with it throws
/// `SecureStoreError.invalidKey`.
public final class InMemorySecureStore: SecureStore {
    private struct State {
        /// By the key's UTF-8 bytes, holding the key as given.
        var items: [[UInt8]: (key: String, data: Data)] = [:]
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

    /// The identity of `key` in the store (its UTF-8 bytes), refusing a key the real stores
    /// refuse.
    private static func identity(of key: String) throws -> [UInt8] {
        let bytes = Array(key.utf8)
        guard !bytes.isEmpty, bytes.count <= 100 else {
            throw SecureStoreError.invalidKey(key: key, reason: "a key has 1 to 100 bytes")
        }
        return bytes
    }

    /// The secret of `key`.
    public func data(forKey key: String) throws -> Data {
        if let fault = nextFault() { throw fault }
        let identity = try Self.identity(of: key)
        guard let data = state.withLock({ $0.items[identity]?.data }) else {
            throw SecureStoreError.notFound(key: key)
        }
        return data
    }

    /// Stores `data`; over 4 KB fails as the keychain would.
    public func setData(_ data: Data, forKey key: String) throws {
        if let fault = nextFault() { throw fault }
        let identity = try Self.identity(of: key)
        guard data.count <= maximumItemSize else {
            throw SecureStoreError.itemTooLarge(key: key, size: data.count, limit: maximumItemSize)
        }
        state.withLock { $0.items[identity] = (key, data) }
    }

    /// Removes the secret of `key`.
    public func removeValue(forKey key: String) throws {
        if let fault = nextFault() { throw fault }
        let identity = try Self.identity(of: key)
        _ = state.withLock { $0.items.removeValue(forKey: identity) }
    }

    /// The stored keys, sorted.
    public func allKeys() throws -> [String] {
        if let fault = nextFault() { throw fault }
        return state.withLock { $0.items.values.map(\.key) }.sorted()
    }
}
