#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// What a table list shows and how it reacts: the original foundation's
    /// `configureTableList` parameters as one value.
    @MainActor
    public struct TableListConfiguration {
        /// Cell classes registered under their class names.
        public var cellTypes: [UITableViewCell.Type] = []
        /// The number of sections.
        public var numberOfSections: () -> Int = { 1 }
        /// The number of rows in a section.
        public var numberOfRows: (Int) -> Int
        /// Dequeues and configures the cell at an index path.
        public var cell: (UITableView, IndexPath) -> UITableViewCell
        /// The row height (automatic by default).
        public var rowHeight: (IndexPath) -> CGFloat = { _ in UITableView.automaticDimension }
        /// Header and footer heights of a section.
        public var sectionSpacing: (Int) -> (header: CGFloat, footer: CGFloat) = { _ in (0, 0) }
        /// The list's content insets.
        public var contentInset: UIEdgeInsets = .zero
        /// Called when a row is selected (the row is deselected first).
        public var didSelect: ((IndexPath) -> Void)?
        /// Pull-to-refresh; `nil` for none.
        public var onRefresh: (() -> Void)?
        /// Called when the list scrolls near its end; `nil` for none.
        public var onLoadMore: (() -> Void)?

        /// A configuration with the required parts.
        public init(
            numberOfRows: @escaping (Int) -> Int,
            cell: @escaping (UITableView, IndexPath) -> UITableViewCell
        ) {
            self.numberOfRows = numberOfRows
            self.cell = cell
        }
    }

    /// Owns a table view's data source and delegate for ``TableListConfiguration``.
    @MainActor
    public final class TableListAdapter: NSObject, UITableViewDataSource, UITableViewDelegate {
        /// The configuration; change it and call `tableView.reloadData()`.
        public var configuration: TableListConfiguration
        private weak var tableView: UITableView?

        init(tableView: UITableView, configuration: TableListConfiguration) {
            self.configuration = configuration
            self.tableView = tableView
            super.init()
            for type in configuration.cellTypes {
                tableView.register(type, forCellReuseIdentifier: String(describing: type))
            }
            tableView.dataSource = self
            tableView.delegate = self
            tableView.contentInset = configuration.contentInset
            if configuration.onRefresh != nil {
                let control = UIRefreshControl()
                control.addTarget(self, action: #selector(refresh), for: .valueChanged)
                tableView.refreshControl = control
            }
        }

        @objc private func refresh() {
            configuration.onRefresh?()
        }

        /// Ends the pull-to-refresh animation.
        public func endRefreshing() {
            tableView?.refreshControl?.endRefreshing()
        }

        /// The configured section count.
        public func numberOfSections(in tableView: UITableView) -> Int { configuration.numberOfSections() }
        /// The configured row count.
        public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            configuration.numberOfRows(section)
        }
        /// The configured cell.
        public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
        {
            configuration.cell(tableView, indexPath)
        }
        /// The configured row height.
        public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            configuration.rowHeight(indexPath)
        }
        /// The configured header spacing.
        public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
            configuration.sectionSpacing(section).header
        }
        /// The configured footer spacing.
        public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
            configuration.sectionSpacing(section).footer
        }
        /// Deselects, then reports the selection.
        public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            configuration.didSelect?(indexPath)
        }
        /// Asks for more rows when the last section's last rows appear.
        public func tableView(
            _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
        ) {
            LoadMoreTrigger.displaying(
                ItemIndex(section: indexPath.section, item: indexPath.row),
                sectionCount: configuration.numberOfSections(), itemCount: configuration.numberOfRows,
                loadMore: configuration.onLoadMore)
        }
    }

    /// What a collection list shows: cell registration, counts, cells, sizes and insets per
    /// section, selection, refresh and load more.
    @MainActor
    public struct CollectionListConfiguration {
        /// Cell classes registered under their class names.
        public var cellTypes: [UICollectionViewCell.Type] = []
        /// The number of sections.
        public var numberOfSections: () -> Int = { 1 }
        /// The number of items in a section.
        public var numberOfItems: (Int) -> Int
        /// Dequeues and configures the cell at an index path.
        public var cell: (UICollectionView, IndexPath) -> UICollectionViewCell
        /// The item size at an index path.
        public var itemSize: (IndexPath) -> CGSize = { _ in CGSize(width: 100, height: 44) }
        /// The insets of a section.
        public var sectionInset: (Int) -> UIEdgeInsets = { _ in .zero }
        /// Line and item spacing of a section.
        public var spacing: (Int) -> (line: CGFloat, item: CGFloat) = { _ in (0, 0) }
        /// Called when an item is selected.
        public var didSelect: ((IndexPath) -> Void)?
        /// Pull-to-refresh; `nil` for none.
        public var onRefresh: (() -> Void)?
        /// Called when the list scrolls near its end; `nil` for none.
        public var onLoadMore: (() -> Void)?

        /// A configuration with the required parts.
        public init(
            numberOfItems: @escaping (Int) -> Int,
            cell: @escaping (UICollectionView, IndexPath) -> UICollectionViewCell
        ) {
            self.numberOfItems = numberOfItems
            self.cell = cell
        }
    }

    /// Owns a collection view's data source and flow-layout delegate.
    @MainActor
    public final class CollectionListAdapter: NSObject, UICollectionViewDataSource,
        UICollectionViewDelegateFlowLayout
    {
        /// The configuration; change it and call `collectionView.reloadData()`.
        public var configuration: CollectionListConfiguration
        private weak var collectionView: UICollectionView?

        init(collectionView: UICollectionView, configuration: CollectionListConfiguration) {
            self.configuration = configuration
            self.collectionView = collectionView
            super.init()
            for type in configuration.cellTypes {
                collectionView.register(type, forCellWithReuseIdentifier: String(describing: type))
            }
            collectionView.dataSource = self
            collectionView.delegate = self
            if configuration.onRefresh != nil {
                let control = UIRefreshControl()
                control.addTarget(self, action: #selector(refresh), for: .valueChanged)
                collectionView.refreshControl = control
            }
        }

        @objc private func refresh() {
            configuration.onRefresh?()
        }

        /// Ends the pull-to-refresh animation.
        public func endRefreshing() {
            collectionView?.refreshControl?.endRefreshing()
        }

        /// The configured section count.
        public func numberOfSections(in collectionView: UICollectionView) -> Int {
            configuration.numberOfSections()
        }
        /// The configured item count.
        public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
            -> Int
        {
            configuration.numberOfItems(section)
        }
        /// The configured cell.
        public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            configuration.cell(collectionView, indexPath)
        }
        /// The configured item size.
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            configuration.itemSize(indexPath)
        }
        /// The configured section insets.
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            insetForSectionAt section: Int
        ) -> UIEdgeInsets {
            configuration.sectionInset(section)
        }
        /// The configured line spacing.
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumLineSpacingForSectionAt section: Int
        ) -> CGFloat {
            configuration.spacing(section).line
        }
        /// The configured item spacing.
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumInteritemSpacingForSectionAt section: Int
        ) -> CGFloat {
            configuration.spacing(section).item
        }
        /// Reports the selection.
        public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            configuration.didSelect?(indexPath)
        }
        /// Asks for more items when the last section's last items appear.
        public func collectionView(
            _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
            forItemAt indexPath: IndexPath
        ) {
            LoadMoreTrigger.displaying(
                ItemIndex(section: indexPath.section, item: indexPath.item),
                sectionCount: configuration.numberOfSections(), itemCount: configuration.numberOfItems,
                loadMore: configuration.onLoadMore)
        }
    }

    extension UIViewController {
        private static let adapterToken = NSObject()
        private static var adapterKey: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(adapterToken).toOpaque())
        }

        /// Sets up a table list filling the view (or `tableView`): registers cells, owns its
        /// data source and delegate, and wires refresh and load more. The controller keeps the
        /// adapter alive.
        @discardableResult
        public func configureTableList(
            _ tableView: UITableView = UITableView(frame: .zero, style: .plain),
            _ configuration: TableListConfiguration
        ) -> TableListAdapter {
            if tableView.superview == nil {
                view.addSubview(tableView)
                tableView.pinEdges(to: view)
            }
            let adapter = TableListAdapter(tableView: tableView, configuration: configuration)
            objc_setAssociatedObject(self, Self.adapterKey, adapter, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return adapter
        }

        /// Sets up a collection list filling the view (flow layout unless `collectionView`
        /// is given); see ``configureTableList(_:_:)``.
        @discardableResult
        public func configureCollectionList(
            _ collectionView: UICollectionView = UICollectionView(
                frame: .zero, collectionViewLayout: UICollectionViewFlowLayout()),
            _ configuration: CollectionListConfiguration
        ) -> CollectionListAdapter {
            if collectionView.superview == nil {
                view.addSubview(collectionView)
                collectionView.pinEdges(to: view)
            }
            let adapter = CollectionListAdapter(collectionView: collectionView, configuration: configuration)
            objc_setAssociatedObject(self, Self.adapterKey, adapter, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return adapter
        }
    }
#endif
