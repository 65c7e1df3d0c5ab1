// README.md's KeelUIKit section shows the lines between each `// README snippet begin` and
// `// README snippet end`, concatenated, without the markers' indentation (ReadmeSnippetTests
// in KeelArchitectureTests compares them); the rest declares what those lines assume.
#if canImport(UIKit)
    // README snippet begin
    import KeelPermissionsCamera  // each permission is its own product, linking only its framework
    import KeelUIKit
    import KeelUIKitControllers
    import KeelUIKitImages
    import UIKit

    // README snippet end

    /// The README's tour of the UIKit bindings, inside a screen that owns what it uses.
    final class UIKitTourViewController: UIViewController {
        private struct Post: Identifiable, Equatable, Sendable {
            let id: Int
            var imageURL: URL?
        }

        private let titleLabel = makeLabel("Sign up")
        private let label = UILabel()
        private let cancel = UIButton(type: .system)
        private let save = UIButton(type: .system)
        private let resolver = KeelThemeResolver(theme: .default)
        private let richText = RichText("Welcome, Ada").bold()

        private func startScanner() {}

        func tour(json: Data) async throws {
            func submit() {}
            var posts: [Post] = []
            let tableView = UITableView()
            let feed = BaseCollectionViewController<String, Post.ID>()
            let pagination = PagingController<Int, Post>(pageSize: 20) { page, _ in
                PageResult(page: page, items: [], hasMore: false)
            }
            var updates = pagination.updates().makeAsyncIterator()
            guard let update = await updates.next() else { return }

            // README snippet begin
            // The original foundation's base controller lifecycle, with theme re-application.
            final class ProfileViewController: BaseViewController {
                private let nameLabel: UILabel = {
                    let label = UILabel()
                    label.text = "Ada"
                    label.font = .preferredFont(forTextStyle: .headline)
                    return label
                }()
                override func setupUI() { view.addSubview(nameLabel) }
                override func setupLayout() {
                    nameLabel.pinToSafeArea(insets: .init(top: 16, leading: 16, bottom: 16, trailing: 16))
                }
                override func bind() { nameLabel.onTap { _ in print("tapped") } }
                // Called on theme, trait and Reduce Motion changes.
                override func applyTheme(_ theme: KeelThemeResolver) {
                    nameLabel.textColor = UIColor(keel: theme.color(.textPrimary))
                    nameLabel.font = UIFont.keel(theme.font(.title2))
                }
            }

            // Lists: the headless list helper, staged batch updates, snapshots, stock cells.
            let helper = ListHelper(scrollView: tableView, loader: ListLoader(controller: pagination))
            tableView.apply(update.changeset, setData: { posts = $0 })  // staged batch updates
            var snapshot = ListSnapshot<String, Post.ID>()
            try snapshot.appendSections(["feed"])
            try snapshot.appendItems(posts.map(\.id))
            feed.apply(snapshot)  // a BaseCollectionViewController<String, Post.ID>
            let settings = ListTableViewController(dataSource: try ListDataSource.decode(from: json))

            // Declarative stacks, Auto Layout helpers, closures, rich text, permissions.
            let form = VStackView(spacing: 12) {
                titleLabel
                HStackView(spacing: 8) {
                    cancel
                    save
                }
            }
            save.on(.touchUpInside) { _ in submit() }
            label.setRichText(resolver.resolve(richText))
            let permissions = PermissionCenter(providers: [.camera])
            if await permissions.request(.camera) == .authorized { startScanner() }
            // README snippet end
            _ = (ProfileViewController(), helper, settings, form)
        }
    }
#endif
