/// Everything a list shows about a paged list at one moment: the items and where each
/// direction's loading is (a ``ListLoadingPhase`` each).
/// A `Sendable` value, so it can be asserted on and handed to the UI from any context.
public struct PagingState<Key: Hashable & Sendable, Item: Sendable>: Sendable {
    /// The loaded items, without duplicate identifiers.
    public var items: [Item]
    /// Refreshes: `idle`, `refreshing` or `failed` (never `exhausted`).
    public var refreshPhase: ListLoadingPhase
    /// Loads at the end: `idle`, `loadingMore`, `failed`, or `exhausted` after the last page.
    public var appendPhase: ListLoadingPhase
    /// Loads at the start: `idle`, `loadingMore`, `failed`, or `exhausted` before the first page.
    public var prependPhase: ListLoadingPhase
    /// Whether a refresh has succeeded at least once (so an empty list means "no items", not
    /// "not loaded yet").
    public var hasLoaded: Bool
    /// Whether the items are from before a refresh that failed.
    public var isStale: Bool
    /// The generation: it grows with every refresh; loads from older generations are ignored.
    package var generation: Int
    /// How many duplicate items were dropped (or replaced) since the controller was created.
    package var droppedDuplicateCount: Int

    /// The state before anything loaded.
    package init() {
        items = []
        refreshPhase = .idle
        appendPhase = .idle
        prependPhase = .idle
        hasLoaded = false
        isStale = false
        generation = 0
        droppedDuplicateCount = 0
    }

    /// Whether a refresh succeeded and there is nothing to show.
    public var isEmpty: Bool { hasLoaded && items.isEmpty }
    /// Whether more items can be appended (the original `hasMore`).
    public var hasMore: Bool { appendPhase != .exhausted }
    /// Whether any load is in flight.
    public var isLoading: Bool { refreshPhase.isLoading || appendPhase.isLoading || prependPhase.isLoading }

    /// The phase of one direction.
    package subscript(phase direction: LoadDirection) -> ListLoadingPhase {
        get {
            switch direction {
            case .refresh: refreshPhase
            case .append: appendPhase
            case .prepend: prependPhase
            }
        }
        set {
            switch direction {
            case .refresh: refreshPhase = newValue
            case .append: appendPhase = newValue
            case .prepend: prependPhase = newValue
            }
        }
    }

    /// The list screen's loading state, as ``ListLoader`` would report it: a refresh in flight or
    /// failed first, then the append direction; `empty` after a refresh that found nothing and
    /// no next page. (Prepends show only in ``prependPhase``.)
    package var loadingState: ListLoadingState {
        let phase: ListLoadingPhase
        switch (refreshPhase, appendPhase) {
        case (.refreshing, _), (.failed, _): phase = refreshPhase
        case (_, .exhausted) where hasLoaded && items.isEmpty: phase = .empty
        case (_, let append): phase = append
        }
        return ListLoadingState(phase: phase, hasLoaded: hasLoaded, hasContent: !items.isEmpty)
    }
}

extension PagingState: Equatable where Item: Equatable {}

/// One change of a paged list: its state after the change, and the item changes computed by
/// ``ListDiff`` — ready for UIKit batch updates (``changeset``) or
/// `CollectionDifference` (``ListDiff/collectionDifference``).
public struct PagingUpdate<Key: Hashable & Sendable, Item: Sendable>: Sendable {
    /// The state after the change.
    public var state: PagingState<Key, Item>
    /// The items before the change.
    package var oldItems: [Item]
    /// The item changes (empty when only loading phases changed).
    public var diff: ListDiff<Item>
    /// The item changes in the stages UIKit's batch updates accept.
    public var changeset: StagedChangeset<[Item]>
    /// How many duplicates this change dropped or replaced.
    package var droppedDuplicates: Int

    /// Creates an update.
    package init(
        state: PagingState<Key, Item>, oldItems: [Item], diff: ListDiff<Item>,
        changeset: StagedChangeset<[Item]>, droppedDuplicates: Int
    ) {
        self.state = state
        self.oldItems = oldItems
        self.diff = diff
        self.changeset = changeset
        self.droppedDuplicates = droppedDuplicates
    }

    /// The items after the change.
    package var newItems: [Item] { state.items }
    /// Whether the items changed.
    public var itemsChanged: Bool { !diff.isEmpty }
}
