#if canImport(UIKit) && canImport(ImageIO)
    import Foundation
    import ImageIO
    import UIKit

    /// Decodes pixels with ImageIO into a `UIImage`, downsampling to the request's
    /// ``ImageRequest/thumbnailSize`` and within the context's ``ImagePixelBudget``, so large
    /// images never decode at full size.
    ///
    /// The header is read first (``ImageHeaderParser``); a header it cannot read (BMP, ICO, TIFF,
    /// AVIF, a JPEG it finds malformed) is sized by ImageIO's own header reading instead, and
    /// decoded only if ImageIO can size it, within the same budget, as a format decoded whole.
    /// The image is decoded eagerly, off the main thread.
    package struct ImageIODecoder: ImageDecoding {
        /// Screen scale applied to the thumbnail size (1 = pixels).
        package var scale: CGFloat

        /// Creates the decoder.
        package init(scale: CGFloat = 1) {
            self.scale = scale
        }

        /// Decodes `data`, downsampled when the context asks for a thumbnail.
        package func decode(_ data: Data, context: ImageDecodingContext) throws -> ImageContainer {
            let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
            let source = CGImageSourceCreateWithData(data as CFData, sourceOptions)
            var info: ImageInfo
            do {
                info = try ImageHeaderParser.parse(data)
            } catch let error as ImageHeaderError where Self.platformMayRead(error) {
                // A header the Swift parser cannot read, that ImageIO may: sized by ImageIO (it
                // reads the header only), planned as a format decoded whole.
                guard let source, let sized = Self.platformInfo(source, data: data) else { throw error }
                info = sized
            }
            guard let source else {
                throw ImageHeaderError.malformed(
                    format: info.format, offset: 0, reason: "ImageIO rejected the data")
            }
            let image: CGImage?
            // The plan comes from the header alone, before ImageIO allocates a pixel; the box is
            // matched against the image as displayed (a quarter-turn orientation swaps its sides).
            var displayed = info
            if Self.swapsSides(source) { (displayed.width, displayed.height) = (info.height, info.width) }
            if case .downsample(let maxPixelSize) = try context.plan(for: displayed, scale: Double(scale)) {
                let options =
                    [
                        kCGImageSourceCreateThumbnailFromImageAlways: true,
                        kCGImageSourceShouldCacheImmediately: true,
                        kCGImageSourceCreateThumbnailWithTransform: true,
                        kCGImageSourceThumbnailMaxPixelSize: maxPixelSize,
                    ] as CFDictionary
                image = CGImageSourceCreateThumbnailAtIndex(source, 0, options)
            } else {
                // Full size, yet still through the thumbnail path capped at the header's longer
                // side (the budget's side for an image within it): if ImageIO sizes the image
                // from something the header parser did not read (a HEIC item's coded size, a
                // GIF frame), the bitmap still cannot exceed what the budget allowed. With the
                // EXIF/HEIF orientation applied, as on the downsampling path: a portrait photo
                // stored landscape comes out upright (the longer side is the same number).
                let options =
                    [
                        kCGImageSourceCreateThumbnailFromImageAlways: true,
                        kCGImageSourceShouldCacheImmediately: true,
                        kCGImageSourceCreateThumbnailWithTransform: true,
                        kCGImageSourceThumbnailMaxPixelSize: max(info.width, info.height),
                    ] as CFDictionary
                image = CGImageSourceCreateThumbnailAtIndex(source, 0, options)
            }
            guard let image else {
                throw ImageHeaderError.malformed(
                    format: info.format, offset: 0, reason: "ImageIO could not decode")
            }
            info.width = image.width
            info.height = image.height
            // Without the encoded data: nothing reads it again, and kept it would be memory the
            // cache's cost (the bitmap's) does not count.
            return ImageContainer(
                image: UIImage(cgImage: image, scale: scale, orientation: .up), data: nil, info: info)
        }

        /// Whether the Swift parser's `error` says it could not read the header (not that the
        /// header declares a size no decoder may take).
        static func platformMayRead(_ error: ImageHeaderError) -> Bool {
            switch error {
            case .exceedsPixelBudget, .invalidDimensions: false
            default: true
            }
        }

        /// The first image's size as ImageIO reads it from the header, budgeted as decoded whole
        /// (no reduction while decoding): a JPEG the Swift parser could not walk as a progressive
        /// one, and a format outside the five as PNG, the nearest ``ImageFormat``.
        static func platformInfo(_ source: CGImageSource, data: Data) -> ImageInfo? {
            guard CGImageSourceGetCount(source) > 0,
                let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
                let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue,
                let height = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue,
                width > 0, height > 0
            else { return nil }
            let format = ImageFormat.sniff(data) ?? .png
            return ImageInfo(format: format, width: width, height: height, isProgressive: format == .jpeg)
        }

        /// Whether the first image's EXIF/HEIF orientation turns it a quarter (5…8).
        static func swapsSides(_ source: CGImageSource) -> Bool {
            guard CGImageSourceGetCount(source) > 0,
                let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
                let orientation = (properties[kCGImagePropertyOrientation] as? NSNumber)?.intValue
            else { return false }
            return (5...8).contains(orientation)
        }
    }
#endif
