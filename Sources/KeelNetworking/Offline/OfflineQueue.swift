import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Writes that wait for the network: requests the app marks as deferrable (`POST /messages`)
/// are kept in the app's store, in order, and sent once each when the device's path is
/// satisfied.
///
/// ```swift
/// let outbox = try OfflineQueue(
///     client: client, store: FileOfflineQueueStore(file: supportURL.appendingPathComponent("outbox.json")),
///     monitor: NetworkMonitor())
/// await outbox.start()
/// let id = try await outbox.enqueue(Endpoint<Void>(.post, "messages", body: .json(draft)))
/// for await outcome in await outbox.outcomes() { … }   // .delivered(id) or .failed(id, reason)
/// ```
///
/// - Each request carries an `Idempotency-Key` header, fixed when it is enqueued and the same
///   on every attempt, so a server can drop a repeat after a lost response.
/// - The store (``OfflineQueueStore``: the app's own, or ``FileOfflineQueueStore``) survives
///   relaunches: a new queue over the same store carries on. Credential headers are not
///   written to it: the client's interceptors and default headers add them when the request
///   is sent.
/// - Requests go strictly in order. A failure ``RetryPolicy`` would retry — a lost, refused or
///   timed-out connection, or a 408, 429, 500, 502, 503 or 504 answer — costs one of the
///   request's `retryBudget` attempts and ends the pass (the next one starts when the path is
///   satisfied again); the budget spent, the request fails with
///   ``OfflineQueueFailure/retryBudgetExhausted(attempts:lastError:)``. Any other status
///   (a 4xx, `501`, `505`) fails it at once with ``OfflineQueueFailure/rejected(status:)``, and
///   any other error (a bad URL, an untrusted certificate) at once with
///   ``OfflineQueueFailure/retryBudgetExhausted(attempts:lastError:)`` counting the attempts made.
/// - A request enqueued for one credential scope (`currentScope()` when enqueued: the signed-in
///   account; by default the client's `cacheScope`) is never sent for another: it fails with
///   ``OfflineQueueFailure/scopeChanged``.
public actor OfflineQueue {
    /// How a queued request ended.
    public enum Outcome: Sendable, Equatable {
        /// The server accepted it.
        case delivered(UUID)
        /// It will not be sent again; the failure says why.
        case failed(UUID, OfflineQueueFailure)
    }

    /// A request as the store keeps it.
    package struct Record: Codable, Sendable, Equatable {
        package var id: UUID
        package var idempotencyKey: String
        package var method: String
        package var url: URL
        package var headers: [String: String]
        package var body: Data?
        package var scope: String?
        package var attempts: Int
    }

    private let client: APIClient
    private let store: any OfflineQueueStore
    private let monitor: NetworkMonitor
    private let retryBudget: Int
    private let currentScope: @Sendable () -> String?
    /// The most bytes the saved queue may take: what the store reads back (a
    /// ``FileOfflineQueueStore``'s `maximumBytes`; 256 MiB for the app's own stores).
    private let maximumStoreBytes: Int
    private let broadcaster = Broadcaster<Outcome>()
    private var records: [Record]
    /// The tasks replaying on a satisfied path and after enqueues, while started.
    private var watchers: [Task<Void, Never>] = []
    /// Wakes the second watcher after an enqueue (while started).
    private var wake: AsyncStream<Void>.Continuation?
    private var replaying = false
    /// The request being sent now (it can no longer be cancelled).
    private var inFlight: UUID?

    /// A queue sending through `client`, kept in `store`, replaying when `monitor` reports a
    /// satisfied path; each request gets `retryBudget` attempts. `currentScope` names the
    /// signed-in account (`nil` when none); by default the client's `cacheScope`.
    ///
    /// - Throws: ``OfflineQueueFailure/unreadableStore(reason:)`` when the store cannot be read
    ///   or holds something that is not a queue (it is left untouched).
    public init(
        client: APIClient, store: any OfflineQueueStore, monitor: NetworkMonitor, retryBudget: Int = 5,
        currentScope: (@Sendable () -> String?)? = nil
    ) throws {
        self.client = client
        self.store = store
        self.monitor = monitor
        self.retryBudget = max(1, retryBudget)
        let clientScope = client.configuration.cacheScope
        self.currentScope = currentScope ?? { clientScope }
        maximumStoreBytes =
            (store as? FileOfflineQueueStore)?.maximumBytes ?? FileOfflineQueueStore.defaultMaximumBytes
        records = try Self.load(store)
    }

    /// Adds `endpoint` to the end of the queue and returns its id. It is sent on the next
    /// pass (at once when ``start()`` is in effect and the path is satisfied).
    ///
    /// The saved queue is bounded by what its store reads back (256 MiB by default): a request
    /// that would take it past that is refused here rather than written as a store the next
    /// launch could not read (which would lose every queued request).
    ///
    /// - Throws: ``APIError`` when the request cannot be built (a file or multipart body
    ///   streamed from disk cannot be queued), or as ``APIError/invalidRequest(field:reason:)``
    ///   when the queue with it would be larger than its store holds, or when its URL carries a
    ///   credential (user info, or a query item such as `access_token`) that the outbox would
    ///   keep in clear;
    ///   ``OfflineQueueFailure/unreadableStore(reason:)`` when the store cannot be written
    ///   (nothing is queued then).
    @discardableResult
    public func enqueue(_ endpoint: Endpoint<Void>) async throws -> UUID {
        let prepared = try await RequestBuilder(client: client).build(
            endpoint, timeout: endpoint.timeout ?? client.configuration.timeout)
        let body: Data?
        switch prepared.body {
        case .none: body = nil
        case .data(let data): body = data
        case .file(let url):
            if let temporary = prepared.temporaryFile { try? FileManager.default.removeItem(at: temporary) }
            throw APIError.invalidRequest(
                field: "body", reason: "a body streamed from \(url.lastPathComponent) cannot be queued")
        }
        guard let url = prepared.request.url else {
            throw APIError.invalidRequest(field: "path", reason: "the request has no URL")
        }
        // Credential headers are left out of the record below; a credential in the URL cannot
        // be, and the outbox would keep it in clear.
        if CachedExchange.hasUserInfo(url) || CachedExchange.hasCredentialQuery(url) {
            throw APIError.invalidRequest(
                field: "url",
                reason:
                    "a credential in the URL (user info or a query item such as access_token) would be "
                    + "saved in the outbox: send it in a header an interceptor adds when the request is sent")
        }
        let headers = (prepared.request.allHTTPHeaderFields ?? [:]).filter {
            !client.configuration.credentialHeaders.contains($0.key)
        }
        let record = Record(
            id: UUID(), idempotencyKey: UUID().uuidString, method: prepared.request.httpMethod ?? "POST",
            url: url,
            headers: headers, body: body, scope: currentScope(), attempts: 0)
        let encoded = try encode(records + [record])
        guard encoded.count <= maximumStoreBytes else {
            throw APIError.invalidRequest(
                field: "body",
                reason:
                    "the queue with this request would take \(encoded.count) bytes, more than the \(maximumStoreBytes) its store holds"
            )
        }
        try write(encoded)
        records.append(record)
        wake?.yield()
        return record.id
    }

    /// Removes a request that has not been sent yet; `false` when it is not queued or is being
    /// sent at this moment (its outcome still arrives).
    ///
    /// - Throws: ``OfflineQueueFailure/unreadableStore(reason:)`` when the store cannot be
    ///   written (the request stays queued).
    @discardableResult
    public func cancel(_ id: UUID) throws -> Bool {
        guard id != inFlight, records.contains(where: { $0.id == id }) else { return false }
        let remaining = records.filter { $0.id != id }
        try save(remaining)
        records = remaining
        return true
    }

    /// The ids of the requests waiting, in the order they will be sent.
    public var pending: [UUID] { records.map(\.id) }

    /// Every outcome from now on.
    public func outcomes() -> AsyncStream<Outcome> {
        broadcaster.stream()
    }

    /// Starts replaying whenever the monitor reports a satisfied path (and at once, if it is),
    /// and after each ``enqueue(_:)`` while the path is satisfied.
    public func start() {
        guard watchers.isEmpty else { return }
        let paths = monitor.paths()
        // `AsyncStream.makeStream` is iOS 17+: capture the continuation the iOS 16 way.
        var captured: AsyncStream<Void>.Continuation?
        let wakeups = AsyncStream<Void>(bufferingPolicy: .bufferingNewest(1)) { captured = $0 }
        wake = captured
        watchers = [
            Task { [weak self] in
                for await path in paths where path.status == .satisfied { await self?.replay() }
            },
            Task { [weak self] in
                for await _ in wakeups { await self?.replayIfOnline() }
            },
        ]
    }

    /// Stops replaying and returns when the pass under way has ended: a request being sent is
    /// cancelled and stays first in the queue, its retry budget untouched.
    public func stop() async {
        wake?.finish()
        wake = nil
        let stopping = watchers
        watchers = []
        for watcher in stopping { watcher.cancel() }
        for watcher in stopping { await watcher.value }
    }

    private func replayIfOnline() async {
        if await monitor.currentPath().status == .satisfied { await replay() }
    }

    /// One pass: sends the queued requests in order until one must wait for the network.
    package func replay() async {
        guard !replaying else { return }
        replaying = true
        defer { replaying = false }
        while let record = records.first, !Task.isCancelled {
            let scope = currentScope()
            guard record.scope == scope else {
                finish(record, .failed(record.id, .scopeChanged))
                continue
            }
            var headers = record.headers
            headers["Idempotency-Key"] = record.idempotencyKey
            let endpoint = Endpoint<Void>(
                HTTPMethod(rawValue: record.method), target: .url(record.url), headers: headers,
                body: record.body.map {
                    .data($0, contentType: headers.header("Content-Type") ?? "application/octet-stream")
                }
                    ?? .none,
                isIdempotent: true, cachePolicy: .networkOnly, decoding: .ignoringBody)
            inFlight = record.id
            do {
                try await client.send(endpoint)
                inFlight = nil
                finish(record, .delivered(record.id))
            } catch {
                inFlight = nil
                // Stopped (the client reports a cancelled transfer as APIError.cancelled): the
                // request stays first, its budget untouched.
                if error is CancellationError || Task.isCancelled { return }
                let status = (error as? APIError)?.statusCode
                // A transfer cancelled while the queue was not stopped is tried again; anything
                // else is transient exactly when the retry policy's rules say so (a 501 or an
                // untrusted certificate is final).
                var cancelledTransfer = false
                if case .cancelled = error as? APIError { cancelledTransfer = true }
                let transient = cancelledTransfer || TransientFailures.standard.isTransient(error)
                guard transient else {
                    let failure: OfflineQueueFailure =
                        status.map { .rejected(status: $0) }
                        ?? .retryBudgetExhausted(attempts: record.attempts + 1, lastError: "\(error)")
                    finish(record, .failed(record.id, failure))
                    continue
                }
                var updated = record
                updated.attempts += 1
                if updated.attempts >= retryBudget {
                    finish(
                        record,
                        .failed(
                            record.id,
                            .retryBudgetExhausted(attempts: updated.attempts, lastError: "\(error)")))
                    continue
                }
                let next = records.map { $0.id == record.id ? updated : $0 }
                try? save(next)
                records = next
                return
            }
        }
    }

    private func finish(_ record: Record, _ outcome: Outcome) {
        let remaining = records.filter { $0.id != record.id }
        // A failed write keeps the record on disk: it is sent again after a relaunch (the
        // idempotency key lets the server drop the repeat) rather than lost.
        try? save(remaining)
        records = remaining
        broadcaster.yield(outcome)
    }

    private func save(_ records: [Record]) throws {
        try write(try encode(records))
    }

    /// The bytes the store keeps for `records`.
    private func encode(_ records: [Record]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            return try encoder.encode(records)
        } catch {
            throw OfflineQueueFailure.unreadableStore(reason: "\(error)")
        }
    }

    /// Hands `data` to the store.
    private func write(_ data: Data) throws {
        do {
            try store.saveQueue(data)
        } catch let failure as OfflineQueueFailure {
            throw failure
        } catch {
            throw OfflineQueueFailure.unreadableStore(reason: "\(error)")
        }
    }

    private static func load(_ store: any OfflineQueueStore) throws -> [Record] {
        let data: Data?
        do {
            data = try store.loadQueue()
        } catch let failure as OfflineQueueFailure {
            throw failure
        } catch {
            throw OfflineQueueFailure.unreadableStore(reason: "\(error)")
        }
        guard let data, !data.isEmpty else { return [] }
        let records: [Record]
        do {
            records = try JSONDecoder().decode([Record].self, from: data)
        } catch {
            throw OfflineQueueFailure.unreadableStore(reason: "not a queue: \(error)")
        }
        guard Set(records.map(\.id)).count == records.count, records.allSatisfy({ $0.attempts >= 0 }) else {
            throw OfflineQueueFailure.unreadableStore(
                reason: "not a queue: repeated ids or negative attempts")
        }
        return records
    }
}

