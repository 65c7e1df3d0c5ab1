import Foundation
import KeelSupport

/// An encoded image format the pipeline recognises from its leading bytes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// Portable Network Graphics.
    case png
    /// JPEG (JFIF / Exif), baseline or progressive.
    case jpeg
    /// GIF87a or GIF89a.
    case gif
    /// WebP (lossy `VP8 `, lossless `VP8L` or extended `VP8X`).
    case webp
    /// HEIF / HEIC (ISO base media file with an image brand).
    case heic

    /// The format whose magic bytes start `data`, or `nil` when none matches or `data` is too
    /// short to tell.
    package static func sniff(_ data: Data) -> ImageFormat? {
        let bytes = ByteReader(bytes: [UInt8](data.prefix(16)))
        if bytes.starts(with: PNGHeader.signature) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            return .gif
        }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.matches(Array("WEBP".utf8), at: 8) {
            return .webp
        }
        if bytes.matches(Array("ftyp".utf8), at: 4), let brand = bytes.ascii(at: 8, count: 4),
            HEICHeader.brands.contains(brand)
        {
            return .heic
        }
        return nil
    }
}

/// What an image's header says: its format and pixel size.
public struct ImageInfo: Sendable, Hashable {
    /// The encoded format.
    public var format: ImageFormat
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Whether the file holds more than one frame (animated GIF or WebP), when the header says.
    package var isAnimated: Bool
    /// Whether a JPEG is progressive (its frame header is SOF2).
    package var isProgressive: Bool

    /// Creates the description of an image.
    public init(
        format: ImageFormat, width: Int, height: Int, isAnimated: Bool = false, isProgressive: Bool = false
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.isAnimated = isAnimated
        self.isProgressive = isProgressive
    }

    /// Bytes a decoded 32-bit RGBA bitmap of this size takes (saturating).
    package var decodedByteCount: Int {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow { return .max }
        let (bytes, overflow2) = pixels.multipliedReportingOverflow(by: 4)
        return overflow2 ? .max : bytes
    }
}
