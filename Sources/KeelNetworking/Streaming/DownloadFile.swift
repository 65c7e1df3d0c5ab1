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
    /// Whether this download holds its partial file's claim (``claimed``).
    private var holdsClaim = false

    /// The partial files downloads of this process hold, by path: a second download to the
    /// same destination is refused while the first holds its file. A table rather than a file
    /// lock: `flock` is shared with any child process forked while the file is open (until it
    /// calls `exec`), so a lock released here could still be held by a process another thread
    /// spawned, and a new download would be refused at random. Another process writing the
    /// same partial file is caught when finishing (the file's inode and size must be this
    /// download's own).
    private static let claimed = Locked<Set<String>>([])

    /// The partial file's path for `destination`: hidden, in the same directory.
    package static func partialURL(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).download")
    }

    /// Claims the partial file for `destination` for the download's lifetime and opens it:
    /// reopened for appending when `resumingAt` is the exact size of a regular `0600` file
    /// there, otherwise emptied (a stale file that is not a private regular file is replaced).
    /// `bytesWritten` says which happened (0: start from zero).
    ///
    /// The file is claimed before it is opened and emptied, so a second download to the same
    /// destination (a double tap) cannot empty or replace the running one's file: it fails with
    /// "a download to … is already running".
    package init(destination: URL, resumingAt offset: Int64? = nil) throws {
        self.destination = destination
        partialURL = Self.partialURL(for: destination)
        let path = partialURL.path
        guard Self.claimed.withLock({ $0.insert(path).inserted }) else {
            throw DownloadFileError(
                path: path, reason: "a download to \(destination.path) is already running")
        }
        var opened = false
        defer { if !opened { _ = Self.claimed.withLock { $0.remove(path) } } }
        var fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        if fd >= 0 {
            var info = stat()
            let usable =
                fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && (info.st_mode & 0o077) == 0
                && info.st_nlink == 1
            if usable {
                let flags = fcntl(fd, F_GETFL)
                if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
                if let offset, offset > 0, Int64(info.st_size) == offset {
                    descriptor = fd
                    bytesWritten = offset
                    holdsClaim = true
                    opened = true
                    return
                }
                guard ftruncate(fd, 0) == 0 else {
                    let reason = POSIXFiles.errorText()
                    close(fd)
                    throw DownloadFileError(path: path, reason: reason)
                }
                descriptor = fd
                bytesWritten = 0
                holdsClaim = true
                opened = true
                return
            }
            // Another kind of file (a FIFO, a file others can read, a second link): replaced
            // below while nobody else holds it.
            close(fd)
        }
        // Not openable as a private regular file (a symbolic link, a FIFO without a reader)
        // or not usable: a new file in its place.
        unlink(path)
        fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DownloadFileError(path: path, reason: POSIXFiles.errorText()) }
        descriptor = fd
        bytesWritten = 0
        holdsClaim = true
        opened = true
    }

    /// Gives the partial file's claim back (once).
    private func releaseClaim() {
        guard holdsClaim else { return }
        holdsClaim = false
        let path = partialURL.path
        _ = Self.claimed.withLock { $0.remove(path) }
    }

    /// Whether `descriptor` is still the file at `partialURL` (same device and inode): false
    /// when the path was removed or replaced since it was opened.
    private var descriptorIsAtPath: Bool {
        var opened = stat()
        var named = stat()
        guard descriptor >= 0, fstat(descriptor, &opened) == 0, lstat(partialURL.path, &named) == 0 else {
            return false
        }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        releaseClaim()
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
        releaseClaim()
    }

    /// Checks the length against `expectedLength` (when known), flushes the file to disk and
    /// moves it to the destination atomically (replacing what was there), still holding the
    /// lock. A wrong length, or a partial path that no longer names this file (removed or
    /// replaced since it was opened), throws and leaves the destination untouched; the file
    /// stays open for ``discard()``.
    package func finish(expectedLength: Int64?) throws {
        guard DownloadResume.lengthIsComplete(written: bytesWritten, expected: expectedLength) else {
            throw DownloadFileError(
                path: partialURL.path,
                reason: "received \(bytesWritten) bytes, expected \(expectedLength.map(String.init) ?? "?")")
        }
        guard descriptor >= 0 else {
            throw DownloadFileError(path: partialURL.path, reason: "already closed")
        }
        guard fsync(descriptor) == 0 else {
            throw DownloadFileError(path: partialURL.path, reason: POSIXFiles.errorText())
        }
        guard descriptorIsAtPath else {
            throw DownloadFileError(
                path: partialURL.path, reason: "the partial file was removed or replaced while downloading")
        }
        // Where the lock is only advisory between processes (NFS, CIFS), another writer could
        // have truncated or extended the file: its size must be what this download wrote.
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int64(status.st_size) == bytesWritten else {
            throw DownloadFileError(
                path: partialURL.path, reason: "the partial file changed size while downloading")
        }
        guard rename(partialURL.path, destination.path) == 0 else {
            throw DownloadFileError(path: destination.path, reason: POSIXFiles.errorText())
        }
        close(descriptor)
        descriptor = -1
        releaseClaim()
    }

    /// Deletes the partial file and closes it (a download abandoned for good). The path is
    /// removed only while this download holds the file's lock and the path still names it:
    /// never another download's file.
    package func discard() {
        if descriptorIsAtPath { unlink(partialURL.path) }
        suspend()
    }
}
