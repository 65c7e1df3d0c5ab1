import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one disk-cache engine: keyed entries in files under a folder, each user of it in a
/// namespace of its own (a subfolder: the image cache's `entries`, each HTTP cache partition).
///
/// - Entry files are named by the SHA-256 of the key (salted with the namespace outside the
///   format's default namespace), never by the key: keys are URLs, query tokens included.
///   Each file carries that digest, its expiry and a CRC-32 of the payload
///   (``DiskStoreEntry``); a file that fails validation — torn, truncated, foreign, copied
///   onto another name or refused by the reader's own validator — is deleted and reported as a
///   miss. Files are `0600`, folders `0700`.
/// - Writes go to a temporary file renamed over the entry, so a reader in any process sees
///   the old entry or the new one, never a mix; a failed write leaves the old entry.
/// - Recency lives in the store's index file (``DiskStoreIndex``), not in file dates. When
///   the total size passes ``Configuration/sizeLimit``, a sweep deletes the least recently
///   used entries (every namespace counts) until the size is at most `sizeLimit × trimRatio`.
/// - Several processes (and instances) may share the folder: index rewrites and sweeps run
///   under an exclusive `flock` on the `lock` file and merge the index on disk with this
///   instance's view; the entry files are the truth (reconcile).
/// - A corrupt or hostile index is discarded and rebuilt from the folders; an index of one of
///   the format's legacy versions empties the store.
///
/// The index is written every ``Configuration/indexWriteInterval`` writes, on every sweep and
/// on ``flush()``. A lost index costs only recency.
package final class DiskStore: Sendable {
    /// An entry's location, computed once per key (the hash is the costly part of a lookup).
    private struct Location: Sendable {
        /// `<namespace>/<name>`: the index's key.
        let path: String
        /// The file's full path.
        let file: String
        /// The key digest the file carries.
        let digest: [UInt8]
    }

    private struct LocationKey: Hashable {
        let namespace: String
        let key: String
    }

    /// The store's folder.
    package let directory: URL
    /// What its files look like.
    package let format: Format
    /// Its limits.
    package let configuration: Configuration
    private let indexURL: URL
    /// The lock file; `nil`: the folder itself is locked.
    private let lockURL: URL?
    private let now: @Sendable () -> Date
    private let report: (@Sendable (Event) -> Void)?
    /// Reads an entry's file (path, byte limit): `POSIXFiles.readRegularFileOnce`, injectable
    /// so tests can make the system refuse a read.
    private let readFile: @Sendable (String, Int) throws -> Data?
    private let state = Locked(DiskStoreState())
    private let locations = Locked([LocationKey: Location]())
    /// How many key locations are remembered before the map starts over.
    private static let rememberedLocations = 4_096

    /// Opens (or creates) the store in `directory`: creates or tightens the folder and the
    /// default namespace's to `0700`, then merges the index with what is on disk.
    ///
    /// Persisted times need the calendar, so `now` gives wall-clock time. A corrupt index is
    /// rebuilt and reported in ``recoveredIndexError`` and through `report`.
    ///
    /// - Throws: ``DiskStoreError/ioFailed(path:reason:)`` when a folder cannot be made or used.
    package init(
        directory: URL, format: Format, configuration: Configuration,
        now: @escaping @Sendable () -> Date = { Date() },
        report: (@Sendable (Event) -> Void)? = nil,
        readFile: @escaping @Sendable (String, Int) throws -> Data? = {
            try POSIXFiles.readRegularFileOnce(atPath: $0, maximumBytes: $1)
        }
    ) throws {
        self.directory = directory
        self.readFile = readFile
        self.format = format
        self.configuration = configuration
        self.now = now
        self.report = report
        indexURL = directory.appendingPathComponent("index")
        lockURL = format.lockFile.map { directory.appendingPathComponent($0) }
        try DiskStoreFiles.ensureDirectory(directory)
        try DiskStoreFiles.ensureDirectory(folder(format.defaultNamespace))
        try state.withLock { state in
            state.folders.insert(format.defaultNamespace.name)
            try withExclusiveLock {
                removeStaleTemporaries()
                let onDisk = loadIndex(&state)
                state.replace(with: reconcile(state.index, onDisk))
            }
        }
    }

    // MARK: - Entries

    /// The payload stored for `key` in `namespace` (the default one when `nil`), passed to
    /// `decode`; `nil` when absent, expired, corrupt or refused by `decode` (the last three are
    /// deleted), and when the system refuses the read (out of descriptors, an I/O error, a
    /// file locked by data protection): that entry is left as it is. Marks the entry as
    /// recently used.
    ///
    /// One file read per call (`open`, `fstat`, `read`, `close`), outside the lock, so a write
    /// or removal of the same key may land between the read and its bookkeeping; the read then
    /// leaves the newer record alone.
    package func read<T>(
        _ key: String, in namespace: Namespace? = nil, decode: (UnsafeRawBufferPointer) -> T?
    ) -> T? {
        let location = location(key, namespace ?? format.defaultNamespace)
        let generation = state.withLock { $0.generation }
        let file: Data?
        do {
            file = try readFile(location.file, max(configuration.sizeLimit, 1 << 20))
        } catch POSIXFiles.ReadFailure.failed {
            // The system refused, which says nothing about the file: a miss, not a deletion
            // (every cache entry read while the device was locked used to be deleted).
            return nil
        } catch {
            discard(
                location, ifUnchangedSince: generation, because: .corruptEntry(key: key, reason: "\(error)"))
            return nil
        }
        guard let file else {
            state.withLock { state in
                if state.generation == generation { state.remove(location.path) }
            }
            return nil
        }
        let nowMilliseconds = Self.milliseconds(now())
        let outcome = file.withUnsafeBytes { raw -> ReadOutcome<T> in
            let range: Range<Int>
            let expiresAt: Int64
            do {
                (range, expiresAt) = try DiskStoreEntry.validate(
                    raw, digest: location.digest, magic: format.entryMagic)
            } catch {
                let reason = (error as? DiskStoreEntry.Invalid)?.reason ?? "\(error)"
                return .invalid(.corruptEntry(key: key, reason: reason))
            }
            guard expiresAt > nowMilliseconds else { return .expired }
            guard let value = decode(UnsafeRawBufferPointer(rebasing: raw[range])) else {
                return .invalid(.corruptEntry(key: key, reason: "the payload did not decode"))
            }
            return .hit(value, expiresAt: expiresAt)
        }
        switch outcome {
        case .hit(let value, let expiresAt):
            state.withLock { state in
                state.recordRead(
                    location.path, .init(size: file.count, accessed: nowMilliseconds, expires: expiresAt),
                    startedAt: generation)
            }
            return value
        case .expired:
            discard(location, ifUnchangedSince: generation, because: nil)
            return nil
        case .invalid(let error):
            discard(location, ifUnchangedSince: generation, because: error)
            return nil
        }
    }

    /// The payload stored for `key` in `namespace`, or `nil` (see ``read(_:in:decode:)``).
    package func data(for key: String, in namespace: Namespace? = nil) -> Data? {
        read(key, in: namespace) { Data($0) }
    }

    /// Whether an entry for `key` is recorded (without reading or validating it).
    package func contains(_ key: String, in namespace: Namespace? = nil) -> Bool {
        let path = location(key, namespace ?? format.defaultNamespace).path
        return state.withLock { $0.index.records[path] != nil }
    }

    /// Stores `payload` for `key` in `namespace`, expiring after `expiry` (the configuration's
    /// when `nil`), then sweeps if the store is over its size limit. An entry larger than the
    /// size limit is not written, and the key's older entry is deleted.
    ///
    /// Once the new entry is in place the write has succeeded: a sweep or index write after it
    /// that fails is reported as ``Event/deferredMaintenance(_:)`` (a later sweep or index
    /// write, or ``flush()``, writes the index again), never thrown.
    ///
    /// - Throws: ``DiskStoreError/ioFailed(path:reason:)`` only before the new entry is in
    ///   place; the old entry is then untouched.
    package func write(
        _ payload: Data, for key: String, in namespace: Namespace? = nil, expiry: Duration? = nil
    )
        throws
    {
        let namespace = namespace ?? format.defaultNamespace
        let location = location(key, namespace)
        let nowMilliseconds = Self.milliseconds(now())
        let lifetime = expiry ?? configuration.expiry
        // Saturating: an expiry of 292 million years or more (`.seconds(Int64.max)`) is "never",
        // not an `Int64` overflow trap; a negative one is already expired.
        let expires = lifetime.map { nowMilliseconds.addingSaturated($0.milliseconds) } ?? .max
        let file = DiskStoreEntry.encode(
            payload, digest: location.digest, expiresAt: expires, magic: format.entryMagic)
        guard file.count <= configuration.sizeLimit else {
            discard(location, because: nil)
            return
        }
        let url = URL(fileURLWithPath: location.file)
        try state.withLock { state in
            if !state.folders.contains(namespace.name) {
                try DiskStoreFiles.ensureDirectory(folder(namespace))
                state.folders.insert(namespace.name)
            }
            do {
                try DiskStoreFiles.replace(url, with: file)
            } catch {
                // Another instance may have removed the namespace's folder: make it again once.
                try DiskStoreFiles.ensureDirectory(folder(namespace))
                try DiskStoreFiles.replace(url, with: file)
            }
            state.set(
                location.path,
                .init(size: file.count, accessed: state.stamp(nowMilliseconds), expires: expires))
            state.unsavedChanges += 1
            // The entry is in place: the write has happened. A failing sweep or index write
            // after it (a full disk, the lock refused) used to throw here, so the caller
            // thought the write failed while the new entry was already served. Recency is only
            // a hint: the failure is reported, and a later sweep, index write or flush retries.
            do {
                if state.totalSize > configuration.sizeLimit {
                    try sweepLocked(&state)
                } else if state.unsavedChanges >= configuration.indexWriteInterval {
                    try writeIndexLocked(&state)
                }
            } catch let error as DiskStoreError {
                report?(.deferredMaintenance(error))
            } catch {
                report?(.deferredMaintenance(.ioFailed(path: indexURL.path, reason: "\(error)")))
            }
        }
    }

    /// Deletes the entry for `key` in `namespace`.
    package func remove(_ key: String, in namespace: Namespace? = nil) {
        discard(location(key, namespace ?? format.defaultNamespace), because: nil)
    }

    /// Deletes every entry of `namespace` (and its folder, unless it is the default one).
    package func removeAll(in namespace: Namespace) throws {
        let prefix = namespace.name + "/"
        try state.withLock { state in
            try withExclusiveLock {
                var merged = reconcile(state.index, loadIndex(&state))
                removeFolder(namespace, &state)
                for path in merged.records.keys where path.hasPrefix(prefix) { merged.records[path] = nil }
                state.replace(with: merged)
                try DiskStoreFiles.replace(indexURL, with: merged.serialized(format: format))
            }
        }
    }

    /// Deletes every entry of every namespace.
    package func removeAll() throws {
        try state.withLock { state in
            try withExclusiveLock {
                for namespace in namespacesOnDisk() { removeFolder(namespace, &state) }
                state.replace(with: DiskStoreIndex())
                // No index reads as an empty one: an emptied store leaves no file behind.
                unlink(indexURL.path)
            }
        }
    }

    /// Deletes expired entries, then least recently used ones if over the size limit.
    package func sweep() throws {
        try state.withLock { try sweepLocked(&$0) }
    }

    /// Writes the index (merged with what other instances wrote) to disk.
    package func flush() throws {
        try state.withLock { try writeIndexLocked(&$0) }
    }

    /// The total size of the entries in bytes, as this instance knows it.
    package var totalSize: Int {
        state.withLock { $0.totalSize }
    }

    /// The number of entries, as this instance knows it.
    package var count: Int {
        state.withLock { $0.index.records.count }
    }

    /// The problem found in the index file when the store was opened, if it had to be rebuilt.
    package var recoveredIndexError: DiskStoreError? {
        state.withLock { $0.recoveredIndexError }
    }

    /// The folder of `namespace`.
    package func folder(_ namespace: Namespace) -> URL {
        directory.appendingPathComponent(namespace.name, isDirectory: true)
    }

    /// The file name of `key`'s entry in `namespace`: the hex SHA-256 of the key (salted with
    /// the namespace's name outside the default namespace).
    package func fileName(_ key: String, in namespace: Namespace? = nil) -> String {
        let path = location(key, namespace ?? format.defaultNamespace).path
        return String(path[path.index(after: path.firstIndex(of: "/")!)...])
    }

    // MARK: - Internals

    private func location(_ key: String, _ namespace: Namespace) -> Location {
        let lookup = LocationKey(namespace: namespace.name, key: key)
        if let known = locations.withLock({ $0[lookup] }) { return known }
        let digest =
            namespace == format.defaultNamespace
            ? SHA256.hash(key.utf8) : SHA256.hash(Array((namespace.name + "\u{0}" + key).utf8))
        let name = Hex.encode(digest)
        let path = namespace.name + "/" + name
        let location = Location(path: path, file: directory.path + "/" + path, digest: digest)
        locations.withLock { map in
            if map.count >= Self.rememberedLocations { map.removeAll(keepingCapacity: true) }
            map[lookup] = location
        }
        return location
    }

    /// Deletes the entry's file and record; with `generation`, only if nothing changed since
    /// then (a write that replaced a bad file meanwhile wrote a good one).
    private func discard(
        _ location: Location, ifUnchangedSince generation: UInt64? = nil, because error: DiskStoreError?
    ) {
        let removed = state.withLock { state -> Bool in
            if let generation, generation != state.generation { return false }
            unlink(location.file)
            state.remove(location.path)
            state.unsavedChanges += 1
            return true
        }
        if removed, let error { report?(.removedEntry(error)) }
    }

    /// Deletes a namespace's entry files (and its folder unless it is the default one). Call
    /// holding the directory lock.
    private func removeFolder(_ namespace: Namespace, _ state: inout DiskStoreState) {
        let folder = folder(namespace)
        for name in DiskStoreFiles.names(in: folder) {
            unlink(folder.appendingPathComponent(name).path)
        }
        if namespace != format.defaultNamespace {
            rmdir(folder.path)
            state.folders.remove(namespace.name)
        }
    }

    /// Runs `body` holding the store's exclusive `flock` (see ``Format/lockFile``).
    private func withExclusiveLock<T>(_ body: () throws -> T) throws -> T {
        if let lockURL {
            return try DiskStoreFiles.withExclusiveLock(lockURL, body)
        }
        return try DiskStoreFiles.withExclusiveLock(onDirectory: directory, body)
    }

    private func sweepLocked(_ state: inout DiskStoreState) throws {
        try withExclusiveLock {
            removeStaleTemporaries()
            var merged = reconcile(state.index, loadIndex(&state))
            let nowMilliseconds = Self.milliseconds(now())
            for (path, record) in merged.records where record.expires <= nowMilliseconds {
                unlink(directory.path + "/" + path)
                merged.records[path] = nil
            }
            var size = merged.totalSize
            if size > configuration.sizeLimit {
                // Both factors are clamped by the configuration (its `trimRatio` is settable,
                // so NaN is checked again here: `Int(NaN)` traps); the product is at most
                // sizeLimit, but its Double may round up past Int.max.
                let ratio = configuration.trimRatio.isNaN ? 1 : min(max(configuration.trimRatio, 0), 1)
                let target = Int(min(Double(configuration.sizeLimit) * ratio, 9.2e18))
                let oldestFirst = merged.records.sorted {
                    $0.value.accessed != $1.value.accessed
                        ? $0.value.accessed < $1.value.accessed : $0.key < $1.key
                }
                for (path, record) in oldestFirst where size > target {
                    unlink(directory.path + "/" + path)
                    merged.records[path] = nil
                    size = size.subtractingSaturated(record.size)
                }
            }
            state.replace(with: merged)
            try DiskStoreFiles.replace(indexURL, with: merged.serialized(format: format))
        }
    }

    private func writeIndexLocked(_ state: inout DiskStoreState) throws {
        try withExclusiveLock {
            let merged = reconcile(state.index, loadIndex(&state))
            state.replace(with: merged)
            try DiskStoreFiles.replace(indexURL, with: merged.serialized(format: format))
        }
    }

    /// The index file's records; a corrupt file is reported (and remembered) and treated as
    /// empty. Call holding the directory lock.
    private func loadIndex(_ state: inout DiskStoreState) -> DiskStoreIndex {
        let data: Data
        do {
            guard
                let read = try POSIXFiles.readRegularFile(
                    atPath: indexURL.path, maximumBytes: Self.maximumIndexSize)
            else { return DiskStoreIndex() }
            data = read
        } catch POSIXFiles.ReadFailure.tooLarge(let path, let limit) {
            // Never read into memory: rebuilt from the folders like any corrupt index.
            let error = DiskStoreError.corruptIndex(file: path, line: 0, reason: "larger than \(limit) bytes")
            report?(.rebuiltIndex(error))
            state.recoveredIndexError = error
            return DiskStoreIndex()
        } catch {
            return DiskStoreIndex()
        }
        do {
            return try DiskStoreIndex.parse(data, file: indexURL.path, format: format)
        } catch is DiskStoreIndex.Legacy {
            // An older format (the image cache's version 1 held its URLs in plaintext): empty it.
            report?(.discardedLegacyStore(path: directory.path))
            for namespace in namespacesOnDisk() { removeFolder(namespace, &state) }
            unlink(indexURL.path)
            return DiskStoreIndex()
        } catch let error as DiskStoreError {
            report?(.rebuiltIndex(error))
            state.recoveredIndexError = error
            return DiskStoreIndex()
        } catch {
            return DiskStoreIndex()
        }
    }

    /// How old a leftover temporary file must be before it counts as a dead writer's: entry
    /// writes are not made under the directory lock, so a younger one may be a live writer's
    /// (in another process) about to be renamed into place.
    static let staleTemporaryAge: Int64 = 3_600_000

    /// Deletes the temporary files of writers killed between creating and renaming them
    /// (`.index.<UUID>.tmp` in the store's folder, `.<64 hex>.<UUID>.tmp` in a namespace's),
    /// once older than ``staleTemporaryAge``: they would stay forever, outside the size
    /// accounting. Nothing else is touched. Call holding the directory lock.
    private func removeStaleTemporaries() {
        let (difference, overflow) = Self.milliseconds(now())
            .subtractingReportingOverflow(Self.staleTemporaryAge)
        let oldest = overflow ? Int64.min : difference
        func sweep(_ folder: URL, base: (Substring) -> Bool) {
            for name in DiskStoreFiles.names(in: folder) where Self.isTemporaryName(name, base: base) {
                let url = folder.appendingPathComponent(name)
                guard let attributes = DiskStoreFiles.attributes(url), attributes.modified < oldest else {
                    continue
                }
                unlink(url.path)
            }
        }
        sweep(directory) { $0 == "index" }
        for namespace in namespacesOnDisk() {
            sweep(folder(namespace)) { DiskStoreIndex.isEntryName(String($0)) }
        }
    }

    /// Whether `name` is `.<base>.<UUID>.tmp` (the names ``POSIXFiles/replace(_:with:mode:durable:)``
    /// gives its temporary files) with a `base` that `base` accepts.
    static func isTemporaryName(_ name: String, base: (Substring) -> Bool) -> Bool {
        let uuidLength = 36
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let middle = name.dropFirst().dropLast(4)
        guard middle.utf8.count > uuidLength + 1 else { return false }
        let uuid = middle.suffix(uuidLength)
        let rest = middle.dropLast(uuidLength)
        guard rest.hasSuffix("."), UUID(uuidString: String(uuid)) != nil,
            uuid.utf8.allSatisfy({ Hex.digitValue($0) != nil || $0 == UInt8(ascii: "-") })
        else { return false }
        return base(rest.dropLast())
    }

    /// The largest index file read (64 MiB); a larger one is rebuilt from the folders and
    /// reported as ``DiskStoreError/corruptIndex(file:line:reason:)``.
    static let maximumIndexSize = 64 << 20

    /// The namespaces with a folder on disk.
    private func namespacesOnDisk() -> [Namespace] {
        DiskStoreFiles.names(in: directory).compactMap { name in
            guard let namespace = Namespace(name), DiskStoreFiles.isDirectory(folder(namespace)) else {
                return nil
            }
            return namespace
        }
    }

    /// Merges this instance's records with the file's, keeping only entries whose files exist
    /// (the folders are the truth); the later access wins.
    private func reconcile(_ mine: DiskStoreIndex, _ theirs: DiskStoreIndex) -> DiskStoreIndex {
        var result = DiskStoreIndex()
        for namespace in namespacesOnDisk() {
            let folder = folder(namespace)
            for name in DiskStoreFiles.names(in: folder) where DiskStoreIndex.isEntryName(name) {
                let path = namespace.name + "/" + name
                switch (mine.records[path], theirs.records[path]) {
                case (let own?, let other?):
                    var record = own.accessed >= other.accessed ? own : other
                    record.accessed = max(own.accessed, other.accessed)
                    if own.size != other.size,
                        let attributes = DiskStoreFiles.attributes(folder.appendingPathComponent(name))
                    {
                        record.size = attributes.size
                    }
                    result.records[path] = record
                case (let record?, nil), (nil, let record?):
                    result.records[path] = record
                case (nil, nil):
                    // Written by an instance that has not written the index yet: recency
                    // unknown, so its modification time stands in; the expiry is checked on
                    // read. A file that is not a current-version entry (a version-1 image entry
                    // holds its URL in plaintext) is deleted.
                    let url = folder.appendingPathComponent(name)
                    guard let attributes = DiskStoreFiles.attributes(url) else { continue }
                    guard let prefix = DiskStoreFiles.readPrefix(url, count: 8),
                        DiskStoreEntry.hasCurrentHeader(prefix, magic: format.entryMagic)
                    else {
                        unlink(url.path)
                        continue
                    }
                    result.records[path] = .init(
                        size: attributes.size, accessed: attributes.modified, expires: .max)
                }
            }
        }
        return result
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970 * 1000
        guard value.isFinite else { return 0 }
        return Int64(max(min(value, 9.2e18), -9.2e18))
    }
}

/// What reading one entry file found.
private enum ReadOutcome<T> {
    case hit(T, expiresAt: Int64)
    case expired
    case invalid(DiskStoreError)
}
