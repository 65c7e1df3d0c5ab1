// swift-format-ignore-file
// AppFoundation README › 列表刷新示例, as the document writes it: KeelCompat's
// `PaginationController<Item>` is the original's, with one generic parameter (the item).
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKitControllers
    import UIKit

    /// The app's page loader (the document's host types): the page's items are `Int`s, as
    /// `PaginationController<Int>` says.
    fileprivate struct FeedPage: Sendable {
        var items: [Int]
        var hasMore: Bool
    }

    fileprivate func loadPage(_ page: Int, _ pageSize: Int) async throws -> FeedPage {
        let first = (page - 1) * pageSize
        return FeedPage(items: Array(first..<first + pageSize), hasMore: page < 3)
    }

    enum SeedListRefresh {
        // seed begin: af-list-refresh
        final class FeedViewController: BaseViewController {
            private let tableView = UITableView(frame: .zero, style: .plain)
            private let pagination = PaginationController<Int>(pageSize: 20) { page, pageSize in
                let response = try await loadPage(page, pageSize)
                return PageResult(page: page, items: response.items, hasMore: response.hasMore)
            }

            override func setupUI() {
                super.setupUI()
                view.addSubview(tableView)

                configureList(
                    on: tableView,
                    refresh: { [weak self] in
                        guard let self else { return }
                        try await self.pagination.refresh()
                        self.setListEmptyStateVisible(self.pagination.items.isEmpty)
                        self.tableView.reloadData()
                    },
                    loadMore: { [weak self] in
                        guard let self else { return false }
                        try await self.pagination.loadMore()
                        self.tableView.reloadData()
                        return self.pagination.hasMore
                    },
                    emptyState: ListEmptyStateConfiguration(
                        title: "No content",
                        actionTitle: "Retry"
                    )
                ).emptyStateView.onAction = { [weak self] in
                    self?.listHelper?.beginRefreshing()
                }
            }

            override func setupLayout() {
                tableView.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                    tableView.topAnchor.constraint(equalTo: view.topAnchor),
                    tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor)
                ])
            }

            override func scrollViewDidScroll(_ scrollView: UIScrollView) {
                super.scrollViewDidScroll(scrollView)
            }
        }
        // seed end
    }
#endif
