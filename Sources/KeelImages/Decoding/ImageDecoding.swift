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
    /// and the pixel budget decide. `info` is the image as displayed (width and height swapped
    /// for an EXIF or HEIF orientation that turns it a quarter).
    package func plan(for info: ImageInfo, scale: Double = 1) throws -> ImagePixelBudget.Plan {
        let thumbnail = thumbnailSize.flatMap {
            Self.thumbnailLongerSide(width: info.width, height: info.height, box: $0, scale: scale)
        }
        return try pixelBudget.plan(for: info, thumbnailMaxPixelSize: thumbnail)
    }

    /// The longer side, in pixels, of a `width` × `height` image scaled down to cover `box`
    /// (times `scale`) with its aspect ratio kept (aspect fill: each side that limits is at
    /// least the box's, so the image fills the box and is never shown upscaled); `nil` when no
    /// reduction is needed. A side of `box` that is not a positive finite number does not limit
    /// (`375 × NaN` is "375 wide, any height"); with neither side limiting, `nil`.
    static func thumbnailLongerSide(width: Int, height: Int, box: Size, scale: Double) -> Int? {
        let width = Double(max(1, width))
        let height = Double(max(1, height))
        let scale = scale.isFinite && scale > 0 ? scale : 1
        // The scale each limiting side asks for; fill takes the larger.
        var factor: Double?
        for (target, actual) in [(box.width * scale, width), (box.height * scale, height)]
        where target.isFinite && target > 0 {
            factor = max(factor ?? 0, target / actual)
        }
        guard let factor, factor < 1 else { return nil }
        let side = (max(width, height) * factor).rounded(.up)
        return Int(min(max(side, 1), Double(Int32.max)))
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

/// Keel's processors, written as static members where a processor is expected (Apple
/// platforms): `.resize(to:)`, `.crop(to:)` and `.roundCorners(radius:)`.
///
/// ```swift
/// let request = ImageRequest(
///     url: avatarURL, processors: [.resize(to: Size(width: 96, height: 96)), .roundCorners(radius: 48)])
/// ```
public struct ImageProcessor: ImageProcessing {
    /// The transformation and its parameters (`resize(96×96)`).
    public let identifier: String
    private let transform: @Sendable (ImageContainer) throws -> ImageContainer

    /// A processor named `identifier` that runs `transform`.
    package init(identifier: String, transform: @escaping @Sendable (ImageContainer) throws -> ImageContainer)
    {
        self.identifier = identifier
        self.transform = transform
    }

    /// The processed image.
    public func process(_ image: ImageContainer) throws -> ImageContainer { try transform(image) }
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
