import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP cache (RFC 9111) for ``APIClient``: responses in memory and, given a directory, on
/// disk, each layer held under its size limit by dropping the least recently used entries.
/// Give the same cache to every client that should share it
/// (`APIClient.Configuration(cache:)`).
///
/// ```swift
/// let cache = try HTTPCache(directory: cachesURL.appendingPathComponent("http"))
/// let client = APIClient(configuration: .init(baseURL: api, cache: cache, cacheScope: account.id))
/// // signing out:
/// cache.removeAll(scope: account.id)
/// ```
///
/// **Whose responses are kept where.** A response to a request that carried credentials
/// (any header ``CredentialHeaders`` names) is stored under the client's `cacheScope` (the
/// signed-in account) and only ever answers requests of that scope; without a scope it is
/// stored only when the server marked it `public`. A `private` response is stored under the
/// scope when there is one. ``removeAll(scope:)`` deletes one scope's entries (sign-out).
///
/// **On disk.** Each entry is one file named by the SHA-256 of its partition and URL (never
/// the URL itself), written to a temporary file and renamed into place, `0600` in `0700`
/// folders, ending with a SHA-256 of its contents: a torn or altered file is deleted and
/// read as a miss. `Vary`-selected request headers are kept only as hashes; `Set-Cookie` is
/// never kept.
public final class HTTPCache: Sendable {
    /// Whose stored responses these are.
    package enum Partition: Hashable, Sendable {
        /// Anyone's: responses to requests without credentials, and `public` ones.
        case shared
        /// One credential scope's (a signed-in account).
        case scope(String)

        /// The partition's folder name: a hash, so no account id is written in clear.
        var folder: String {
            switch self {
            case .shared: return "shared"
            case .scope(let id): return "s-" + SHA256.hex("keel.http-cache.scope\u{0}" + id)
            }
        }
    }

    private struct MemoryEntry {
        var response: StoredResponse
        var cost: Int
        var tick: UInt64
    }

    private struct DiskRecord {
        var size: Int
        var tick: UInt64
    }

    private struct State {
        var memory: [String: MemoryEntry] = [:]
        var memorySize = 0
        var disk: [String: DiskRecord] = [:]
        var diskSize = 0
        var tick: UInt64 = 0
        /// Keys with a background revalidation under way (one at a time per entry).
        var revalidating: Set<String> = []
    }

    /// The folder entries are written to; `nil` for a memory-only cache.
    package let directory: URL?
    /// The most bytes kept in memory.
    package let memoryCapacity: Int
    /// The most bytes kept on disk.
    package let diskCapacity: Int
    /// Whether this cache is shared between users (RFC 9111's shared cache: honours
    /// `s-maxage`, never stores `private`); an app's cache is private.
    package let isShared: Bool
    /// Wall-clock time (dates in headers are compared with it).
    package let now: @Sendable () -> Date
    private let state = Locked(State())

    /// A cache keeping up to `memoryCapacity` bytes in memory and, when `directory` is given,
    /// up to `diskCapacity` bytes in files there (created `0700` if missing).
    ///
    /// - Throws: ``HTTPCacheError`` when the directory cannot be created or is not a folder.
    public convenience init(
        directory: URL?, memoryCapacity: Int = 10 << 20, diskCapacity: Int = 100 << 20
    ) throws {
        try self.init(
            directory: directory, memoryCapacity: memoryCapacity, diskCapacity: diskCapacity, shared: false,
            now: { Date() })
    }

    /// A cache with an injected clock, optionally acting as a shared cache.
    package init(
        directory: URL?, memoryCapacity: Int = 10 << 20, diskCapacity: Int = 100 << 20, shared: Bool,
        now: @escaping @Sendable () -> Date
    ) throws {
        self.directory = directory
        self.memoryCapacity = max(0, memoryCapacity)
        self.diskCapacity = max(0, diskCapacity)
        isShared = shared
        self.now = now
        if let directory {
            try Self.ensureDirectory(directory)
            state.withLock { $0 = Self.scan(directory) }
        }
    }

    // MARK: Lookup and storage

