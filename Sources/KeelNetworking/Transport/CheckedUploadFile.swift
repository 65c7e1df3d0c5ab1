import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file body the request builder checked: a regular file (a FIFO, a device, a directory or a
/// socket was refused), remembered by its device, inode and size. Nothing stays open between
/// the check and the send (an app uploading hundreds of files at once must not run out of
/// descriptors): the body is read by opening the path again and refusing it unless the opened
/// file is the checked one, so renaming another file — or a FIFO, or a huge file — over the
/// path after the check is an error, never what is sent.
package struct CheckedUploadFile: Sendable {
    /// The path the app named.
    package let url: URL
    /// The file's device and inode when it was checked.
    private let identity: FileIdentity
    /// The file's size when it was checked.
    package let size: Int64

    /// A regular file's device and inode: what a path must still name to be this file.
    private struct FileIdentity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    /// Opens and checks the file at `url` (``UploadFile/open(_:field:)``'s rules), then closes it.
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming `field` and the path.
    package init(_ url: URL, field: String) throws {
        let (descriptor, info) = try Self.open(url, field: field)
        close(descriptor)
        self.url = url
        self.identity = FileIdentity(info)
        self.size = Int64(info.st_size)
    }

    /// The file's bytes from its start, at most the size it had when checked (bytes appended
    /// since are not sent; a file truncated since gives what is left), from the file opened
    /// again (``withOpenFile(field:_:)``).
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming the path when it no longer
    ///   names the checked file (or is no longer a readable regular file), or the read fails.
    package func contents(field: String = "body.file") throws -> Data {
        try withOpenFile(field: field) { descriptor in
            guard size >= 0, size <= Int64(Int.max) else { throw unreadable(field: field) }
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
            if failed { throw unreadable(field: field) }
            if filled < count { data.removeSubrange(filled...) }
            return data
        }
    }

    /// Runs `body` with the file opened again (close-on-exec, closed when `body` returns),
    /// after checking that the path still names the checked file.
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming the path when it no longer
    ///   names the checked file or is no longer a readable regular file; what `body` throws.
    package func withOpenFile<T>(field: String = "body.file", _ body: (Int32) throws -> T) throws -> T {
        let (descriptor, info) = try Self.open(url, field: field)
        defer { close(descriptor) }
        guard FileIdentity(info) == identity else { throw replaced(field: field) }
        return try body(descriptor)
    }

    /// Whether `url`'s path still names the checked file (a link followed, as the check
    /// followed it). A transport that can only hand a path to the system checks this last,
    /// so a file renamed over the path since the check is refused rather than sent.
    package var pathStillNamesCheckedFile: Bool {
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return FileIdentity(info) == identity
    }

    /// The error for a path that names another file than the one checked.
    package func replaced(field: String = "body.file") -> APIError {
        APIError.invalidRequest(field: field, reason: "'\(url.path)' was replaced after it was checked")
    }

    private func unreadable(field: String) -> APIError {
        APIError.invalidRequest(field: field, reason: "'\(url.path)' is not a readable file")
    }

    /// `url` opened as ``UploadFile/open(_:field:)`` opens it (a regular file, close-on-exec,
    /// never blocking on a FIFO), with its `fstat`; the caller closes the descriptor.
    private static func open(_ url: URL, field: String) throws -> (Int32, stat) {
        let descriptor = try UploadFile.openDescriptor(url, field: field)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw APIError.invalidRequest(field: field, reason: "'\(url.path)' is not a readable file")
        }
        return (descriptor, info)
    }
}
