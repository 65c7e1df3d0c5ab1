import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a download's file could not be written or moved into place.
public struct DownloadFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file concerned.
    public let path: String
    /// What went wrong.
    public let reason: String

    /// A message naming the file.
    public var description: String { "download file \(path): \(reason)" }
}

/// The partial file of a download: created `0600` beside its destination (so the final move
/// is an atomic `rename` on one file system), appended to chunk by chunk, checked against the
/// expected length and moved into place. A resumed download reopens it without following a
/// link and only when it holds exactly the bytes the resume data counts.
package final class DownloadFile {
    /// Where the partial file is.
    package let partialURL: URL
    /// Where the finished file goes.
    package let destination: URL
    /// The bytes in the partial file.
    package private(set) var bytesWritten: Int64
    private var descriptor: Int32

    /// The partial file's path for `destination`: hidden, in the same directory.
    package static func partialURL(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).download")
    }

    /// Opens the partial file for `destination`: reopened for appending when `resumingAt` is the
    /// exact size of a regular file there, otherwise created empty (replacing any stale one).
    /// `bytesWritten` says which happened (0: start from zero).
    package init(destination: URL, resumingAt offset: Int64? = nil) throws {
        self.destination = destination
        partialURL = Self.partialURL(for: destination)
        let path = partialURL.path
        if let offset, offset > 0 {
            let fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            if fd >= 0 {
                var info = stat()
                if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size) == offset,
                    (info.st_mode & 0o077) == 0
                {
                    let flags = fcntl(fd, F_GETFL)
                    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
                    descriptor = fd
                    bytesWritten = offset
                    return
                }
                close(fd)
            }
        }
        unlink(path)
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DownloadFileError(path: path, reason: POSIXFiles.errorText()) }
        descriptor = fd
        bytesWritten = 0
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `bytes`.
    package func append(_ bytes: some DataProtocol) throws {
        guard descriptor >= 0 else {
            throw DownloadFileError(path: partialURL.path, reason: "already closed")
        }
        for region in bytes.regions {
            try region.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw DownloadFileError(path: partialURL.path, reason: POSIXFiles.errorText())
                    }
                    offset += written
                }
            }
            bytesWritten += Int64(region.count)
        }
    }

    /// Empties the partial file (a `200` answered a resume: the body starts from zero).
    package func truncate() throws {
        // The file is in append mode, so the next write lands at the new end; the seek keeps it
        // right should that mode ever be dropped.
        guard descriptor >= 0, ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw DownloadFileError(path: partialURL.path, reason: POSIXFiles.errorText())
        }
        bytesWritten = 0
    }

    /// Closes the partial file, keeping it for a resume.
    package func suspend() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// Checks the length against `expectedLength` (when known), flushes the file to disk and
    /// moves it to the destination atomically (replacing what was there). A wrong length
    /// throws and leaves the destination untouched.
    package func finish(expectedLength: Int64?) throws {
        guard DownloadResume.lengthIsComplete(written: bytesWritten, expected: expectedLength) else {
            throw DownloadFileError(
                path: partialURL.path,
                reason: "received \(bytesWritten) bytes, expected \(expectedLength.map(String.init) ?? "?")")
        }
        guard descriptor >= 0 else {
            throw DownloadFileError(path: partialURL.path, reason: "already closed")
        }
        let synced = fsync(descriptor) == 0
        let reason = synced ? nil : POSIXFiles.errorText()
        close(descriptor)
        descriptor = -1
        if let reason { throw DownloadFileError(path: partialURL.path, reason: reason) }
        guard rename(partialURL.path, destination.path) == 0 else {
            throw DownloadFileError(path: destination.path, reason: POSIXFiles.errorText())
        }
    }

    /// Closes and deletes the partial file (a download abandoned for good).
    package func discard() {
        suspend()
        unlink(partialURL.path)
    }
}
