// swift-format-ignore-file
// AppFoundation README › 传统列表快速配置 (UITableView, refresh and load more, UICollectionView Flow
// Layout), as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKitControllers
    import UIKit

    /// The app's items and cells (the document's host types).
    fileprivate struct FeedItem: Sendable {
        var title: String
    }

    fileprivate final class FeedCell: UITableViewCell {
        func configure(with item: FeedItem) {
            textLabel?.text = item.title
        }
    }

    fileprivate struct GalleryItem: Sendable {
        var title: String
    }

    fileprivate final class GalleryCell: UICollectionViewCell {
        func configure(with item: GalleryItem) {
            accessibilityLabel = item.title
        }
    }

    fileprivate struct FeedItemsPage: Sendable {
        var items: [FeedItem]
        var hasMore: Bool
    }

    fileprivate func loadItems() async throws -> [FeedItem] {
        (1...20).map { FeedItem(title: "Item \($0)") }
    }

    fileprivate func loadNextItems() async throws -> FeedItemsPage {
        FeedItemsPage(items: (21...40).map { FeedItem(title: "Item \($0)") }, hasMore: false)
    }

    enum SeedTraditionalLists {
        // seed begin: af-table-list
        final class FeedViewController: BaseViewController {
            private let tableView = UITableView(frame: .zero, style: .plain)
            private var items: [FeedItem] = []

            override func setupUI() {
                super.setupUI()
                view.addSubview(tableView)

                configureTableList(
                    tableView,
                    cellType: FeedCell.self,
                    numberOfRows: { [weak self] _ in self?.items.count ?? 0 },
                    configureCell: { [weak self] cell, indexPath in
                        guard let item = self?.items[indexPath.row] else { return }
                        cell.configure(with: item)
                    },
                    didSelectCell: { [weak self] _, indexPath in
                        self?.openItem(at: indexPath.row)
                    },
                    rowHeight: { _ in 72 }
                )
            }

            override func setupLayout() {
                tableView.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                    tableView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                    tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor)
                ])
            }
        }
        // seed end

        /// The same feed with refresh and load more (the document's second table example).
        final class PagingFeedViewController: BaseViewController {
            private let tableView = UITableView(frame: .zero, style: .plain)
            private var items: [FeedItem] = []

            override func setupUI() {
                super.setupUI()
                view.addSubview(tableView)
                tableView.pinEdges(to: view)
                // seed begin: af-table-list-paging
                configureTableList(
                    tableView,
                    cellType: FeedCell.self,
                    numberOfRows: { [weak self] _ in self?.items.count ?? 0 },
                    configureCell: { [weak self] cell, indexPath in
                        guard let item = self?.items[indexPath.row] else { return }
                        cell.configure(with: item)
                    },
                    refresh: { [weak self] in
                        guard let self else { return }
                        self.items = try await loadItems()
                        self.tableView.reloadData()
                    },
                    loadMore: { [weak self] in
                        guard let self else { return false }
                        let nextItems = try await loadNextItems()
                        self.items.append(contentsOf: nextItems.items)
                        self.tableView.reloadData()
                        return nextItems.hasMore
                    }
                )
                // seed end
            }
        }

        // seed begin: af-collection-list
        final class GalleryViewController: BaseViewController {
            private let collectionView: UICollectionView = {
                let layout = UICollectionViewFlowLayout()
                layout.scrollDirection = .vertical
                layout.minimumLineSpacing = 12
                layout.minimumInteritemSpacing = 8

                let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
                collectionView.backgroundColor = .systemBackground
                return collectionView
            }()

            private var items: [GalleryItem] = []

            override func setupUI() {
                super.setupUI()
                view.addSubview(collectionView)

                configureCollectionList(
                    collectionView,
                    cellType: GalleryCell.self,
                    numberOfItems: { [weak self] _ in self?.items.count ?? 0 },
                    configureCell: { [weak self] cell, indexPath in
                        guard let item = self?.items[indexPath.item] else { return }
                        cell.configure(with: item)
                    },
                    didSelectCell: { [weak self] _, indexPath in
                        self?.openItem(at: indexPath.item)
                    },
                    itemSize: { _, availableSize in
                        let spacing: CGFloat = 8
                        let side = (availableSize.width - 32 - spacing) / 2
                        return CGSize(width: side, height: side)
                    },
                    sectionInset: { _ in
                        UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
                    }
                )
            }

            override func setupLayout() {
                collectionView.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    collectionView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    collectionView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                    collectionView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                    collectionView.bottomAnchor.constraint(equalTo: view.bottomAnchor)
                ])
            }
        }
        // seed end
    }

    extension SeedTraditionalLists.FeedViewController {
        /// Opens the item at `index` (the app's navigation).
        fileprivate func openItem(at index: Int) {
            title = "Item \(index)"
        }
    }

    extension SeedTraditionalLists.GalleryViewController {
        /// Opens the item at `index` (the app's navigation).
        fileprivate func openItem(at index: Int) {
            title = "Item \(index)"
        }
    }
#endif
