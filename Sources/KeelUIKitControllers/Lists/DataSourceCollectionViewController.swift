#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// The stock list cell of a collection view, rendering the same `StockCellPresentation` as
    /// the table cell.
    public final class StockListItemCollectionCell: UICollectionViewListCell {
        private let renderer = StockCellRenderer()

        /// Renders the item; user actions go to `callback`.
        public func configure(with item: ListItem, callback: @escaping @MainActor (ListItemAction) -> Void) {
            renderer.setCallback(callback)
            let presentation = StockCellPresentation(item: item)
            var content = defaultContentConfiguration()
            _ = renderer.render(presentation, into: &content, tint: tintColor)
            accessories = presentation.accessories.map(accessory)
            contentConfiguration = content
        }

        private func accessory(_ accessory: StockCellPresentation.Accessory) -> UICellAccessory {
            switch accessory {
            case .control(let kind):
                .customView(
                    configuration: .init(
                        customView: renderer.view(for: kind), placement: .trailing(displayed: .always)))
            case .disclosureIndicator: .disclosureIndicator()
            }
        }

        /// Clears state before reuse.
        override public func prepareForReuse() {
            super.prepareForReuse()
            renderer.setCallback(nil)
            accessories = []
        }
    }

    /// A collection view controller driven by a declarative `ListDataSource`, with a
    /// compositional list layout: the collection counterpart of ``DataSourceTableViewController``
    /// (stock cells, custom cells by kind, animated updates, drill-down).
    open class DataSourceCollectionViewController: UICollectionViewController {
        /// What the list shows.
        public private(set) var dataSource: ListDataSource
        /// Called when a cell reports an action or an item without children is tapped.
        public var onAction: (@MainActor (ListItem, ListItemAction) -> Void)?
        /// Custom cells by kind: dequeue, configure with the item, return.
        public var customCells: [CellKind: (UICollectionView, IndexPath, ListItem) -> UICollectionViewCell] =
            [:]

        /// Shows `dataSource` in an inset-grouped list.
        public init(dataSource: ListDataSource) {
            self.dataSource = dataSource
            var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            configuration.headerMode = .none
            super.init(collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
            title = dataSource.title
        }

        /// Not supported (built in code): returns `nil` rather than decoding, never traps.
        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        /// Registers the stock cell under every stock kind's reuse identifier.
        override open func viewDidLoad() {
            super.viewDidLoad()
            for identifier in ListItemRules.stockReuseIdentifiers(customKinds: []) {
                collectionView.register(
                    StockListItemCollectionCell.self, forCellWithReuseIdentifier: identifier)
            }
        }

        /// Shows `newDataSource`, animating the differences computed by KeelLists when the list
        /// is on screen (`ListUpdateMode`).
        public func apply(_ newDataSource: ListDataSource, animated: Bool = true) {
            collectionView.show(
                newDataSource, replacing: dataSource, animated: animated, isViewLoaded: isViewLoaded,
                store: { [weak self] in self?.dataSource = $0 })
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

        /// A custom cell for the item's kind, else the stock cell.
        override open func collectionView(
            _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
        )
            -> UICollectionViewCell
        {
            let item = dataSource.displayedItem(
                at: ItemIndex(section: indexPath.section, item: indexPath.item))
            let makeCell = customCells[item.kind, default: { [unowned self] in self.stockCell($0, $1, $2) }]
            return makeCell(collectionView, indexPath, item)
        }

        private func stockCell(_ collectionView: UICollectionView, _ indexPath: IndexPath, _ item: ListItem)
            -> UICollectionViewCell
        {
            let cell = collectionView.dequeueReusableCell(
                withReuseIdentifier: ListItemRules.reuseIdentifier(for: item, customKinds: []), for: indexPath
            )
            (cell as? StockListItemCollectionCell)?.configure(with: item) { [weak self] action in
                self?.onAction?(item, action)
            }
            return cell
        }

        /// Drills into a child data source, or reports a tap (`ListItemRules/selection(at:in:)`,
        /// the table's rule).
        override open func collectionView(
            _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
        ) {
            collectionView.deselectItem(at: indexPath, animated: true)
            let index = ItemIndex(section: indexPath.section, item: indexPath.item)
            switch ListItemRules.selection(at: index, in: dataSource) {
            case .drillDown(let child): drillDown(into: child)
            case .reportTap(let item): onAction?(item, .tapped)
            case .none: break
            }
        }

        private func drillDown(into child: ListDataSource) {
            let controller = DataSourceCollectionViewController(dataSource: child)
            controller.onAction = onAction
            controller.customCells = customCells
            navigationController?.pushViewController(controller, animated: true)
        }
    }
#endif
