import Foundation
import KeelLogging
import KeelSupport

/// A disk cache of encoded image data: one file per key in a directory, with its own index.
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
        ///     trimRatio`.
        ///   - expiry: how long entries live by default; `nil` for no expiry.
        ///   - indexWriteInterval: stores between index writes.
        public init(
            sizeLimit: Int = 150 << 20,
            trimRatio: Double = 0.7,
            expiry: Duration? = .seconds(7 * 86_400),
            indexWriteInterval: Int = 32
        ) {
            self.sizeLimit = max(0, sizeLimit)
            self.trimRatio = min(max(trimRatio, 0), 1)
            self.expiry = expiry
            self.indexWriteInterval = max(1, indexWriteInterval)
        }
    }

    private struct State {
        var index = DiskIndex()
        var totalSize = 0
        var unsavedChanges = 0
        var recoveredIndexError: ImageDiskCacheError?
        /// Advances on every store, removal and index rewrite. Reads happen outside the lock, so
        /// a read compares it with the value it saw before reading to know whether the file it
        /// read may have been replaced or removed in the meantime.
        var generation: UInt64 = 0

        mutating func set(_ name: String, _ record: DiskIndex.Record) {
            generation &+= 1
            adjust(adding: record.size, removing: index.records.updateValue(record, forKey: name)?.size ?? 0)
        }

        mutating func remove(_ name: String) {
            generation &+= 1
            adjust(adding: 0, removing: index.records.removeValue(forKey: name)?.size ?? 0)
        }

        /// Sizes come from files (`stat`, the index): the running total saturates instead of
        /// trapping, and a saturated total is recomputed from the records.
        private mutating func adjust(adding added: Int, removing removed: Int) {
            if totalSize == .max {
                totalSize = index.totalSize
            } else {
                totalSize = max(0, totalSize.addingSaturated(added).subtractingSaturated(removed))
            }
        }

        mutating func replace(with newIndex: DiskIndex) {
            generation &+= 1
            index = newIndex
            totalSize = newIndex.totalSize
            unsavedChanges = 0
        }

        /// Records a successful read of `name` that started at `generation`. If nothing changed
        /// since, the file read is the one in place and `record` (its size and expiry) is exact.
        /// Otherwise a store may have replaced the file, whose record is then the right one, or
        /// a removal deleted it: only an existing record's access time moves.
        mutating func recordRead(_ name: String, _ record: DiskIndex.Record, startedAt generation: UInt64) {
            if generation == self.generation {
                adjust(
                    adding: record.size, removing: index.records.updateValue(record, forKey: name)?.size ?? 0)
            } else if var current = index.records[name] {
                current.accessed = max(current.accessed, record.accessed)
                index.records[name] = current
            }
        }
    }

    /// The cache directory.
    package let directory: URL
    /// The cache's limits.
    package let configuration: Configuration
    private let entriesURL: URL
    private let indexURL: URL
    private let lockURL: URL
    private let now: @Sendable () -> Date
    private let logger: AppLogger?
    private let state = Locked(State())

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
        self.now = now
        self.logger = logger
        entriesURL = directory.appendingPathComponent("entries", isDirectory: true)
        indexURL = directory.appendingPathComponent("index")
        lockURL = directory.appendingPathComponent("lock")
        try DiskFiles.ensureDirectory(directory)
        try DiskFiles.ensureDirectory(entriesURL)
        try state.withLock { state in
            try DiskFiles.withExclusiveLock(lockURL) {
                let onDisk = loadIndex(&state)
                state.replace(with: reconcile(state.index, onDisk))
            }
        }
    }

    /// The data stored for `key`; `nil` when absent, expired or corrupt (the last two are
    /// deleted). Marks the entry as recently used.
    ///
    /// The file is read outside the lock, so a store or removal of the same key may land
    /// between the read and its bookkeeping; the read then leaves the newer record alone.
    package func data(for key: String) -> Data? {
        let name = SHA256.hex(key)
        let url = entriesURL.appendingPathComponent(name)
        let generation = state.withLock { $0.generation }
        guard let file = DiskFiles.read(url) else {
            state.withLock { state in
                if state.generation == generation { state.remove(name) }
            }
            return nil
        }
        let nowMilliseconds = milliseconds(now())
        let decoded: DiskEntry.Decoded
        do {
            decoded = try DiskEntry.decode(file, key: key)
        } catch {
            logger?.warning("removing disk-cache entry: \(String(describing: error))")
            discard(name, url, ifUnchangedSince: generation)
            return nil
        }
        guard decoded.expiresAt > nowMilliseconds else {
            discard(name, url, ifUnchangedSince: generation)
            return nil
        }
        state.withLock { state in
            state.recordRead(
                name, .init(size: file.count, accessed: nowMilliseconds, expires: decoded.expiresAt),
                startedAt: generation)
        }
        return decoded.payload
    }

    /// Whether an entry for `key` is recorded (without reading or validating it).
    package func contains(_ key: String) -> Bool {
        let name = SHA256.hex(key)
        return state.withLock { $0.index.records[name] != nil }
    }

    /// Stores `data` for `key`, expiring after `expiry` (the configuration's by default), then
    /// sweeps if the cache is over its size limit.
    package func store(_ data: Data, for key: String, expiry: Duration? = nil) throws {
        let name = SHA256.hex(key)
        let nowMilliseconds = milliseconds(now())
        let lifetime = expiry ?? configuration.expiry
        let expires = lifetime.map { nowMilliseconds.addingSaturated(Int64($0.seconds * 1000)) } ?? .max
        let file = DiskEntry.encode(data, key: key, expiresAt: expires)
        try state.withLock { state in
            try DiskFiles.replace(entriesURL.appendingPathComponent(name), with: file)
            state.set(name, .init(size: file.count, accessed: nowMilliseconds, expires: expires))
            state.unsavedChanges += 1
            if state.totalSize > configuration.sizeLimit {
                try sweepLocked(&state)
            } else if state.unsavedChanges >= configuration.indexWriteInterval {
                try writeIndexLocked(&state)
            }
        }
    }

    /// Deletes the entry for `key`.
    package func removeData(for key: String) {
        let name = SHA256.hex(key)
        discard(name, entriesURL.appendingPathComponent(name))
    }

    /// Deletes every entry.
    public func removeAll() throws {
        try state.withLock { state in
            try DiskFiles.withExclusiveLock(lockURL) {
                for name in DiskFiles.names(in: entriesURL) {
                    DiskFiles.remove(entriesURL.appendingPathComponent(name))
                }
                state.replace(with: DiskIndex())
                try DiskFiles.replace(indexURL, with: state.index.serialized())
            }
        }
    }

    /// Deletes expired entries, then least recently used ones if over the size limit.
    package func sweep() throws {
        try state.withLock { try sweepLocked(&$0) }
    }

    /// Writes the index (merged with what other processes wrote) to disk.
    public func flush() throws {
        try state.withLock { try writeIndexLocked(&$0) }
    }

    /// The total size of the entries in bytes, as this process knows it.
    public var totalSize: Int {
        state.withLock { $0.totalSize }
    }

    /// The number of entries, as this process knows it.
    package var count: Int {
        state.withLock { $0.index.records.count }
    }

    /// The problem found in the index file when the cache was opened, if it had to be rebuilt.
    package var recoveredIndexError: ImageDiskCacheError? {
        state.withLock { $0.recoveredIndexError }
    }

    // MARK: - Internals

    /// Deletes the entry's file and record; with `generation`, only if nothing changed since
    /// then (a store that replaced a bad file meanwhile wrote a good one).
    private func discard(_ name: String, _ url: URL, ifUnchangedSince generation: UInt64? = nil) {
        state.withLock { state in
            if let generation, generation != state.generation { return }
            DiskFiles.remove(url)
            state.remove(name)
            state.unsavedChanges += 1
        }
    }

    private func sweepLocked(_ state: inout State) throws {
        try DiskFiles.withExclusiveLock(lockURL) {
            var merged = reconcile(state.index, loadIndex(&state))
            let nowMilliseconds = milliseconds(now())
            for (name, record) in merged.records where record.expires <= nowMilliseconds {
                DiskFiles.remove(entriesURL.appendingPathComponent(name))
                merged.records[name] = nil
            }
            var size = merged.totalSize
            if size > configuration.sizeLimit {
                // Both factors are clamped by the configuration; the product is at most
                // sizeLimit, but its Double may round up past Int.max.
                let target = Int(min(Double(configuration.sizeLimit) * configuration.trimRatio, 9.2e18))
                let oldestFirst = merged.records.sorted {
                    $0.value.accessed != $1.value.accessed
                        ? $0.value.accessed < $1.value.accessed : $0.key < $1.key
                }
                for (name, record) in oldestFirst where size > target {
                    DiskFiles.remove(entriesURL.appendingPathComponent(name))
                    merged.records[name] = nil
                    size = size.subtractingSaturated(record.size)
                }
            }
            state.replace(with: merged)
            try DiskFiles.replace(indexURL, with: merged.serialized())
        }
    }

    private func writeIndexLocked(_ state: inout State) throws {
        try DiskFiles.withExclusiveLock(lockURL) {
            let merged = reconcile(state.index, loadIndex(&state))
            state.replace(with: merged)
            try DiskFiles.replace(indexURL, with: merged.serialized())
        }
    }

    /// The index file's records; a corrupt file is reported (logged and remembered) and
    /// treated as empty. Call holding the directory lock.
    private func loadIndex(_ state: inout State) -> DiskIndex {
        guard let data = DiskFiles.read(indexURL) else { return DiskIndex() }
        do {
            return try DiskIndex.parse(data, file: indexURL.path)
        } catch is LegacyIndex {
            // A version-1 cache: its entries hold their URLs in plaintext. Empty it.
            logger?.info("discarding a version-1 disk cache at \(directory.path)")
            for name in DiskFiles.names(in: entriesURL) {
                DiskFiles.remove(entriesURL.appendingPathComponent(name))
            }
            DiskFiles.remove(indexURL)
            return DiskIndex()
        } catch let error as ImageDiskCacheError {
            logger?.warning("rebuilding disk-cache index: \(String(describing: error))")
            state.recoveredIndexError = error
            return DiskIndex()
        } catch {
            return DiskIndex()
        }
    }

    /// Merges this process's records with the file's, keeping only entries whose files exist
    /// (the directory is the truth); the later access wins.
    private func reconcile(_ mine: DiskIndex, _ theirs: DiskIndex) -> DiskIndex {
        var result = DiskIndex()
        for name in DiskFiles.names(in: entriesURL) where DiskIndex.isEntryName(name) {
            switch (mine.records[name], theirs.records[name]) {
            case (let own?, let other?):
                var record = own.accessed >= other.accessed ? own : other
                record.accessed = max(own.accessed, other.accessed)
                if own.size != other.size,
                    let attributes = DiskFiles.attributes(entriesURL.appendingPathComponent(name))
                {
                    record.size = attributes.size
                }
                result.records[name] = record
            case (let record?, nil), (nil, let record?):
                result.records[name] = record
            case (nil, nil):
                // Written by a process that has not written the index yet: recency unknown,
                // so its modification time stands in; the expiry is checked on read. A file
                // that is not a current-version entry (a version-1 file holds its URL in
                // plaintext) is deleted.
                let url = entriesURL.appendingPathComponent(name)
                guard let attributes = DiskFiles.attributes(url) else { continue }
                guard let prefix = DiskFiles.readPrefix(url, count: 8), DiskEntry.hasCurrentHeader(prefix)
                else {
                    DiskFiles.remove(url)
                    continue
                }
                result.records[name] = .init(
                    size: attributes.size, accessed: attributes.modified, expires: .max)
            }
        }
        return result
    }

    private func milliseconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970 * 1000
        guard value.isFinite else { return 0 }
        return Int64(max(min(value, 9.2e18), -9.2e18))
    }
}

extension Int64 {
    fileprivate func addingSaturated(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
