import Foundation
import KeelLogging
import KeelNetworking
import KeelSupport

/// Loads images: memory cache, then disk cache, then the data loader; decodes, processes
/// and caches the result.
///
/// Work is shared at every stage: requests with the same cache key share one download,
/// requests that also want the same thumbnail size share one decode, and those that also
/// have the same processors share one processing run. Shared work runs at the highest
/// priority of the requests waiting for it and is cancelled only when all of them have
/// cancelled.
///
/// ```swift
/// let pipeline = ImagePipeline(configuration: .init(diskCache: try ImageDiskCache(directory: cacheURL)))
/// let response = try await pipeline.image(for: ImageRequest(url: url))
/// ```
public final class ImagePipeline: Sendable {
    /// The pipeline's collaborators and limits.
    package let configuration: Configuration
    let images: Coalescer<Keys.Image, StageResult>
    let decodes: Coalescer<Keys.Decode, StageResult>
    let datas: Coalescer<Keys.Data, LoadedData>
    let downloads: PriorityLimiter
    let rateLimiter: RateLimiter?

    /// Creates a pipeline.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        images = Coalescer(isEnabled: configuration.isCoalescingEnabled)
        decodes = Coalescer(isEnabled: configuration.isCoalescingEnabled)
        datas = Coalescer(isEnabled: configuration.isCoalescingEnabled)
        downloads = PriorityLimiter(maxConcurrent: configuration.maximumConcurrentDownloads)
        rateLimiter = configuration.rateLimit.map {
            RateLimiter(rate: $0.requestsPerSecond, burst: $0.burst, clock: ElapsedClock(configuration.clock))
        }
    }

    /// Loads the image for `request` in the current task (cancel the task to cancel it).
    public func image(for request: ImageRequest) async throws -> ImageResponse {
        try await load(request, priority: PriorityCell(request.priority), onProgress: nil)
    }

    /// Starts loading `request` and returns a handle to follow, re-prioritise or cancel it.
    public func imageTask(for request: ImageRequest) -> ImageTask {
        let task = ImageTask(request: request)
        task.start { priority, onProgress in
            try await self.load(request, priority: priority, onProgress: onProgress)
        }
        return task
    }

    /// The processed image for `request` if the memory cache holds it: synchronous, so a view
    /// can show a cached image without a frame of placeholder.
    public func cachedImage(for request: ImageRequest) -> ImageContainer? {
        memoryHit(request, keys(for: request))
    }

    /// The memory-cache key of `request`'s processed image.
    package func cacheKey(for request: ImageRequest) -> ImageCacheKey {
        keys(for: request).memory
    }

    /// The disk-cache key of `request`'s data.
    package func dataCacheKey(for request: ImageRequest) -> String {
        keys(for: request).dataKey
    }

    /// What a view watches to reload `request`'s image: its URL and its memory-cache key (cache
    /// key, thumbnail size, processors and credentials), so a request that changes any of them
    /// loads again while one that changes only its priority does not.
    package func displayIdentity(for request: ImageRequest) -> ImageDisplayIdentity {
        ImageDisplayIdentity(url: request.url, key: cacheKey(for: request))
    }

    /// `request`'s keys under this pipeline's cache-key filter and credential headers.
    private func keys(for request: ImageRequest) -> Keys {
        Keys(request, filter: configuration.cacheKeyFilter, credentials: configuration.credentialHeaders)
    }

    /// Shared jobs in flight across all stages (zero when the pipeline is idle).
    package var inFlightJobCount: Int {
        images.jobCount + decodes.jobCount + datas.jobCount
    }

    private static let skipMemoryRead: ImageRequestOptions = [
        .disableMemoryCacheReads, .reloadIgnoringCachedData,
    ]

    // MARK: - Stages

    func load(
        _ request: ImageRequest,
        priority: PriorityCell,
        onProgress: (@Sendable (ImageLoadProgress) -> Void)?
    ) async throws -> ImageResponse {
        try Task.checkCancellation()
        let keys = self.keys(for: request)
        if let hit = memoryHit(request, keys) {
            return ImageResponse(container: hit, request: request, source: .memory)
        }
        let result = try await images.value(for: keys.image, priority: priority, onProgress: onProgress) {
            context in
            try await self.processedImage(request, keys, context)
        }
        return ImageResponse(
            container: result.container, request: request, source: result.source,
            statusCode: result.statusCode)
    }

    private func memoryHit(_ request: ImageRequest, _ keys: Keys) -> ImageContainer? {
        guard let memoryCache = configuration.memoryCache,
            request.options.isDisjoint(with: Self.skipMemoryRead)
        else { return nil }
        return memoryCache.image(for: keys.memory)
    }

    private func processedImage(
        _ request: ImageRequest, _ keys: Keys, _ context: Coalescer<Keys.Image, StageResult>.Context
    ) async throws -> StageResult {
        // An earlier job may have filled the cache while this request was on its way here.
        if let hit = memoryHit(request, keys) {
            return StageResult(container: hit, source: .memory, statusCode: nil)
        }
        let decoded = try await decodes.value(
            for: keys.decode, priority: context.priority, onProgress: context.reportProgress
        ) { decodeContext in
            try await self.decodedImage(request, keys, decodeContext)
        }
        var container = decoded.container
        for processor in request.processors {
            try Task.checkCancellation()
            do {
                container = try processor.process(container)
            } catch {
                throw ImagePipelineError.processingFailed(
                    url: request.url, processor: processor.identifier, underlying: error)
            }
        }
        if !request.options.contains(.disableMemoryCacheWrites) {
            configuration.memoryCache?.store(container, for: keys.memory)
        }
        return StageResult(container: container, source: decoded.source, statusCode: decoded.statusCode)
    }

    private func decodedImage(
        _ request: ImageRequest, _ keys: Keys, _ context: Coalescer<Keys.Decode, StageResult>.Context
    ) async throws -> StageResult {
        let loaded = try await datas.value(
            for: keys.data, priority: context.priority, onProgress: context.reportProgress
        ) { dataContext in
            try await self.loadData(request, keys.dataKey, dataContext.priority, dataContext.reportProgress)
        }
        try Task.checkCancellation()
        do {
            return try decodeAndStore(loaded, request, keys.dataKey)
        } catch let error as ImagePipelineError where loaded.source == .disk && Self.isUnreadable(error) {
            // The cached copy passed its checksum but is not an image: drop it, download again.
            configuration.logger?.warning(
                "discarding undecodable disk-cache entry: \(String(describing: error))")
            configuration.diskCache?.removeData(for: keys.dataKey)
            var fresh = request
            fresh.options.insert(.disableDiskCacheReads)
            let reloaded = try await loadData(fresh, keys.dataKey, context.priority, context.reportProgress)
            return try decodeAndStore(reloaded, request, keys.dataKey)
        }
    }

    /// Decodes `loaded`; downloaded data goes to the disk cache only once it decoded, or was
    /// refused as a sound image (over the budget, so the refusal costs no download next time).
    /// Data no decoder can read is never stored: stored, every later request would read it,
    /// fail, delete it, download it again and store it again.
    private func decodeAndStore(_ loaded: LoadedData, _ request: ImageRequest, _ key: String) throws
        -> StageResult
    {
        do {
            let result = try decode(loaded, request)
            store(loaded, for: key, request)
            return result
        } catch let error as ImagePipelineError where !Self.isUnreadable(error) {
            store(loaded, for: key, request)
            throw error
        }
    }

    /// Writes downloaded data to the disk cache, once per download (the decodes sharing one
    /// download each call this).
    private func store(_ loaded: LoadedData, for key: String, _ request: ImageRequest) {
        guard loaded.source == .network, let diskCache = configuration.diskCache,
            !request.options.contains(.disableDiskCacheWrites), loaded.claimStore()
        else { return }
        do {
            try diskCache.store(loaded.data, for: key, expiry: request.diskExpiry)
        } catch {
            configuration.logger?.warning("disk-cache write failed: \(String(describing: error))")
        }
    }

    /// Whether a decoding failure says the data is unreadable (worth dropping a cached copy and
    /// downloading again), not a sound image this pipeline refuses the same way whatever copy it
    /// reads: one over the pixel budget, or with dimensions its format does not allow.
    static func isUnreadable(_ error: ImagePipelineError) -> Bool {
        guard case .decodingFailed(_, let underlying) = error else { return false }
        switch underlying as? ImageHeaderError {
        case .exceedsPixelBudget, .invalidDimensions: return false
        default: return true
        }
    }

    private func decode(_ loaded: LoadedData, _ request: ImageRequest) throws -> StageResult {
        let context = ImageDecodingContext(
            url: request.url, thumbnailSize: request.thumbnailSize, pixelBudget: configuration.pixelBudget)
        do {
            let container = try configuration.decoder.decode(loaded.data, context: context)
            return StageResult(container: container, source: loaded.source, statusCode: loaded.statusCode)
        } catch {
            throw ImagePipelineError.decodingFailed(url: request.url, underlying: error)
        }
    }

    private func loadData(
        _ request: ImageRequest,
        _ key: String,
        _ priority: PriorityCell,
        _ reportProgress: @escaping @Sendable (ImageLoadProgress) -> Void
    ) async throws -> LoadedData {
        let options = request.options
        if let diskCache = configuration.diskCache,
            options.isDisjoint(with: [.disableDiskCacheReads, .reloadIgnoringCachedData]),
            let data = diskCache.data(for: key)
        {
            return LoadedData(data: data, source: .disk, statusCode: nil)
        }
        if options.contains(.returnCacheDataDontLoad) { throw ImagePipelineError.notCached(url: request.url) }
        try await rateLimiter?.acquire()
        let loader = configuration.dataLoader
        let declared = configuration.credentialHeaders.declared
        let response = try await downloads.run(priority: priority) {
            let dataRequest = ImageDataRequest(
                url: request.url, headers: request.headers, priority: priority.value,
                credentialHeaders: declared)
            do {
                return try await loader.loadData(for: dataRequest, progress: reportProgress)
            } catch {
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                throw ImagePipelineError.loadingFailed(url: request.url, underlying: error)
            }
        }
        if let status = response.statusCode, !(200..<300).contains(status) {
            throw ImagePipelineError.badStatus(code: status, url: request.url)
        }
        guard !response.data.isEmpty else { throw ImagePipelineError.emptyData(url: request.url) }
        // Stored by `decodeAndStore` once a decoder has read it.
        return LoadedData(data: response.data, source: .network, statusCode: response.statusCode)
    }
}

