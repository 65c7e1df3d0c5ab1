import Foundation

/// A decoded image as the pipeline passes it around: the platform image (when the platform
/// decodes pixels), the encoded data, what the header said, and its memory cost.
public struct ImageContainer: Sendable {
    /// The platform image (`UIImage` on iOS), or `nil` where only headers are decoded (Linux).
    public var image: (any Sendable)?
    /// The encoded bytes, when kept.
    package var data: Data?
    /// Format and pixel size.
    public var info: ImageInfo
    /// The bytes this image holds in memory; the memory cache's cost.
    package var cost: Int

    /// Creates a container. `cost` defaults to what it holds: the decoded bitmap's size when
    /// there is an image, plus the encoded data's size when the data is kept too.
    public init(image: (any Sendable)? = nil, data: Data? = nil, info: ImageInfo, cost: Int? = nil) {
        self.image = image
        self.data = data
        self.info = info
        let bitmap = image != nil ? info.decodedByteCount : 0
        let (total, overflow) = bitmap.addingReportingOverflow(data?.count ?? 0)
        self.cost = cost ?? (overflow ? .max : total)
    }
}

/// Where a response came from.
public enum ImageResponseSource: String, Sendable, Hashable {
    /// The memory cache: no suspension, no decoding.
    case memory
    /// The disk cache: decoded again, no download.
    case disk
    /// Downloaded through the data loader.
    case network
}

/// A loaded image and how it was obtained.
public struct ImageResponse: Sendable {
    /// The image.
    public var container: ImageContainer
    /// The request it answers.
    package var request: ImageRequest
    /// Memory, disk or network.
    public var source: ImageResponseSource
    /// The HTTP status of the download, when there was one.
    package var statusCode: Int?

    /// Creates a response.
    package init(
        container: ImageContainer, request: ImageRequest, source: ImageResponseSource, statusCode: Int? = nil
    ) {
        self.container = container
        self.request = request
        self.source = source
        self.statusCode = statusCode
    }
}

/// Download progress in bytes.
public struct ImageLoadProgress: Sendable, Hashable {
    /// Bytes received so far.
    public var completed: Int64
    /// Bytes expected, when the server said.
    public var total: Int64?

    /// Creates a progress value.
    package init(completed: Int64, total: Int64?) {
        self.completed = completed
        self.total = total
    }
}
