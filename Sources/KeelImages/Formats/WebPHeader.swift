import Foundation
import KeelSupport

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
