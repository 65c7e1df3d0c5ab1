import Foundation
import KeelSupport

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
        do {
            try POSIXFiles.replace(url, with: data, mode: 0o644, durable: false)
        } catch let failure as POSIXFileFailure {
            throw ImageDiskCacheError.ioFailed(path: failure.path, reason: failure.reason)
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
        try POSIXFiles.withExclusiveLock(
            lockFile, mapFailure: { ImageDiskCacheError.ioFailed(path: $0.path, reason: $0.reason) }, body)
    }
}
