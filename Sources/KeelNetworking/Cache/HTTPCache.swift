import Foundation
import KeelSupport

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
/// **On disk.** The disk layer is the package's one disk-cache engine (`DiskStore`, which
/// the image cache uses too): each partition is a namespace of its own, a `0700` folder (named
/// by a hash for an account), holding one `0600` file per entry named by the SHA-256 of its
/// URL (never the URL itself), written to a temporary file and renamed into place, carrying
/// that hash and a CRC-32 of its contents: a torn, altered or misplaced file is deleted and
/// read as a miss. Recency lives in the store's index, and several processes may share the
/// folder. `Vary`-selected request headers are kept only as hashes; `Set-Cookie` is never
/// kept.
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

        /// The partition's namespace in the disk store.
        var namespace: DiskStore.Namespace {
            // "shared" and "s-" followed by 64 hex digits are valid folder names.
            DiskStore.Namespace(folder) ?? HTTPCacheFile.format.defaultNamespace
        }
    }

    private struct MemoryEntry {
        var response: StoredResponse
        var cost: Int
        var tick: UInt64
    }

    private struct State {
        var memory: [String: MemoryEntry] = [:]
        var memorySize = 0
        var tick: UInt64 = 0
        /// Keys with a background revalidation under way (one at a time per entry).
        var revalidating: Set<String> = []
        /// Counts ``removeAll()`` calls: a store that began before one is dropped.
        var generation: UInt64 = 0
        /// Counts each scope's ``removeAll(scope:)`` calls (scopes never removed are absent).
        var scopeGenerations: [String: UInt64] = [:]
    }

    /// When a request began, as the removals it must not outlive see it: read with
    /// ``generation(scope:)`` before sending, passed to ``store(_:for:in:generation:)``, which
    /// drops the response when ``removeAll()`` or the scope's ``removeAll(scope:)`` ran since
    /// (an answer arriving after sign-out never writes the account back).
    package struct Generation: Sendable, Equatable {
        /// ``removeAll()`` calls so far.
        let all: UInt64
        /// The scope the request was made for, if any.
        let scope: String?
        /// That scope's ``removeAll(scope:)`` calls so far.
        let scopeRemovals: UInt64
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
    /// The disk layer; `nil` for a memory-only cache.
    private let disk: DiskStore?
    /// Each scope's namespace, so a lookup does not hash the scope again.
    private let namespaces = Locked([String: DiskStore.Namespace]())
    /// Called after each background revalidation has ended, its response stored or dropped
    /// (tests wait for one with it instead of polling).
    package let revalidationEnded = Locked<(@Sendable () -> Void)?>(nil)

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
        guard let directory else {
            disk = nil
            return
        }
        do {
            // Evictions trim to 90 % of the capacity, so a full cache sweeps once per tenth of
            // its size written rather than on every store.
            disk = try DiskStore(
                directory: directory, format: HTTPCacheFile.format,
                configuration: .init(
                    sizeLimit: self.diskCapacity, trimRatio: 0.9, expiry: nil, indexWriteInterval: 32),
                now: now)
        } catch let error as DiskStoreError {
            if case .ioFailed(let path, let reason) = error {
                throw HTTPCacheError.unusableDirectory(path: path, reason: reason)
            }
            throw HTTPCacheError.unusableDirectory(path: directory.path, reason: error.description)
        }
    }

    // MARK: Lookup and storage

    /// The response stored for `url` in `partition`, from memory or disk; a corrupt file is
    /// deleted and reported as `nil`.
    package func response(for url: URL, in partition: Partition) -> StoredResponse? {
        let address = url.absoluteString
        let key = Self.keyPrefix(partition) + address
        if let hit = state.withLock({ state -> StoredResponse? in
            guard let index = state.memory.index(forKey: key) else { return nil }
            state.tick &+= 1
            state.memory.values[index].tick = state.tick
            return state.memory.values[index].response
        }) {
            return hit
        }
        guard let disk,
            let response = disk.read(
                address, in: namespace(partition), decode: HTTPCacheFile.response(fromPayload:))
        else { return nil }
        state.withLock { state in
            Self.insertInMemory(&state, key: key, response: response, capacity: memoryCapacity)
        }
        return response
    }

    /// Stores `response` for `url` in `partition`, replacing what was there. With
    /// `generation` (read when the request began), nothing is kept when a ``removeAll()`` or
    /// ``removeAll(scope:)`` of `partition` has run since.
    package func store(
        _ response: StoredResponse, for url: URL, in partition: Partition, generation: Generation? = nil
    ) {
        let key = Self.key(url, partition)
        let current = state.withLock { state -> Bool in
            if let generation, !Self.isCurrent(generation, for: partition, in: state) { return false }
            Self.insertInMemory(&state, key: key, response: response, capacity: memoryCapacity)
            return true
        }
        guard current else { return }
        // A cache that cannot write is a cache that misses: the call goes on. An entry too large
        // for the disk layer is not written, and an older one for the URL is removed.
        try? disk?.write(HTTPCacheFile.payload(response), for: url.absoluteString, in: namespace(partition))
        // A removal that ran while the file was written may have cleared the folder before it
        // landed: checked again after the write, the entry goes (a removal after this check
        // clears the folder after the write).
        if let generation, !state.withLock({ Self.isCurrent(generation, for: partition, in: $0) }) {
            remove(url, in: partition)
        }
    }

    /// The removals so far that a request for `scope` (its credential scope, if any) must not
    /// outlive: pass it to ``store(_:for:in:generation:)``.
    package func generation(scope: String?) -> Generation {
        state.withLock { state in
            Generation(
                all: state.generation, scope: scope,
                scopeRemovals: scope.flatMap { state.scopeGenerations[$0] } ?? 0)
        }
    }

    /// Whether no removal of `partition` has run since `generation` was read.
    private static func isCurrent(_ generation: Generation, for partition: Partition, in state: State) -> Bool
    {
        guard generation.all == state.generation else { return false }
        switch partition {
        case .shared:
            return true
        case .scope(let id):
            return id == generation.scope && generation.scopeRemovals == state.scopeGenerations[id] ?? 0
        }
    }

    /// Claims the background revalidation of `url` in `partition`: `false` when one is already
    /// under way (stale-while-revalidate sends one request per entry, not one per hit). Pair
    /// with ``endRevalidation(_:in:)``.
    package func beginRevalidation(_ url: URL, in partition: Partition) -> Bool {
        let key = Self.key(url, partition)
        return state.withLock { $0.revalidating.insert(key).inserted }
    }

    /// Whether a background revalidation is under way (tests wait for it to end).
    package var isRevalidating: Bool { state.withLock { !$0.revalidating.isEmpty } }

    /// Ends a revalidation claimed with ``beginRevalidation(_:in:)``.
    package func endRevalidation(_ url: URL, in partition: Partition) {
        let key = Self.key(url, partition)
        _ = state.withLock { $0.revalidating.remove(key) }
        revalidationEnded.current?()
    }

    /// Deletes what is stored for `url` in `partition`.
    package func remove(_ url: URL, in partition: Partition) {
        let key = Self.key(url, partition)
        state.withLock { state in
            if let entry = state.memory.removeValue(forKey: key) { state.memorySize -= entry.cost }
        }
        disk?.remove(url.absoluteString, in: namespace(partition))
    }

    /// Deletes every response stored for the credential scope `scope` (call it when that
    /// account signs out).
    /// A request for that scope still in flight (a call, a background revalidation) stores
    /// nothing when it is answered.
    public func removeAll(scope: String) {
        remove(partition: .scope(scope))
    }

    /// Deletes every stored response. A request still in flight stores nothing when it is
    /// answered.
    public func removeAll() {
        state.withLock { state in
            let generation = state.generation &+ 1
            state = State()
            state.generation = generation
        }
        try? disk?.removeAll()
    }

    private func remove(partition: Partition) {
        let marker = Self.keyPrefix(partition)
        state.withLock { state in
            if case .scope(let id) = partition { state.scopeGenerations[id, default: 0] &+= 1 }
            for (key, entry) in state.memory where key.hasPrefix(marker) {
                state.memory.removeValue(forKey: key)
                state.memorySize -= entry.cost
            }
        }
        try? disk?.removeAll(in: namespace(partition))
    }

    /// Bytes held in memory and on disk now.
    package var sizes: (memory: Int, disk: Int) {
        (state.withLock { $0.memorySize }, disk?.totalSize ?? 0)
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

    /// The disk store's namespace for `partition` (a scope's is a hash, computed once).
    private func namespace(_ partition: Partition) -> DiskStore.Namespace {
        switch partition {
        case .shared: return HTTPCacheFile.format.defaultNamespace
        case .scope(let id):
            if let known = namespaces.withLock({ $0[id] }) { return known }
            let namespace = partition.namespace
            namespaces.withLock { map in
                if map.count >= 256 { map.removeAll() }
                map[id] = namespace
            }
            return namespace
        }
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
}

/// Why an ``HTTPCache`` could not be opened.
public enum HTTPCacheError: Error, Equatable, Sendable {
    /// The cache folder at `path` could not be created or used; `reason` says why.
    case unusableDirectory(path: String, reason: String)
}
