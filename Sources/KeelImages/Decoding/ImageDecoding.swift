import Foundation

/// Turns encoded bytes into an ``ImageContainer``.
///
/// The platform default is `ImageIODecoder` on iOS and tvOS (pixels, with downsampling to
/// the request's `thumbnailSize`) and `HeaderImageDecoder` elsewhere (validates the header
/// and keeps the data with its metadata).
public protocol ImageDecoding: Sendable {
    /// Decodes `data` for the request in `context`.
    func decode(_ data: Data, context: ImageDecodingContext) throws -> ImageContainer
}

/// What a decoder knows about the request it decodes for.
public struct ImageDecodingContext: Sendable {
    /// The request's URL.
    public var url: URL
    /// The size to downsample to, if any.
    public var thumbnailSize: Size?
    /// The most pixels the decoded image may take.
    package var pixelBudget: ImagePixelBudget

    /// Creates a context.
    package init(url: URL, thumbnailSize: Size? = nil, pixelBudget: ImagePixelBudget = .default) {
        self.url = url
        self.thumbnailSize = thumbnailSize
        self.pixelBudget = pixelBudget
    }

    /// The decoding plan for an image of `info`'s size: the thumbnail size (times `scale`)
    /// and the pixel budget decide.
    package func plan(for info: ImageInfo, scale: Double = 1) throws -> ImagePixelBudget.Plan {
        let thumbnail = thumbnailSize.map { size -> Int in
            let side = max(size.width, size.height) * scale
            return side.isFinite && side >= 1 ? Int(min(side, Double(Int32.max)).rounded(.up)) : 1
        }
        return try pixelBudget.plan(for: info, thumbnailMaxPixelSize: thumbnail)
    }
}

/// Transforms a decoded image (resize, crop, round corners…).
///
/// The ``identifier`` names the transformation with its parameters; requests whose processor
/// chains have the same identifiers share one processed result and one cache entry.
public protocol ImageProcessing: Sendable {
    /// A stable name for this processor and its parameters, e.g. `resize(100x100)`.
    var identifier: String { get }
    /// Returns the processed image.
    func process(_ image: ImageContainer) throws -> ImageContainer
}

/// The decoder for platforms without pixel decoding: validates the header (PNG, JPEG, GIF,
/// WebP, HEIC) and returns the data with its format and size. Its cost is the data's size.
package struct HeaderImageDecoder: ImageDecoding {
    /// Creates the decoder.
    package init() {}

    /// Parses the header of `data`; throws ``ImageHeaderError`` when it is not a readable image
    /// or when a pixel decoder could not keep it within the context's ``ImagePixelBudget``
    /// (so the same image fails the same way on every platform).
    package func decode(_ data: Data, context: ImageDecodingContext) throws -> ImageContainer {
        let info = try ImageHeaderParser.parse(data)
        _ = try context.plan(for: info)
        return ImageContainer(data: data, info: info)
    }
}
