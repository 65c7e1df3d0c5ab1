import KeelSupport

/// The outcome of a successful refresh, as ``ListLoader`` needs it.
public struct ListRefreshOutcome: Hashable, Sendable {
    /// Whether the first page had no items.
    package var isEmpty: Bool
    /// Whether more pages follow.
    package var hasMore: Bool

    /// Creates an outcome: whether the first page had no items and whether more pages follow.
    public init(isEmpty: Bool, hasMore: Bool) {
        self.isEmpty = isEmpty
        self.hasMore = hasMore
    }
}

/// Runs the loading state machine of a ``ListLoadingState`` against real loads: plain closures or a
/// ``PagingController``. The UI forwards gestures (refresh, scrolling, retry) and renders
/// ``state``; every decision is the state machine's.
///
/// It owns a screen's loading *decisions* (one refresh or load-more at a time, the empty state,
/// error screen versus retry footer); it holds no items. A ``PagingController`` owns the
/// *data* (keys, pages both ways, de-duplication, diffs) and reports the same
/// ``ListLoadingState`` in `PagingState/loadingState`; put a loader on top of it when the
/// screen wants the machine's rules. Its one load-more trigger is ``scrolled(_:threshold:)``,
/// decided by ``LoadMoreTrigger``.
public actor ListLoader {
    let refreshOperation: @Sendable () async throws -> ListRefreshOutcome
    let loadMoreOperation: @Sendable () async throws -> Bool
    let retryLoadMoreOperation: @Sendable () async throws -> Bool
    let broadcaster = Broadcaster<ListLoadingState>()
    var loadMoreTask: Task<Void, Never>?

    /// The current state.
    public var state: ListLoadingState { machine.loadingState }
    var machine = ListLoadingMachine()

    /// Creates a loader from closures: `refresh` loads the first page, `loadMore` the next one
    /// (returning whether more follow), `retryLoadMore` repeats a failed page (by default
    /// `loadMore`).
    public init(
        refresh: @escaping @Sendable () async throws -> ListRefreshOutcome,
        loadMore: @escaping @Sendable () async throws -> Bool,
        retryLoadMore: (@Sendable () async throws -> Bool)? = nil
    ) {
        refreshOperation = refresh
        loadMoreOperation = loadMore
        retryLoadMoreOperation = retryLoadMore ?? loadMore
    }

    /// Creates a loader from the original foundation's closures: `refresh` reloads the list and
    /// returns nothing (the app shows its own empty state), `loadMore` loads the next page and
    /// returns whether more follow. Either may be missing: no `refresh` succeeds at once (so
    /// loading more can start), no `loadMore` reports the end. A refresh always makes loading
    /// more possible again; `hasMore == false` stops it until then.
    package init(
        refreshing refresh: (@Sendable () async throws -> Void)?,
        loadMore: (@Sendable () async throws -> Bool)?
    ) {
        self.init(
            refresh: {
                try await refresh?()
                return ListRefreshOutcome(isEmpty: false, hasMore: true)
            },
            loadMore: { try await loadMore?() ?? false })
    }

    /// A loader for ``init(refreshing:loadMore:)``'s closures, or `nil` when neither is given
    /// (a list that neither refreshes nor pages needs no loader).
    package static func ifLoading(
        refresh: (@Sendable () async throws -> Void)?, loadMore: (@Sendable () async throws -> Bool)?
    ) -> ListLoader? {
        guard refresh != nil || loadMore != nil else { return nil }
        return ListLoader(refreshing: refresh, loadMore: loadMore)
    }

    /// Creates a loader driving a pagination controller (a failed page is repeated with
    /// ``PagingController/retry()``).
    public init<Key, Item>(controller: PagingController<Key, Item>) {
        self.init(
            refresh: {
                try await controller.refresh()
                let state = await controller.state
                return ListRefreshOutcome(isEmpty: state.items.isEmpty, hasMore: state.hasMore)
            },
            loadMore: {
                try await controller.loadMore()
                return await controller.state.hasMore
            },
            retryLoadMore: {
                try await controller.retry()
                return await controller.state.hasMore
            })
    }

    deinit {
        loadMoreTask?.cancel()
        broadcaster.finish()
    }

    /// Every state from now on.
    public nonisolated func updates() -> AsyncStream<ListLoadingState> {
        broadcaster.stream()
    }

    /// Pull-to-refresh (or first appearance); returns when the refresh ends or is ignored. The
    /// refresh runs in the loader's own task: cancelling the caller does not cancel it, and the
    /// state always gets its real outcome (never a `CancellationError` of the caller's).
    public func refresh() async {
        await send(.refresh)
    }

    /// The first load of a screen that may appear many times (a SwiftUI `.task`): refreshes
    /// only when the list never loaded and nothing is loading; returns when it ends or is
    /// skipped.
    public func refreshIfNeverLoaded() async {
        guard !machine.hasLoaded, !machine.phase.isLoading else { return }
        await send(.refresh)
    }

    /// Loads the next page if the state allows; returns when it ends or is ignored.
    public func loadMore() async {
        await send(.loadMore)
    }

    /// Retries a failed load; returns when it ends or is ignored.
    public func retry() async {
        await send(.retry)
    }

    /// Loads more when `metrics` are within `threshold` of the bottom and the state allows.
    public func scrolled(_ metrics: ScrollMetrics, threshold: LoadMoreThreshold = .screens(1)) async {
        guard machine.shouldLoadMore(metrics, threshold: threshold) else { return }
        await send(.loadMore)
    }

    func send(_ event: ListLoadingEvent) async {
        let command = apply(event).effects.first
        switch command {
        case nil:
            return
        case .refresh(let request, let cancelsLoadMore):
            if cancelsLoadMore { loadMoreTask?.cancel() }
            // The loader's own task, as for loading more: a cancelled caller (a SwiftUI `.task`
            // whose view went away) must not turn into a failed refresh — run inline, the caller's
            // cancellation reached the operation (a `PagingController` then throws
            // `CancellationError` while its shared load goes on) and the screen showed an error.
            let operation = refreshOperation
            let task = Task { [weak self] in
                do {
                    let outcome = try await operation()
                    await self?.apply(
                        .refreshSucceeded(
                            request: request, isEmpty: outcome.isEmpty, hasMore: outcome.hasMore))
                } catch {
                    await self?.apply(.refreshFailed(request: request, error: error))
                }
            }
            await task.value
        case .loadMore(let request, let isRetry):
            let operation = isRetry ? retryLoadMoreOperation : loadMoreOperation
            let task = Task { [weak self] in
                do {
                    let hasMore = try await operation()
                    await self?.apply(.loadMoreSucceeded(request: request, hasMore: hasMore))
                } catch {
                    await self?.apply(.loadMoreFailed(request: request, error: error))
                }
            }
            loadMoreTask = task
            await task.value
        }
    }

    @discardableResult
    func apply(_ event: ListLoadingEvent) -> StateTransition<ListLoadingCommand> {
        let before = machine.loadingState
        let transition = machine.send(event)
        if machine.loadingState != before { broadcaster.yield(machine.loadingState) }
        return transition
    }
}
