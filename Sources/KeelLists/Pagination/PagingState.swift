/// Everything a list shows about a paged list at one moment: the items and the load states.
/// A `Sendable` value, so it can be asserted on and handed to the UI from any context.
public struct PagingState<Key: Hashable & Sendable, Item: Sendable>: Sendable {
    /// The loaded items, without duplicate identifiers.
    public var items: [Item]
    /// The state of each direction.
    public var loadStates: LoadStates
    /// Whether a refresh has succeeded at least once (so an empty list means "no items", not
    /// "not loaded yet").
    public var hasLoaded: Bool
    /// Whether the items are from before a refresh that failed.
    public var isStale: Bool
    /// The generation: it grows with every refresh; loads from older generations are ignored.
    public var generation: Int
    /// How many duplicate items were dropped (or replaced) since the controller was created.
    public var droppedDuplicateCount: Int

    /// The state before anything loaded.
    public init() {
        items = []
        loadStates = LoadStates()
        hasLoaded = false
        isStale = false
        generation = 0
        droppedDuplicateCount = 0
    }

    /// Whether a refresh succeeded and there is nothing to show.
    public var isEmpty: Bool { hasLoaded && items.isEmpty }
    /// Whether more items can be appended (the original `hasMore`).
    public var hasMore: Bool { !loadStates.append.endReached }
    /// Whether any load is in flight.
    public var isLoading: Bool { loadStates.isLoading }
}

extension PagingState: Equatable where Item: Equatable {}

/// One change of a paged list: its state before and after, and the item changes computed by
/// ``ListDiff`` — ready for UIKit batch updates (``changeset``) or
/// `CollectionDifference` (``ListDiff/collectionDifference``).
public struct PagingUpdate<Key: Hashable & Sendable, Item: Sendable>: Sendable {
    /// The state after the change.
    public var state: PagingState<Key, Item>
    /// The items before the change.
    public var oldItems: [Item]
    /// The item changes (empty when only load states changed).
    public var diff: ListDiff<Item>
    /// The item changes in the stages UIKit's batch updates accept.
    public var changeset: StagedChangeset<[Item]>
    /// How many duplicates this change dropped or replaced.
    public var droppedDuplicates: Int

    /// Creates an update.
    public init(
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
    public var newItems: [Item] { state.items }
    /// Whether the items changed.
    public var itemsChanged: Bool { !diff.isEmpty }
}
