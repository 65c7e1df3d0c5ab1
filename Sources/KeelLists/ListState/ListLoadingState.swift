import KeelSupport

/// The loading state of a list screen — what the UIKit list helper and SwiftUI's `KeelList`
/// render: pull-to-refresh, load more near the bottom, the empty state and errors. Keel's one
/// loading-state model: a ``ListLoader`` publishes it (``ListLoader/state``,
/// ``ListLoader/updates()``), decided by its state machine. The rules:
/// - a refresh wins over load more (it starts even while loading more, and cancels that load);
/// - load more is ignored while refreshing, while already loading more, before the first
///   successful load, after exhaustion, on the empty state, and after a failure until a retry;
/// - the empty state shows only after a successful empty first page;
/// - completions of superseded requests are ignored.
public struct ListLoadingState: Hashable, Sendable {
    /// The current phase.
    public internal(set) var phase: ListLoadingPhase = .idle
    /// Whether a refresh has succeeded at least once.
    package internal(set) var hasLoaded = false
    /// Whether the list shows items (so a failure can be a banner rather than a full screen).
    package internal(set) var hasContent = false

    /// The state before anything loaded.
    public init() {}

    /// A snapshot of a state driven elsewhere (a ``PagingController``).
    init(phase: ListLoadingPhase, hasLoaded: Bool, hasContent: Bool) {
        self.phase = phase
        self.hasLoaded = hasLoaded
        self.hasContent = hasContent
    }
}

/// The machine behind a ``ListLoadingState`` (what ``ListLoader`` runs): a value-type
/// `StateMachine` fed `ListLoadingEvent`s; it answers with a `StateTransition` carrying the
/// `ListLoadingCommand` to run (none for a completion), or `.rejected` when the event is ignored
/// now. Its `state` is the phase; request numbers tell superseded completions apart.
package struct ListLoadingMachine: StateMachine, Hashable {
    /// What the machine shows: phase, whether loaded, whether it has content.
    package private(set) var loadingState = ListLoadingState()
    /// The number of the request in flight, if any.
    package private(set) var activeRequest: Int?
    private var lastRequest = 0

    /// The machine before anything loaded.
    package init() {}

    /// The current phase.
    package var phase: ListLoadingPhase {
        get { loadingState.phase }
        set { loadingState.phase = newValue }
    }

    /// Whether a refresh has succeeded at least once.
    package var hasLoaded: Bool {
        get { loadingState.hasLoaded }
        set { loadingState.hasLoaded = newValue }
    }

    /// Whether the list shows items.
    package var hasContent: Bool {
        get { loadingState.hasContent }
        set { loadingState.hasContent = newValue }
    }

    /// The machine's state: the current phase.
    package var state: ListLoadingPhase { phase }

    /// Applies an event: accepted with the command to run (none for a completion), or
    /// `.rejected` when the event is ignored now (nothing changes).
    package mutating func send(_ event: ListLoadingEvent) -> StateTransition<ListLoadingCommand> {
        switch event {
        case .refresh:
            guard phase != .refreshing else { return .rejected }
            let cancelsLoadMore = phase == .loadingMore
            phase = .refreshing
            return .accepted([.refresh(request: begin(), cancelsLoadMore: cancelsLoadMore)])
        case .loadMore:
            guard phase == .idle, hasLoaded else { return .rejected }
            phase = .loadingMore
            return .accepted([.loadMore(request: begin(), isRetry: false)])
        case .retry:
            guard case .failed(let failure) = phase else { return .rejected }
            switch failure.stage {
            case .refresh:
                phase = .refreshing
                return .accepted([.refresh(request: begin(), cancelsLoadMore: false)])
            case .loadMore:
                phase = .loadingMore
                return .accepted([.loadMore(request: begin(), isRetry: true)])
            }
        case .refreshSucceeded(let request, let isEmpty, let hasMore):
            guard finish(request, expected: .refreshing) else { return .rejected }
            hasLoaded = true
            hasContent = !isEmpty
            phase = isEmpty && !hasMore ? .empty : hasMore ? .idle : .exhausted
        case .refreshFailed(let request, let error):
            guard finish(request, expected: .refreshing) else { return .rejected }
            phase = .failed(ListLoadingFailure(error, stage: .refresh))
        case .loadMoreSucceeded(let request, let hasMore):
            guard finish(request, expected: .loadingMore) else { return .rejected }
            hasContent = true
            phase = hasMore ? .idle : .exhausted
        case .loadMoreFailed(let request, let error):
            guard finish(request, expected: .loadingMore) else { return .rejected }
            phase = .failed(ListLoadingFailure(error, stage: .loadMore))
        }
        return .accepted()
    }

    /// Whether scrolling to these metrics should load more: the phase allows it and the
    /// viewport is within `threshold` of the bottom (see ``LoadMoreTrigger``).
    package func shouldLoadMore(_ metrics: ScrollMetrics, threshold: LoadMoreThreshold) -> Bool {
        phase == .idle && hasLoaded && LoadMoreTrigger.shouldLoadMore(metrics, threshold: threshold)
    }

    private mutating func begin() -> Int {
        lastRequest += 1
        activeRequest = lastRequest
        return lastRequest
    }

    private mutating func finish(_ request: Int, expected: ListLoadingPhase) -> Bool {
        guard request == activeRequest, phase == expected else { return false }
        activeRequest = nil
        return true
    }
}

