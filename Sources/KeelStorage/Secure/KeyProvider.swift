import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Supplies the 256-bit key of an ``EncryptedFileStore``.
public protocol KeyProvider: Sendable {
    /// The 32-byte key.
    func key() throws -> Data
    /// The 32-byte key for the store in `directory`; a provider that creates keys must not
    /// create one while that directory holds secrets (they would become unreadable).
    func key(forStoreAt directory: URL) throws -> Data
}

extension KeyProvider {
    /// The key; the store's directory does not matter to providers that never create keys.
    public func key(forStoreAt directory: URL) throws -> Data {
        try key()
    }
}

/// A key held in code (tests, or a key obtained elsewhere).
public struct StaticKeyProvider: KeyProvider {
    private let bytes: Data

    /// Uses `key`, which must be 32 bytes.
    public init(_ key: Data) {
        bytes = key
    }

    /// The key.
    public func key() throws -> Data {
        guard bytes.count == 32 else {
            throw SecureStoreError.keyUnavailable(reason: "the key must be 32 bytes")
        }
        return bytes
    }
}

/// A key in a file only its owner can read (mode 0600, owned by the current user, not a
/// symbolic link), created with random bytes on first use. The folder the key is created in
/// follows the private-folder rule of the stores: made `0700` (an existing one loses group and
/// other permissions); a symbolic link, another user's or a shared (sticky) folder is refused.
///
/// Creation is safe against concurrent first use by threads and processes: under an
/// exclusive `flock` on `<key file>.lock`, the new key is written to a temporary file and
/// `link`ed into place, which fails if the file appeared meanwhile — then that key is read
/// instead. Every caller therefore gets the same key. A missing key file is never recreated
/// while `.secret` files exist beside it, in the store asking for the key, or in any other
/// store that has used this key file (each store's folder is recorded, under the lock, in
/// `.<key file name>.stores` beside the key): that throws
/// ``SecureStoreError/keyFileMissing(path:existingSecrets:)`` rather than silently making every
/// existing secret unreadable. The key is cached after the first load (copies of the provider
/// share the cache).
public struct KeyFileProvider: KeyProvider {
    /// The key file.
    package let url: URL
    /// Whether a missing file is created with a new random key (never while secrets exist).
    package let createIfMissing: Bool
    private let cache = Locked<Data?>(nil)
    /// Store folders this provider has recorded in the registry (once per folder).
    private let recorded = Locked<Set<String>>([])

    /// Reads (or creates) the key file at `url`.
    public init(url: URL, createIfMissing: Bool = true) {
        self.url = url
        self.createIfMissing = createIfMissing
    }

    /// The key; refuses a file that others can read, that another user owns, or a symlink.
    public func key() throws -> Data {
        try load(guarding: nil)
    }

    /// The key for the store in `directory`; refuses to create one while it, or any other
    /// store that used this key file, holds secrets. Records `directory` as a user of the key.
    public func key(forStoreAt directory: URL) throws -> Data {
        guard !directory.standardizedFileURL.path.utf8.contains(UInt8(ascii: "\n")) else {
            // The registry holds one folder per line: such a folder could not be recorded, and
            // its secrets would lose the protection against a recreated key.
            throw SecureStoreError.invalidConfiguration(
                reason: "the store folder \(directory.path.debugDescription) has a line break in its path")
        }
        let key = try load(guarding: directory)
        try record(directory)
        return key
    }

