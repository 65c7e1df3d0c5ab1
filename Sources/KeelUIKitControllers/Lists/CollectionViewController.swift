#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// A collection view controller driven by a declarative `DataSource` (AEViewModel's
    /// `CollectionViewController`), with a compositional list layout by default: the collection
    /// counterpart of ``TableViewController`` — set ``dataSource``, override
    /// ``cellType(forIdentifier:)``, ``update(_:at:)`` and ``action(for:at:sender:)``; with
    /// Keel's `ListDataSource` it animates changes and drills into child lists.
    open class CollectionViewController: UICollectionViewController, CellDelegate {
        private var shown: DataSource
        private var kinds: [String: CellKind] = [:]
        private var cellTypes: [CellKind: CollectionCell.Type] = [:]

        /// What the list shows; setting it reloads the list.
        public var dataSource: DataSource {
            get { shown }
            set {
                show(newValue)
                registerCells()
                collectionView.reloadData()
            }
        }

        /// Called by the default ``action(for:at:sender:)`` when a cell reports an action or an
        /// item without a child is tapped.
        public var onAction: (@MainActor (Item, ListItemAction) -> Void)?

        /// Shows `dataSource` (empty by default) in `layout` (an inset-grouped list by default).
        public init(
            dataSource: DataSource = ListDataSource(sections: []),
            collectionViewLayout layout: UICollectionViewLayout = CollectionViewController.listLayout()
        ) {
            shown = dataSource
            super.init(collectionViewLayout: layout)
            show(dataSource)
        }

        /// Creates the controller from a storyboard, showing an empty data source until
        /// ``dataSource`` is set.
        public required init?(coder: NSCoder) {
            shown = ListDataSource(sections: [])
            super.init(coder: coder)
        }

        /// An inset-grouped compositional list layout.
        public static func listLayout() -> UICollectionViewLayout {
            var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            configuration.headerMode = .none
            return UICollectionViewCompositionalLayout.list(using: configuration)
        }

        private func show(_ newDataSource: DataSource) {
            shown = newDataSource
            kinds = ListItemRules.kinds(in: newDataSource)
            if let title = newDataSource.title { self.title = title }
        }

        private func registerCells() {
            for identifier in shown.uniqueIdentifiers {
                cellType(forIdentifier: identifier).register(in: collectionView)
            }
        }

        /// Registers the cells of the data source's identifiers.
        override open func viewDidLoad() {
            super.viewDidLoad()
            registerCells()
        }

        /// Uses `cellType` for `ListItem`s of `kind` (the default ``cellType(forIdentifier:)``
        /// returns it as `.customClass`).
        public func register(_ cellType: CollectionCell.Type, for kind: CellKind) {
            cellTypes[kind] = cellType
        }

        /// The cell type for items with `identifier`. By default: the class registered for the
        /// item's `CellKind`, else the button or spinner cell for those kinds, else `.basic`
        /// (which shows every stock view model, controls included).
        open func cellType(forIdentifier identifier: String) -> CollectionCellType {
            switch ListItemRules.cellChoice(forIdentifier: identifier, kinds: kinds, custom: cellTypes) {
            case .custom(let type): .customClass(type)
            case .stock(.button): .button
            case .stock(.spinner): .spinner
            case .stock: .basic
            }
        }

        /// Updates `cell` with the item at `indexPath` and becomes its delegate.
        open func update(_ cell: CollectionCell, at indexPath: IndexPath) {
            cell.update(with: dataSource.displayedItem(at: indexPath))
            cell.delegate = self
        }

        /// Handles a selection (`sender` is the collection view) or a cell's callback, as
        /// `ListItemRules/selection(at:in:sender:)` decides (the table's rule).
        open func action(for cell: CollectionCell, at indexPath: IndexPath, sender: Any) {
            switch ListItemRules.selection(at: indexPath, in: dataSource, sender: sender) {
            case .drillDown(let child): drillDown(into: child)
            case .report(let item, let action): onAction?(item, action)
            case .none: break
            }
        }

        /// Routes a cell's callback to ``action(for:at:sender:)`` at the cell's index path.
        public func callback(from cell: Cell, sender: Any) {
            guard let collectionCell = cell as? CollectionCell,
                let indexPath = collectionView.indexPath(for: collectionCell)
            else { return }
            action(for: collectionCell, at: indexPath, sender: sender)
        }

        /// Shows `newDataSource`, animating the differences computed by KeelLists when both are
        /// `ListDataSource`s and the list is on screen (`ListUpdateMode`).
        public func apply(_ newDataSource: ListDataSource, animated: Bool = true) {
            guard let current = shown as? ListDataSource else {
                dataSource = newDataSource
                return
            }
            collectionView.show(
                newDataSource, replacing: current, animated: animated, isViewLoaded: isViewLoaded,
                store: { [weak self] in
                    self?.show($0)
                    self?.registerCells()
                })
        }

        /// The number of sections.
        override open func numberOfSections(in collectionView: UICollectionView) -> Int {
            dataSource.sections.count
        }

        /// The number of items in a section.
        override open func collectionView(
            _ collectionView: UICollectionView, numberOfItemsInSection section: Int
        ) -> Int {
            dataSource.itemCount(inSectionAt: section)
        }

        /// Dequeues the cell of ``cellType(forIdentifier:)`` and updates it (``update(_:at:)``).
        override open func collectionView(
            _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
        )
            -> UICollectionViewCell
        {
            let type = cellType(forIdentifier: dataSource.displayedItem(at: indexPath).identifier)
            let cell = collectionView.dequeueReusableCell(
                withReuseIdentifier: type.reuseIdentifier, for: indexPath)
            guard let collectionCell = cell as? CollectionCell else { return cell }
            update(collectionCell, at: indexPath)
            return collectionCell
        }

        /// Calls the cell back with the collection view as the sender.
        override open func collectionView(
            _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
        ) {
            collectionView.deselectItem(at: indexPath, animated: true)
            guard let cell = collectionView.cellForItem(at: indexPath) as? CollectionCell else { return }
            cell.callback(collectionView)
        }

        private func drillDown(into child: DataSource) {
            let controller = CollectionViewController(dataSource: child)
            controller.onAction = onAction
            controller.cellTypes = cellTypes
            navigationController?.pushViewController(controller, animated: true)
        }
    }

#endif
