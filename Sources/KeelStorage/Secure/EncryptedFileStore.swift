import Foundation

/// Secrets in files encrypted with AES-256-GCM (OpenSSL's libcrypto on Linux, CryptoKit on
/// Apple platforms).
///
/// Each secret is a file `<hex of key>.secret` (mode 0600, in a 0700 directory), written
/// atomically, holding a format tag, a fresh random 96-bit nonce and the ciphertext with its
/// 16-byte tag; the secret's key is authenticated with it, so files cannot be swapped. Reads
/// fail closed (``SecureStoreError/integrityFailure(key:reason:)``) on any change, truncation or
/// wrong key.
///
/// **Threat model**: protection at rest against other users of the machine and against copies
/// of the directory without the key. There is no hardware backing, no user-presence check and
/// no OS access control: anyone who can read the key (its file, or the environment) can read
/// the secrets. It suits servers, command-line tools and tests — not a Keychain substitute.
public final class EncryptedFileStore: SecureStore {
    private static let magic = Data("KEEL".utf8) + Data([1])

    /// The folder holding the secrets.
    public let directory: URL
    private let keyProvider: any KeyProvider

    /// Opens (creating with mode 0700 if needed) the store in `directory`.
    ///
    /// - Throws: ``SecureStoreError/ioFailure(path:reason:)`` when the directory cannot be made.
    public init(directory: URL, keyProvider: any KeyProvider) throws {
        do {
            try POSIXFile.ensureDirectory(directory, mode: 0o700)
        } catch {
            throw SecureStoreError.ioFailure(path: directory.path, reason: "\(error)")
        }
        self.directory = directory
        self.keyProvider = keyProvider
    }

    /// The file holding the secret of `key`.
    public func fileURL(forKey key: String) throws -> URL {
        guard !key.isEmpty, key.utf8.count <= 100 else {
            throw SecureStoreError.invalidKey(key: key, reason: "a key has 1 to 100 bytes")
        }
        let hex = key.utf8.map { String(format: "%02x", $0) }.joined()
        return directory.appendingPathComponent("\(hex).secret")
    }

    /// Decrypts the secret of `key`.
    public func data(forKey key: String) throws -> Data {
        let url = try fileURL(forKey: key)
        let contents: Data?
        do {
            contents = try POSIXFile.read(url)
        } catch {
            throw SecureStoreError.ioFailure(path: url.path, reason: "\(error)")
        }
        guard let contents else { throw SecureStoreError.notFound(key: key) }
        let header = Self.magic.count + AESGCM.nonceSize
        guard contents.count >= header + AESGCM.tagSize, contents.prefix(Self.magic.count) == Self.magic
        else {
            throw SecureStoreError.integrityFailure(key: key, reason: "not a Keel secret file (\(url.path))")
        }
        let nonce = contents.subdata(in: Self.magic.count..<header)
        do {
            return try AESGCM.open(
                contents.subdata(in: header..<contents.count), key: try keyProvider.key(), nonce: nonce,
                aad: Self.associatedData(key))
        } catch let error as SecureStoreError {
            throw error
        } catch {
            throw SecureStoreError.integrityFailure(key: key, reason: "authentication failed (\(url.path))")
        }
    }

    /// Encrypts and stores `data` under `key` with a fresh nonce.
    public func setData(_ data: Data, forKey key: String) throws {
        guard data.count <= maximumItemSize else {
            throw SecureStoreError.itemTooLarge(key: key, size: data.count, limit: maximumItemSize)
        }
        let url = try fileURL(forKey: key)
        var generator = SystemRandomNumberGenerator()
        let nonce = Data((0..<AESGCM.nonceSize).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let sealed: Data
        do {
            sealed = try AESGCM.seal(
                data, key: try keyProvider.key(), nonce: nonce, aad: Self.associatedData(key))
        } catch let error as SecureStoreError {
            throw error
        } catch {
            throw SecureStoreError.encodingFailed(key: key, reason: "encryption failed: \(error)")
        }
        do {
            try POSIXFile.writeAtomically(Self.magic + nonce + sealed, to: url, mode: 0o600)
        } catch {
            throw SecureStoreError.ioFailure(path: url.path, reason: "\(error)")
        }
    }

    /// Deletes the secret of `key`.
    public func removeValue(forKey key: String) throws {
        let url = try fileURL(forKey: key)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw SecureStoreError.ioFailure(path: url.path, reason: error.localizedDescription)
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
            guard name.hasSuffix(".secret"), !name.hasPrefix(".") else { return nil }
            let hex = Array(name.dropLast(7).utf8)
            guard hex.count % 2 == 0 else { return nil }
            var bytes: [UInt8] = []
            for index in stride(from: 0, to: hex.count, by: 2) {
                guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16)
                else {
                    return nil
                }
                bytes.append(byte)
            }
            return String(bytes: bytes, encoding: .utf8)
        }.sorted()
    }

    private static func associatedData(_ key: String) -> Data {
        Data("keel-secret-v1:\(key)".utf8)
    }
}
