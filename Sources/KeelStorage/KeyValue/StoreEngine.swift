import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared core of every key-value store: an in-memory cache of namespaces with decoded
/// values, change observers, and coalesced persistence through a ``StorePersistence``.
final class StoreEngine: @unchecked Sendable {
    private struct Entry {
        var fragment: Data
        var decoded: (any Sendable)?
    }

    private struct Namespace {
        var entries: [String: Entry] = [:]
        var dirty: [String: Data?] = [:]
    }

    private struct Observer {
        let deliver: @Sendable (Data?, (any Sendable)?) -> Void
    }

    private struct State {
        var namespaces: [StoreNamespace: Namespace] = [:]
        var failures: [StoreNamespace: StoreError] = [:]
        var observers: [String: [UInt64: Observer]] = [:]
        var nextObserverID: UInt64 = 0
        var flushScheduled = false
        var lastBackgroundError: StoreError?
        /// The thread running ``StoreEngine/transact(_:)``, so a step calling back into the
        /// store is refused instead of deadlocking.
        var migratingThread: pthread_t?
    }

    // Invariant: `state` is only touched inside `state.withLock`; every commit to the
    // persistence runs inside `commits.withLock`, so namespaces reach it in the order they
    // were changed.
    private let state = Locked(State())
    private let commits = Locked()
    // Held by `store` around each change and by a migration for its whole run: a change made
    // while a migration runs waits for it instead of being wiped by the migration's result.
    private let writes = Locked()
    /// Called when a change is about to wait for a running migration (tests).
    let writeWaitHook = Locked<(@Sendable () -> Void)?>(nil)
    let persistence: (any StorePersistence)?
    private let coalescing: Duration
    private let clock: any Clock<Duration>
    private let encoder = StoreCoding.makeEncoder()
    private let decoder = StoreCoding.makeDecoder()

    init(persistence: (any StorePersistence)?, coalescing: Duration, clock: any Clock<Duration>) {
        self.persistence = persistence
        self.coalescing = coalescing
        self.clock = clock
    }

    deinit {
        try? flush()
    }

    // MARK: - Reading

    func value<Value: Codable & Sendable>(for key: StoreKey<Value>) throws -> Value {
        let found: Entry? = try state.withLock { state in
            try loadIfNeeded(key.namespace, &state)
            return state.namespaces[key.namespace]?.entries[key.name]
        }
        guard let found else { return key.defaultValue }
        // Unwrap first: `nil as? Optional<T>` would succeed and hide the stored value.
        if let decoded = found.decoded, let value = decoded as? Value { return value }
        let value = try decode(Value.self, from: found.fragment, key: key.name, namespace: key.namespace)
        state.withLock { state in
            if state.namespaces[key.namespace]?.entries[key.name]?.fragment == found.fragment {
                state.namespaces[key.namespace]?.entries[key.name]?.decoded = value
            }
        }
        return value
    }

    func contains(_ name: String, in namespace: StoreNamespace) throws -> Bool {
        try state.withLock { state in
            try loadIfNeeded(namespace, &state)
            return state.namespaces[namespace]?.entries[name] != nil
        }
    }

    func keys(in namespace: StoreNamespace) throws -> [String] {
        try state.withLock { state in
            try loadIfNeeded(namespace, &state)
            return state.namespaces[namespace]?.entries.keys.sorted() ?? []
        }
    }

    // MARK: - Writing

    func set<Value: Codable & Sendable>(_ value: Value, for key: StoreKey<Value>) throws {
        let fragment = try encode(value, key: key.name)
        try store(fragment, decoded: value, name: key.name, namespace: key.namespace)
    }

    func remove(_ name: String, in namespace: StoreNamespace) throws {
        try store(nil, decoded: nil, name: name, namespace: namespace)
    }

