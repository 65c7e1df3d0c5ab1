import Foundation

/// A store for secrets: tokens, passwords, keys. ``KeychainStore`` on Apple platforms,
/// ``EncryptedFileStore`` anywhere, `InMemorySecureStore` (KeelStorageTesting) in tests.
///
/// Items are limited to `maximumItemSize` bytes (larger data belongs in a file encrypted with
/// a key kept here).
public protocol SecureStore: Sendable {
    /// The secret stored under `key`.
    ///
    /// - Throws: ``SecureStoreError/notFound(key:)`` when there is none, or another
    ///   ``SecureStoreError``.
    func data(forKey key: String) throws -> Data
    /// Stores `data` under `key`, replacing any previous secret.
    ///
    /// - Throws: ``SecureStoreError/itemTooLarge(key:size:limit:)`` over the limit.
    func setData(_ data: Data, forKey key: String) throws
    /// Removes the secret under `key`; removing a missing secret is not an error.
    func removeValue(forKey key: String) throws
    /// The keys with a stored secret, sorted.
    func allKeys() throws -> [String]
    /// Whether a secret is stored under `key` (``KeychainStore`` answers without reading it).
    func contains(_ key: String) throws -> Bool
}

/// The largest secret a ``SecureStore`` accepts: 4 KB, the keychain's practical limit.
package let maximumItemSize = 4096

extension SecureStore {
    /// Whether a secret is stored under `key`, by reading it.
    public func contains(_ key: String) throws -> Bool {
        do {
            _ = try data(forKey: key)
            return true
        } catch SecureStoreError.notFound {
            return false
        }
    }

    /// The UTF-8 string stored under `key`.
    public func string(forKey key: String) throws -> String {
        let data = try data(forKey: key)
        guard let string = String(data: data, encoding: .utf8) else {
            throw SecureStoreError.decodingFailed(key: key, reason: "not UTF-8 text")
        }
        return string
    }

    /// Stores a string as UTF-8.
    public func setString(_ string: String, forKey key: String) throws {
        try setData(Data(string.utf8), forKey: key)
    }

    /// The `Codable` value stored under `key` as JSON, or `nil` when none is stored (the
    /// original `KeychainStore.value(forKey:)`).
    ///
    /// A `String` also reads a secret stored as plain UTF-8 text by ``setString(_:forKey:)``.
    ///
    /// - Throws: ``SecureStoreError/decodingFailed(key:reason:)`` when the secret is not a
    ///   `Value`, or another ``SecureStoreError`` when it cannot be read.
    public func value<Value: Decodable>(forKey key: String, as type: Value.Type = Value.self) throws -> Value?
    {
        let data: Data
        do {
            data = try self.data(forKey: key)
        } catch SecureStoreError.notFound {
            return nil
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            // A string written with `setString(_:forKey:)` is plain UTF-8, not JSON.
            if let text = String(data: data, encoding: .utf8), let value = text as? Value {
                return value
            }
            throw SecureStoreError.decodingFailed(key: key, reason: StoreEngine.describe(error))
        }
    }

    /// Stores a `Codable` value as JSON under `key`, replacing any previous secret (the
    /// original `KeychainStore.save(_:forKey:)`, whose spelling KeelCompat keeps).
    public func set<Value: Encodable>(_ value: Value, forKey key: String) throws {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            // Never the value: it is the secret.
            throw SecureStoreError.encodingFailed(key: key, reason: StoreEngine.describeEncoding(error))
        }
        try setData(data, forKey: key)
    }
}

