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
    /// What to do with an existing store directory: keep it, tighten it to 0700, or refuse it
    /// (another user's). Headless, so the rule is tested without changing owners.
    static func directoryDecision(path: String, mode: UInt32, owner: UInt32, currentUser: UInt32) throws
        -> Bool
    {
        guard owner == currentUser else {
            throw SecureStoreError.ioFailure(
                path: path,
                reason: "the directory is owned by user \(owner), not the current user (\(currentUser))")
        }
        return mode & 0o077 != 0
    }

    static func prepareDirectory(_ directory: URL) throws {
        var info = stat()
        if lstat(directory.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            throw SecureStoreError.ioFailure(path: directory.path, reason: "the directory is a symbolic link")
        }
        do {
            try POSIXFile.ensureDirectory(directory, mode: 0o700)
        } catch {
            throw SecureStoreError.ioFailure(path: directory.path, reason: "\(error)")
        }
        guard stat(directory.path, &info) == 0 else {
            throw SecureStoreError.ioFailure(path: directory.path, reason: POSIXFiles.errorText())
        }
        let tighten = try directoryDecision(
            path: directory.path, mode: UInt32(info.st_mode & 0o777), owner: UInt32(info.st_uid),
            currentUser: UInt32(geteuid()))
        if tighten, chmod(directory.path, 0o700) != 0 {
            throw SecureStoreError.ioFailure(
                path: directory.path,
                reason: "cannot restrict the directory to 0700: \(POSIXFiles.errorText())")
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
        if let existing = try readFile(url) {
            guard existing.count == 16 else {
                throw SecureStoreError.ioFailure(
                    path: url.path, reason: "the store identity holds \(existing.count) bytes, not 16")
            }
            return existing
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let bound = names.filter { name in
            guard isSecretFileName(name), let contents = try? readFile(directory.appendingPathComponent(name))
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

    static func readFile(_ url: URL) throws -> Data? {
        do {
            return try POSIXFile.read(url)
        } catch {
            throw SecureStoreError.ioFailure(path: url.path, reason: "\(error)")
        }
    }
}