/// What identifies the image a request shows (``ImagePipeline/displayIdentity(for:)``).
package struct ImageDisplayIdentity: Hashable, Sendable {
    /// The request's URL.
    package let url: URL
    /// The request's memory-cache key.
    package let key: ImageCacheKey
}

/// Downloaded or cached bytes.
struct LoadedData: Sendable {
    let data: Data
    let source: ImageResponseSource
    let statusCode: Int?
    /// Whether a decode has claimed the disk-cache write of these bytes.
    private let storeClaimed = Locked(false)

    init(data: Data, source: ImageResponseSource, statusCode: Int?) {
        self.data = data
        self.source = source
        self.statusCode = statusCode
    }

    /// `true` the first time it is called for these bytes (copies share the claim), then `false`.
    func claimStore() -> Bool {
        storeClaimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}

/// A decoded or processed image and where its data came from.
struct StageResult: Sendable {
    let container: ImageContainer
    let source: ImageResponseSource
    let statusCode: Int?
}

/// The coalescing keys of one request's stages.
struct Keys: Sendable {
    struct Data: Hashable, Sendable {
        let key: String
        let loading: UInt16
    }

    struct Decode: Hashable, Sendable {
        let data: Data
        let thumbnail: Size?
    }

    struct Image: Hashable, Sendable {
        let decode: Decode
        let processors: [String]
    }

