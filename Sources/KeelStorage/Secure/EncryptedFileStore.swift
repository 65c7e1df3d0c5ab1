import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Secrets in files encrypted with AES-256-GCM (OpenSSL's libcrypto on Linux, CryptoKit on
/// Apple platforms).
///
/// Each secret is a file `<hex of key>.secret` (mode 0600, in a 0700 directory owned by the
/// current user), written atomically under the directory's lock. Format 2 holds a header —
/// format tag, the 8-byte id of the key that encrypted it, a 64-bit version counter and a
/// fresh random 96-bit nonce — then the ciphertext with its 16-byte tag. The header, the
/// secret's key name and the store's random identity (`.keel-store-id`) are authenticated, so
/// files cannot be swapped between keys or copied into another store. Reads fail closed
/// (``SecureStoreError/integrityFailure(key:reason:)``) on any change, truncation or wrong key.
/// Files of format 1 (earlier versions) still read, and are rewritten in format 2 by the next
/// write or by ``reencryptAll()``.
///
/// **Threat model**: protection at rest against other users of the machine and against copies
/// of the directory without the key. There is no hardware backing, no user-presence check and
/// no OS access control: anyone who can read the key (its file, or the environment) can read
/// the secrets. Rolling a file back to an older copy is detected only within one store
/// instance's lifetime (``SecureStoreError/rollbackDetected(key:version:newest:)``). It suits
/// servers, command-line tools and tests — not a Keychain substitute.
public final class EncryptedFileStore: SecureStore {
    private static let magic = Data("KEEL".utf8)
    private static let legacyMagic = magic + Data([1])
    private static let headerSize = 4 + 1 + 8 + 8 + AESGCM.nonceSize
    static let identityName = ".keel-store-id"
    /// The largest secret file read: a format-2 header, the largest item and the tag. Anything
    /// larger is not a secret of this store and is refused before it is read.
    static let maximumFileSize = headerSize + maximumItemSize + AESGCM.tagSize

    /// The folder holding the secrets.
    package let directory: URL
    /// The store's random 16-byte identity, authenticated in every secret.
    package let storeID: Data
    /// The Apple data-protection class of the directory (ignored on other platforms).
    package let fileProtection: StoreFileProtection
    private let keyProvider: any KeyProvider
    private let previousKeyProviders: [any KeyProvider]
    /// The lowest version counter still acceptable for each key (rollback detection), by the
    /// key's UTF-8 bytes: the files are named by those bytes, and Swift's `String` equality
    /// would merge two canonically equivalent keys (`"caf\u{E9}"`, `"cafe\u{301}"`) whose
    /// files, and versions, are separate.
    private let floors = Locked<[[UInt8]: UInt64]>([:])
    /// Key ids of the keys seen recently.
    private let keyIDs = Locked<[Data: Data]>([:])

    /// Opens (creating with mode 0700 if needed) the store in `directory`.
    ///
    /// An existing directory with wider permissions is tightened to 0700; a symbolic link, a
    /// directory owned by another user or a shared (sticky) one is refused. Temporary files
    /// left by a writer killed mid-write are removed.
    ///
    /// - Parameters:
    ///   - keyProvider: supplies the key new secrets are encrypted with.
    ///   - previousKeyProviders: keys secrets may still be encrypted with (during a rotation).
    ///   - fileProtection: the data-protection class on iOS, tvOS, watchOS and visionOS.
    /// - Throws: ``SecureStoreError/ioFailure(path:reason:)`` when the directory cannot be made
    ///   or is unsafe; ``SecureStoreError/storeIdentityMissing(path:existingSecrets:)`` when the
    ///   identity file was deleted while secrets remain.
    public init(
        directory: URL,
        keyProvider: any KeyProvider,
        previousKeyProviders: [any KeyProvider] = [],
        fileProtection: StoreFileProtection = .default
    ) throws {
        try Self.prepareDirectory(directory)
        do {
            try POSIXFile.applyProtection(fileProtection, to: directory)
        } catch {
            throw SecureStoreError.ioFailure(path: directory.path, reason: "\(error)")
        }
        self.directory = directory
        self.keyProvider = keyProvider
        self.previousKeyProviders = previousKeyProviders
        self.fileProtection = fileProtection
        storeID = try Self.withLock(directory) {
            Self.removeStaleTemporaries(in: directory)
            return try Self.loadOrCreateIdentity(in: directory)
        }
    }

    /// The file holding the secret of `key`.
    package func fileURL(forKey key: String) throws -> URL {
        guard !key.isEmpty, key.utf8.count <= 100 else {
            throw SecureStoreError.invalidKey(key: key, reason: "a key has 1 to 100 bytes")
        }
        let hex = Hex.encode(key.utf8)
        return directory.appendingPathComponent("\(hex).secret")
    }

    /// Decrypts the secret of `key`.
    public func data(forKey key: String) throws -> Data {
        let url = try fileURL(forKey: key)
        // The floor as it was when the read began: a write of this instance completing while
        // the file is read and decrypted raises the floor, and the version read was current
        // then — no rollback.
        let floor = floors.withLock { $0[Array(key.utf8)] ?? 0 }
        guard let contents = try Self.readFile(url, maximumBytes: Self.maximumFileSize) else {
            throw SecureStoreError.notFound(key: key)
        }
        let (plaintext, version) = try decrypt(contents, key: key, path: url.path)
        try accept(version, of: key, floor: floor)
        return plaintext
    }

    /// Refuses `version` of `key` when it is older than `floor` (the newest this instance had
    /// seen when the read began), else remembers it.
    private func accept(_ version: UInt64, of key: String, floor: UInt64) throws {
        guard version >= floor else {
            throw SecureStoreError.rollbackDetected(key: key, version: version, newest: floor)
        }
        let id = Array(key.utf8)
        floors.withLock { floors in floors[id] = max(floors[id] ?? 0, version) }
    }

    /// Encrypts and stores `data` under `key` with a fresh nonce and the next version number.
    public func setData(_ data: Data, forKey key: String) throws {
        guard data.count <= maximumItemSize else {
            throw SecureStoreError.itemTooLarge(key: key, size: data.count, limit: maximumItemSize)
        }
        let url = try fileURL(forKey: key)
        let secretKey = try keyProvider.key(forStoreAt: directory)
        let currentKeyID = try keyID(of: secretKey)
        try Self.withLock(directory) {
            try writeLocked(data, forKey: key, at: url, secretKey: secretKey, keyID: currentKeyID)
        }
    }

    /// Encrypts and writes `data` as `key`'s file with the next version; the caller holds the
    /// directory's lock.
    private func writeLocked(_ data: Data, forKey key: String, at url: URL, secretKey: Data, keyID: Data)
        throws
    {
        // The counter continues from what the file authenticates, never from its header
        // alone: a planted `UInt64.max` would pin every later version at the top, and an
        // old copy restored later would pass the rollback check.
        var onDisk: UInt64 = 0
        if let existing = (try? Self.readFile(url, maximumBytes: Self.maximumFileSize)) ?? nil,
            let (_, version) = try? decrypt(existing, key: key, path: url.path)
        {
            onDisk = version
        }
        let version = floors.withLock { floors in
            let newest = max(onDisk, floors[Array(key.utf8)] ?? 0)
            return newest == .max ? newest : newest + 1
        }
        var generator = SystemRandomNumberGenerator()
        let nonce = Data((0..<AESGCM.nonceSize).map { _ in UInt8.random(in: 0...255, using: &generator) })
        var header = Self.magic + Data([2]) + keyID
        withUnsafeBytes(of: version.bigEndian) { header.append(contentsOf: $0) }
        header += nonce
        let sealed: Data
        do {
            sealed = try AESGCM.seal(
                data, key: secretKey, nonce: nonce, aad: associatedData(key, header: header))
        } catch {
            throw SecureStoreError.encodingFailed(key: key, reason: "encryption failed: \(error)")
        }
        do {
            try POSIXFile.writeAtomically(header + sealed, to: url, mode: 0o600)
        } catch {
            throw SecureStoreError.ioFailure(path: url.path, reason: "\(error)")
        }
        let id = Array(key.utf8)
        floors.withLock { floors in floors[id] = max(floors[id] ?? 0, version) }
    }

    /// Re-encrypts `key`'s secret under the current key, reading it under the directory's lock
    /// so what is rewritten is what is stored now: a value written meanwhile (a token refreshed
    /// during a rotation) is the one rewritten, never replaced by one read earlier. Returns
    /// whether the file was rewritten (`false` when it is gone or already current).
    private func rewrite(_ key: String, currentKeyID: Data) throws -> Bool {
        let url = try fileURL(forKey: key)
        let secretKey = try keyProvider.key(forStoreAt: directory)
        let floor = floors.withLock { $0[Array(key.utf8)] ?? 0 }
        return try Self.withLock(directory) {
            guard let contents = try Self.readFile(url, maximumBytes: Self.maximumFileSize) else {
                return false
            }
            if Self.isCurrent(contents, keyID: currentKeyID) { return false }
            let (plaintext, version) = try decrypt(contents, key: key, path: url.path)
            try accept(version, of: key, floor: floor)
            try writeLocked(plaintext, forKey: key, at: url, secretKey: secretKey, keyID: currentKeyID)
            return true
        }
    }

    /// Whether `contents` is a format-2 file under the key with id `keyID`.
    private static func isCurrent(_ contents: Data, keyID: Data) -> Bool {
        formatVersion(of: contents) == 2 && contents.count >= headerSize
            && contents.subdata(in: 5..<13) == keyID
    }

    /// Deletes the secret of `key`; an older copy put back later is detected as a rollback by
    /// this instance.
    public func removeValue(forKey key: String) throws {
        let url = try fileURL(forKey: key)
        try Self.withLock(directory) {
            // A file too large to be a secret (damaged, or not Keel's) is removed all the same:
            // it has no version to remember.
            let contents: Data?
            do {
                contents = try Self.readFile(url, maximumBytes: Self.maximumFileSize)
            } catch let error as SecureStoreError where FileManager.default.fileExists(atPath: url.path) {
                guard unlink(url.path) == 0 || errno == ENOENT else { throw error }
                return
            }
            guard let contents else { return }
            guard unlink(url.path) == 0 || errno == ENOENT else {
                throw SecureStoreError.ioFailure(path: url.path, reason: POSIXFiles.errorText())
            }
            // Authenticated only (an altered header counts as version 0).
            let version = (try? decrypt(contents, key: key, path: url.path))?.1 ?? 0
            let id = Array(key.utf8)
            floors.withLock { floors in
                floors[id] = max(floors[id] ?? 0, version == .max ? version : version + 1)
            }
        }
    }

    /// The keys of every stored secret, sorted.
    public func allKeys() throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw SecureStoreError.ioFailure(path: directory.path, reason: error.localizedDescription)
        }
        return names.compactMap { name -> String? in
            guard Self.isSecretFileName(name) else { return nil }
            return Self.key(ofFileName: name)
        }.sorted()
    }

    /// The key whose secret file is named `name`: its hexadecimal must spell valid UTF-8 (a
    /// leading U+FEFF is kept, never dropped as a byte-order mark) and be exactly what
    /// ``fileURL(forKey:)`` makes of that key; `nil` otherwise.
    static func key(ofFileName name: String) -> String? {
        guard name.hasSuffix(".secret") else { return nil }
        let hex = name.dropLast(7)
        guard let bytes = Hex.decode(hex), !bytes.isEmpty, bytes.count <= 100,
            let key = StrictUTF8.string(bytes), Hex.encode(key.utf8) == hex
        else { return nil }
        return key
    }

    // MARK: - Rotation

    /// Re-encrypts every secret under `newKey` and returns the store that uses it (with this
    /// store's keys as previous keys, so nothing is unreadable at any point).
    ///
    /// Every secret is decrypted first: if one cannot be read or decrypted (a damaged file,
    /// say), nothing is rewritten and the rotation throws
    /// ``SecureStoreError/rotationIncomplete(rewritten:failed:)`` with an empty `rewritten`, so
    /// this store (and the old key) still reads everything. Then each file is replaced
    /// atomically; the rotation as a whole is not: a write that fails then is listed in the
    /// error beside the secrets already under `newKey`, and the old key must be kept until they
    /// are dealt with (restored, or removed on purpose). An interrupted or incomplete rotation is finished by
    /// opening the store with `keyProvider: newKey, previousKeyProviders: [oldKey]` and calling
    /// ``reencryptAll()``. A new ``KeyFileProvider`` must not point into a folder holding secrets.
    public func rotateKey(to newKey: any KeyProvider) throws -> EncryptedFileStore {
        _ = try newKey.key()
        let rotated = try EncryptedFileStore(
            directory: directory, keyProvider: newKey,
            previousKeyProviders: [keyProvider] + previousKeyProviders,
            fileProtection: fileProtection)
        _ = try rotated.reencryptAll(decryptingAllFirst: true)
        return rotated
    }

    /// Rewrites every secret that is not in the current format under the current key; returns
    /// how many were rewritten.
    ///
    /// It goes through every `.secret` file in the folder (by file name, never a key read back
    /// through another decoding). A file that cannot be read, whose name is not a key's, or
    /// that does not decrypt is a failure, not a skip: the others are still rewritten, then
    /// ``SecureStoreError/rotationIncomplete(rewritten:failed:)`` names both.
    @discardableResult
    public func reencryptAll() throws -> Int {
        try reencryptAll(decryptingAllFirst: false)
    }

    /// ``reencryptAll()``; with `decryptingAllFirst`, every secret is read and decrypted before
    /// any is rewritten, and one that fails stops the rotation with nothing rewritten.
    func reencryptAll(decryptingAllFirst: Bool) throws -> Int {
        let currentID = try keyID(of: keyProvider.key(forStoreAt: directory))
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw SecureStoreError.ioFailure(path: directory.path, reason: error.localizedDescription)
        }
        var rewritten: [String] = []
        var failed: [String: String] = [:]
        var pending: [String] = []
        for name in names.sorted() where Self.isSecretFileName(name) {
            guard let key = Self.key(ofFileName: name) else {
                failed[name] = "the file name is not the hexadecimal UTF-8 of a key"
                continue
            }
            do {
                guard
                    let contents = try Self.readFile(
                        try fileURL(forKey: key), maximumBytes: Self.maximumFileSize)
                else {
                    failed[key] = "listed, then gone before it could be read"
                    continue
                }
                if Self.isCurrent(contents, keyID: currentID) { continue }
                if decryptingAllFirst {
                    // Only a check that it decrypts: what is rewritten is read again then.
                    _ = try data(forKey: key)
                    pending.append(key)
                } else if try rewrite(key, currentKeyID: currentID) {
                    rewritten.append(key)
                }
            } catch {
                failed[key] = "\(error)"
            }
        }
        if decryptingAllFirst {
            guard failed.isEmpty else {
                throw SecureStoreError.rotationIncomplete(rewritten: [], failed: failed)
            }
            for key in pending {
                do {
                    if try rewrite(key, currentKeyID: currentID) { rewritten.append(key) }
                } catch {
                    failed[key] = "\(error)"
                }
            }
        }
        guard failed.isEmpty else {
            throw SecureStoreError.rotationIncomplete(rewritten: rewritten, failed: failed)
        }
        return rewritten.count
    }

    // MARK: - Format

    /// Whether `name` is a secret's file name.
    static func isSecretFileName(_ name: String) -> Bool {
        name.hasSuffix(".secret") && !name.hasPrefix(".")
    }

    private func decrypt(_ contents: Data, key: String, path: String) throws -> (Data, UInt64) {
        switch Self.formatVersion(of: contents) {
        case 1:
            let header = Self.legacyMagic.count + AESGCM.nonceSize
            guard contents.count >= header + AESGCM.tagSize else {
                throw SecureStoreError.integrityFailure(key: key, reason: "truncated secret file (\(path))")
            }
            let nonce = contents.subdata(in: Self.legacyMagic.count..<header)
            let body = contents.subdata(in: header..<contents.count)
            for provider in [keyProvider] + previousKeyProviders {
                let secretKey = try provider.key(forStoreAt: directory)
                if let plaintext = try? AESGCM.open(
                    body, key: secretKey, nonce: nonce, aad: Data("keel-secret-v1:\(key)".utf8))
                {
                    return (plaintext, 0)
                }
            }
            throw SecureStoreError.integrityFailure(key: key, reason: "authentication failed (\(path))")
        case 2:
            guard contents.count >= Self.headerSize + AESGCM.tagSize else {
                throw SecureStoreError.integrityFailure(key: key, reason: "truncated secret file (\(path))")
            }
            let header = contents.subdata(in: 0..<Self.headerSize)
            let fileKeyID = contents.subdata(in: 5..<13)
            let nonce = contents.subdata(in: 21..<Self.headerSize)
            for provider in [keyProvider] + previousKeyProviders {
                let secretKey = try provider.key(forStoreAt: directory)
                guard try keyID(of: secretKey) == fileKeyID else { continue }
                do {
                    let plaintext = try AESGCM.open(
                        contents.subdata(in: Self.headerSize..<contents.count), key: secretKey, nonce: nonce,
                        aad: associatedData(key, header: header))
                    return (plaintext, Self.version(of: contents))
                } catch {
                    throw SecureStoreError.integrityFailure(
                        key: key,
                        reason: "authentication failed (\(path)): altered, or copied from another store")
                }
            }
            throw SecureStoreError.integrityFailure(
                key: key,
                reason:
                    "encrypted with an unknown key (id \(Hex.encode(fileKeyID))) (\(path))"
            )
        default:
            throw SecureStoreError.integrityFailure(key: key, reason: "not a Keel secret file (\(path))")
        }
    }

    /// 1 or 2 for Keel secret files, `nil` otherwise.
    static func formatVersion(of contents: Data) -> Int? {
        guard contents.count > magic.count, contents.prefix(magic.count) == magic else { return nil }
        let version = contents[contents.startIndex + magic.count]
        return version == 1 || version == 2 ? Int(version) : nil
    }

    /// The version counter of a format-2 file (0 for anything else).
    private static func version(of contents: Data) -> UInt64 {
        guard formatVersion(of: contents) == 2, contents.count >= headerSize else { return 0 }
        return contents.subdata(in: 13..<21).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// The first 8 bytes of SHA-256 over a label and the key: names the key, reveals nothing.
    private func keyID(of key: Data) throws -> Data {
        // The last few keys' ids are kept: a digest per read would cost more than the lookup.
        if let known = keyIDs.withLock({ $0[key] }) { return known }
        let id: Data
        do {
            id = try AESGCM.sha256(Data("keel-key-id-v1\u{0}".utf8) + key).prefix(8)
        } catch {
            throw SecureStoreError.keyUnavailable(reason: "cannot derive the key id: \(error)")
        }
        keyIDs.withLock { ids in
            if ids.count >= 8 { ids.removeAll() }
            ids[key] = id
        }
        return id
    }

    private func associatedData(_ key: String, header: Data) -> Data {
        var data = Data("keel-secret-v2\u{0}".utf8) + storeID
        let name = Data(key.utf8)
        withUnsafeBytes(of: UInt32(name.count).bigEndian) { data.append(contentsOf: $0) }
        return data + name + header
    }
}
