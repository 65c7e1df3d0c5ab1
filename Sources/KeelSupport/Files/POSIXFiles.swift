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
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
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
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = errorText() }
        if let failure {
            unlink(temporary.path)
            throw POSIXFileFailure(path: url.path, reason: failure)
        }
        if durable {
            let directoryFD = open(directory.path, O_RDONLY | O_CLOEXEC)
            if directoryFD >= 0 {
                fsync(directoryFD)
                close(directoryFD)
            }
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
        let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw mapFailure(POSIXFileFailure(path: lockURL.path, reason: errorText())) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw mapFailure(POSIXFileFailure(path: lockURL.path, reason: errorText())) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The current `errno` as text.
    package static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
