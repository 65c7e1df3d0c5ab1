/// Where a ``PagingController`` gets its pages: one `load` per request, run off the
/// controller's actor.
///
/// A `nil` `nextKey` (or `previousKey`) of a ``Page`` marks the end of the list in that
/// direction. Keys are any `Hashable` value: a page number, an offset, an opaque cursor.
public protocol PagingSource<Key, Item>: Sendable {
    /// The page key: a page number, an offset, a cursor.
    associatedtype Key: Hashable & Sendable
    /// The loaded element.
    associatedtype Item: Sendable

    /// Loads the page `request` asks for. Throwing keeps what is already loaded; throwing
    /// `CancellationError` after the controller cancelled the load is expected.
    func load(_ request: LoadRequest<Key>) async throws -> Page<Key, Item>

    /// The key to refresh from after ``PagingController/invalidate()``, so the list resumes
    /// near `anchor` (the last item the UI showed). `nil` refreshes from the start.
    func refreshKey(for anchor: PagingAnchor<Key>?) -> Key?
}

extension PagingSource {
    /// Refreshes from the start (`nil`).
    public func refreshKey(for anchor: PagingAnchor<Key>?) -> Key? { nil }
}

/// The direction of a load: a refresh replaces everything; append and prepend extend the list
/// at its end or start.
package enum LoadDirection: Hashable, Sendable, CaseIterable {
    /// Replaces the list (the first load, a pull-to-refresh, an invalidation).
    case refresh
    /// Loads the page after the last loaded one.
    case append
    /// Loads the page before the first loaded one.
    case prepend

    /// `refresh`, `append` or `prepend`.
    package var description: String {
        switch self {
        case .refresh: "refresh"
        case .append: "append"
        case .prepend: "prepend"
        }
    }
}

/// One page request: what to load and how many items the controller would like.
public struct LoadRequest<Key: Hashable & Sendable>: Hashable, Sendable {
    /// What to load.
    public enum Kind: Hashable, Sendable {
        /// The first page, or the page at a key (after an invalidation).
        case refresh(Key?)
        /// The page after the last loaded one, at its key.
        case append(Key)
        /// The page before the first loaded one, at its key.
        case prepend(Key)
    }

    /// What to load.
    public var kind: Kind
    /// How many items the controller would like; a source may return more or fewer.
    public var limit: Int
    /// The page size of the controller that made the request (what its prepends ask for), set
    /// as it hands the request to the source; not part of the request's identity.
    package var controllerPageSize = ControllerPageSize()

    /// Creates a request.
    public init(_ kind: Kind, limit: Int) {
        self.kind = kind
        self.limit = limit
    }

    /// The requested key (`nil` for a refresh from the start).
    public var key: Key? {
        switch kind {
        case .refresh(let key): key
        case .append(let key), .prepend(let key): key
        }
    }

    /// The direction of the load.
    package var direction: LoadDirection {
        switch kind {
        case .refresh: .refresh
        case .append: .append
        case .prepend: .prepend
        }
    }

    /// `append(key) limit n`.
    package var description: String {
        "\(direction)(\(key.map { String(describing: $0) } ?? "nil")) limit \(limit)"
    }
}

/// The page size of the ``PagingController`` that made a ``LoadRequest``, carried beside the
/// request without being part of its identity: any two are equal and hash alike, so requests
/// compare by kind and limit only.
package struct ControllerPageSize: Hashable, Sendable {
    /// The page size, or `nil` for a request made outside a controller.
    package var value: Int?

    /// An unknown page size.
    package init(_ value: Int? = nil) {
        self.value = value
    }

    /// Always `true`: the page size is a hint, not part of a request.
    package static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Hashes nothing, matching ``==(_:_:)``.
    package func hash(into hasher: inout Hasher) {}
}

/// A loaded page: its items and the keys of its neighbours (`nil` at either end).
public struct Page<Key: Hashable & Sendable, Item: Sendable>: Sendable {
    /// The items, in order.
    package var items: [Item]
    /// The key of the page before this one, or `nil` at the start of the list.
    package var previousKey: Key?
    /// The key of the page after this one, or `nil` at the end of the list.
    package var nextKey: Key?
    /// How many items exist before this page, when the source knows.
    package var itemsBefore: Int?
    /// How many items exist after this page, when the source knows.
    package var itemsAfter: Int?

    /// Creates a page of `items`: the keys of the pages before and after it (`nil` at either
    /// end of the list) and, when the source knows, how many items exist before and after it.
    public init(
        items: [Item], previousKey: Key? = nil, nextKey: Key? = nil, itemsBefore: Int? = nil,
        itemsAfter: Int? = nil
    ) {
        self.items = items
        self.previousKey = previousKey
        self.nextKey = nextKey
        self.itemsBefore = itemsBefore
        self.itemsAfter = itemsAfter
    }
}

extension Page: Equatable where Item: Equatable {}

/// The item the UI last showed, for choosing a refresh key: its index in the loaded list, the
/// key its page was requested with, and its offset within that page.
public struct PagingAnchor<Key: Hashable & Sendable>: Hashable, Sendable {
    /// The index in the loaded list.
    public var index: Int
    /// The key the anchor's page was loaded with (`nil` for a refresh from the start).
    public var pageKey: Key?
    /// The anchor's offset within its page.
    public var offsetInPage: Int

    /// Creates an anchor.
    public init(index: Int, pageKey: Key?, offsetInPage: Int) {
        self.index = index
        self.pageKey = pageKey
        self.offsetInPage = offsetInPage
    }
}