/// Where an ``OfflineQueue`` keeps its requests between launches: the app's own store (a
/// KeelStorage `KeyValueStore` adapts in a few lines) or ``FileOfflineQueueStore``.
///
/// ```swift
/// struct Outbox: OfflineQueueStore {
///     let store: FileStore   // KeelStorage
///     func loadQueue() throws -> Data? { try store.value(forKey: "outbox", as: Data.self) }
///     func saveQueue(_ data: Data) throws { try store.set(data, forKey: "outbox"); try store.flush() }
/// }
/// ```
public protocol OfflineQueueStore: Sendable {
    /// The bytes last saved, or `nil` when nothing has been saved.
    func loadQueue() throws -> Data?
    /// Replaces the saved bytes. When it returns they must survive a crash; a reader sees the
    /// old bytes or the new ones, never a mix.
    func saveQueue(_ data: Data) throws
}

/// An ``OfflineQueueStore`` in one file, readable by its owner only (`0600`) and replaced
/// atomically and durably on every change. The file holds at most 256 MiB: it is read with
/// that bound, and a save past it is refused (the file keeps the last queue it could read).
public struct FileOfflineQueueStore: OfflineQueueStore {
    /// The largest file a store reads and writes by default: 256 MiB.
    package static let defaultMaximumBytes = 256 << 20

