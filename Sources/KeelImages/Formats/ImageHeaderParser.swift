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
            let marker = try nextMarker(reader, &offset)
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
                let components = try reader.u8(offset + 7, .jpeg)
                // A decoder holds the whole frame's coefficients for a progressive frame
                // (SOF2, SOF6, and the arithmetic SOF10, SOF14) and for one whose scans carry
                // fewer components than the frame (libjpeg's `has_multiple_scans`), so such a
                // frame cannot shrink while it decodes.
                let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                let multiScan =
                    !progressive
                    && (firstScanComponents(reader, after: offset + length).map { $0 < components } ?? false)
                return ImageInfo(
                    format: .jpeg, width: width, height: height, isProgressive: progressive || multiScan)
            }
            try reader.require(length, at: offset, .jpeg)
            offset += length
        }
    }
}

extension JPEGHeader {
    /// The next marker at or after `offset`, which it moves past the marker. As libjpeg's
    /// next_marker: bytes other than 0xFF between segments are skipped ("extraneous bytes
    /// before marker"; some cameras pad segments), any number of 0xFF fill bytes may precede a
    /// marker, and 0xFF 0x00 is no marker. Linear in the data; data that ends first is
    /// `truncated`.
    static func nextMarker(_ reader: ByteReader, _ offset: inout Int) throws -> Int {
        var marker = 0
        repeat {
            while try reader.u8(offset, .jpeg) != 0xFF { offset += 1 }
            marker = try reader.u8(offset + 1, .jpeg)
            while marker == 0xFF {
                offset += 1
                marker = try reader.u8(offset + 1, .jpeg)
            }
            offset += 2
        } while marker == 0x00
        return marker
    }

    /// The component count of the first scan header (SOS) at or after `start`, `nil` when the
    /// data ends (or breaks off) before one: what is known so far counts then. Markers are
    /// found as the frame header's were (``nextMarker(_:_:)``), so padding cannot hide a scan.
    static func firstScanComponents(_ reader: ByteReader, after start: Int) -> Int? {
        var offset = start
        while true {
            guard let marker = try? nextMarker(reader, &offset) else { return nil }
            switch marker {
            case 0x01, 0xD0...0xD7: continue
            case 0xDA: return try? reader.u8(offset + 2, .jpeg)
            case 0xD9: return nil
            default:
                guard let length = try? reader.u16be(offset, .jpeg), length >= 2 else { return nil }
                offset += length
            }
        }
    }
}

/// GIF: the logical screen descriptor after the 6-byte signature, and the first image
/// descriptor: a decoder sizes a frame by its own descriptor, so a 1×1 screen holding a
/// 60000×60000 frame reports 60000×60000 (the larger of the screen and the frame's extent,
/// its offset included, per side). Data that ends before the first image descriptor is
/// `truncated`: its size is not known yet.
enum GIFHeader {
    static func parse(_ reader: ByteReader) throws -> ImageInfo {
        var width = try reader.u16le(6, .gif)
        var height = try reader.u16le(8, .gif)
        let packed = try reader.u8(10, .gif)  // packed fields: the descriptor must be complete
        _ = try reader.u8(12, .gif)
        if let frame = try firstFrameExtent(reader, packed: packed) {
            width = max(width, frame.width)
            height = max(height, frame.height)
        }
        let animated = reader.bytes.count > 13 && containsNetscapeLoop(reader)
        return ImageInfo(format: .gif, width: width, height: height, isAnimated: animated)
    }

    /// The right and bottom edges (left + width, top + height) of the first image descriptor,
    /// skipping the global colour table and the extension blocks before it (one step per
    /// block, so linear in the data); `nil` when the trailer comes first (no image).
    static func firstFrameExtent(_ reader: ByteReader, packed: Int) throws -> (width: Int, height: Int)? {
        // A global colour table of 3 × 2^(n+1) bytes follows the screen descriptor when bit 7 is set.
        var offset = 13 + (packed & 0x80 != 0 ? 3 << ((packed & 0x07) + 1) : 0)
        while true {
            let introducer = try reader.u8(offset, .gif)
            switch introducer {
            case 0x2C:  // image descriptor: left, top, width, height (little-endian)
                let left = try reader.u16le(offset + 1, .gif)
                let top = try reader.u16le(offset + 3, .gif)
                let width = try reader.u16le(offset + 5, .gif)
                let height = try reader.u16le(offset + 7, .gif)
                return (left + width, top + height)
            case 0x21:  // extension: label, then sub-blocks until an empty one
                offset += 2
                var size = try reader.u8(offset, .gif)
                while size > 0 {
                    offset += size + 1
                    size = try reader.u8(offset, .gif)
                }
                offset += 1
            case 0x3B:  // the trailer: no image at all
                return nil
            default:
                throw ImageHeaderError.malformed(
                    format: .gif, offset: offset,
                    reason: "block introducer 0x\(String(introducer, radix: 16))")
            }
        }
    }

    /// Whether the file carries the NETSCAPE2.0 looping extension (the animated-GIF marker).
    private static func containsNetscapeLoop(_ reader: ByteReader) -> Bool {
        let needle = Array("NETSCAPE2.0".utf8)
        let limit = min(reader.bytes.count, 4096) - needle.count
        guard limit > 13 else { return false }
        return (13...limit).contains { reader.matches(needle, at: $0) }
    }
}