/// Where a list screen is — or, in a ``PagingController``, one direction of it
/// (``PagingState/refreshPhase``, ``PagingState/appendPhase``, ``PagingState/prependPhase``:
/// there a direction is `idle`, `refreshing` or `loadingMore`, `failed`, or `exhausted` when it
/// has no more pages; `empty` appears only in `PagingState/loadingState`).
public enum ListLoadingPhase: Sendable, Hashable {
    /// Showing what is loaded (or nothing yet, before the first refresh); more can load.
    case idle
    /// A refresh is in flight (the first load or a pull-to-refresh).
    case refreshing
    /// The next page is loading.
    case loadingMore
    /// The first page loaded and had nothing: show the empty state.
    case empty
    /// A load failed; a retry repeats it.
    case failed(ListLoadingFailure)
    /// Everything is loaded.
    case exhausted

    /// Whether a load is in flight (``refreshing`` or ``loadingMore``).
    public var isLoading: Bool { self == .refreshing || self == .loadingMore }

    /// The error of a failed load.
    package var error: (any Error)? {
        if case .failed(let failure) = self { return failure.error }
        return nil
    }

    /// `idle`, `refreshing`, `loadingMore`, `empty`, `exhausted` or `refresh failed: …`.
    package var description: String {
        switch self {
        case .idle: "idle"
        case .refreshing: "refreshing"
        case .loadingMore: "loadingMore"
        case .empty: "empty"
        case .failed(let failure): failure.description
        case .exhausted: "exhausted"
        }
    }
}

/// A failed load: the error and whether it was the refresh (first page) or a later page.
public struct ListLoadingFailure: Sendable, Hashable {
    /// Which load failed.
    public enum Stage: Hashable, Sendable {
        /// The refresh (the first page).
        case refresh
        /// A later page (in a ``PagingController``, an append or a prepend).
        case loadMore
    }

    /// The error the load threw.
    public var error: any Error
    /// Which load failed.
    public var stage: Stage

    /// Creates a failure.
    public init(_ error: any Error, stage: Stage) {
        self.error = error
        self.stage = stage
    }

    /// Compares stages, error types and descriptions.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.stage == rhs.stage && type(of: lhs.error) == type(of: rhs.error)
            && String(describing: lhs.error) == String(describing: rhs.error)
    }

    /// Hashes what `==` compares: the stage, the error's type and its description.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(stage)
        hasher.combine(ObjectIdentifier(type(of: error)))
        hasher.combine(String(describing: error))
    }

    /// `refresh failed: …` or `loadMore failed: …`.
    package var description: String { "\(stage) failed: \(error)" }
}

/// What happened to a list screen.
package enum ListLoadingEvent: Sendable {
    /// The user pulled to refresh, or the screen appeared.
    case refresh
    /// The user neared the bottom.
    case loadMore
    /// The user asked to retry a failed load.
    case retry
    /// Refresh `request` succeeded.
    case refreshSucceeded(request: Int, isEmpty: Bool, hasMore: Bool)
    /// Refresh `request` failed.
    case refreshFailed(request: Int, error: any Error)
    /// Load-more `request` succeeded.
    case loadMoreSucceeded(request: Int, hasMore: Bool)
    /// Load-more `request` failed.
    case loadMoreFailed(request: Int, error: any Error)
}

/// What to do after an event.
package enum ListLoadingCommand: Hashable, Sendable {
    /// Start a refresh numbered `request`; cancel the load-more in flight when told to.
    case refresh(request: Int, cancelsLoadMore: Bool)
    /// Load the next page, numbered `request` (a retry of a failed page when `isRetry`).
    case loadMore(request: Int, isRetry: Bool)
}
