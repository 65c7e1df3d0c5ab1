import Foundation
import KeelSupport

/// Reads an encoded image's format and pixel size from its header, in pure Swift.
///
/// Supports PNG, JPEG, GIF, WebP (`VP8 `, `VP8L`, `VP8X`) and HEIC (`ftyp`, then the primary
/// item's `ispe`). It validates only what it reads: a file with a sound header and corrupt
/// pixel data passes.
package enum ImageHeaderParser {
    /// The largest width or height accepted (the PNG limit, 2³¹ − 1).
    static let maximumDimension = Int(Int32.max)

    /// Parses the header of `data`.
    ///
    /// - Throws: ``ImageHeaderError`` naming the format and the offset of the first problem.
    package static func parse(_ data: Data) throws -> ImageInfo {
        guard let format = ImageFormat.sniff(data) else {
            throw ImageHeaderError.unknownFormat(prefix: Array(data.prefix(12)))
        }
        let reader = ByteReader(data)
        let info: ImageInfo
        switch format {
        case .png: info = try PNGHeader.parse(reader)
        case .jpeg: info = try JPEGHeader.parse(reader)
        case .gif: info = try GIFHeader.parse(reader)
        case .webp: info = try WebPHeader.parse(reader)
        case .heic: info = try HEICHeader.parse(reader)
        }
        guard info.width > 0, info.height > 0, info.width <= maximumDimension,
            info.height <= maximumDimension
        else {
            throw ImageHeaderError.invalidDimensions(format: format, width: info.width, height: info.height)
        }
        return info
    }
}

/// PNG: the 8-byte signature, then the IHDR chunk (checked against its CRC-32).
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func parse(_ reader: ByteReader) throws -> ImageInfo {
        let length = try reader.u32be(8, .png)
        let type = try reader.fourCC(12, .png)
        guard type == "IHDR" else {
            throw ImageHeaderError.malformed(
                format: .png, offset: 12, reason: "first chunk is \(type), not IHDR")
        }
        guard length == 13 else {
            throw ImageHeaderError.malformed(format: .png, offset: 8, reason: "IHDR length \(length), not 13")
        }
        try reader.require(13 + 4, at: 16, .png)
        let stored = try reader.u32be(29, .png)
        let computed = CRC32.checksum(reader.bytes[12..<29])
        guard UInt32(stored) == computed else {
            throw ImageHeaderError.malformed(format: .png, offset: 29, reason: "IHDR CRC mismatch")
        }
        let width = try reader.u32be(16, .png)
        let height = try reader.u32be(20, .png)
        let bitDepth = try reader.u8(24, .png)
        guard [1, 2, 4, 8, 16].contains(bitDepth) else {
            throw ImageHeaderError.malformed(format: .png, offset: 24, reason: "bit depth \(bitDepth)")
        }
        return ImageInfo(format: .png, width: width, height: height)
    }
}

/// JPEG: walks the marker segments from SOI to the first start-of-frame (SOFn) header.
enum JPEGHeader {
    static func parse(_ reader: ByteReader) throws -> ImageInfo {
        var offset = 2
        while true {
            guard try reader.u8(offset, .jpeg) == 0xFF else {
                throw ImageHeaderError.malformed(
                    format: .jpeg, offset: offset, reason: "expected a marker (0xFF)")
            }
            var marker = try reader.u8(offset + 1, .jpeg)
            // Fill bytes: any number of 0xFF may precede a marker.
            while marker == 0xFF {
                offset += 1
                marker = try reader.u8(offset + 1, .jpeg)
            }
            offset += 2
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // standalone markers carry no length
            case 0xD9, 0xDA:
                throw ImageHeaderError.malformed(
                    format: .jpeg, offset: offset - 2, reason: "no frame header before scan or end of image")
            default:
                break
            }
            let length = try reader.u16be(offset, .jpeg)
            guard length >= 2 else {
                throw ImageHeaderError.malformed(
                    format: .jpeg, offset: offset, reason: "segment length \(length)")
            }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard length >= 8 else {
                    throw ImageHeaderError.malformed(
                        format: .jpeg, offset: offset, reason: "frame header length \(length)")
                }
                let height = try reader.u16be(offset + 3, .jpeg)
                let width = try reader.u16be(offset + 5, .jpeg)
                _ = try reader.u8(offset + 7, .jpeg)  // component count
                return ImageInfo(
                    format: .jpeg, width: width, height: height,
                    isProgressive: marker == 0xC2 || marker == 0xC6)
            }
            try reader.require(length, at: offset, .jpeg)
            offset += length
        }
    }
}

/// GIF: the logical screen descriptor after the 6-byte signature.
enum GIFHeader {
    static func parse(_ reader: ByteReader) throws -> ImageInfo {
        let width = try reader.u16le(6, .gif)
        let height = try reader.u16le(8, .gif)
        _ = try reader.u8(10, .gif)  // packed fields: the descriptor must be complete
        let animated = reader.bytes.count > 13 && containsNetscapeLoop(reader)
        return ImageInfo(format: .gif, width: width, height: height, isAnimated: animated)
    }

    /// Whether the file carries the NETSCAPE2.0 looping extension (the animated-GIF marker).
    private static func containsNetscapeLoop(_ reader: ByteReader) -> Bool {
        let needle = Array("NETSCAPE2.0".utf8)
        let limit = min(reader.bytes.count, 4096) - needle.count
        guard limit > 13 else { return false }
        return (13...limit).contains { reader.matches(needle, at: $0) }
    }
}
