import Foundation
import KeelLists
import Testing

/// The README examples for pagination, list loading state and data sources, compiled and run.
@Suite("README examples (pagination, list state, data sources)")
struct ListsPart2ReadmeTests {
    struct Article: Identifiable, Equatable, Sendable {
        var id: Int
        var title: String
    }

    /// Stands in for a network call.
    static func fetchArticles(page: Int, size: Int) async throws -> (items: [Article], hasMore: Bool) {
        let start = (page - 1) * size
        return ((start..<(start + size)).map { Article(id: $0, title: "Article \($0)") }, page < 3)
    }

    @Test("PagingController: the original form and the general form")
    func pagination() async throws {
        // The original form: page numbers.
        let loader = PagingController(pageSize: 20) { page, pageSize in
            let response = try await Self.fetchArticles(page: page, size: pageSize)
            return PageResult(page: page, items: response.items, hasMore: response.hasMore)
        }
        try await loader.refresh()
        try await loader.loadMore()
        #expect(await loader.items.count == 40)

        // The general form: cursors, prefetching, automatic retries, a memory cap.
        let source = ClosurePagingSource<String, Article>.cursors { cursor, limit in
            let page = Int(cursor ?? "1")!
            let articles = try await Self.fetchArticles(page: page, size: limit)
            return (articles.items, articles.hasMore ? String(page + 1) : nil)
        }
        let configuration = PagingConfiguration(
            pageSize: 20, retryBackoff: RetryBackoff(maximumRetries: 2, baseDelay: .seconds(1)))
        let feed = try PagingController(source: source, configuration: configuration)
        let updates = feed.updates()  // subscribe before the first load, not inside the task
        let changes = Task {
            for await update in updates where update.itemsChanged {
                // Apply `update.changeset` with performBatchUpdates, or use `update.diff`.
                return update.diff.inserts.count
            }
            return 0
        }
        try await feed.refresh()
        await feed.itemAppeared(at: 55)  // near the end: the next page loads
        await feed.update(id: 3) { $0.title = "Edited" }  // local edit, no refetch
        #expect(await changes.value == 60)
    }

    @Test("ListLoader: the headless list helper")
    func listState() async throws {
        let loader = PagingController(pageSize: 20) { page, pageSize in
            let response = try await Self.fetchArticles(page: page, size: pageSize)
            return PageResult(page: page, items: response.items, hasMore: response.hasMore)
        }
        let list = ListLoader(controller: loader)
        await list.refresh()  // pull-to-refresh or first appearance
        await list.scrolled(
            ScrollMetrics(contentOffset: 1_500, contentHeight: 2_400, viewportHeight: 800),
            threshold: .screens(0.5))
        switch await list.state.phase {
        case .empty: break  // show the empty state
        case .failed(let failure): _ = failure.stage == .refresh  // full-screen error or footer retry
        case .refreshing, .loadingMore, .idle, .exhausted: break
        }
        #expect(await loader.items.count == 40)
    }

    @Test("ListDataSource: declare, save, load, diff")
    func dataSource() throws {
        let settings = ListDataSource(
            title: "Settings",
            sections: [
                ListDataSection(
                    id: "general", header: "General",
                    items: [
                        ListItem(
                            id: "wifi", kind: .toggle,
                            viewModel: ToggleCellViewModel(title: "Wi-Fi", isOn: true)),
                        ListItem(
                            id: "about", kind: .rightDetail,
                            viewModel: BasicCellViewModel(title: "About", detail: "1.0"),
                            child: ListDataSource(title: "About", items: [ListItem(id: "version")])),
                    ])
            ])
        let json = try settings.encoded(prettyPrinted: true)
        let loaded = try ListDataSource.decode(from: json)
        #expect(loaded == settings)

        var edited = loaded
        edited.listSections[0].listItems[0].cellViewModel = AnyCellViewModel(
            ToggleCellViewModel(title: "Wi-Fi", isOn: false))
        let changes = edited.changes(from: loaded)
        #expect(changes.snapshot.reconfiguredItemIdentifiers == ["wifi"])
        #expect(loaded.item(at: ItemIndex(section: 3, item: 0)) == nil)
    }
}