    /// The file.
    package let file: URL
    /// The most bytes the file may hold: the bound of both reads and saves.
    package let maximumBytes: Int

    /// A store in `file` (created on the first save; its folder must exist).
    public init(file: URL) {
        self.init(file: file, maximumBytes: Self.defaultMaximumBytes)
    }

    /// A store in `file` holding at most `maximumBytes` (a small bound for tests).
    package init(file: URL, maximumBytes: Int) {
        self.file = file
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The file's bytes, or `nil` when there is no file.
    public func loadQueue() throws -> Data? {
        do {
            return try POSIXFiles.readRegularFile(atPath: file.path, maximumBytes: maximumBytes)
        } catch {
            throw OfflineQueueFailure.unreadableStore(reason: "\(file.path): \(error)")
        }
    }

    /// Replaces the file with `data` (`0600`, atomic, `fsync`ed); more than `maximumBytes`
    /// (what ``loadQueue()`` reads back) is refused and the file left as it was.
    public func saveQueue(_ data: Data) throws {
        guard data.count <= maximumBytes else {
            throw OfflineQueueFailure.unreadableStore(
                reason:
                    "\(file.path): \(data.count) bytes is more than the \(maximumBytes) this store reads back"
            )
        }
        do {
            try POSIXFiles.replace(file, with: data, mode: 0o600, durable: true)
        } catch {
            throw OfflineQueueFailure.unreadableStore(reason: "\(file.path): \(error)")
        }
    }
}

/// Why an ``OfflineQueue`` request will not be sent (again), or why the queue's store failed.
public enum OfflineQueueFailure: Error, Sendable, Equatable {
    /// Every attempt of the budget failed for want of a network or with a transient status;
    /// or, with fewer `attempts`, the last one failed with an error that will not pass (a bad
    /// URL, an untrusted certificate), described by `lastError`.
    case retryBudgetExhausted(attempts: Int, lastError: String)
    /// The server refused it with `status`: one the retry rules do not retry (a 4xx other than
    /// 408 and 429, or a 5xx other than 500, 502, 503 and 504).
    case rejected(status: Int)
    /// It was queued for another credential scope (another account was signed in).
    case scopeChanged
    /// The queue's store could not be read or written, or holds something that is not a
    /// queue; `reason` says what and where.
    case unreadableStore(reason: String)
}
