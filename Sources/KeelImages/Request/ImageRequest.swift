import Foundation

/// What to load: a URL, how to fetch and cache it, and what to do with the decoded image.
///
/// ```swift
/// // Processors run on Apple platforms.
/// let request = ImageRequest(url: avatarURL, priority: .high, processors: [.roundCorners(radius: 8)])
/// let response = try await pipeline.image(for: request)
/// ```
public struct ImageRequest: Sendable {
    /// The image's location.
    package var url: URL
    /// HTTP header fields sent with the download. Only credentials (the pipeline's
    /// `CredentialHeaders`: `Authorization`, `Cookie`, declared names) take part in the cache
    /// key: requests with other credentials, or none, share no cached image and no download.
    package var headers: [String: String]
    /// The request's priority; shared work runs at the highest priority of its requests.
    package var priority: ImageRequestPriority
    /// Cache and loading options.
    package var options: ImageRequestOptions
    /// Processors applied in order after decoding; their identifiers are part of the cache key.
    package var processors: [any ImageProcessing]
    /// An explicit cache identity, replacing the pipeline's ``ImageCacheKeyFilter`` for this
    /// request (for example a content hash, or the URL without its signature).
    package var cacheKey: String?
    /// A pixel size to decode down to (decoders that support downsampling honour it); part of
    /// the cache key. The image is scaled to cover the box with its aspect ratio kept (aspect
    /// fill), never up; a side that is not a positive finite number does not limit.
    package var thumbnailSize: Size?
    /// How long the disk cache keeps the downloaded data; `nil` uses the cache's default.
    package var diskExpiry: Duration?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - url: the image's location.
    ///   - headers: HTTP header fields sent with the download. Only credentials (the pipeline's
    ///     `CredentialHeaders`: `Authorization`, `Cookie`, declared names) take part in the cache
    ///     key: requests with other credentials, or none, share no cached image and no download.
    ///   - priority: the request's priority; shared work runs at the highest priority of its
    ///     requests.
    ///   - options: cache and loading options.
    ///   - processors: processors applied in order after decoding; their identifiers are part of
    ///     the cache key.
    ///   - cacheKey: an explicit cache identity, replacing the pipeline's ``ImageCacheKeyFilter``
    ///     for this request (for example a content hash, or the URL without its signature).
    ///   - thumbnailSize: a pixel size to decode down to (decoders that support downsampling honour
    ///     it); part of the cache key. The image is scaled to cover the box with its aspect
    ///     ratio kept (aspect fill: 4000 × 3000 into 100 × 200 decodes to 267 × 200), never up.
    ///     A side that is not a positive finite number does not limit (`375 × .nan` is "375
    ///     wide, any height"); with neither side limiting, the image is decoded at full size.
    ///   - diskExpiry: how long the disk cache keeps the downloaded data; `nil` uses the cache's
    ///     default.
    public init(
        url: URL,
        headers: [String: String] = [:],
        priority: ImageRequestPriority = .normal,
        options: ImageRequestOptions = [],
        processors: [any ImageProcessing] = [],
        cacheKey: String? = nil,
        thumbnailSize: Size? = nil,
        diskExpiry: Duration? = nil
    ) {
        self.url = url
        self.headers = headers
        self.priority = priority
        self.options = options
        self.processors = processors
        self.cacheKey = cacheKey
        self.thumbnailSize = thumbnailSize.flatMap(Self.validThumbnailSize)
        self.diskExpiry = diskExpiry
    }

    /// Whether `other` makes the same image: the same URL, cache key, thumbnail size and
    /// processor chain (headers, priority, options and expiry change how it loads, not what).
    package func producesSameImage(as other: ImageRequest) -> Bool {
        url == other.url && cacheKey == other.cacheKey && thumbnailSize == other.thumbnailSize
            && processors.map(\.identifier) == other.processors.map(\.identifier)
    }

    /// `size` with each side that is not a positive finite number (NaN from a `0/0` aspect
    /// ratio, a view not laid out yet) read as 0, the side without a limit; `nil` when neither
    /// side limits anything.
    static func validThumbnailSize(_ size: Size) -> Size? {
        func side(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
        let valid = Size(width: side(size.width), height: side(size.height))
        return valid.width == 0 && valid.height == 0 ? nil : valid
    }
}

/// How urgent a request is. Shared work takes the highest priority among its requests.
public enum ImageRequestPriority: Sendable, Hashable, Comparable, CaseIterable {
    /// Background work such as prefetching far ahead.
    case veryLow
    /// Prefetching (``ImagePrefetcher``'s default).
    case low
    /// The default.
    case normal
    /// Images on screen now.
    case high
    /// The image the user is waiting for.
    case veryHigh
    // Ordered by urgency: the synthesised `<` follows the cases' order.
}

/// Options that change how a request uses the caches and the network.
public struct ImageRequestOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt16

    /// Creates options from raw bits.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Do not look in the memory cache.
    public static let disableMemoryCacheReads = ImageRequestOptions(rawValue: 1 << 0)
    /// Do not store the result in the memory cache.
    public static let disableMemoryCacheWrites = ImageRequestOptions(rawValue: 1 << 1)
    /// Do not look in the disk cache.
    public static let disableDiskCacheReads = ImageRequestOptions(rawValue: 1 << 2)
    /// Do not store downloaded data in the disk cache.
    public static let disableDiskCacheWrites = ImageRequestOptions(rawValue: 1 << 3)
    /// Skip both caches' reads and download again (the result still refreshes the caches).
    public static let reloadIgnoringCachedData = ImageRequestOptions(rawValue: 1 << 4)
    /// Answer from the caches only; fail with ``ImagePipelineError/notCached(url:)`` otherwise.
    public static let returnCacheDataDontLoad = ImageRequestOptions(rawValue: 1 << 5)

    /// The options that change where data comes from, so requests differing in them are not
    /// coalesced.
    static let loadingMask: ImageRequestOptions = [
        .disableDiskCacheReads, .disableDiskCacheWrites, .reloadIgnoringCachedData, .returnCacheDataDontLoad,
    ]
}
