/// One page of the original page-numbered API: its number, its items, whether more follow.
public struct PageResult<Item: Sendable>: Sendable {
    /// The page number that was loaded.
    package var page: Int
    /// The page's items.
    package var items: [Item]
    /// Whether another page follows.
    package var hasMore: Bool

    /// Creates the result of loading page number `page`: its items and whether another page
    /// follows.
    public init(page: Int, items: [Item], hasMore: Bool) {
        self.page = page
        self.items = items
        self.hasMore = hasMore
    }
}

extension PageResult: Equatable where Item: Equatable {}

/// A ``PagingSource`` built from a closure, with factories for the usual key kinds: page
/// numbers, offsets and opaque cursors.
public struct ClosurePagingSource<Key: Hashable & Sendable, Item: Sendable>: PagingSource {
    let loader: @Sendable (LoadRequest<Key>) async throws -> Page<Key, Item>
    let refreshKeyPicker: @Sendable (PagingAnchor<Key>?) -> Key?

    /// Creates a source from a load closure and, optionally, a refresh-key picker.
    public init(
        refreshKey: @escaping @Sendable (PagingAnchor<Key>?) -> Key? = { _ in nil },
        load: @escaping @Sendable (LoadRequest<Key>) async throws -> Page<Key, Item>
    ) {
        self.loader = load
        self.refreshKeyPicker = refreshKey
    }

    /// Calls the load closure.
    public func load(_ request: LoadRequest<Key>) async throws -> Page<Key, Item> {
        try await loader(request)
    }

    /// Calls the refresh-key picker.
    public func refreshKey(for anchor: PagingAnchor<Key>?) -> Key? {
        refreshKeyPicker(anchor)
    }
}

extension ClosurePagingSource where Key == Int {
    /// Page-number keys: a refresh loads `firstPage` (or the anchor's page after an
    /// invalidation), the next key is `page + 1` while `hasMore`, the previous `page - 1` down to
    /// `firstPage`. Every request asks for `pageSize` items, so page numbers stay aligned.
    public static func pageNumbers(
        pageSize: Int, firstPage: Int = 1,
        load: @escaping @Sendable (_ page: Int, _ pageSize: Int) async throws -> PageResult<Item>
    ) -> Self {
        Self(
            refreshKey: { $0?.pageKey },
            load: { request in
                let page = request.key ?? firstPage
                let result = try await load(page, pageSize)
                return Page(
                    items: result.items, previousKey: page > firstPage ? page - 1 : nil,
                    nextKey: result.hasMore ? page + 1 : nil)
            })
    }

    /// Offset keys: the next key is the offset plus the number of items the source returned —
    /// counted before de-duplication, so dropped duplicates never shift the window. A refresh
    /// starts at 0 (or at the anchor's page after an invalidation); the previous key is the offset
    /// minus the controller's page size (what the prepend before the page asks for, even after a
    /// refresh of a larger `initialLimit`), down to 0. A prepend whose answer is shorter than the
    /// page size (a server that caps its pages) asks again from where it ended until the window
    /// before the next page is covered or an answer is empty, so no item is skipped.
    public static func offsets(
        load: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws -> (items: [Item], hasMore: Bool)
    ) -> Self {
        Self(
            refreshKey: { anchor in anchor.map { $0.pageKey ?? 0 } },
            load: { request in
                let offset = request.key ?? 0
                let (first, hasMore) = try await load(offset, request.limit)
                var items = first
                // The prepend asks for a page size, not this request's limit (a refresh asks for
                // `initialLimit`): stepping back by the limit skipped `initialLimit − pageSize` items.
                let step = max(1, request.controllerPageSize.value ?? request.limit)
                if request.direction == .prepend {
                    // The page after this one starts `step` items on: a short answer (a server
                    // capping its page size) is continued up to there, else the rest of the
                    // window was never loaded.
                    while items.count < step {
                        let (more, _) = try await load(offset + items.count, step - items.count)
                        if more.isEmpty { break }
                        items += more
                    }
                }
                return Page(
                    items: items, previousKey: offset > 0 ? max(0, offset - step) : nil,
                    nextKey: hasMore ? offset + items.count : nil)
            })
    }
}

extension ClosurePagingSource where Key == String {
    /// Opaque cursor keys, passed through unchanged: `load` gets the cursor (`nil` for the
    /// first page) and returns the items with the next cursor (`nil` at the end).
    public static func cursors(
        load:
            @escaping @Sendable (_ cursor: String?, _ limit: Int) async throws -> (
                items: [Item], next: String?
            )
    ) -> Self {
        Self { request in
            let (items, next) = try await load(request.key, request.limit)
            return Page(items: items, nextKey: next)
        }
    }
}

extension PagingController where Key == Int {
    /// The original page-numbered form: `loadPage(page, pageSize)` returns a ``PageResult``;
    /// pages start at `firstPage` (1 by default). A `pageSize` below 1 is treated as 1.
    public init(
        pageSize: Int, firstPage: Int = 1, clock: any Clock<Duration> = ContinuousClock(),
        loadPage: @escaping @Sendable (_ page: Int, _ pageSize: Int) async throws -> PageResult<Item>
    ) {
        let size = max(1, pageSize)
        let source = ClosurePagingSource<Int, Item>.pageNumbers(
            pageSize: size, firstPage: firstPage, load: loadPage)
        self.init(
            validated: PagingConfiguration(pageSize: size, initialLimit: size), clock: clock,
            load: source.load,
            refreshKey: source.refreshKey)
    }
}
