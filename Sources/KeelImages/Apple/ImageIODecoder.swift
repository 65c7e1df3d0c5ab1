#if canImport(UIKit) && canImport(ImageIO)
    import Foundation
    import ImageIO
    import UIKit

    /// Decodes pixels with ImageIO into a `UIImage`, downsampling to the request's
    /// ``ImageRequest/thumbnailSize`` and within the context's ``ImagePixelBudget``, so large
    /// images never decode at full size.
    ///
    /// The header is validated first (``ImageHeaderParser``), so only PNG, JPEG, GIF, WebP and
    /// HEIC are accepted; the image is decoded eagerly, off the main thread.
    package struct ImageIODecoder: ImageDecoding {
        /// Screen scale applied to the thumbnail size (1 = pixels).
        package var scale: CGFloat

        /// Creates the decoder.
        package init(scale: CGFloat = 1) {
            self.scale = scale
        }

        /// Decodes `data`, downsampled when the context asks for a thumbnail.
        package func decode(_ data: Data, context: ImageDecodingContext) throws -> ImageContainer {
            var info = try ImageHeaderParser.parse(data)
            let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
            guard let source = CGImageSourceCreateWithData(data as CFData, sourceOptions) else {
                throw ImageHeaderError.malformed(
                    format: info.format, offset: 0, reason: "ImageIO rejected the data")
            }
            let image: CGImage?
            // The plan comes from the header alone, before ImageIO allocates a pixel.
            if case .downsample(let maxPixelSize) = try context.plan(for: info, scale: Double(scale)) {
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
    }
#endif
