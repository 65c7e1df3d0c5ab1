import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations the disk cache needs, with errors naming the path.
///
/// Writes go to a unique temporary file in the same directory and are renamed over the
/// target, so a reader — in this process or another — sees either the old file or the new
/// one, never a mix. The cache does not `fsync`: a file torn by a crash fails its checksum
/// and is treated as a miss.
enum DiskFiles {
    static func replace(_ url: URL, with data: Data) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".tmp-\(UUID().uuidString)")
        do {
            try data.write(to: temporary)
        } catch {
            unlink(temporary.path)
            throw ImageDiskCacheError.ioFailed(path: temporary.path, reason: "\(error.localizedDescription)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = errorText()
            unlink(temporary.path)
            throw ImageDiskCacheError.ioFailed(path: url.path, reason: reason)
        }
    }

    /// The file's contents, or `nil` when it does not exist or cannot be read.
    static func read(_ url: URL) -> Data? {
        try? Data(contentsOf: url)
    }

    static func remove(_ url: URL) {
        unlink(url.path)
    }

    /// Size in bytes and modification time (milliseconds since 1970) of a regular file.
    static func attributes(_ url: URL) -> (size: Int, modified: Int64)? {
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
            let seconds = Int64(info.st_mtimespec.tv_sec)
        #else
            let seconds = Int64(info.st_mtim.tv_sec)
        #endif
        return (Int(info.st_size), seconds * 1000)
    }

    static func names(in directory: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    }

    static func ensureDirectory(_ url: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ImageDiskCacheError.ioFailed(path: url.path, reason: "exists and is not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw ImageDiskCacheError.ioFailed(path: url.path, reason: "\(error.localizedDescription)")
        }
    }

    /// Runs `body` holding an exclusive `flock` on `lockFile`: processes sharing the cache
    /// directory take turns to rewrite the index and sweep.
    static func withExclusiveLock<T>(_ lockFile: URL, _ body: () throws -> T) throws -> T {
        let descriptor = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ImageDiskCacheError.ioFailed(path: lockFile.path, reason: errorText())
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw ImageDiskCacheError.ioFailed(path: lockFile.path, reason: errorText())
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
