import Foundation
import KeelSupport

/// A strict LRU cache of decoded images, limited by total cost (bytes) and count.
///
/// After every insert the cache is within both limits: least recently used entries are
/// evicted first, and a read makes an entry the most recent. An image costing more than
/// `Configuration/entryCostLimit` of the cost limit is not stored at all. Entries may
/// expire after a time to live measured on the injected clock. The cache empties when the
/// injected memory-warning signal fires.
///
/// ```swift
/// let cache = ImageMemoryCache(
///     configuration: .init(costLimit: 64 << 20, countLimit: 500),
///     memoryWarnings: warnings)   // e.g. from UIApplication.didReceiveMemoryWarningNotification
/// ```
public final class ImageMemoryCache: Sendable {
    /// Limits and expiry.
    public struct Configuration: Sendable {
        /// The most total cost (bytes) the cache holds.
        package var costLimit: Int
        /// The most entries the cache holds.
        package var countLimit: Int
        /// The largest share of ``costLimit`` one entry may take (0…1); larger ones are not stored.
        package var entryCostLimit: Double
        /// How long an entry lives after it was stored; `nil` for no expiry.
        package var timeToLive: Duration?

        /// Creates a configuration; the cost limit defaults to `defaultCostLimit(physicalMemory:)`.
        ///
        /// - Parameters:
        ///   - costLimit: the most total cost (bytes) the cache holds.
        ///   - countLimit: the most entries the cache holds.
        ///   - entryCostLimit: the largest share of `costLimit` one entry may take (0…1); larger
        ///     ones are not stored.
        ///   - timeToLive: how long an entry lives after it was stored; `nil` for no expiry.
        public init(
            costLimit: Int = ImageMemoryCache.Configuration.defaultCostLimit(),
            countLimit: Int = .max,
            entryCostLimit: Double = 0.1,
            timeToLive: Duration? = nil
        ) {
            self.costLimit = max(0, costLimit)
            self.countLimit = max(0, countLimit)
            self.entryCostLimit = min(max(entryCostLimit, 0), 1)
            self.timeToLive = timeToLive
        }

        /// 15 % of physical memory, at most 512 MB.
        @usableFromInline package static func defaultCostLimit(
            physicalMemory: UInt64 = ProcessInfo.processInfo.physicalMemory
        ) -> Int {
            let share = physicalMemory / 100 * 15
            return Int(min(share, 512 << 20))
        }
    }

    /// The cache's limits.
    package let configuration: Configuration
    private let clock: ElapsedClock
    private let list: Locked<LRUList>
    private let warningTask = Locked<Task<Void, Never>?>(nil)

    /// Creates a cache. Each element of `memoryWarnings` empties it.
    public init(
        configuration: Configuration = Configuration(),
        clock: any Clock<Duration> = ContinuousClock(),
        memoryWarnings: AsyncStream<Void>? = nil
    ) {
        self.configuration = configuration
        self.clock = ElapsedClock(clock)
        list = Locked(LRUList())
        if let memoryWarnings {
            warningTask.set(
                Task { [weak self] in
                    for await _ in memoryWarnings {
                        guard let self else { return }
                        self.removeAll()
                    }
                })
        }
    }

    deinit {
        warningTask.current?.cancel()
    }

    /// The image for `key`, making it the most recently used; `nil` if absent or expired.
    package func image(for key: ImageCacheKey) -> ImageContainer? {
        guard configuration.timeToLive != nil else {
            return list.withLock { $0.get(key, now: nil) }
        }
        let now = clock.elapsed()
        return list.withLock { $0.get(key, now: now) }
    }

    /// Stores `image` for `key` (replacing any entry) and evicts least recently used entries
    /// until the cache is within its limits. Returns `false` when the image costs more than
    /// the per-entry limit and was not stored.
    @discardableResult
    package func store(_ image: ImageContainer, for key: ImageCacheKey) -> Bool {
        let maximum = Double(configuration.costLimit) * configuration.entryCostLimit
        guard Double(image.cost) <= maximum, configuration.countLimit > 0 else {
            list.withLock { _ = $0.remove(key) }
            return false
        }
        let expiry = configuration.timeToLive.map { clock.elapsed() + $0 }
        list.withLock { list in
            list.insert(image, for: key, expiry: expiry)
            list.trim(toCost: configuration.costLimit, count: configuration.countLimit)
        }
        return true
    }

    /// Removes the entry for `key`.
    package func removeImage(for key: ImageCacheKey) {
        list.withLock { _ = $0.remove(key) }
    }

    /// Empties the cache.
    public func removeAll() {
        list.withLock { $0.removeAll() }
    }

    /// Evicts least recently used entries until the total cost is at most `cost`.
    package func trim(toCost cost: Int) {
        list.withLock { $0.trim(toCost: max(0, cost), count: .max) }
    }

    /// Evicts least recently used entries until at most `count` remain.
    package func trim(toCount count: Int) {
        list.withLock { $0.trim(toCost: .max, count: max(0, count)) }
    }

    /// The sum of the entries' costs.
    package var totalCost: Int {
        list.withLock { $0.totalCost }
    }

    /// The number of entries.
    package var count: Int {
        list.withLock { $0.count }
    }

    /// The keys from least to most recently used (the eviction order).
    package var keysByRecency: [ImageCacheKey] {
        list.withLock { $0.keysFromOldest }
    }
}
