import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed file operation: which path and the system's reason. Modules map it to their own
/// typed errors.
package struct POSIXFileFailure: Error, Equatable {
    /// The path that failed.
    package let path: String
    /// The system's explanation (`strerror`).
    package let reason: String

    /// Creates the failure.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// File primitives shared by the stores and caches: atomic replacement and advisory locks.
package enum POSIXFiles {
    /// Replaces `url` with `data` atomically: a unique temporary file in the same directory
    /// with `mode`, optionally `fsync`ed (with the directory) for durability, then `rename`d.
    /// Readers in any process see the old file or the new one, never a mix; on failure the
    /// old file is untouched and the temporary file removed.
    package static func replace(_ url: URL, with data: Data, mode: mode_t = 0o600, durable: Bool) throws {
        let temporary = try writeTemporary(data, beside: url, mode: mode, durable: durable)
        if rename(temporary.path, url.path) != 0 {
            let failure = POSIXFileFailure(path: url.path, reason: errorText())
            unlink(temporary.path)
            throw failure
        }
        if durable { syncDirectory(url.deletingLastPathComponent()) }
    }

    /// Writes `data` to a new temporary file beside `url` (`.<name>.<UUID>.tmp`, `mode`,
    /// `fsync`ed when `durable`), for a `rename` over `url` later; returns its location. On
    /// failure nothing is left behind.
    package static func writeTemporary(_ data: Data, beside url: URL, mode: mode_t = 0o600, durable: Bool)
        throws -> URL
    {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw POSIXFileFailure(path: url.path, reason: errorText()) }
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
        if failure == nil, durable, fsync(fd) != 0 { failure = errorText() }
        close(fd)
        if let failure {
            unlink(temporary.path)
            throw POSIXFileFailure(path: url.path, reason: failure)
        }
        return temporary
    }

    /// `fsync`s a directory, so a rename in it survives a crash (best effort).
    package static func syncDirectory(_ directory: URL) {
        let directoryFD = open(directory.path, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Runs `body` holding an exclusive advisory lock (`flock`) on `lockURL`, so processes
    /// sharing a directory take turns. Lock failures are reported through `mapFailure`;
    /// `body`'s errors pass through unchanged.
    package static func withExclusiveLock<T>(
        _ lockURL: URL,
        mapFailure: (POSIXFileFailure) -> any Error,
        _ body: () throws -> T
    ) throws -> T {
        // Not following a link and not blocking: a FIFO or a link planted at the lock's path
        // must not hang or redirect the lock.
        let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { throw mapFailure(POSIXFileFailure(path: lockURL.path, reason: errorText())) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            let reason = "the lock file is not a regular file"
            throw mapFailure(POSIXFileFailure(path: lockURL.path, reason: reason))
        }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw mapFailure(POSIXFileFailure(path: lockURL.path, reason: errorText())) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Why ``readRegularFile(atPath:maximumBytes:followingLinks:)`` failed.
    package enum ReadFailure: Error, Equatable {
        /// The path is a symbolic link, a FIFO, a device, a directory or a socket.
        case notRegularFile(path: String)
        /// The file holds more than the limit.
        case tooLarge(path: String, limit: Int)
        /// The system refused (`reason` is `strerror`).
        case failed(POSIXFileFailure)
    }

    /// Opens `path` for reading the way every Keel reader must: without following a symbolic
    /// link, without blocking (a FIFO planted at the path would block a plain `open` forever),
    /// then checks with `fstat` that what was opened — not what a `stat` saw earlier — is a
    /// regular file, and clears `O_NONBLOCK` for the reads. `nil` when nothing is there;
    /// failures are ``ReadFailure``s.
    ///
    /// `followingLinks` is for a path the app or its user named (a token file, a font, an
    /// upload): a link there is theirs to make, and it is followed — what it leads to must
    /// still be a regular file, so a link to `/dev/zero` or a FIFO is refused all the same.
    /// Files in Keel's own folders (stores, caches, locks) never follow one.
    package static func openRegularFile(atPath path: String, followingLinks: Bool = false) throws -> Int32? {
        let fd = open(path, O_RDONLY | (followingLinks ? 0 : O_NOFOLLOW) | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw ReadFailure.notRegularFile(path: path)
            default: throw ReadFailure.failed(POSIXFileFailure(path: path, reason: errorText()))
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = POSIXFileFailure(path: path, reason: errorText())
            close(fd)
            throw ReadFailure.failed(failure)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ReadFailure.notRegularFile(path: path)
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// The contents of the regular file at `path` (``openRegularFile(atPath:followingLinks:)``'s
    /// rules), at most `maximumBytes`; `nil` when nothing is there. A file whose size already
    /// passes the limit is refused before anything is read.
    package static func readRegularFile(
        atPath path: String, maximumBytes: Int = .max, followingLinks: Bool = false
    ) throws -> Data? {
        guard let fd = try openRegularFile(atPath: path, followingLinks: followingLinks) else { return nil }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_size > maximumBytes {
            throw ReadFailure.tooLarge(path: path, limit: maximumBytes)
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadFailure.failed(POSIXFileFailure(path: path, reason: errorText()))
            }
            if count == 0 { return data }
            guard data.count + count <= maximumBytes else {
                throw ReadFailure.tooLarge(path: path, limit: maximumBytes)
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// The contents of the regular file at `path` (``openRegularFile(atPath:followingLinks:)``'s rules, without
    /// clearing `O_NONBLOCK`, which regular files ignore), read to the size `fstat` reports
    /// with as few `read`s as the kernel allows: one for a small file. For files replaced by
    /// `rename` and never written in place (cache entries): bytes appended after the `fstat`
    /// are not read. `nil` when nothing is there.
    package static func readRegularFileOnce(atPath path: String, maximumBytes: Int = .max) throws -> Data? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw ReadFailure.notRegularFile(path: path)
            default: throw ReadFailure.failed(POSIXFileFailure(path: path, reason: errorText()))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw ReadFailure.failed(POSIXFileFailure(path: path, reason: errorText()))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ReadFailure.notRegularFile(path: path) }
        guard info.st_size <= maximumBytes else {
            throw ReadFailure.tooLarge(path: path, limit: maximumBytes)
        }
        let size = Int(info.st_size)
        var data = Data(count: size)
        var filled = 0
        var failure: String?
        data.withUnsafeMutableBytes { raw in
            while filled < size {
                let count = read(fd, raw.baseAddress! + filled, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errorText()
                    return
                }
                if count == 0 { return }  // truncated since the fstat
                filled += count
            }
        }
        if let failure { throw ReadFailure.failed(POSIXFileFailure(path: path, reason: failure)) }
        if filled < size { data.removeSubrange(filled...) }
        return data
    }

    /// The current `errno` as text.
    package static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
