#if canImport(UIKit)
    import KeelApp
    import KeelUIKitControllers
    import KeelUIKitImages
    import UIKit

    /// One post of the example feed.
    struct Post: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
        var imageURL: URL?
    }

    /// A stand-in API: pages of 20 posts, 5 pages in all.
    enum ExampleAPI {
        static func posts(page: Int, pageSize: Int) async throws -> (items: [Post], hasMore: Bool) {
            try await Task.sleep(nanoseconds: 300_000_000)
            let first = (page - 1) * pageSize
            let items = (first..<first + pageSize).map {
                Post(
                    id: $0, title: "Post \($0)",
                    imageURL: URL(string: "https://picsum.photos/id/\($0 % 90)/120"))
            }
            return (items, page < 5)
        }
    }

    /// A feed row: the post's title and image.
    final class PostCell: UITableViewCell {
        func configure(with post: Post) {
            textLabel?.text = post.title
            imageView?.imageURL(post.imageURL, placeholder: UIImage(systemName: "photo"))
        }
    }

    /// A paginated feed, in the original foundation's shapes: `PaginationController` pages,
    /// `configureTableList(_:cellType:…refresh:loadMore:)` owns the table and installs the
    /// list helper (pull-to-refresh, a footer spinner while the next page loads, the empty
    /// state), and `BaseViewController` forwards the table's scrolling to it — so nearing the
    /// bottom loads page 2, 3, … until the API says there is no more. Images load with `imageURL`.
    final class FeedViewController: BaseViewController {
        private let pagination = PaginationController<Int, Post>(pageSize: 20) { page, pageSize in
            let response = try await ExampleAPI.posts(page: page, pageSize: pageSize)
            return PageResult(page: page, items: response.items, hasMore: response.hasMore)
        }
        private var posts: [Post] = []
        private let tableView = UITableView(frame: .zero, style: .plain)

        override func setupUI() {
            super.setupUI()
            title = "Feed"
            view.addSubview(tableView)
            tableView.pinEdges(to: view)
            configureTableList(
                tableView,
                cellType: PostCell.self,
                numberOfRows: { [weak self] _ in self?.posts.count ?? 0 },
                configureCell: { [weak self] cell, indexPath in
                    guard let post = self?.posts[indexPath.row] else { return }
                    cell.configure(with: post)
                },
                didSelectCell: { [weak self] cell, _ in
                    self?.title = cell.textLabel?.text
                },
                rowHeight: { _ in 64 },
                refresh: { [weak self] in
                    guard let self else { return }
                    try await pagination.refresh()
                    posts = await pagination.items
                    setListEmptyStateVisible(posts.isEmpty)
                    tableView.reloadData()
                },
                loadMore: { [weak self] in
                    guard let self else { return false }
                    try await pagination.loadMore()
                    posts = await pagination.items
                    tableView.reloadData()
                    return await pagination.hasMore
                })
            listHelper?.emptyState = ListEmptyStateConfiguration(title: "No posts yet", actionTitle: "Retry")
            listHelper?.emptyStateView.onAction = { [weak self] in
                self?.listHelper?.beginRefreshing()
            }
        }

        override func applyTheme(_ theme: KeelThemeResolver) {
            view.backgroundColor = UIColor(keel: theme.color(.backgroundPrimary))
        }

        /// The table's scrolling reaches here (the adapter forwards it); `super` hands it to the
        /// list helper, which loads the next page near the bottom.
        override func scrollViewDidScroll(_ scrollView: UIScrollView) {
            super.scrollViewDidScroll(scrollView)
            navigationItem.largeTitleDisplayMode = .automatic
        }
    }
#endif
