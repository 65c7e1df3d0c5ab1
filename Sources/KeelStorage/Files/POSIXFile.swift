import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small POSIX helpers for the file-backed stores: atomic replacement with a given mode,
/// advisory locks, and reading whole files with typed errors.
enum POSIXFile {
    /// Writes `data` to `url` atomically: a temporary file in the same directory with `mode`,
    /// `fsync`, then `rename`. On failure the old file is untouched and the temporary removed.
    static func writeAtomically(_ data: Data, to url: URL, mode: mode_t = 0o600) throws {
        do {
            try POSIXFiles.replace(url, with: data, mode: mode, durable: true)
        } catch let failure as POSIXFileFailure {
            throw StoreError.writeFailed(file: failure.path, reason: failure.reason)
        }
    }

    /// Writes `data` to a new temporary file beside `url` (`.<name>.<UUID>.tmp`, `mode`,
    /// `fsync`ed), for ``moveTemporary(_:to:)`` to put in place later; returns its location.
    /// On failure nothing is left behind.
    static func writeTemporary(_ data: Data, beside url: URL, mode: mode_t = 0o600) throws -> URL {
        do {
            return try POSIXFiles.writeTemporary(data, beside: url, mode: mode, durable: true)
        } catch let failure as POSIXFileFailure {
            throw StoreError.writeFailed(file: failure.path, reason: failure.reason)
        }
    }

    /// Renames a ``writeTemporary(_:beside:mode:)`` file over `url` (atomically).
    static func moveTemporary(_ temporary: URL, to url: URL) throws {
        guard rename(temporary.path, url.path) == 0 else {
            throw StoreError.writeFailed(file: url.path, reason: errorText())
        }
    }

    /// The contents of `url`, or `nil` if it does not exist; a file over `maximumBytes` is
    /// ``StoreError/readFailed(file:reason:)`` naming it, refused before it is read.
    static func read(_ url: URL, maximumBytes: Int) throws -> Data? {
        do {
            return try POSIXFiles.readRegularFile(atPath: url.path, maximumBytes: maximumBytes)
        } catch POSIXFiles.ReadFailure.notRegularFile(let path) {
            throw StoreError.corruptFile(file: path, reason: "not a regular file")
        } catch POSIXFiles.ReadFailure.tooLarge(let path, let limit) {
            throw StoreError.readFailed(file: path, reason: "larger than \(limit) bytes")
        } catch POSIXFiles.ReadFailure.failed(let failure) {
            throw StoreError.readFailed(file: failure.path, reason: failure.reason)
        } catch {
            throw StoreError.readFailed(file: url.path, reason: "\(error)")
        }
    }

    /// Makes `url` a private folder (``POSIXFiles/preparePrivateDirectory(_:currentUser:)``:
    /// created `0700` with missing parents, an existing one tightened to owner-only, a symbolic
    /// link, another user's or a shared folder refused).
    ///
    /// - Throws: ``StoreError/writeFailed(file:reason:)`` naming the folder and the reason.
    static func preparePrivateDirectory(_ url: URL) throws {
        do {
            try POSIXFiles.preparePrivateDirectory(url)
        } catch let failure as PrivateDirectoryFailure {
            throw StoreError.writeFailed(file: failure.path, reason: failure.reason.description)
        }
    }

    /// Runs `body` holding the directory's advisory lock, so processes take turns.
    static func withExclusiveLock<T>(_ lockURL: URL, _ body: () throws -> T) throws -> T {
        try POSIXFiles.withExclusiveLock(
            lockURL, mapFailure: { StoreError.writeFailed(file: $0.path, reason: $0.reason) }, body)
    }

    /// The permission bits of a file, if it exists.
    static func mode(of url: URL) -> mode_t? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    /// `fsync`s a directory so a new entry in it survives a crash.
    static func syncDirectory(_ url: URL) {
        POSIXFiles.syncDirectory(url)
    }

    /// Gives `url` (a store directory: new files inherit its class) the data-protection class
    /// `protection` where the platform has them; nothing elsewhere.
    static func applyProtection(_ protection: StoreFileProtection, to url: URL) throws {
        do {
            try POSIXFiles.applyDataProtection(named: protection.rawValue, toPath: url.path)
        } catch let failure as POSIXFileFailure {
            throw StoreError.writeFailed(file: failure.path, reason: failure.reason)
        }
    }

    static func errorText() -> String {
        POSIXFiles.errorText()
    }
}
