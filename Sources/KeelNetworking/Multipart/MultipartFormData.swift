import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `multipart/form-data` body built from fields and files.
///
/// Small forms are encoded in memory; from the client's
/// `APIClient.Configuration(multipartMemoryThreshold:)` up they are streamed to a temporary
/// file in 1 MiB chunks and uploaded from it, so memory stays flat whatever the file size.
///
/// ```swift
/// var form = MultipartFormData()
/// form.append("Ada", name: "name")
/// form.append(fileAt: videoURL, name: "video", mimeType: "video/mp4")
/// let upload = Endpoint<Void>(.post, "uploads", body: .multipart(form))
/// ```
public struct MultipartFormData: Sendable {
    /// Where a part's bytes come from.
    package enum Content: Sendable, Equatable {
        /// Bytes in memory.
        case data(Data)
        /// A file read when the form is encoded.
        case file(URL)
    }

    /// One part of the form.
    package struct Part: Sendable, Equatable {
        /// The form field name.
        package var name: String
        /// The file name, for file parts.
        package var fileName: String?
        /// The part's content type.
        package var mimeType: String?
        /// The bytes.
        package var content: Content
    }

    /// An encoded form: in memory, or in a temporary file the caller removes.
    package enum Encoded: Sendable, Equatable {
        /// The whole body in memory.
        case data(Data)
        /// The body in a temporary file.
        case file(URL)
    }

    /// The boundary between parts.
    package let boundary: String
    /// The parts, in order.
    package private(set) var parts: [Part] = []

    /// An empty form with a random boundary (or `boundary`).
    ///
    /// A boundary of your own must be 1–70 of RFC 2046's `bchars` (letters, digits and
    /// `'()+_,-./:=?` and space), not ending in a space; the request fails with
    /// ``APIError/invalidRequest(field:reason:)`` (`body.multipart`) otherwise. One with a
    /// character that is not a token (`=`, `/`, `:`, `?`, `(`, `)`, `,`, space) is quoted in
    /// `Content-Type`.
    public init(boundary: String = "keel-boundary-\(UUID().uuidString)") {
        self.boundary = boundary
    }

    /// The `Content-Type` header value, with the boundary: quoted when it is not an RFC 2045
    /// token (`boundary="----=_Part_0"`), as strict parsers (Go's `mime`) otherwise stop at
    /// the first special character.
    package var contentType: String {
        let isToken = boundary.utf8.allSatisfy { !Self.tspecialsInBoundary.contains($0) }
        return isToken
            ? "multipart/form-data; boundary=\(boundary)" : "multipart/form-data; boundary=\"\(boundary)\""
    }

    /// RFC 2046 §5.1.1 `bcharsnospace`: digits, letters and `'()+_,-./:=?`.
    private static let boundaryCharacters: Set<UInt8> = Set(
        Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'()+_,-./:=?".utf8))

    /// The boundary characters that are RFC 2045 `tspecials` or space: a parameter with one is
    /// quoted.
    private static let tspecialsInBoundary: Set<UInt8> = Set(Array("(),/:=? ".utf8))

    /// Why the boundary cannot delimit parts, or `nil` when it can: RFC 2046 allows 1–70
    /// `bchars`, the last not a space.
    package var boundaryProblem: String? {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count) else {
            return "the boundary has \(bytes.count) characters; RFC 2046 allows 1 to 70"
        }
        if bytes.contains(where: { $0 != UInt8(ascii: " ") && !Self.boundaryCharacters.contains($0) }) {
            return
                "the boundary \(boundary.debugDescription) has a character RFC 2046 does not allow (only letters, digits, space and '()+_,-./:=?)"
        }
        if bytes.last == UInt8(ascii: " ") { return "the boundary ends in a space, not allowed by RFC 2046" }
        return nil
    }

    /// Throws ``APIError/invalidRequest(field:reason:)`` (`body.multipart`) for a boundary
    /// RFC 2046 does not allow.
    package func checkBoundary() throws {
        if let problem = boundaryProblem {
            throw APIError.invalidRequest(field: "body.multipart", reason: problem)
        }
    }

    /// Appends a text field.
    public mutating func append(_ value: String, name: String) {
        parts.append(Part(name: name, fileName: nil, mimeType: nil, content: .data(Data(value.utf8))))
    }

    /// Appends bytes, as a file when `fileName` is given.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, mimeType: String? = nil)
    {
        parts.append(Part(name: name, fileName: fileName, mimeType: mimeType, content: .data(data)))
    }

    /// Appends the file at `url` (read when the form is encoded); the file name defaults to
    /// the URL's last component.
    public mutating func append(
        fileAt url: URL, name: String, fileName: String? = nil, mimeType: String = "application/octet-stream"
    ) {
        parts.append(
            Part(
                name: name, fileName: fileName ?? url.lastPathComponent, mimeType: mimeType,
                content: .file(url)))
    }

