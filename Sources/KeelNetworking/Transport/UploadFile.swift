import Foundation
import KeelSupport

/// Opening a file the app named as a request body (``RequestBody/file(_:contentType:)``, a
/// multipart file part, a resumable upload): through `POSIXFiles`, so a FIFO, a device, a
/// directory or a socket is refused at once with a typed error instead of an upload that
/// blocks in `open` (a FIFO) or reads without end (`/dev/zero`). A link is followed: the app
/// chose the path, and what it leads to must still be a regular file.
enum UploadFile {
    /// A handle reading the regular file at `url` (closed when released).
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming `field` and the path.
    static func open(_ url: URL, field: String) throws -> FileHandle {
        FileHandle(fileDescriptor: try openDescriptor(url, field: field), closeOnDealloc: true)
    }

    /// ``open(_:field:)``'s descriptor itself (close-on-exec, blocking reads), for a caller
    /// that closes it.
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming `field` and the path.
    static func openDescriptor(_ url: URL, field: String) throws -> Int32 {
        guard url.isFileURL else {
            throw APIError.invalidRequest(field: field, reason: "'\(url.absoluteString)' is not a file URL")
        }
        let descriptor: Int32?
        do {
            descriptor = try POSIXFiles.openRegularFile(atPath: url.path, followingLinks: true)
        } catch POSIXFiles.ReadFailure.notRegularFile {
            throw APIError.invalidRequest(
                field: field,
                reason: "'\(url.path)' is not a regular file (a FIFO, a device, a directory or a socket)")
        } catch {
            throw APIError.invalidRequest(field: field, reason: "'\(url.path)' is not a readable file")
        }
        guard let descriptor else {
            throw APIError.invalidRequest(field: field, reason: "'\(url.path)' is not a readable file")
        }
        return descriptor
    }

    /// Checks that `url` opens as ``open(_:field:)`` opens it, without reading it.
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming `field` and the path.
    static func check(_ url: URL, field: String) throws {
        try open(url, field: field).close()
    }
}
