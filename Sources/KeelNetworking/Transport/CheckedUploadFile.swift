import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file body the request builder checked, kept open: the descriptor ``UploadFile`` opened
/// and `fstat`ed (a regular file; a FIFO, a device, a directory or a socket was refused) is
/// the one the body is read from, so renaming another file — or a FIFO, or a huge file — over
/// the path after the check changes nothing that is sent. Closed when the last request that
/// carries it is released.
package final class CheckedUploadFile: Sendable {
    /// The path the app named.
    package let url: URL
    /// The open descriptor (read with `pread`, so reads never share an offset).
    private let descriptor: Int32
    /// The file's device and inode when it was checked.
    private let identity: FileIdentity
    /// The file's size when it was checked.
    package let size: Int64

    /// A regular file's device and inode: what a path must still name to be this file.
    private struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    /// Opens and checks the file at `url` (``UploadFile/open(_:field:)``'s rules).
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming `field` and the path.
    package init(_ url: URL, field: String) throws {
        let handle = try UploadFile.open(url, field: field)
        let descriptor = dup(handle.fileDescriptor)
        try? handle.close()
        guard descriptor >= 0 else {
            throw APIError.invalidRequest(field: field, reason: "'\(url.path)' is not a readable file")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw APIError.invalidRequest(field: field, reason: "'\(url.path)' is not a readable file")
        }
        self.url = url
        self.descriptor = descriptor
        self.identity = FileIdentity(info)
        self.size = Int64(info.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// The file's bytes, read from the checked descriptor from its start: at most the size it
    /// had when checked (bytes appended since are not sent; a file truncated since gives what
    /// is left). `nil` when the read fails.
    package func contents() -> Data? {
        guard size >= 0, size <= Int64(Int.max) else { return nil }
        let count = Int(size)
        var data = Data(count: count)
        var filled = 0
        let failed = data.withUnsafeMutableBytes { raw -> Bool in
            while filled < count {
                let read = pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(filled))
                if read < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                if read == 0 { break }
                filled += read
            }
            return false
        }
        if failed { return nil }
        if filled < count { data.removeSubrange(filled...) }
        return data
    }

    /// Whether `url`'s path still names the checked file (a link followed, as the check
    /// followed it). A transport that can only hand a path to the system checks this last,
    /// so a file renamed over the path since the check is refused rather than sent.
    package var pathStillNamesCheckedFile: Bool {
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return FileIdentity(info) == identity
    }
}
