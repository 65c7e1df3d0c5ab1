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

    /// A feed row: the post's image and title.
    final class PostCell: UICollectionViewListCell {
        private let thumbnail = UIImageView()
        private let titleLabel = UILabel()
        private let badge = KeelBadge(content: .count(0))
        /// Holds the clipped thumbnail and, unclipped over its corner, the badge.
        private let thumbnailHost = UIView()

        override init(frame: CGRect) {
            super.init(frame: frame)
            thumbnail.contentMode = .scaleAspectFill
            thumbnail.clipsToBounds = true
            thumbnailHost.addSubview(thumbnail)
            thumbnail.pinEdges(to: thumbnailHost)
            thumbnailHost.addSubview(badge)
            let row = HStackView(spacing: 12, alignment: .center) {
                thumbnailHost
                titleLabel
            }
            contentView.addSubview(row)
            row.pinEdges(to: contentView, insets: 8)
            thumbnailHost.size(width: 48, height: 48)
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            super.layoutSubviews()
            badge.placeOnSuperview()
        }

        func configure(with post: Post?) {
            titleLabel.text = post?.title
            // New comments on every seventh post, as a badge on its thumbnail.
            badge.content = .count(post.map { $0.id % 7 == 0 ? $0.id : 0 } ?? 0)
            thumbnail.imageURL(post?.imageURL, placeholder: UIImage(systemName: "photo"))
        }
    }

    /// A paginated feed, Keel's way: a `PagingController` pages, a
    /// `BaseCollectionViewController` shows each new `ListSnapshot` (diffed and animated), and
    /// `configureList(on:refresh:loadMore:emptyState:)` installs the list helper
    /// (pull-to-refresh, a load more near the bottom, the empty state), fed by the controller's
    /// scrolling — so nearing the bottom loads page 2, 3, … until the API says there is no more.
    /// Images load with `imageURL`.
    final class FeedViewController: BaseCollectionViewController<String, Post.ID> {
        private let pagination = PagingController<Int, Post>(pageSize: 20) { page, pageSize in
            let response = try await ExampleAPI.posts(page: page, pageSize: pageSize)
            return PageResult(page: page, items: response.items, hasMore: response.hasMore)
        }
        private var posts: [Post.ID: Post] = [:]
        private var helper: ListHelper?
        /// The rows' shapes, shimmering, until the first page arrives.
        private let skeleton = KeelSkeletonView(spec: .listRow, count: 8)

        override func setupUI() {
            super.setupUI()
            title = "Feed"
            collectionView.register(PostCell.self, forCellWithReuseIdentifier: "post")
            let helper = configureList(
                on: collectionView,
                refresh: { [weak self] in
                    guard let self else { return }
                    try await pagination.refresh()
                    display(await pagination.items)
                },
                loadMore: { [weak self] in
                    guard let self else { return false }
                    try await pagination.loadMore()
                    display(await pagination.items)
                    return await pagination.hasMore
                },
                emptyState: ListEmptyStateConfiguration(title: "No posts yet", actionTitle: "Retry"))
            helper.emptyStateView.onAction = { [weak helper] in helper?.beginRefreshing() }
            self.helper = helper
            view.addSubview(skeleton)
            skeleton.pinToSafeArea()
        }

        /// Shows `items` (animated when on screen) and says whether the feed is empty.
        private func display(_ items: [Post]) {
            posts = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var snapshot = ListSnapshot<String, Post.ID>()
            try? snapshot.appendSections(["posts"])
            try? snapshot.appendItems(items.map(\.id))
            apply(snapshot)
            helper?.setEmptyStateVisible(items.isEmpty)
            skeleton.removeFromSuperview()
        }

        override func cell(for item: Post.ID, at indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "post", for: indexPath)
            (cell as? PostCell)?.configure(with: posts[item])
            return cell
        }

        override func didSelect(_ item: Post.ID, at indexPath: IndexPath) {
            title = posts[item]?.title
        }

        override func applyTheme(_ theme: KeelThemeResolver) {
            view.backgroundColor = UIColor(keel: theme.color(.backgroundPrimary))
        }

        /// The list's scrolling reaches here (the controller is its delegate); `super` hands it
        /// to the list helper, which loads the next page near the bottom.
        override func scrollViewDidScroll(_ scrollView: UIScrollView) {
            super.scrollViewDidScroll(scrollView)
            navigationItem.largeTitleDisplayMode = .automatic
        }
    }
#endif