    private func store(_ fragment: Data?, decoded: (any Sendable)?, name: String, namespace: StoreNamespace)
        throws
    {
        guard !name.isEmpty else { throw StoreError.invalidName(name, reason: "a key needs a name") }
        try persistence?.validate(key: name, in: namespace)
        try refuseInsideMigration(namespace)
        if state.withLock({ $0.migratingThread != nil }) { writeWaitHook.withLock { $0 }?() }
        let observers: [Observer] = try writes.withLock {
            try state.withLock { state in
                try loadIfNeeded(namespace, &state)
                let old = state.namespaces[namespace]?.entries[name]?.fragment
                if let fragment {
                    state.namespaces[namespace, default: Namespace()].entries[name] = Entry(
                        fragment: fragment, decoded: decoded)
                } else {
                    state.namespaces[namespace]?.entries[name] = nil
                }
                // Written even when the cache already holds this value: the cache may be stale
                // (another process or instance may have committed since), and the last writer
                // must win on disk too. Equality only spares the observers.
                if persistence != nil {
                    state.namespaces[namespace, default: Namespace()].dirty[name] = .some(fragment)
                }
                guard old != fragment else { return [] }
                return Array(state.observers[Self.observerKey(name, namespace), default: [:]].values)
            }
        }
        for observer in observers { observer.deliver(fragment, decoded) }
        scheduleFlush()
    }

    /// Refuses a change made from inside a migration step on the migrating thread: it would
    /// wait for the migration forever (the step must change the ``MigrationContext`` instead).
    private func refuseInsideMigration(_ namespace: StoreNamespace) throws {
        guard isMigratingOnCurrentThread else { return }
        throw StoreError.writeFailed(
            file: persistence?.location(of: namespace) ?? "memory",
            reason: "the store is migrating on this thread; a migration step changes its MigrationContext")
    }