    /// The encoded size in bytes.
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` when a file part is unreadable.
    package func contentLength() throws -> Int64 {
        try checkBoundary()
        var total: Int64 = 0
        for part in parts {
            total += Int64(header(for: part).utf8.count) + 2
            switch part.content {
            case .data(let data): total += Int64(data.count)
            case .file(let url): total += try size(of: url, part: part)
            }
        }
        return total + Int64(closing.utf8.count)
    }

    /// Encodes the form in memory below `memoryThreshold` bytes, else into a new file in
    /// `temporaryDirectory`. `isCancelled` is checked between chunks: once it is `true` the
    /// partial file is removed and `CancellationError` thrown.
    package func encode(
        memoryThreshold: Int, temporaryDirectory: URL, isCancelled: @Sendable () -> Bool = { false }
    ) throws -> Encoded {
        if try contentLength() < Int64(memoryThreshold) {
            return .data(try encodedData(maximumBytes: memoryThreshold))
        }
        let url = temporaryDirectory.appendingPathComponent("keel-multipart-\(UUID().uuidString)")
        do {
            try write(to: url, isCancelled: isCancelled)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return .file(url)
    }

    /// The whole body in memory, at most `maximumBytes`: the caller measured the form
    /// (``contentLength()``) before choosing memory, and a file part replaced by a larger file
    /// since (renamed over its path) is refused after reading at most that much, instead of
    /// being read whole into memory.
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming the part's field and path.
    package func encodedData(maximumBytes: Int = .max) throws -> Data {
        try checkBoundary()
        var data = Data()
        for part in parts {
            data.append(Data(header(for: part).utf8))
            switch part.content {
            case .data(let bytes): data.append(bytes)
            case .file(let url):
                let input = try UploadFile.open(url, field: field(part))
                defer { try? input.close() }
                do {
                    // A megabyte at a time: at most one chunk past the budget is ever read.
                    while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                        guard chunk.count <= maximumBytes - data.count else {
                            throw APIError.invalidRequest(
                                field: field(part),
                                reason:
                                    "'\(url.path)' grew past \(maximumBytes) bytes while the form was encoded"
                            )
                        }
                        data.append(chunk)
                    }
                } catch let error as APIError {
                    throw error
                } catch {
                    throw unreadable(url, part: part)
                }
            }
            data.append(Data("\r\n".utf8))
        }
        data.append(Data(closing.utf8))
        return data
    }

    /// Streams the body into a new file at `url`, copying files in 1 MiB chunks. The file is
    /// created new (never an existing file or a symbolic link planted at `url`) and readable by
    /// its owner only (0600): a form may carry personal data. Throws `CancellationError` at the
    /// first part or chunk after `isCancelled` turns `true` (the caller removes the file).
    package func write(to url: URL, isCancelled: @Sendable () -> Bool = { false }) throws {
        try checkBoundary()
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw APIError.invalidRequest(
                field: "body.multipart", reason: "cannot create a temporary file at '\(url.path)'")
        }
        let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? output.close() }
        for part in parts {
            if isCancelled() { throw CancellationError() }
            try output.write(contentsOf: Data(header(for: part).utf8))
            switch part.content {
            case .data(let bytes): try output.write(contentsOf: bytes)
            case .file(let source):
                let input = try UploadFile.open(source, field: field(part))
                defer { try? input.close() }
                while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                    // A cancelled call stops here, not after the whole file was copied.
                    if isCancelled() { throw CancellationError() }
                    try output.write(contentsOf: chunk)
                }
            }
            try output.write(contentsOf: Data("\r\n".utf8))
        }
        try output.write(contentsOf: Data(closing.utf8))
    }

    private var closing: String { "--\(boundary)--\r\n" }

    private func header(for part: Part) -> String {
        var disposition = "form-data; name=\"\(Self.quote(part.name))\""
        if let fileName = part.fileName { disposition += "; filename=\"\(Self.quote(fileName))\"" }
        var header = "--\(boundary)\r\nContent-Disposition: \(disposition)\r\n"
        if let mimeType = part.mimeType { header += "Content-Type: \(Self.stripLineBreaks(mimeType))\r\n" }
        return header + "\r\n"
    }

    /// Escapes a quoted parameter the way browsers do (HTML's form encoding), scalar by
    /// scalar: a `"\r\n"` pair is one `Character`, so comparing characters would miss it.
    /// NUL and the other C0 controls are escaped too.
    private static func quote(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar.value < 0x20 || scalar.value == 0x7F {
                var escaped: [UInt8] = []
                Hex.appendPercentEscape(UInt8(scalar.value), to: &escaped)
                result.append(contentsOf: String(decoding: escaped, as: UTF8.self).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A header value with every C0 control (CR, LF and NUL included) and DEL removed, scalar
    /// by scalar: nothing in it can end the header line or start another.
    private static func stripLineBreaks(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar.value >= 0x20 && scalar.value != 0x7F {
            result.append(scalar)
        }
        return String(result)
    }

    private func size(of url: URL, part: Part) throws -> Int64 {
        // A FIFO or a device has no size to send: refused here, before it is read.
        try UploadFile.check(url, field: field(part))
        guard let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize else {
            throw unreadable(url, part: part)
        }
        return Int64(size)
    }

    private func unreadable(_ url: URL, part: Part) -> APIError {
        .invalidRequest(field: field(part), reason: "'\(url.path)' is not a readable file")
    }

    /// The field errors about `part` name.
    private func field(_ part: Part) -> String { "body.multipart[\(part.name)]" }
}