    let data: Data
    let decode: Decode
    let image: Image
    let memory: ImageCacheKey

    var dataKey: String { data.key }

    init(_ request: ImageRequest, filter: ImageCacheKeyFilter, credentials: CredentialHeaders = .default) {
        var key = request.cacheKey ?? filter.key(for: request.url)
        if let partition = Self.credentialPartition(request, credentials) {
            // A space never occurs in a URL string: no key without credentials can look like it.
            key += " credentials:" + partition
        }
        data = Data(key: key, loading: request.options.intersection(.loadingMask).rawValue)
        decode = Decode(data: data, thumbnail: request.thumbnailSize)
        let processors = request.processors.map(\.identifier)
        image = Image(decode: decode, processors: processors)
        if processors.isEmpty, request.thumbnailSize == nil {
            memory = ImageCacheKey(dataKey: key)
        } else {
            let size = request.thumbnailSize.map { "thumbnail(\($0))" }
            memory = ImageCacheKey(
                dataKey: key, variant: ([size].compactMap { $0 } + processors).joined(separator: "|"))
        }
    }

    /// The SHA-256 (hex) of `request`'s credentials, the headers `credentials` names (names
    /// lowercased, with their values) and the URL's user info; `nil` when it carries none, so a
    /// request without credentials keeps its plain key. Requests with different credentials
    /// (another account, or none) share no cache entry and no download, as KeelNetworking's HTTP
    /// cache keeps accounts apart; the hash keeps the secrets out of every key.
    static func credentialPartition(_ request: ImageRequest, _ credentials: CredentialHeaders) -> String? {
        // Every memory hit asks: a request without headers and without an `@` anywhere in its
        // URL carries no credential, known without parsing the URL's user info.
        let text = request.url.absoluteString
        let at = UInt8(ascii: "@")
        let mayHaveUserInfo =
            text.utf8.withContiguousStorageIfAvailable { $0.contains(at) } ?? text.utf8.contains(at)
        guard !request.headers.isEmpty || mayHaveUserInfo else { return nil }
        let names = credentials.credentials(in: request.headers).sorted {
            ($0.lowercased(), $0) < ($1.lowercased(), $1)
        }
        let user = mayHaveUserInfo ? request.url.user : nil
        let password = mayHaveUserInfo ? request.url.password : nil
        guard !names.isEmpty || user != nil || password != nil else { return nil }
        var material = "keel.images.credentials"
        for name in names {
            material += "\u{0}" + name.lowercased() + "\u{0}" + (request.headers[name] ?? "")
        }
        if user != nil || password != nil {
            material += "\u{0}@userinfo\u{0}" + (user ?? "") + "\u{0}" + (password ?? "")
        }
        return SHA256.hex(material)
    }
}