    private var registryURL: URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).stores")
    }

    /// The largest registry read (1 MiB).
    static let maximumRegistrySize = 1 << 20

    /// The store folders recorded as using this key file: one per line, split on the byte
    /// `\n` only (a folder whose name ends in "\r" stays its own entry).
    ///
    /// - Throws: ``SecureStoreError/ioFailure(path:reason:)`` naming the registry when it cannot
    ///   be read or is larger than ``maximumRegistrySize``: read as empty, it would be rewritten
    ///   with one folder and forget every other store's secrets.
    private func recordedStores() throws -> [URL] {
        let data: Data?
        do {
            data = try POSIXFiles.readRegularFile(
                atPath: registryURL.path, maximumBytes: Self.maximumRegistrySize)
        } catch POSIXFiles.ReadFailure.tooLarge(let path, let limit) {
            throw SecureStoreError.ioFailure(
                path: path, reason: "the registry of stores using this key is larger than \(limit) bytes")
        } catch POSIXFiles.ReadFailure.notRegularFile(let path) {
            throw SecureStoreError.ioFailure(
                path: path, reason: "the registry of stores is not a regular file")
        } catch POSIXFiles.ReadFailure.failed(let failure) {
            throw SecureStoreError.ioFailure(path: failure.path, reason: failure.reason)
        }
        guard let data else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).map {
            URL(fileURLWithPath: String(decoding: $0, as: UTF8.self), isDirectory: true)
        }
    }

    /// Adds `directory` to the registry beside the key (once per provider and folder).
    private func record(_ directory: URL) throws {
        let path = directory.standardizedFileURL.path
        guard !recorded.withLock({ $0.contains(path) }) else { return }
        let lockFailure: (POSIXFileFailure) -> any Error = {
            SecureStoreError.keyUnavailable(reason: "cannot lock \($0.path): \($0.reason)")
        }
        try POSIXFiles.withExclusiveLock(lockURL, mapFailure: lockFailure) {
            var paths = try recordedStores().map(\.path)
            if !paths.contains(path) {
                paths.append(path)
                // Never write a registry larger than it is read: forget folders that are gone
                // (no secret depends on them), and refuse if it is still too large.
                if paths.joined(separator: "\n").utf8.count > Self.maximumRegistrySize {
                    paths = paths.filter { $0 == path || FileManager.default.fileExists(atPath: $0) }
                }
                guard paths.joined(separator: "\n").utf8.count <= Self.maximumRegistrySize else {
                    throw SecureStoreError.ioFailure(
                        path: registryURL.path,
                        reason:
                            "recording this store would make the registry larger than \(Self.maximumRegistrySize) bytes"
                    )
                }
                do {
                    try POSIXFiles.replace(
                        registryURL, with: Data(paths.joined(separator: "\n").utf8), mode: 0o600,
                        durable: true)
                } catch let failure as POSIXFileFailure {
                    throw SecureStoreError.keyUnavailable(
                        reason: "cannot record the store using \(url.path): \(failure.reason)")
                }
            }
        }
        recorded.withLock { _ = $0.insert(path) }
    }

    /// Checks a key file's metadata: a regular file, owned by `currentUser`, mode 0600 or
    /// stricter. Headless, so the rule is tested without changing file owners.
    package static func checkKeyFile(
        path: String, mode: UInt32, owner: UInt32, currentUser: UInt32, isRegular: Bool
    )
        throws
    {
        guard isRegular else {
            throw SecureStoreError.keyUnavailable(reason: "key file \(path) is not a regular file")
        }
        guard owner == currentUser else {
            throw SecureStoreError.keyUnavailable(
                reason: "key file \(path) is owned by user \(owner), not the current user (\(currentUser))")
        }
        guard mode & 0o077 == 0 else {
            throw SecureStoreError.keyUnavailable(
                reason: "key file \(path) has mode \(String(mode & 0o777, radix: 8)); it must be 0600")
        }
    }

    private var lockURL: URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock")
    }

    private func load(guarding store: URL?) throws -> Data {
        try cache.withLock { cached in
            if let cached { return cached }
            if let existing = try readExisting() {
                cached = existing
                return existing
            }
            guard createIfMissing else {
                throw SecureStoreError.keyUnavailable(reason: "no key file at \(url.path)")
            }
            let folder = url.deletingLastPathComponent()
            do {
                try POSIXFiles.preparePrivateDirectory(folder)
            } catch let failure as PrivateDirectoryFailure {
                throw SecureStoreError.keyUnavailable(
                    reason:
                        "cannot create key file \(url.path): its folder \(failure.path): \(failure.reason)")
            }
            let key = try POSIXFiles.withExclusiveLock(
                lockURL,
                mapFailure: {
                    SecureStoreError.keyUnavailable(reason: "cannot lock \($0.path): \($0.reason)")
                }
            ) { () throws -> Data in
                if let existing = try readExisting() { return existing }
                removeStaleTemporaries(in: folder)
                let secrets = Self.secretCount(
                    in: [folder] + (store.map { [$0] } ?? []) + (try recordedStores()))
                guard secrets == 0 else {
                    throw SecureStoreError.keyFileMissing(path: url.path, existingSecrets: secrets)
                }
                return try create()
            }
            cached = key
            return key
        }
    }

    /// The key in the file, or `nil` when there is no file.
    private func readExisting() throws -> Data? {
        // O_NONBLOCK: a FIFO planted at the path must not block the open; `fstat` below
        // refuses anything but a regular file before a byte is read.
        let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP {
                throw SecureStoreError.keyUnavailable(reason: "key file \(url.path) is a symbolic link")
            }
            throw SecureStoreError.keyUnavailable(
                reason: "cannot read key file \(url.path): \(POSIXFiles.errorText())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw SecureStoreError.keyUnavailable(reason: "cannot stat key file \(url.path)")
        }
        try Self.checkKeyFile(
            path: url.path, mode: UInt32(info.st_mode), owner: UInt32(info.st_uid),
            currentUser: UInt32(geteuid()),
            isRegular: (info.st_mode & S_IFMT) == S_IFREG)
        var buffer = [UInt8](repeating: 0, count: 33)
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw SecureStoreError.keyUnavailable(
                    reason: "cannot read key file \(url.path): \(POSIXFiles.errorText())")
            }
            if count == 0 { break }
            total += count
        }
        defer { Wipe.bytes(&buffer) }
        guard total == 32 else {
            throw SecureStoreError.keyUnavailable(
                reason: "key file \(url.path) holds \(total > 32 ? "more than 32" : "\(total)") bytes, not 32"
            )
        }
        return Data(buffer[..<32])
    }

    /// Writes a new random key to a temporary file and links it into place; if another
    /// process won the race (`EEXIST`), its key is returned instead.
    private func create() throws -> Data {
        var generator = SystemRandomNumberGenerator()
        let key = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try POSIXFiles.replace(temporary, with: key, mode: 0o600, durable: true)
        } catch let failure as POSIXFileFailure {
            throw SecureStoreError.keyUnavailable(
                reason: "cannot create key file \(url.path): \(failure.reason)")
        }
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) != 0 {
            if errno == EEXIST, let existing = try readExisting() { return existing }
            throw SecureStoreError.keyUnavailable(
                reason: "cannot create key file \(url.path): \(POSIXFiles.errorText())")
        }
        POSIXFile.syncDirectory(folder)
        return key
    }

    /// Removes temporary key files a creator killed before `link` left (callers hold the lock).
    private func removeStaleTemporaries(in folder: URL) {
        let prefix = ".\(url.lastPathComponent)."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// How many secrets (`*.secret`) the folders hold.
    static func secretCount(in folders: [URL]) -> Int {
        var seen = Set<String>()
        var count = 0
        for folder in folders where seen.insert(folder.standardizedFileURL.path).inserted {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            count += names.filter { EncryptedFileStore.isSecretFileName($0) }.count
        }
        return count
    }
}

/// A key in an environment variable, as 64 hexadecimal digits or base64 (servers, CI: Keel's
/// own tools; an app's key comes from the keychain or a ``KeyFileProvider``).
package struct EnvironmentKeyProvider: KeyProvider {
    /// The variable's name.
    package let variable: String
    private let environment: [String: String]

    /// Reads `variable` from `environment` (the process's by default).
    package init(variable: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.variable = variable
        self.environment = environment
    }

    /// The decoded key.
    package func key() throws -> Data {
        guard let text = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
        else {
            throw SecureStoreError.keyUnavailable(reason: "environment variable \(variable) is not set")
        }
        if text.utf8.count == 64, let bytes = Hex.decode(text) { return Data(bytes) }
        if let data = Data(base64Encoded: text), data.count == 32 { return data }
        throw SecureStoreError.keyUnavailable(
            reason: "environment variable \(variable) must hold 32 bytes as 64 hex digits or base64")
    }
}
