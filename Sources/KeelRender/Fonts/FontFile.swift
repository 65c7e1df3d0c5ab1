import Foundation
import KeelSupport

/// A TrueType/OpenType font file or collection (`.ttf`, `.otf`, `.ttc`), split into faces.
package enum FontFile {
    /// Every face in `data`: one for a single font, several for a collection; throws a
    /// ``FontFileError`` for anything malformed.
    package static func faces(in data: [UInt8]) throws -> [FontFace] {
        let bytes = ByteReader(bytes: data)
        return try faceOffsets(bytes).map { try FontFace(bytes: bytes, offset: $0) }
    }

    /// The face at `index` of a collection (0 for a single font).
    package static func face(in data: [UInt8], index: Int) throws -> FontFace {
        let bytes = ByteReader(bytes: data)
        let offsets = try faceOffsets(bytes)
        guard offsets.indices.contains(index) else {
            throw FontFileError.faceIndexOutOfRange(index: index, count: offsets.count)
        }
        return try FontFace(bytes: bytes, offset: offsets[index])
    }

    /// Every face of the file at `path`; read errors and malformed data are reported as a
    /// ``FontLoadError`` naming the file. The file is read through `POSIXFiles` (a link is
    /// followed): a FIFO, a device or a directory is refused at once, never read without end,
    /// and so is a file of more than ``maximumFileBytes``.
    package static func faces(atPath path: String) throws -> [FontFace] {
        let data: Data
        do {
            guard
                let read = try POSIXFiles.readRegularFile(
                    atPath: path, maximumBytes: maximumFileBytes, followingLinks: true)
            else {
                throw FontLoadError(path: path, error: .unreadable(path: path, reason: "no such file"))
            }
            data = read
        } catch let error as FontLoadError {
            throw error
        } catch {
            throw FontLoadError(path: path, error: .unreadable(path: path, reason: reason(error)))
        }
        do {
            return try faces(in: [UInt8](data))
        } catch let error as FontFileError {
            throw FontLoadError(path: path, error: error)
        }
    }

    /// The largest font file read: 256 MB, beyond the largest collections (a CJK `.ttc` is
    /// some tens of megabytes).
    package static let maximumFileBytes = 256 << 20

    /// A read failure as the reason ``FontFileError/unreadable(path:reason:)`` gives.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case POSIXFiles.ReadFailure.notRegularFile:
            "not a regular file (a FIFO, a device, a directory or a socket)"
        case POSIXFiles.ReadFailure.tooLarge(_, let limit): "more than \(limit >> 20) MB"
        case POSIXFiles.ReadFailure.failed(let failure): failure.reason
        default: "\(error)"
        }
    }

    /// The offsets of the faces' table directories.
    static func faceOffsets(_ bytes: ByteReader) throws -> [Int] {
        guard bytes.count >= 4 else { throw FontFileError.truncated("the file signature") }
        let signature = try bytes.u32(0)
        switch signature {
        case 0x7474_6366:  // 'ttcf'
            let count = Int(try bytes.u32(8))
            // Each offset takes 4 bytes, so a count larger than the file is malformed.
            guard count > 0, count <= bytes.count / 4 else {
                throw FontFileError.malformedTable("ttcf", reason: "\(count) faces")
            }
            try bytes.require(12, count * 4, "the collection's face offsets")
            return try (0..<count).map { Int(try bytes.u32(12 + 4 * $0)) }
        case 0x0001_0000, 0x4F54_544F, 0x7472_7565:  // 1.0, 'OTTO', 'true'
            return [0]
        default:
            throw FontFileError.unknownFormat(signature: try bytes.tag(0))
        }
    }
}
