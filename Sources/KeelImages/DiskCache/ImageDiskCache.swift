import Foundation
import KeelLogging
import KeelSupport

/// A disk cache of encoded image data: one file per key in a directory, with its own index —
/// the package's one disk-cache engine (`DiskStore`, shared with the HTTP cache) in the
/// namespace `entries`.
///
/// - Entry files are named by the SHA-256 of the key and carry that hash (never the key: it
///   is the URL, query tokens included), the expiry and a CRC-32 of the data; a file that
///   fails validation is deleted and reported as a miss, so the pipeline downloads the image
///   again instead of returning corrupt bytes. Files are `0600`, directories `0700`.
/// - A corrupt or hostile index (a bad line, an entry size above 1 TiB) is discarded and
///   rebuilt from the files; a cache written by an older format is emptied.
/// - Recency lives in the cache's index file, not in file dates (Linux ignores set creation
///   dates). When the total size passes `Configuration/sizeLimit`, a sweep deletes least
///   recently used entries until the size is at most `sizeLimit × trimRatio`.
/// - Several processes may share the directory: entries are written to a temporary file and
///   renamed into place, and index rewrites and sweeps run under an exclusive `flock`,
///   merging the index on disk with this process's view.
///
/// The index is written every `Configuration/indexWriteInterval` stores, on every sweep and
/// on ``flush()``; call `flush()` when the app moves to the background. A lost index costs
/// only recency: entries are found again by listing the directory.
public final class ImageDiskCache: Sendable {
    /// Limits and expiry.
    public struct Configuration: Sendable {
        /// The size in bytes above which a sweep runs.
        package var sizeLimit: Int
        /// A sweep deletes entries until the size is at most `sizeLimit × trimRatio`.
        package var trimRatio: Double
        /// How long entries live by default; `nil` for no expiry.
        package var expiry: Duration?
        /// Stores between index writes.
        package var indexWriteInterval: Int

        /// Creates a configuration (defaults: 150 MB, trim to 70 %, 7 days, every 32 stores).
        ///
        /// - Parameters:
        ///   - sizeLimit: the size in bytes above which a sweep runs.
        ///   - trimRatio: a sweep deletes entries until the size is at most `sizeLimit ×
        ///     trimRatio` (clamped to 0…1; NaN is the default).
        ///   - expiry: how long entries live by default; `nil` for no expiry. Any duration is
        ///     accepted: one too long to count in milliseconds (`.seconds(Int64.max)`) never
        ///     expires.
        ///   - indexWriteInterval: stores between index writes.
        public init(
            sizeLimit: Int = 150 << 20,
            trimRatio: Double = 0.7,
            expiry: Duration? = .seconds(7 * 86_400),
            indexWriteInterval: Int = 32
        ) {
            self.sizeLimit = max(0, sizeLimit)
            // NaN (which `min`/`max` pass through) is the default, not a trap at the first sweep.
            self.trimRatio = trimRatio.isNaN ? 0.7 : min(max(trimRatio, 0), 1)
            self.expiry = expiry
            self.indexWriteInterval = max(1, indexWriteInterval)
        }
    }

    /// The image cache's files: `KIMG` entries in the namespace `entries`, indexed by
    /// `keel-image-index 2` (the layout this cache has written since version 2, so existing
    /// caches are read as they are; a version-1 cache is emptied), locking `lock` as earlier
    /// versions do.
    static let format = DiskStore.Format(
        indexHeader: "keel-image-index 2", legacyIndexHeaders: ["keel-image-index 1"], entryMagic: "KIMG",
        defaultNamespace: DiskStore.Namespace("entries")!, lockFile: "lock")

    /// The cache directory.
    package let directory: URL
    /// The cache's limits.
    package let configuration: Configuration
    private let store: DiskStore

    /// Opens (or creates) the cache in `directory`.
    ///
    /// Persisted times need the calendar, so `now` gives wall-clock time (inject a fixed or
    /// advancing date in tests). A corrupt index is rebuilt from the directory and reported
    /// in `recoveredIndexError`.
    public init(
        directory: URL,
        configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> Date = { Date() },
        logger: AppLogger? = nil
    ) throws {
        self.directory = directory
        self.configuration = configuration
        store = try DiskStore(
            directory: directory, format: Self.format,
            configuration: .init(
                sizeLimit: configuration.sizeLimit, trimRatio: configuration.trimRatio,
                expiry: configuration.expiry, indexWriteInterval: configuration.indexWriteInterval),
            now: now,
            report: logger.map(Self.reporter))
    }

    /// The store's events as this cache has always logged them.
    private static func reporter(_ logger: AppLogger) -> @Sendable (DiskStore.Event) -> Void {
        { event in
            switch event {
            case .removedEntry(let error):
                logger.warning("removing disk-cache entry: \(String(describing: error))")
            case .rebuiltIndex(let error):
                logger.warning("rebuilding disk-cache index: \(String(describing: error))")
            case .discardedLegacyStore(let path):
                logger.info("discarding a version-1 disk cache at \(path)")
            case .deferredMaintenance(let error):
                logger.warning("disk-cache index or sweep deferred: \(String(describing: error))")
            }
        }
    }

    /// The data stored for `key`; `nil` when absent, expired or corrupt (the last two are
    /// deleted). Marks the entry as recently used.
    package func data(for key: String) -> Data? {
        store.data(for: key)
    }

    /// Whether an entry for `key` is recorded (without reading or validating it).
    package func contains(_ key: String) -> Bool {
        store.contains(key)
    }

    /// Stores `data` for `key`, expiring after `expiry` (the configuration's by default), then
    /// sweeps if the cache is over its size limit.
    package func store(_ data: Data, for key: String, expiry: Duration? = nil) throws {
        try store.write(data, for: key, expiry: expiry)
    }

    /// Deletes the entry for `key`.
    package func removeData(for key: String) {
        store.remove(key)
    }

    /// Deletes every entry.
    public func removeAll() throws {
        try store.removeAll()
    }

    /// Deletes expired entries, then least recently used ones if over the size limit.
    package func sweep() throws {
        try store.sweep()
    }

    /// Writes the index (merged with what other processes wrote) to disk.
    public func flush() throws {
        try store.flush()
    }

    /// The total size of the entries in bytes, as this process knows it.
    package var totalSize: Int {
        store.totalSize
    }

    /// The number of entries, as this process knows it.
    package var count: Int {
        store.count
    }

    /// The problem found in the index file when the cache was opened, if it had to be rebuilt.
    package var recoveredIndexError: ImageDiskCacheError? {
        store.recoveredIndexError
    }
}
