// swift-format-ignore-file
// AppFoundation README › 分页示例, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelLists

    /// The app's item and page response (the document's host types).
    fileprivate struct PaginationFeedItem: Identifiable, Equatable, Sendable {
        let id: Int
    }

    fileprivate struct PageResponse: Sendable {
        var items: [PaginationFeedItem]
        var hasMore: Bool
    }

    fileprivate func loadPage(_ page: Int, _ pageSize: Int) async throws -> PageResponse {
        let first = (page - 1) * pageSize
        return PageResponse(items: (first..<first + pageSize).map { PaginationFeedItem(id: $0) }, hasMore: page < 3)
    }

    enum SeedPagination {
        static func example() async throws {
            // seed begin: af-pagination
            let loader = PaginationController(pageSize: 20) { page, pageSize in
                let response: PageResponse = try await loadPage(page, pageSize)
                return PageResult(
                    page: page,
                    items: response.items,
                    hasMore: response.hasMore
                )
            }

            try await loader.refresh()
            try await loader.loadMore()
            // seed end
        }
    }
#endif