    /// The response stored for `url` in `partition`, from memory or disk; a corrupt file is
    /// deleted and reported as `nil`.
    package func response(for url: URL, in partition: Partition) -> StoredResponse? {
        let key = Self.key(url, partition)
        if let hit = state.withLock({ state -> StoredResponse? in
            guard var entry = state.memory[key] else { return nil }
            state.tick &+= 1
            entry.tick = state.tick
            state.memory[key] = entry
            return entry.response
        }) {
            return hit
        }
        guard let directory else { return nil }
        let path = Self.relativePath(key, partition)
        let file = directory.appendingPathComponent(path)
        guard
            let data = try? POSIXFiles.readRegularFile(atPath: file.path, maximumBytes: max(diskCapacity, 1)),
            data.isEmpty == false
        else {
            state.withLock { state in
                if let record = state.disk.removeValue(forKey: path) { state.diskSize -= record.size }
            }
            return nil
        }
        guard let response = HTTPCacheFile.decode(data, key: key) else {
            unlink(file.path)
            state.withLock { state in
                if let record = state.disk.removeValue(forKey: path) { state.diskSize -= record.size }
            }
            return nil
        }
        state.withLock { state in
            state.tick &+= 1
            state.disk[path]?.tick = state.tick
            Self.insertInMemory(&state, key: key, response: response, capacity: memoryCapacity)
        }
        return response
    }

    /// Stores `response` for `url` in `partition`, replacing what was there.
    package func store(_ response: StoredResponse, for url: URL, in partition: Partition) {
        let key = Self.key(url, partition)
        var evicted: [String] = []
        state.withLock { state in
            Self.insertInMemory(&state, key: key, response: response, capacity: memoryCapacity)
        }
        guard let directory else { return }
        let data = HTTPCacheFile.encode(response, key: key)
        let path = Self.relativePath(key, partition)
        guard data.count <= diskCapacity else {
            // Too large for the disk layer: an older file for the key must not outlive it.
            state.withLock { state in
                if let record = state.disk.removeValue(forKey: path) { state.diskSize -= record.size }
            }
            unlink(directory.appendingPathComponent(path).path)
            return
        }
        let folder = directory.appendingPathComponent(partition.folder, isDirectory: true)
        do {
            try Self.ensureDirectory(folder)
            try POSIXFiles.replace(
                directory.appendingPathComponent(path), with: data, mode: 0o600, durable: false)
        } catch {
            // A cache that cannot write is a cache that misses: the call goes on.
            return
        }
        state.withLock { state in
            state.tick &+= 1
            if let old = state.disk.updateValue(DiskRecord(size: data.count, tick: state.tick), forKey: path)
            {
                state.diskSize -= old.size
            }
            state.diskSize += data.count
            while state.diskSize > diskCapacity,
                let oldest = state.disk.min(by: { $0.value.tick < $1.value.tick })
            {
                state.disk.removeValue(forKey: oldest.key)
                state.diskSize -= oldest.value.size
                evicted.append(oldest.key)
            }
        }
        for path in evicted { unlink(directory.appendingPathComponent(path).path) }
    }

    /// Deletes what is stored for `url` in `partition`.
    /// Claims the background revalidation of `url` in `partition`: `false` when one is already
    /// under way (stale-while-revalidate sends one request per entry, not one per hit). Pair
    /// with ``endRevalidation(_:in:)``.
    package func beginRevalidation(_ url: URL, in partition: Partition) -> Bool {
        let key = Self.key(url, partition)
        return state.withLock { $0.revalidating.insert(key).inserted }
    }

    /// Ends a revalidation claimed with ``beginRevalidation(_:in:)``.
    package func endRevalidation(_ url: URL, in partition: Partition) {
        let key = Self.key(url, partition)
        _ = state.withLock { $0.revalidating.remove(key) }
    }

    package func remove(_ url: URL, in partition: Partition) {
        let key = Self.key(url, partition)
        let path = Self.relativePath(key, partition)
        state.withLock { state in
            if let entry = state.memory.removeValue(forKey: key) { state.memorySize -= entry.cost }
            if let record = state.disk.removeValue(forKey: path) { state.diskSize -= record.size }
        }
        if let directory { unlink(directory.appendingPathComponent(path).path) }
    }

    /// Deletes every response stored for the credential scope `scope` (call it when that
    /// account signs out).
    public func removeAll(scope: String) {
        remove(partition: .scope(scope))
    }

