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

    /// A paginated feed: `PaginationController` pages, `ListHelper` renders refresh, load more
    /// and empty states, `configureTableList` owns the table, images load with `imageURL`.
    final class FeedViewController: BaseViewController {
        private let pagination = PaginationController<Int, Post>(pageSize: 20) { page, pageSize in
            let response = try await ExampleAPI.posts(page: page, pageSize: pageSize)
            return PageResult(page: page, items: response.items, hasMore: response.hasMore)
        }
        private var posts: [Post] = []
        private let tableView = UITableView(frame: .zero, style: .plain)
        private var helper: ListHelper?
        private var updates: Task<Void, Never>?

        override func setupUI() {
            title = "Feed"
            var configuration = TableListConfiguration(
                numberOfRows: { [unowned self] _ in posts.count },
                cell: { [unowned self] tableView, indexPath in
                    let cell = tableView.dequeueReusableCell(
                        withIdentifier: "UITableViewCell", for: indexPath)
                    let post = posts[indexPath.row]
                    cell.textLabel?.text = post.title
                    cell.imageView?.imageURL(post.imageURL, placeholder: UIImage(systemName: "photo"))
                    return cell
                })
            configuration.cellTypes = [UITableViewCell.self]
            configuration.rowHeight = { _ in 64 }
            configureTableList(tableView, configuration)
        }

        override func bind() {
            let helper = ListHelper(scrollView: tableView, loader: ListLoader(controller: pagination))
            self.helper = helper
            let stream = pagination.updates()
            updates = Task { @MainActor [weak self] in
                for await update in stream where update.itemsChanged {
                    guard let self else { return }
                    tableView.apply(update.changeset, setData: { self.posts = $0 })
                }
            }
            helper.start()
        }

        override func applyTheme(_ theme: KeelThemeResolver) {
            view.backgroundColor = UIColor(keel: theme.color(.backgroundPrimary))
        }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            helper?.scrollViewDidScroll()
        }
    }
#endif
