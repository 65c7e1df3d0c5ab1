import KeelSupport

/// Loads a list page by page — refresh, append, prepend — and keeps the loaded items, their
/// loading phases and their changes, as Jetpack Paging 3 does, without its gaps.
///
/// ```swift
/// let loader = PagingController(pageSize: 20) { page, pageSize in
///     let response = try await api.items(page: page, size: pageSize)
///     return PageResult(page: page, items: response.items, hasMore: response.hasMore)
/// }
/// try await loader.refresh()
/// try await loader.loadMore()
/// ```
///
/// - Concurrent calls coalesce: at most one load per direction is in flight, and every caller
///   waits for it (none throws "load in progress"). A cancelled caller stops waiting and throws
///   `CancellationError`; the shared load goes on for the others (``cancel()`` stops it).
/// - A refresh starts a new generation: it cancels in-flight loads, and anything they return
///   afterwards is discarded. Appends and prepends wait until a refresh has succeeded.
/// - Failures keep the loaded items; ``retry()`` repeats only the failed loads, with the same
///   key, and an optional `RetryBackoff` retries on the injected clock.
/// - Items are de-duplicated by `id` within and across pages, so the list is always safe for
///   diffable data sources; a page that repeats a used key stops with
///   `PagingError/repeatedKey(_:_:)` instead of looping.
/// - Every change is published through ``updates()`` with its ``ListDiff`` and
///   ``StagedChangeset``; local edits (``update(id:_:)``, ``remove(id:)``,
///   ``insert(_:at:)``) need no refetch.
///
/// The source runs off the actor; ``cancel()`` (or releasing the controller) cancels every load.
///
/// The controller owns the *data*; its one load-more trigger is ``itemAppeared(at:)``, decided
/// by ``LoadMoreTrigger``, and its loading is reported in Keel's one model
/// (`PagingState/loadingState`, a ``ListLoadingState``). A ``ListLoader`` adds a screen's
/// loading *decisions* on top (empty state, error screen versus retry footer) and holds no items.
public actor PagingController<Key: Hashable & Sendable, Item: Identifiable & Equatable & Sendable>
where Item.ID: Sendable {
    /// One loaded page's bookkeeping: its request key, its neighbours' keys, its item count.
    struct PageRecord {
        var key: Key?
        var previousKey: Key?
        var nextKey: Key?
        var count: Int
    }

    /// A load in flight in one direction.
    struct Flight {
        var id: Int
        var request: LoadRequest<Key>
        var task: Task<Void, Never>
        var outcome: FlightOutcome<LoadOutcome>
    }

    /// How a flight ended, for the callers waiting on it.
    enum LoadOutcome: Sendable {
        case completed
        case failed(any Error)
        case superseded
    }

    let loadPage: @Sendable (LoadRequest<Key>) async throws -> Page<Key, Item>
    let refreshKeyForAnchor: @Sendable (PagingAnchor<Key>?) -> Key?
    /// The settings the controller was created with.
    package nonisolated let configuration: PagingConfiguration
    let clock: any Clock<Duration>
    let random: @Sendable () -> Double
    let broadcaster = Broadcaster<PagingUpdate<Key, Item>>()

    /// The current items and loading phases.
    public internal(set) var state = PagingState<Key, Item>()

    var pages: [PageRecord] = []
    var loadedIDs: Set<Item.ID> = []
    var usedKeys: Set<Key> = []
    var flights: [LoadDirection: Flight] = [:]
    var failedRequests: [LoadDirection: LoadRequest<Key>] = [:]
    var lastAccessedIndex: Int?
    var deferredHint = false
    var nextFlightID = 0
    var isClosed = false
    /// Callers suspended in ``wait(for:flight:)``, per direction.
    var waitingCallers: [LoadDirection: Int] = [:]

    /// Creates a controller over `source`; throws `PagingError/invalidConfiguration(_:)` when
    /// `configuration` is inconsistent. Automatic retries wait on `clock`, their jitter drawn
    /// from `random` (a value in 0…1; inject a constant in tests).
    public init<Source: PagingSource>(
        source: Source, configuration: PagingConfiguration,
        clock: any Clock<Duration> = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) throws where Source.Key == Key, Source.Item == Item {
        try configuration.validate()
        self.init(
            validated: configuration, clock: clock, random: random, load: source.load,
            refreshKey: source.refreshKey)
    }

    init(
        validated configuration: PagingConfiguration, clock: any Clock<Duration>,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        load: @escaping @Sendable (LoadRequest<Key>) async throws -> Page<Key, Item>,
        refreshKey: @escaping @Sendable (PagingAnchor<Key>?) -> Key?
    ) {
        self.configuration = configuration
        self.clock = clock
        self.random = random
        let pageSize = ControllerPageSize(configuration.pageSize)
        self.loadPage = { request in
            var request = request
            request.controllerPageSize = pageSize
            return try await load(request)
        }
        self.refreshKeyForAnchor = refreshKey
    }

    deinit {
        for flight in flights.values { flight.task.cancel() }
        broadcaster.finish()
    }

    /// The loaded items.
    public var items: [Item] { state.items }

    /// Whether another page can follow the last one (the original foundation's `hasMore`):
    /// `false` once the source reported the end, until a refresh.
    public var hasMore: Bool { state.hasMore }

    /// A stream of every change from now on: load-state transitions and item changes. It ends
    /// after ``cancel()``.
    public nonisolated func updates() -> AsyncStream<PagingUpdate<Key, Item>> {
        broadcaster.stream()
    }

    /// How many callers are suspended waiting for a load in `direction` to end. Joining an
    /// in-flight load makes no source call, so tests use this to know every caller has joined.
    package func waitingCallerCount(_ direction: LoadDirection) -> Int {
        waitingCallers[direction, default: 0]
    }

    /// The continuations parked on `direction`'s flight (tests): a cancelled caller leaves none.
    package func parkedWaiterCount(_ direction: LoadDirection) -> Int {
        flights[direction]?.outcome.waiterCount ?? 0
    }

    // MARK: Loading

    /// Replaces the list with the first page (the newest generation wins: an earlier refresh
    /// still in flight is cancelled, and its callers wait for this one). Throws the load's error;
    /// the items loaded before stay. A cancelled caller throws `CancellationError` at once, and
    /// the load goes on without it.
    public func refresh() async throws {
        try await refresh(key: nil)
    }

    /// Refreshes from the key the source picks for the last shown item
    /// (``PagingSource/refreshKey(for:)``), so the list resumes where the user is. Cancelling
    /// the caller ends its wait, not the load (as with ``refresh()``).
    public func invalidate() async throws {
        try await refresh(key: refreshKeyForAnchor(anchor()))
    }

    /// Appends the next page. Before the first load it refreshes; while a refresh is in flight it
    /// waits for it; during an append it joins it. It makes no call at the end of the list or
    /// after a failed load (until ``retry()``). A cancelled caller throws `CancellationError` at
    /// once; the load it started or joined goes on for the other callers.
    public func loadMore() async throws {
        try await extend(.append)
    }

    /// Prepends the previous page, on the same rules as ``loadMore()``.
    public func loadPrevious() async throws {
        try await extend(.prepend)
    }

    /// Repeats every failed load with the key it failed with (a failed refresh first). Makes no
    /// call when nothing failed. Cancelling the caller ends its wait, not the retried loads.
    public func retry() async throws {
        if let request = failedRequests[.refresh] {
            try await wait(for: .refresh, flight: start(request))
            return
        }
        var started: [(LoadDirection, Flight)] = []
        for direction in [LoadDirection.append, .prepend] {
            if let request = failedRequests[direction] { started.append((direction, start(request))) }
        }
        var firstError: (any Error)?
        for (direction, flight) in started {
            do { try await wait(for: direction, flight: flight) } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }

    /// Cancels every load and ends ``updates()``; the controller makes no further calls and
    /// emits nothing more.
    public func cancel() {
        isClosed = true
        for flight in flights.values { flight.task.cancel() }
        flights = [:]
        broadcaster.finish()
    }

    func refresh(key: Key?) async throws {
        guard !isClosed else { throw CancellationError() }
        try await wait(
            for: .refresh, flight: start(LoadRequest(.refresh(key), limit: configuration.initialLimit)))
    }

    func extend(_ direction: LoadDirection) async throws {
        guard !isClosed else { throw CancellationError() }
        if !state.hasLoaded, flights[.refresh] == nil, failedRequests[.refresh] == nil {
            return try await refresh(key: nil)
        }
        if let refresh = flights[.refresh] {
            try await wait(for: .refresh, flight: refresh)
        }
        if let flight = flights[direction] {
            return try await wait(for: direction, flight: flight)
        }
        guard let request = nextRequest(direction) else { return }
        try await wait(for: direction, flight: start(request))
    }

    /// The request that would extend the list in `direction`, or `nil` when it cannot now: not
    /// loaded, refreshing or failed, at the end, or after a failure awaiting ``retry()``.
    func nextRequest(_ direction: LoadDirection) -> LoadRequest<Key>? {
        guard !isClosed, state.hasLoaded, flights[.refresh] == nil, state.refreshPhase.error == nil,
            failedRequests[direction] == nil, flights[direction] == nil
        else { return nil }
        switch direction {
        case .append:
            guard let key = pages.last?.nextKey else { return nil }
            return LoadRequest(.append(key), limit: configuration.pageSize)
        case .prepend:
            guard let key = pages.first?.previousKey else { return nil }
            return LoadRequest(.prepend(key), limit: configuration.pageSize)
        case .refresh:
            return nil
        }
    }

    /// The anchor for a refresh key: the last shown item, its page's key and offset.
    func anchor() -> PagingAnchor<Key>? {
        guard let index = lastAccessedIndex, !pages.isEmpty else { return nil }
        var start = 0
        for page in pages {
            if index < start + page.count {
                return PagingAnchor(index: index, pageKey: page.key, offsetInPage: index - start)
            }
            start += page.count
        }
        return PagingAnchor(index: index, pageKey: pages.last!.key, offsetInPage: max(0, index - start))
    }
}