/// What went wrong in a ``SecureStore``.
public enum SecureStoreError: Error, Equatable, CustomStringConvertible {
    /// No secret is stored under the key (keychain status −25300).
    case notFound(key: String)
    /// The secret is larger than `maximumItemSize`.
    case itemTooLarge(key: String, size: Int, limit: Int)
    /// The device is locked or the app is in the background (keychain status −25308).
    case interactionNotAllowed(key: String)
    /// The app lacks the keychain entitlement, as in test bundles without a host (−34018).
    case missingEntitlement(key: String)
    /// The stored secret was tampered with, corrupted, or encrypted with another key.
    case integrityFailure(key: String, reason: String)
    /// Another OS status code.
    case osStatus(key: String, status: Int32)
    /// The encryption key could not be obtained.
    case keyUnavailable(reason: String)
    /// The user cancelled the authentication prompt (keychain status −128).
    case userCancelled(key: String)
    /// Authentication failed, e.g. a wrong passcode or biometry mismatch (−25293).
    case authenticationFailed(key: String)
    /// The key file is gone while secrets encrypted with it remain; a new key is not created,
    /// because it would make every existing secret unreadable. Restore the key file, or
    /// delete the secrets on purpose.
    case keyFileMissing(path: String, existingSecrets: Int)
    /// The store's identity file is gone while secrets bound to it remain.
    case storeIdentityMissing(path: String, existingSecrets: Int)
    /// The secret on disk is older than one this store already read or wrote: a rollback.
    case rollbackDetected(key: String, version: UInt64, newest: UInt64)
    /// A store configuration that cannot work (`KeychainPolicy`).
    case invalidConfiguration(reason: String)
    /// A file operation failed; the previous secret is intact.
    case ioFailure(path: String, reason: String)
    /// The key is empty or too long.
    case invalidKey(key: String, reason: String)
    /// The value could not be encoded.
    case encodingFailed(key: String, reason: String)
    /// The secret does not decode as the requested type.
    case decodingFailed(key: String, reason: String)
    /// A key rotation (or ``EncryptedFileStore/reencryptAll()``) went through every secret but
    /// could not rewrite some: `rewritten` are now under the new key, each of `failed` (key, or
    /// file name when the name is not a key) is left as it was, with the reason.
    case rotationIncomplete(rewritten: [String], failed: [String: String])

    /// Maps a keychain `OSStatus` to the typed error (the table is tested on every platform).
    package init(osStatus status: Int32, key: String) {
        switch status {
        case -25300: self = .notFound(key: key)
        case -25308: self = .interactionNotAllowed(key: key)
        case -34018: self = .missingEntitlement(key: key)
        case -128: self = .userCancelled(key: key)
        case -25293: self = .authenticationFailed(key: key)
        default: self = .osStatus(key: key, status: status)
        }
    }

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .notFound(let key): "no secret stored for '\(key)'"
        case .itemTooLarge(let key, let size, let limit):
            "secret '\(key)' is \(size) bytes; the limit is \(limit)"
        case .interactionNotAllowed(let key):
            "secret '\(key)' is not accessible now (device locked or app in the background)"
        case .missingEntitlement(let key): "secret '\(key)': the app lacks the keychain entitlement"
        case .integrityFailure(let key, let reason): "secret '\(key)' failed its integrity check: \(reason)"
        case .osStatus(let key, let status): "secret '\(key)': OS status \(status)"
        case .keyUnavailable(let reason): "encryption key unavailable: \(reason)"
        case .userCancelled(let key): "secret '\(key)': the user cancelled authentication"
        case .authenticationFailed(let key): "secret '\(key)': authentication failed"
        case .keyFileMissing(let path, let count):
            "key file \(path) is missing while \(count) secret(s) encrypted with it exist; no new key was made"
        case .storeIdentityMissing(let path, let count):
            "store identity \(path) is missing while \(count) secret(s) bound to it exist"
        case .rollbackDetected(let key, let version, let newest):
            "secret '\(key)' was rolled back: version \(version) on disk, \(newest) already seen"
        case .invalidConfiguration(let reason): "invalid secure store configuration: \(reason)"
        case .ioFailure(let path, let reason): "\(path): \(reason)"
        case .invalidKey(let key, let reason): "invalid secret key '\(key)': \(reason)"
        case .encodingFailed(let key, let reason): "cannot encode secret '\(key)': \(reason)"
        case .decodingFailed(let key, let reason): "secret '\(key)' does not decode: \(reason)"
        case .rotationIncomplete(let rewritten, let failed):
            "key rotation incomplete: \(rewritten.count) secret(s) rewritten under the new key"
                + (rewritten.isEmpty ? "" : " (\(rewritten.sorted().joined(separator: ", ")))")
                + "; \(failed.count) left as they were: "
                + failed.sorted { $0.key < $1.key }.map { "'\($0.key)': \($0.value)" }.joined(separator: "; ")
        }
    }
}
