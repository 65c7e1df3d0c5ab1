import Foundation

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
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw StoreError.writeFailed(file: url.path, reason: errorText()) }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errorText()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = errorText() }
        close(fd)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = errorText() }
        if let failure {
            unlink(temporary.path)
            throw StoreError.writeFailed(file: url.path, reason: failure)
        }
        // Make the rename itself durable.
        let directoryFD = open(directory.path, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// The contents of `url`, or `nil` if it does not exist.
    static func read(_ url: URL) throws -> Data? {
        var info = stat()
        if stat(url.path, &info) != 0 {
            if errno == ENOENT { return nil }
            throw StoreError.readFailed(file: url.path, reason: errorText())
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw StoreError.corruptFile(file: url.path, reason: "not a regular file")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw StoreError.readFailed(file: url.path, reason: "\(error.localizedDescription)")
        }
    }

    /// Creates `url` as a directory with `mode` if missing; fails if it exists as something else.
    static func ensureDirectory(_ url: URL, mode: mode_t) throws {
        var info = stat()
        if stat(url.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw StoreError.writeFailed(file: url.path, reason: "exists and is not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: Int(mode)])
        } catch {
            throw StoreError.writeFailed(
                file: url.path, reason: "cannot create directory: \(error.localizedDescription)")
        }
        chmod(url.path, mode)
    }

    /// Runs `body` holding an exclusive advisory lock (`flock`) on `lockURL`, so processes
    /// sharing a directory take turns.
    static func withExclusiveLock<T>(_ lockURL: URL, _ body: () throws -> T) throws -> T {
        let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.writeFailed(file: lockURL.path, reason: errorText()) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw StoreError.writeFailed(file: lockURL.path, reason: errorText()) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The permission bits of a file, if it exists.
    static func mode(of url: URL) -> mode_t? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
