#if canImport(UIKit)
    import KeelLists
    import UIKit

    extension BaseViewController {
        /// The original foundation's table set-up, for a table the page created and laid out:
        /// registers `cellType` and dequeues it typed for `configureCell`, owns the data source
        /// and delegate, reports taps with the tapped cell (`didSelectCell`), sizes rows with
        /// `rowHeight` (automatic when not given). With `refresh` or `loadMore` it also installs
        /// a ``ListHelper`` (see ``configureList(on:refresh:loadMore:emptyState:)``): a
        /// `UIRefreshControl` for `refresh`, and for `loadMore` a footer spinner while it loads,
        /// one load at a time, none after it returned `false` until the next refresh. The
        /// controller keeps the adapter (one per table) and receives the table's scrolling.
        @discardableResult
        public func configureTableList<Cell: UITableViewCell>(
            _ tableView: UITableView,
            cellType: Cell.Type,
            numberOfRows: @escaping (Int) -> Int,
            configureCell: @escaping (Cell, IndexPath) -> Void,
            didSelectCell: ((Cell, IndexPath) -> Void)? = nil,
            rowHeight: ((IndexPath) -> CGFloat)? = nil,
            refresh: (@MainActor @Sendable () async throws -> Void)? = nil,
            loadMore: (@MainActor @Sendable () async throws -> Bool)? = nil
        ) -> TableListAdapter {
            var configuration = TableListConfiguration(
                numberOfRows: numberOfRows,
                cell: TableListAdapter.typedCell(cellType, configure: configureCell))
            configuration.cellTypes = [cellType]
            if let rowHeight { configuration.rowHeight = rowHeight }
            if let didSelectCell {
                configuration.didSelect = { [weak tableView] indexPath in
                    guard let cell = tableView?.cellForRow(at: indexPath) as? Cell else { return }
                    didSelectCell(cell, indexPath)
                }
            }
            let adapter = configureTableList(tableView, configuration)
            if let loader = ListLoader.ifLoading(refresh: refresh, loadMore: loadMore) {
                let helper = ListHelper(scrollView: tableView, loader: loader, refreshes: refresh != nil)
                attachListHelper(helper, to: tableView)
                adapter.configuration.onLoadMore = { [weak helper] in helper?.loadMore() }
                helper.start()
            }
            return adapter
        }

        /// The original foundation's flow-layout collection set-up, for a collection view the
        /// page created and laid out: registers `cellType` and dequeues it typed for
        /// `configureCell`, owns the data source and flow-layout delegate, reports taps with the
        /// tapped cell. `itemSize` gets the index path and the available size — the collection
        /// view's bounds less its `adjustedContentInset` (content insets plus safe area; section
        /// insets are not taken off) — and, like `sectionInset`, `minimumLineSpacing` and
        /// `minimumInteritemSpacing` (per section), falls back to the flow layout's own value
        /// when not given. The controller keeps the adapter (one per collection view) and
        /// receives its scrolling.
        @discardableResult
        public func configureCollectionList<Cell: UICollectionViewCell>(
            _ collectionView: UICollectionView,
            cellType: Cell.Type,
            numberOfItems: @escaping (Int) -> Int,
            configureCell: @escaping (Cell, IndexPath) -> Void,
            didSelectCell: ((Cell, IndexPath) -> Void)? = nil,
            itemSize: ((IndexPath, CGSize) -> CGSize)? = nil,
            sectionInset: ((Int) -> UIEdgeInsets)? = nil,
            minimumLineSpacing: ((Int) -> CGFloat)? = nil,
            minimumInteritemSpacing: ((Int) -> CGFloat)? = nil
        ) -> CollectionListAdapter {
            var configuration = CollectionListConfiguration(
                numberOfItems: numberOfItems,
                cell: CollectionListAdapter.typedCell(cellType, configure: configureCell))
            configuration.cellTypes = [cellType]
            configuration.itemSize = itemSize
            configuration.sectionInset = sectionInset
            configuration.minimumLineSpacing = minimumLineSpacing
            configuration.minimumInteritemSpacing = minimumInteritemSpacing
            if let didSelectCell {
                configuration.didSelect = { [weak collectionView] indexPath in
                    guard let cell = collectionView?.cellForItem(at: indexPath) as? Cell else { return }
                    didSelectCell(cell, indexPath)
                }
            }
            return configureCollectionList(collectionView, configuration)
        }
    }
#endif
