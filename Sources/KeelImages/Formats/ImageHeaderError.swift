import Foundation

/// Why an image's header could not be read: each case names the format and the byte offset.
public enum ImageHeaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The leading bytes match no supported format (the first bytes, at most 12, are attached).
    case unknownFormat(prefix: [UInt8])
    /// The data ends at `offset` although the header needs `needed` more bytes there.
    case truncated(format: ImageFormat, offset: Int, needed: Int)
    /// A structure at `offset` is not what the format requires.
    case malformed(format: ImageFormat, offset: Int, reason: String)
    /// The header declares a width or height of zero or beyond what the format allows.
    case invalidDimensions(format: ImageFormat, width: Int, height: Int)
    /// Decoding would take more pixels than `ImagePixelBudget/maximumPixels` and the format
    /// cannot be reduced that far while it decodes.
    case exceedsPixelBudget(format: ImageFormat, width: Int, height: Int, maximumPixels: Int)

    /// A sentence naming what was wrong and where.
    public var description: String {
        switch self {
        case .unknownFormat(let prefix):
            let hex = prefix.map { String(format: "%02x", $0) }.joined(separator: " ")
            return "unknown image format (leading bytes: \(hex.isEmpty ? "none" : hex))"
        case .truncated(let format, let offset, let needed):
            return "\(format) header truncated at byte \(offset): \(needed) more byte(s) needed"
        case .malformed(let format, let offset, let reason):
            return "malformed \(format) header at byte \(offset): \(reason)"
        case .invalidDimensions(let format, let width, let height):
            return "\(format) header declares invalid dimensions \(width)×\(height)"
        case .exceedsPixelBudget(let format, let width, let height, let maximumPixels):
            return
                "\(format) image of \(width)×\(height) pixels exceeds the decoding budget of \(maximumPixels) pixels"
        }
    }
}