    /// Whether the calling thread is running this store's migration (its steps must not call
    /// back into the store's writing operations, which wait for the migration).
    var isMigratingOnCurrentThread: Bool {
        state.withLock { state in
            state.migratingThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
    }

    // MARK: - Observation

    func updates<Value: Codable & Sendable>(for key: StoreKey<Value>) -> AsyncStream<Value> {
        var captured: AsyncStream<Value>.Continuation?
        let stream = AsyncStream<Value>(bufferingPolicy: .unbounded) { captured = $0 }
        guard let continuation = captured else { return stream }
        let decoder = self.decoder
        let last = Locked<Data??>(nil)
        let deliver: @Sendable (Data?, (any Sendable)?) -> Void = { fragment, decoded in
            // Never repeat an unchanged value.
            let changed = last.withLock { last -> Bool in
                if case .some(let previous) = last, previous == fragment { return false }
                last = .some(fragment)
                return true
            }
            guard changed else { return }
            if fragment == nil {
                continuation.yield(key.defaultValue)
            } else if let decoded, let value = decoded as? Value {
                continuation.yield(value)
            } else if let fragment, let value = try? decoder.decode(Value.self, from: fragment) {
                continuation.yield(value)
            }
        }
        let observerKey = Self.observerKey(key.name, key.namespace)
        let registration: (UInt64, Entry?)? = state.withLock { state in
            guard (try? loadIfNeeded(key.namespace, &state)) != nil else { return nil }
            let id = state.nextObserverID
            state.nextObserverID += 1
            state.observers[observerKey, default: [:]][id] = Observer(deliver: deliver)
            return (id, state.namespaces[key.namespace]?.entries[key.name])
        }
        guard let (id, current) = registration else {
            continuation.finish()
            return stream
        }
        deliver(current?.fragment, current?.decoded)
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                state.observers[observerKey]?[id] = nil
                if state.observers[observerKey]?.isEmpty == true { state.observers[observerKey] = nil }
            }
        }
        return stream
    }

    /// How many observers are registered (for tests of release on cancellation).
    var observerCount: Int {
        state.withLock { $0.observers.values.reduce(0) { $0 + $1.count } }
    }

    // MARK: - Persistence

    /// Writes every pending change now.
    ///
    /// - Throws: ``StoreError/writeFailed(file:reason:)``; the changes stay pending and the
    ///   previous data on disk is intact.
    func flush() throws {
        guard let persistence else { return }
        try refuseInsideMigration(.default)
        try commits.withLock { try flushLocked(persistence) }
    }

    /// ``flush()`` for a caller holding `commits`, through `persistence` (which may be one
    /// already holding the cross-process lock).
    private func flushLocked(_ persistence: any StorePersistence) throws {
        let pending: [(StoreNamespace, [String: Data?])] = state.withLock { state in
            state.flushScheduled = false
            var pending: [(StoreNamespace, [String: Data?])] = []
            for (name, namespace) in state.namespaces where !namespace.dirty.isEmpty {
                pending.append((name, namespace.dirty))
                state.namespaces[name]?.dirty = [:]
            }
            return pending
        }
        var firstError: (any Error)?
        for (namespace, changes) in pending {
            do {
                let stored = try persistence.commit(namespace, changes: changes)
                merge(stored, into: namespace)
            } catch {
                // Keep the changes pending, unless they were changed again meanwhile.
                state.withLock { state in
                    for (name, fragment) in changes where state.namespaces[namespace]?.dirty[name] == nil {
                        state.namespaces[namespace]?.dirty[name] = .some(fragment)
                    }
                }
                firstError = firstError ?? error
            }
        }
        if let firstError { throw firstError }
    }

    /// The error of the last coalesced background flush, if it failed.
    var lastBackgroundError: StoreError? {
        state.withLock { $0.lastBackgroundError }
    }

    private func scheduleFlush() {
        guard persistence != nil else { return }
        let schedule = state.withLock { state -> Bool in
            if state.flushScheduled { return false }
            state.flushScheduled = true
            return true
        }
        guard schedule else { return }
        let clock = self.clock
        let delay = coalescing
        Task { [weak self] in
            try? await KeelSupport.sleep(for: delay, on: clock)
            guard let self else { return }
            do {
                try self.flush()
                self.state.withLock { $0.lastBackgroundError = nil }
            } catch {
                self.state.withLock { $0.lastBackgroundError = error as? StoreError }
            }
        }
    }

    /// Takes in what another process stored meanwhile, notifying observers of changed keys.
    private func merge(_ stored: [String: Data], into namespace: StoreNamespace) {
        let notifications: [(Observer, Data?)] = state.withLock { state in
            var current = state.namespaces[namespace] ?? Namespace()
            var notifications: [(Observer, Data?)] = []
            let names = Set(stored.keys).union(current.entries.keys)
            for name in names where current.dirty[name] == nil {
                let new = stored[name]
                guard current.entries[name]?.fragment != new else { continue }
                current.entries[name] = new.map { Entry(fragment: $0, decoded: nil) }
                for observer in state.observers[Self.observerKey(name, namespace), default: [:]].values {
                    notifications.append((observer, new))
                }
            }
            state.namespaces[namespace] = current
            return notifications
        }
        for (observer, fragment) in notifications { observer.deliver(fragment, nil) }
    }

    /// Drops the cache of `namespace` so the next access reads it from the persistence again.
    func invalidate(_ namespace: StoreNamespace) {
        state.withLock { state in
            state.namespaces[namespace] = nil
            state.failures[namespace] = nil
        }
    }

    /// Re-reads `namespace` from the persistence (to see other processes' writes) without losing
    /// changes still waiting to be written: a namespace with pending changes is read now and
    /// merged (pending names keep their values, observers of changed keys are notified); one
    /// without is dropped from the cache and read again on next access. When the re-read of a
    /// namespace with pending changes fails, the cache and its pending changes stay as they
    /// are, and the next flush reports the failure.
    func refresh(_ namespace: StoreNamespace) {
        guard let persistence, !isMigratingOnCurrentThread else { return }
        commits.withLock {
            // Checked and dropped under one lock: a `set` landing in between would be dropped
            // with the cache, accepted and never written.
            let dropped = state.withLock { state -> Bool in
                guard state.namespaces[namespace]?.dirty.isEmpty ?? true else { return false }
                state.namespaces[namespace] = nil
                state.failures[namespace] = nil
                return true
            }
            guard !dropped else { return }
            guard let stored = try? persistence.load(namespace) else { return }
            merge(stored, into: namespace)
        }
    }

    /// The namespaces currently cached.
    var cachedNamespaces: [StoreNamespace] {
        state.withLock { Array($0.namespaces.keys) }
    }

    /// Runs a migration as one change: with every write of this instance held off, its pending
    /// changes committed and (for files) the store's cross-process lock held throughout, reads
    /// every namespace as stored, passes them to `transform`, and replaces the namespaces it
    /// returns, in order (the last one last), before the cache takes them in.
    ///
    /// A `set` from another thread waits until the migration is done, then lands on the
    /// migrated data; another process's commit waits for the lock, so it is neither lost nor
    /// read half-migrated.
    func transact(
        _ transform: ([StoreNamespace: [String: Data]]) throws -> [(StoreNamespace, [String: Data])]
    ) throws {
        try refuseInsideMigration(.keelMetadata)
        try writes.withLock {
            state.withLock { $0.migratingThread = pthread_self() }
            defer { state.withLock { $0.migratingThread = nil } }
            try commits.withLock {
                guard let persistence else {
                    let snapshot = state.withLock { state in
                        state.namespaces.mapValues { $0.entries.mapValues(\.fragment) }
                    }
                    let changes = try transform(snapshot)
                    for (namespace, members) in changes { merge(members, into: namespace) }
                    return
                }
                try persistence.exclusively { locked in
                    try flushLocked(locked)
                    var names = Set(try locked.namespaces())
                    names.formUnion(state.withLock { Array($0.namespaces.keys) })
                    var snapshot: [StoreNamespace: [String: Data]] = [:]
                    for namespace in names {
                        if let failure = state.withLock({ $0.failures[namespace] }) { throw failure }
                        // Read as stored now, under the lock: the cache may miss another
                        // process's commits.
                        let members = try locked.load(namespace)
                        merge(members, into: namespace)
                        snapshot[namespace] = members
                    }
                    let changes = try transform(snapshot)
                    guard !changes.isEmpty else { return }
                    try locked.replace(changes)
                    for (namespace, members) in changes { merge(members, into: namespace) }
                }
            }
        }
    }

    // MARK: - Helpers

    private func loadIfNeeded(_ namespace: StoreNamespace, _ state: inout State) throws {
        if state.namespaces[namespace] != nil { return }
        if let failure = state.failures[namespace] { throw failure }
        guard let persistence else {
            state.namespaces[namespace] = Namespace()
            return
        }
        do {
            let members = try persistence.load(namespace)
            state.namespaces[namespace] = Namespace(
                entries: members.mapValues { Entry(fragment: $0, decoded: nil) })
        } catch let error as StoreError {
            // Only what stays wrong until someone acts is remembered: a corrupt file (until
            // it is quarantined) and a name the persistence refuses. A failed read (no
            // permission before first unlock, too many open files, a file briefly too large)
            // is tried again by the next access.
            switch error {
            case .corruptFile, .invalidName: state.failures[namespace] = error
            default: break
            }
            throw error
        }
    }

    private func encode<Value: Encodable>(_ value: Value, key: String) throws -> Data {
        do {
            return try encoder.encode(value)
        } catch {
            throw StoreError.encodingFailed(key: key, reason: Self.describeEncoding(error))
        }
    }

    private func decode<Value: Decodable>(
        _ type: Value.Type, from fragment: Data, key: String, namespace: StoreNamespace
    ) throws -> Value {
        do {
            return try decoder.decode(type, from: fragment)
        } catch {
            throw StoreError.typeMismatch(
                key: key, file: persistence?.location(of: namespace) ?? "memory",
                reason: "expected \(Value.self): \(Self.describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                .dataCorrupted(let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
            @unknown default:
                return "\(decoding)"
            }
        }
        return "\(error)"
    }

    /// Why encoding failed, without the value: `EncodingError.invalidValue` carries the value
    /// itself (for a secret, the secret), so only its type, the coding path and the encoder's
    /// explanation are told; any other error is named by its type.
    static func describeEncoding(_ error: any Error) -> String {
        guard let encoding = error as? EncodingError else { return "\(type(of: error))" }
        switch encoding {
        case .invalidValue(let value, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let at = path.isEmpty ? "" : " at \(path)"
            return "invalid \(type(of: value))\(at): \(context.debugDescription)"
        @unknown default:
            return "\(type(of: encoding))"
        }
    }

    private static func observerKey(_ name: String, _ namespace: StoreNamespace) -> String {
        namespace.rawValue + "\u{0}" + name
    }
}
