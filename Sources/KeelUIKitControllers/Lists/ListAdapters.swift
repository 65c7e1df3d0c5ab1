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
        /// Called when the last rows of the last section appear; `nil` for none.
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

    /// Owns a table view's data source and delegate for ``TableListConfiguration``, and
    /// forwards the table's scrolling to the controller that configured it (so a
    /// `BaseViewController`'s `scrollViewDidScroll(_:)` runs, and its list helper loads more).
    @MainActor
    public final class TableListAdapter: NSObject, UITableViewDataSource, UITableViewDelegate {
        /// The configuration; change it and call ``reloadData()``.
        public var configuration: TableListConfiguration
        /// Receives the table's `scrollViewDidScroll(_:)` (the configuring controller, when it is
        /// a scroll view delegate).
        public weak var scrollDelegate: UIScrollViewDelegate?
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

        /// A cell closure that dequeues `type` (registered under its class name) and hands it,
        /// typed, to `configure`.
        static func typedCell<Cell: UITableViewCell>(
            _ type: Cell.Type, configure: @escaping (Cell, IndexPath) -> Void
        ) -> (UITableView, IndexPath) -> UITableViewCell {
            { tableView, indexPath in
                let cell = tableView.dequeueReusableCell(
                    withIdentifier: String(describing: type), for: indexPath)
                guard let typed = cell as? Cell else { return cell }
                configure(typed, indexPath)
                return typed
            }
        }

        @objc private func refresh() {
            configuration.onRefresh?()
        }

        /// Reloads the table from the configuration.
        public func reloadData() {
            tableView?.reloadData()
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
        /// Forwards the scrolling to ``scrollDelegate``.
        public func scrollViewDidScroll(_ scrollView: UIScrollView) {
            scrollDelegate?.scrollViewDidScroll?(scrollView)
        }
    }

    /// What a collection list shows: cell registration, counts, cells, sizes, insets and
    /// spacings per section, selection, refresh and load more. Sizes, insets and spacings that
    /// are not given are the flow layout's own (`itemSize`, `sectionInset`,
    /// `minimumLineSpacing`, `minimumInteritemSpacing`), decided by `FlowListMetrics`.
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
        /// The item size at an index path, given the available size: the collection view's
        /// bounds less its `adjustedContentInset` (section insets not taken off; see
        /// `FlowListMetrics.availableSize(bounds:adjustedContentInset:)`). `nil`: the flow
        /// layout's `itemSize`.
        public var itemSize: ((IndexPath, CGSize) -> CGSize)?
        /// The insets of a section; `nil`: the flow layout's `sectionInset`.
        public var sectionInset: ((Int) -> UIEdgeInsets)?
        /// The line spacing of a section; `nil`: the flow layout's `minimumLineSpacing`.
        public var minimumLineSpacing: ((Int) -> CGFloat)?
        /// The item spacing of a section; `nil`: the flow layout's `minimumInteritemSpacing`.
        public var minimumInteritemSpacing: ((Int) -> CGFloat)?
        /// Called when an item is selected.
        public var didSelect: ((IndexPath) -> Void)?
        /// Pull-to-refresh; `nil` for none.
        public var onRefresh: (() -> Void)?
        /// Called when the last items of the last section appear; `nil` for none.
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

    /// Owns a collection view's data source and flow-layout delegate, and forwards its
    /// scrolling to the controller that configured it.
    @MainActor
    public final class CollectionListAdapter: NSObject, UICollectionViewDataSource,
        UICollectionViewDelegateFlowLayout
    {
        /// The configuration; change it and call ``reloadData()``.
        public var configuration: CollectionListConfiguration
        /// Receives the collection view's `scrollViewDidScroll(_:)` (the configuring controller,
        /// when it is a scroll view delegate).
        public weak var scrollDelegate: UIScrollViewDelegate?
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

        /// A cell closure that dequeues `type` (registered under its class name) and hands it,
        /// typed, to `configure`.
        static func typedCell<Cell: UICollectionViewCell>(
            _ type: Cell.Type, configure: @escaping (Cell, IndexPath) -> Void
        ) -> (UICollectionView, IndexPath) -> UICollectionViewCell {
            { collectionView, indexPath in
                let cell = collectionView.dequeueReusableCell(
                    withReuseIdentifier: String(describing: type), for: indexPath)
                guard let typed = cell as? Cell else { return cell }
                configure(typed, indexPath)
                return typed
            }
        }

        @objc private func refresh() {
            configuration.onRefresh?()
        }

        /// Reloads the collection view from the configuration.
        public func reloadData() {
            collectionView?.reloadData()
        }

        /// Ends the pull-to-refresh animation.
        public func endRefreshing() {
            collectionView?.refreshControl?.endRefreshing()
        }

        /// The section's insets and spacings: the configuration's, else the flow layout's.
        func metrics(_ layout: UICollectionViewLayout, section: Int) -> FlowListMetrics {
            let flow = (layout as? UICollectionViewFlowLayout).map(FlowListMetrics.init(flowLayout:))
            let inset = configuration.sectionInset
            let line = configuration.minimumLineSpacing
            let item = configuration.minimumInteritemSpacing
            return FlowListMetrics.resolve(
                section: section, layout: flow,
                sectionInset: inset.map { inset in { ListInsets(inset($0)) } },
                minimumLineSpacing: line.map { line in { Double(line($0)) } },
                minimumInteritemSpacing: item.map { item in { Double(item($0)) } })
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
        /// The configured item size for the available size, else the flow layout's `itemSize`.
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            let available = FlowListMetrics.availableSize(
                bounds: ListSize(collectionView.bounds.size),
                adjustedContentInset: ListInsets(collectionView.adjustedContentInset))
            let given = configuration.itemSize.map { ListSize($0(indexPath, CGSize(available))) }
            let fallback = (collectionViewLayout as? UICollectionViewFlowLayout).map { ListSize($0.itemSize) }
            return CGSize(FlowListMetrics.itemSize(given, fallback: fallback))
        }
        /// The configured section insets, else the flow layout's.
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            insetForSectionAt section: Int
        ) -> UIEdgeInsets {
            UIEdgeInsets(metrics(collectionViewLayout, section: section).sectionInset)
        }
        /// The configured line spacing, else the flow layout's.
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumLineSpacingForSectionAt section: Int
        ) -> CGFloat {
            CGFloat(metrics(collectionViewLayout, section: section).minimumLineSpacing)
        }
        /// The configured item spacing, else the flow layout's.
        public func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumInteritemSpacingForSectionAt section: Int
        ) -> CGFloat {
            CGFloat(metrics(collectionViewLayout, section: section).minimumInteritemSpacing)
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
        /// Forwards the scrolling to ``scrollDelegate``.
        public func scrollViewDidScroll(_ scrollView: UIScrollView) {
            scrollDelegate?.scrollViewDidScroll?(scrollView)
        }
    }

    /// The lists a controller configured, one entry per list view (so a second list never
    /// releases the first), kept on the controller.
    @MainActor
    final class ListAttachmentsBox {
        var adapters = ListAttachments<NSObject>()
        var helpers = ListAttachments<ListHelper>()
    }

    extension UIViewController {
        private static let adapterToken = NSObject()
        private static var adapterKey: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(adapterToken).toOpaque())
        }

        /// The lists this controller configured.
        var listAttachments: ListAttachmentsBox {
            if let box = objc_getAssociatedObject(self, Self.adapterKey) as? ListAttachmentsBox { return box }
            let box = ListAttachmentsBox()
            objc_setAssociatedObject(self, Self.adapterKey, box, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return box
        }

        /// Sets up a table list filling the view (or `tableView`): registers cells, owns its
        /// data source and delegate, and wires refresh and load more. The controller keeps the
        /// adapter alive — one per table, so several lists can be configured — and, when it is a
        /// scroll view delegate (a `BaseViewController`), receives the table's scrolling.
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
            adapter.scrollDelegate = self as? UIScrollViewDelegate
            listAttachments.adapters.set(adapter, for: tableView)
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
            adapter.scrollDelegate = self as? UIScrollViewDelegate
            listAttachments.adapters.set(adapter, for: collectionView)
            return adapter
        }
    }

    extension ListSize {
        /// A size from a `CGSize`.
        init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
    }

    extension CGSize {
        /// A size from a `ListSize`.
        init(_ size: ListSize) { self.init(width: size.width, height: size.height) }
    }

    extension ListInsets {
        /// Insets from `UIEdgeInsets`.
        init(_ insets: UIEdgeInsets) {
            self.init(
                top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom),
                right: Double(insets.right))
        }
    }

    extension UIEdgeInsets {
        /// Insets from `ListInsets`.
        init(_ insets: ListInsets) {
            self.init(
                top: CGFloat(insets.top), left: CGFloat(insets.left), bottom: CGFloat(insets.bottom),
                right: CGFloat(insets.right))
        }
    }

    extension FlowListMetrics {
        /// A flow layout's own insets and spacings.
        @MainActor init(flowLayout layout: UICollectionViewFlowLayout) {
            self.init(
                sectionInset: ListInsets(layout.sectionInset),
                minimumLineSpacing: Double(layout.minimumLineSpacing),
                minimumInteritemSpacing: Double(layout.minimumInteritemSpacing))
        }
    }
#endif
