import Foundation
import KeelLogging
import KeelNetworking

extension ImagePipeline {
    /// Everything a pipeline is built from; each collaborator can be replaced (fakes in tests).
    public struct Configuration: Sendable {
        /// Fetches encoded bytes (by default a ``TransportImageDataLoader`` over its own
        /// `URLSessionTransport`: Keel's redirect policy, a size cap, no cookies, no URL cache).
        package var dataLoader: any ImageDataLoading
        /// Turns bytes into images.
        package var decoder: any ImageDecoding
        /// Processed images by ``ImageCacheKey``; `nil` disables memory caching.
        package var memoryCache: ImageMemoryCache?
        /// Downloaded data by cache key; `nil` (the default) disables disk caching.
        package var diskCache: ImageDiskCache?
        /// Turns URLs into cache keys (strip signing tokens here).
        package var cacheKeyFilter: ImageCacheKeyFilter
        /// Whether identical requests share work (on by default; off runs every request alone).
        package var isCoalescingEnabled: Bool
        /// The most downloads in flight at once.
        package var maximumConcurrentDownloads: Int
        /// Throttles download starts during bursts (e.g. fast scrolling); `nil` disables it.
        package var rateLimit: RateLimit?
        /// The clock the rate limiter sleeps on.
        package var clock: any Clock<Duration>
        /// Where the pipeline reports problems it recovers from (corrupt cache entries).
        package var logger: AppLogger?
        /// The most pixels one decoded image may take; larger ones are downsampled or refused.
        package var pixelBudget: ImagePixelBudget
        /// Which request headers carry credentials (`Authorization`, `Cookie`, the standard set and
        /// shapes, plus the names declared here): requests whose credentials differ never share a
        /// memory-cache entry, a disk-cache entry or a download.
        package var credentialHeaders: CredentialHeaders

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - dataLoader: fetches encoded bytes (by default a ``TransportImageDataLoader`` over
        ///     its own `URLSessionTransport`: Keel's redirect policy, a size cap, no cookies, no
        ///     URL cache).
        ///   - decoder: turns bytes into images.
        ///   - memoryCache: processed images by `ImageCacheKey`; `nil` disables memory caching.
        ///   - diskCache: downloaded data by cache key; `nil` (the default) disables disk caching.
        ///   - cacheKeyFilter: turns URLs into cache keys (strip signing tokens here).
        ///   - isCoalescingEnabled: whether identical requests share work (on by default; off runs
        ///     every request alone).
        ///   - maximumConcurrentDownloads: the most downloads in flight at once.
        ///   - rateLimit: throttles download starts during bursts (e.g. fast scrolling); `nil`
        ///     disables it.
        ///   - clock: the clock the rate limiter sleeps on.
        ///   - logger: where the pipeline reports problems it recovers from (corrupt cache
        ///     entries).
        ///   - pixelBudget: the most pixels one decoded image may take; larger ones are downsampled
        ///     or refused.
        ///   - credentialHeaders: which request headers carry credentials (`Authorization`,
        ///     `Cookie`, the standard set and shapes, plus the names declared here): requests whose
        ///     credentials differ never share a memory-cache entry, a disk-cache entry or a
        ///     download.
        public init(
            dataLoader: any ImageDataLoading = TransportImageDataLoader(),
            decoder: any ImageDecoding = ImagePipeline.Configuration.platformDecoder,
            memoryCache: ImageMemoryCache? = ImageMemoryCache(),
            diskCache: ImageDiskCache? = nil,
            cacheKeyFilter: ImageCacheKeyFilter = .absoluteURL,
            isCoalescingEnabled: Bool = true,
            maximumConcurrentDownloads: Int = 6,
            rateLimit: RateLimit? = RateLimit(),
            clock: any Clock<Duration> = ContinuousClock(),
            logger: AppLogger? = nil,
            pixelBudget: ImagePixelBudget = .default,
            credentialHeaders: CredentialHeaders = CredentialHeaders()
        ) {
            self.pixelBudget = pixelBudget
            self.credentialHeaders = credentialHeaders
            self.dataLoader = dataLoader
            self.decoder = decoder
            self.memoryCache = memoryCache
            self.diskCache = diskCache
            self.cacheKeyFilter = cacheKeyFilter
            self.isCoalescingEnabled = isCoalescingEnabled
            self.maximumConcurrentDownloads = maximumConcurrentDownloads
            self.rateLimit = rateLimit
            self.clock = clock
            self.logger = logger
        }

        /// The platform's decoder: ImageIO with downsampling where UIKit exists, the header
        /// decoder elsewhere.
        @usableFromInline package static var platformDecoder: any ImageDecoding {
            #if canImport(UIKit) && canImport(ImageIO)
                ImageIODecoder()
            #else
                HeaderImageDecoder()
            #endif
        }
    }

    /// A token bucket for download starts: `burst` at once, then `requestsPerSecond`.
    public struct RateLimit: Sendable, Hashable {
        /// Sustained rate.
        package var requestsPerSecond: Double
        /// Requests allowed at once before the rate applies.
        package var burst: Int

        /// Creates a limit (defaults: 80 per second, bursts of 25).
        ///
        /// - Parameters:
        ///   - requestsPerSecond: sustained rate.
        ///   - burst: requests allowed at once before the rate applies.
        public init(requestsPerSecond: Double = 80, burst: Int = 25) {
            self.requestsPerSecond = requestsPerSecond
            self.burst = burst
        }
    }
}
