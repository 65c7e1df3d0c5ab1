import Foundation

/// How many pixels one decoded image may take, and how a decoder keeps to it.
///
/// A header of a few hundred bytes can declare 100,000 × 100,000 pixels: a 40 GB bitmap,
/// and the system ends the app on every load. Before any pixel is decoded, `plan(for:thumbnailMaxPixelSize:)`
/// decides from the header alone: decode at full size, downsample (to the request's thumbnail
/// size, or to the largest size within the budget), or refuse with
/// ``ImageHeaderError/exceedsPixelBudget(format:width:height:maximumPixels:)``. Only baseline
/// JPEG and HEIC are downsampled *while* decoding (by up to 8 per side); PNG, GIF, WebP and
/// progressive JPEG (whose decoder holds the whole image's coefficients) take full-size memory
/// first, so above the budget they are refused.
public struct ImagePixelBudget: Sendable, Hashable {
    /// The most pixels a decoded image may have (4096 × 4096 by default: 64 MiB at 4 bytes
    /// a pixel).
    package var maximumPixels: Int

    /// A budget of `maximumPixels` (at least 1).
    public init(maximumPixels: Int) {
        self.maximumPixels = max(1, maximumPixels)
    }

    /// 4096 × 4096 pixels, sized for a phone.
    @usableFromInline package static let `default` = ImagePixelBudget(maximumPixels: 4096 * 4096)

    /// What a decoder does with one image.
    package enum Plan: Sendable, Hashable {
        /// Decode every pixel.
        case fullSize
        /// Decode to at most `maxPixelSize` pixels on the longer side (ImageIO thumbnailing).
        case downsample(maxPixelSize: Int)
    }

    /// How far (per side) an image can be reduced while decoding, without full-size memory. A
    /// progressive JPEG cannot: its decoder keeps every DCT coefficient of the whole image
    /// (2 bytes a sample) until the last scan, whatever the output scale, so it is budgeted at
    /// full size, as PNG is.
    static func decodeTimeReduction(of info: ImageInfo) -> Int {
        switch info.format {
        case .jpeg: info.isProgressive ? 1 : 8
        case .heic: 8
        default: 1
        }
    }

    /// The plan for an image of `info`'s size when the request asks for at most
    /// `thumbnailMaxPixelSize` pixels on the longer side (`nil`: its full size).
    package func plan(for info: ImageInfo, thumbnailMaxPixelSize: Int? = nil) throws -> Plan {
        let width = max(1, info.width)
        let height = max(1, info.height)
        let longer = max(width, height)
        let pixels = width.multipliedReportingOverflow(by: height)
        let total = pixels.overflow ? Int.max : pixels.partialValue
        // The longest side that keeps width × height within the budget.
        let fitting = Double(longer) * (Double(maximumPixels) / Double(total)).squareRoot()
        let budgetSide = total <= maximumPixels ? longer : max(1, Int(fitting.rounded(.down)))
        var target = min(longer, budgetSide)
        if let thumbnail = thumbnailMaxPixelSize, thumbnail > 0 { target = min(target, thumbnail) }
        if target >= longer { return .fullSize }
        if total > maximumPixels {
            // Above the budget the source must shrink while it decodes: the full-size bitmap
            // is what the budget forbids.
            let reduction = Self.decodeTimeReduction(of: info)
            let reducible = (Double(total) / Double(reduction * reduction)) <= Double(maximumPixels)
            guard reducible else {
                throw ImageHeaderError.exceedsPixelBudget(
                    format: info.format, width: info.width, height: info.height, maximumPixels: maximumPixels)
            }
        }
        return .downsample(maxPixelSize: target)
    }
}