    /// Deletes every stored response.
    public func removeAll() {
        let folders = state.withLock { state -> [String] in
            let folders = Set(state.disk.keys.compactMap { $0.split(separator: "/").first.map(String.init) })
            state = State()
            return Array(folders)
        }
        guard let directory else { return }
        for folder in folders {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(folder))
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    private func remove(partition: Partition) {
        let prefix = partition.folder + "/"
        let marker = Self.keyPrefix(partition)
        state.withLock { state in
            for (key, entry) in state.memory where key.hasPrefix(marker) {
                state.memory.removeValue(forKey: key)
                state.memorySize -= entry.cost
            }
            for (path, record) in state.disk where path.hasPrefix(prefix) {
                state.disk.removeValue(forKey: path)
                state.diskSize -= record.size
            }
        }
        if let directory {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(partition.folder))
        }
    }

    /// Bytes held in memory and on disk now.
    package var sizes: (memory: Int, disk: Int) {
        state.withLock { ($0.memorySize, $0.diskSize) }
    }

    /// Drops the in-memory layer only (tests: the next lookup reads the disk).
    package func removeAllFromMemory() {
        state.withLock { state in
            state.memory.removeAll()
            state.memorySize = 0
        }
    }

    // MARK: Helpers

    private static func keyPrefix(_ partition: Partition) -> String {
        switch partition {
        case .shared: return "shared\u{0}"
        case .scope(let id): return "scope\u{0}\(id)\u{0}"
        }
    }

    /// The lookup key: partition and URL (the memory layer's key; hashed for the disk).
    static func key(_ url: URL, _ partition: Partition) -> String {
        keyPrefix(partition) + url.absoluteString
    }

    static func relativePath(_ key: String, _ partition: Partition) -> String {
        partition.folder + "/" + SHA256.hex(key)
    }

    private static func insertInMemory(
        _ state: inout State, key: String, response: StoredResponse, capacity: Int
    ) {
        let cost =
            response.body.count + 512
            + response.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        if let old = state.memory.removeValue(forKey: key) { state.memorySize -= old.cost }
        guard cost <= capacity else { return }
        state.tick &+= 1
        state.memory[key] = MemoryEntry(response: response, cost: cost, tick: state.tick)
        state.memorySize += cost
        while state.memorySize > capacity,
            let oldest = state.memory.min(by: { $0.value.tick < $1.value.tick })
        {
            state.memory.removeValue(forKey: oldest.key)
            state.memorySize -= oldest.value.cost
        }
    }

    /// Creates `url` as a `0700` folder, or tightens an existing one.
    private static func ensureDirectory(_ url: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw HTTPCacheError.unusableDirectory(
                    path: url.path, reason: "exists and is not a directory")
            }
        } else {
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw HTTPCacheError.unusableDirectory(path: url.path, reason: error.localizedDescription)
            }
        }
        guard chmod(url.path, 0o700) == 0 else {
            throw HTTPCacheError.unusableDirectory(path: url.path, reason: POSIXFiles.errorText())
        }
    }

    /// The entries already on disk, oldest first by modification time.
    private static func scan(_ directory: URL) -> State {
        var found: [(path: String, size: Int, modified: Date)] = []
        let manager = FileManager.default
        for folder in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] {
            let folderURL = directory.appendingPathComponent(folder)
            for name in (try? manager.contentsOfDirectory(atPath: folderURL.path)) ?? [] {
                let path = folder + "/" + name
                guard name.utf8.count == 64,
                    let attributes = try? manager.attributesOfItem(
                        atPath: folderURL.appendingPathComponent(name).path),
                    (attributes[.type] as? FileAttributeType) == .typeRegular
                else {
                    // A temporary file left by a crash, or something else: not an entry.
                    if name.hasPrefix(".") { unlink(folderURL.appendingPathComponent(name).path) }
                    continue
                }
                let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                found.append((path, size, (attributes[.modificationDate] as? Date) ?? .distantPast))
            }
        }
        var state = State()
        for item in found.sorted(by: { $0.modified < $1.modified }) {
            state.tick &+= 1
            state.disk[item.path] = DiskRecord(size: item.size, tick: state.tick)
            state.diskSize += item.size
        }
        return state
    }
}

/// Why an ``HTTPCache`` could not be opened.
public enum HTTPCacheError: Error, Equatable, Sendable {
    /// The cache folder at `path` could not be created or used; `reason` says why.
    case unusableDirectory(path: String, reason: String)
}
