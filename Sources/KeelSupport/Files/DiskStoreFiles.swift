import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations ``DiskStore`` needs, with errors naming the path.
///
/// Writes go to a unique temporary file in the same folder and are renamed over the target,
/// so a reader — in this process or another — sees either the old file or the new one, never a
/// mix. The store does not `fsync`: a file torn by a crash fails its checksum and is treated
/// as a miss. Files are created `0600` and folders `0700`: cached data is the user's.
enum DiskStoreFiles {
    static let fileMode: mode_t = 0o600

    static func replace(_ url: URL, with data: Data) throws {
        do {
            try POSIXFiles.replace(url, with: data, mode: fileMode, durable: false)
        } catch let failure as POSIXFileFailure {
            throw DiskStoreError.ioFailed(path: failure.path, reason: failure.reason)
        }
    }

    /// The first `count` bytes of the file (fewer when it is shorter), `nil` when unreadable.
    static func readPrefix(_ url: URL, count: Int) -> Data? {
        guard let fd = try? POSIXFiles.openRegularFile(atPath: url.path) else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, count) }
        return read < 0 ? nil : Data(buffer.prefix(read))
    }

    /// Size in bytes and modification time (milliseconds since 1970) of a regular file.
    static func attributes(_ url: URL) -> (size: Int, modified: Int64)? {
        var info = stat()
        guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
            let seconds = Int64(info.st_mtimespec.tv_sec)
        #else
            let seconds = Int64(info.st_mtim.tv_sec)
        #endif
        // A hostile file can carry any size and date: neither may overflow.
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return (Int(clamping: info.st_size), overflow ? (seconds > 0 ? .max : .min) : milliseconds)
    }

    /// Whether `url` is a folder (not a link to one).
    static func isDirectory(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func names(in directory: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    }

    /// Creates `url` (and missing parents) `0700`, or tightens an existing folder to owner-only,
    /// under ``POSIXFiles/preparePrivateDirectory(_:currentUser:)``'s rules: a symbolic link,
    /// another user's folder or a shared one is refused.
    static func ensureDirectory(_ url: URL) throws {
        do {
            try POSIXFiles.preparePrivateDirectory(url)
        } catch let failure as PrivateDirectoryFailure {
            throw DiskStoreError.ioFailed(path: failure.path, reason: failure.reason.description)
        }
    }

    /// Runs `body` holding an exclusive `flock` on `lockFile`: instances sharing the store's
    /// folder take turns to rewrite the index and sweep.
    static func withExclusiveLock<T>(_ lockFile: URL, _ body: () throws -> T) throws -> T {
        try POSIXFiles.withExclusiveLock(
            lockFile, mapFailure: { DiskStoreError.ioFailed(path: $0.path, reason: $0.reason) }, body)
    }

    /// Runs `body` holding an exclusive `flock` on the folder `directory` itself (no lock file).
    static func withExclusiveLock<T>(onDirectory directory: URL, _ body: () throws -> T) throws -> T {
        let fd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            throw DiskStoreError.ioFailed(path: directory.path, reason: POSIXFiles.errorText())
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR {
                throw DiskStoreError.ioFailed(path: directory.path, reason: POSIXFiles.errorText())
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

/// `read(2)`, named apart from the file helpers.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
