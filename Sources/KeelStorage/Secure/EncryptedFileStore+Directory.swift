import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's directory: permissions, its lock, killed writers' leftovers and its identity.
extension EncryptedFileStore {
    /// Makes `directory` the store's private folder
    /// (``POSIXFiles/preparePrivateDirectory(_:currentUser:)``: created `0700`, an existing one
    /// tightened to owner-only, a symbolic link, another user's or a shared folder refused).
    static func prepareDirectory(_ directory: URL) throws {
        do {
            try POSIXFiles.preparePrivateDirectory(directory)
        } catch let failure as PrivateDirectoryFailure {
            throw SecureStoreError.ioFailure(path: failure.path, reason: failure.reason.description)
        }
    }

    static func withLock<T>(_ directory: URL, _ body: () throws -> T) throws -> T {
        try POSIXFiles.withExclusiveLock(
            directory.appendingPathComponent(".keel-secrets.lock"),
            mapFailure: { SecureStoreError.ioFailure(path: $0.path, reason: $0.reason) }, body)
    }

    /// Removes `.<name>.<uuid>.tmp` files a killed writer left (callers hold the lock, so no
    /// live writer's file is touched).
    static func removeStaleTemporaries(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names
        where name.hasPrefix(".") && name.hasSuffix(".tmp")
            && (name.contains(".secret.") || name.hasPrefix(identityName + "."))
        {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    static func loadOrCreateIdentity(in directory: URL) throws -> Data {
        let url = directory.appendingPathComponent(identityName)
        if let existing = try readFile(url, maximumBytes: 16) {
            guard existing.count == 16 else {
                throw SecureStoreError.ioFailure(
                    path: url.path, reason: "the store identity holds \(existing.count) bytes, not 16")
            }
            return existing
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let bound = names.filter { name in
            guard isSecretFileName(name),
                let contents = try? readFile(
                    directory.appendingPathComponent(name), maximumBytes: maximumFileSize)
            else { return false }
            return formatVersion(of: contents) == 2
        }
        guard bound.isEmpty else {
            throw SecureStoreError.storeIdentityMissing(path: url.path, existingSecrets: bound.count)
        }
        var generator = SystemRandomNumberGenerator()
        let identity = Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
        do {
            try POSIXFile.writeAtomically(identity, to: url, mode: 0o600)
        } catch {
            throw SecureStoreError.ioFailure(path: url.path, reason: "\(error)")
        }
        return identity
    }

    /// The contents of `url` (a secret, or the identity file), at most `maximumBytes`;
    /// ``SecureStoreError/ioFailure(path:reason:)`` naming the file when it is larger.
    static func readFile(_ url: URL, maximumBytes: Int) throws -> Data? {
        do {
            return try POSIXFile.read(url, maximumBytes: maximumBytes)
        } catch {
            throw SecureStoreError.ioFailure(path: url.path, reason: "\(error)")
        }
    }
}
