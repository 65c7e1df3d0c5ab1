import Foundation

/// WebP: a RIFF container whose first chunk is `VP8 ` (lossy), `VP8L` (lossless) or `VP8X`
/// (extended: canvas size and feature flags).
enum WebPHeader {
    static func parse(_ reader: ByteReader) throws -> ImageInfo {
        let riffSize = try reader.u32le(4, .webp)
        guard riffSize >= 4 + 8 else {
            throw ImageHeaderError.malformed(format: .webp, offset: 4, reason: "RIFF size \(riffSize)")
        }
        let chunk = try reader.fourCC(12, .webp)
        let chunkSize = try reader.u32le(16, .webp)
        let payload = 20
        switch chunk {
        case "VP8 ":
            guard chunkSize >= 10 else {
                throw ImageHeaderError.malformed(
                    format: .webp, offset: 16, reason: "VP8 chunk size \(chunkSize)")
            }
            try reader.require(10, at: payload, .webp)
            guard reader.matches([0x9D, 0x01, 0x2A], at: payload + 3) else {
                throw ImageHeaderError.malformed(
                    format: .webp, offset: payload + 3, reason: "missing VP8 start code")
            }
            let width = try reader.u16le(payload + 6, .webp) & 0x3FFF
            let height = try reader.u16le(payload + 8, .webp) & 0x3FFF
            return ImageInfo(format: .webp, width: width, height: height)
        case "VP8L":
            guard chunkSize >= 5 else {
                throw ImageHeaderError.malformed(
                    format: .webp, offset: 16, reason: "VP8L chunk size \(chunkSize)")
            }
            guard try reader.u8(payload, .webp) == 0x2F else {
                throw ImageHeaderError.malformed(
                    format: .webp, offset: payload, reason: "missing VP8L signature 0x2F")
            }
            let bits = try reader.u32le(payload + 1, .webp)
            let width = (bits & 0x3FFF) + 1
            let height = ((bits >> 14) & 0x3FFF) + 1
            return ImageInfo(format: .webp, width: width, height: height)
        case "VP8X":
            guard chunkSize >= 10 else {
                throw ImageHeaderError.malformed(
                    format: .webp, offset: 16, reason: "VP8X chunk size \(chunkSize)")
            }
            let flags = try reader.u8(payload, .webp)
            let width = try reader.u24le(payload + 4, .webp) + 1
            let height = try reader.u24le(payload + 7, .webp) + 1
            return ImageInfo(format: .webp, width: width, height: height, isAnimated: flags & 0x02 != 0)
        default:
            throw ImageHeaderError.malformed(
                format: .webp, offset: 12, reason: "unknown first chunk \(chunk.debugDescription)")
        }
    }
}

/// HEIC: an ISO base media file: `ftyp` with an image brand, then `meta` → `iprp` → `ipco` →
/// `ispe` (image spatial extents). The first `ispe` is taken as the image's size.
enum HEICHeader {
    /// Major brands accepted as HEIF images.
    static let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]

    static func parse(_ reader: ByteReader) throws -> ImageInfo {
        let boxes = try children(of: 0..<reader.count, in: reader, until: "meta")
        guard let meta = boxes.first(where: { $0.type == "meta" }) else {
            throw ImageHeaderError.malformed(format: .heic, offset: reader.count, reason: "no meta box")
        }
        // `meta` is a full box: 4 bytes of version and flags before its children.
        guard meta.body.count >= 4 else {
            throw ImageHeaderError.malformed(format: .heic, offset: meta.start, reason: "meta box too short")
        }
        let metaChildren = try children(
            of: (meta.body.lowerBound + 4)..<meta.body.upperBound, in: reader, until: "iprp")
        guard let iprp = metaChildren.first(where: { $0.type == "iprp" }) else {
            throw ImageHeaderError.malformed(format: .heic, offset: meta.start, reason: "no iprp box in meta")
        }
        guard
            let ipco = try children(of: iprp.body, in: reader, until: "ipco").first(where: {
                $0.type == "ipco"
            })
        else {
            throw ImageHeaderError.malformed(format: .heic, offset: iprp.start, reason: "no ipco box in iprp")
        }
        guard
            let ispe = try children(of: ipco.body, in: reader, until: "ispe").first(where: {
                $0.type == "ispe"
            })
        else {
            throw ImageHeaderError.malformed(format: .heic, offset: ipco.start, reason: "no ispe box in ipco")
        }
        guard ispe.body.count >= 12 else {
            throw ImageHeaderError.malformed(format: .heic, offset: ispe.start, reason: "ispe box too short")
        }
        let width = try reader.u32be(ispe.body.lowerBound + 4, .heic)
        let height = try reader.u32be(ispe.body.lowerBound + 8, .heic)
        return ImageInfo(format: .heic, width: width, height: height)
    }

    struct Box {
        let type: String
        let start: Int
        let body: Range<Int>
    }

    /// The boxes directly inside `range` up to and including the first of type `wanted`, each
    /// checked to lie within it.
    static func children(of range: Range<Int>, in reader: ByteReader, until wanted: String) throws -> [Box] {
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            let size32 = try reader.u32be(offset, .heic)
            let type = try reader.fourCC(offset + 4, .heic)
            var header = 8
            var size: Int
            switch size32 {
            case 0:
                size = range.upperBound - offset  // extends to the end of the enclosing range
            case 1:
                let large = try reader.u64be(offset + 8, .heic)
                guard large <= UInt64(Int.max) else {
                    throw ImageHeaderError.malformed(
                        format: .heic, offset: offset, reason: "box size \(large)")
                }
                size = Int(large)
                header = 16
            default:
                size = size32
            }
            guard size >= header else {
                throw ImageHeaderError.malformed(
                    format: .heic, offset: offset, reason: "box \(type) size \(size)")
            }
            guard size <= range.upperBound - offset else {
                throw ImageHeaderError.truncated(
                    format: .heic, offset: range.upperBound, needed: size - (range.upperBound - offset))
            }
            boxes.append(Box(type: type, start: offset, body: (offset + header)..<(offset + size)))
            if type == wanted { break }  // later boxes (often a large mdat) are not needed
            offset += size
        }
        return boxes
    }
}
