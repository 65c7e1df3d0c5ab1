#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// A table view controller showing a declarative `ListDataSource` with the stock cells —
    /// the UIKit counterpart of KeelSwiftUI's `KeelList`: it registers, dequeues and updates the
    /// cells, maps each item's `CellKind` to its stock cell or a registered class
    /// (``register(_:for:)``), animates changes (``apply(_:animated:)``), reports taps and
    /// control changes (``onAction``) and drills into child lists. Override
    /// ``cellType(forIdentifier:)``, ``update(_:at:)`` and ``action(for:at:sender:)`` to
    /// customise.
    ///
    /// ```swift
    /// let settings = ListTableViewController(dataSource: try ListDataSource.decode(from: json))
    /// settings.register(ProductCell.self, for: "product")
    /// settings.onAction = { item, action in … }
    /// settings.apply(edited)  // animated
    /// ```
    open class ListTableViewController: UITableViewController, ListItemCellDelegate {
        /// What the table shows; change it with ``apply(_:animated:)``.
        public private(set) var listDataSource: ListDataSource
        private var kinds: [String: CellKind] = [:]
        private var cellTypes: [CellKind: (UITableViewCell & ListItemCell).Type] = [:]

        /// Called by the default ``action(for:at:sender:)`` when a cell reports an action or an
        /// item without a child is tapped.
        public var onAction: (@MainActor (ListItem, ListItemAction) -> Void)?

        /// Shows `dataSource` (empty by default).
        public init(
            dataSource: ListDataSource = ListDataSource(sections: []),
            style: UITableView.Style = .insetGrouped
        ) {
            listDataSource = dataSource
            super.init(style: style)
            show(dataSource)
        }

        /// Creates the controller from a storyboard, showing an empty data source until
        /// ``apply(_:animated:)`` gives it one.
        public required init?(coder: NSCoder) {
            listDataSource = ListDataSource(sections: [])
            super.init(coder: coder)
        }

        private func show(_ newDataSource: ListDataSource) {
            listDataSource = newDataSource
            kinds = ListItemRules.kinds(in: newDataSource)
            if let title = newDataSource.title { self.title = title }
        }

        private func registerCells() {
            for identifier in Set(kinds.keys) {
                cellType(forIdentifier: identifier).register(in: tableView)
            }
            CellType.basic.register(in: tableView)
        }

        /// Registers the cells of the data source's identifiers.
        override open func viewDidLoad() {
            super.viewDidLoad()
            registerCells()
        }

        /// Uses `cellType` for items of `kind` (the default ``cellType(forIdentifier:)``
        /// returns it as `.customClass`).
        public func register(_ cellType: (UITableViewCell & ListItemCell).Type, for kind: CellKind) {
            cellTypes[kind] = cellType
        }

        /// The cell type for items with `identifier`; the controller registers it under the
        /// type's reuse identifier whenever the data source changes. By default: the class
        /// registered for the item's `CellKind`, else the kind's stock cell, else `.basic`.
        open func cellType(forIdentifier identifier: String) -> CellType {
            switch ListItemRules.cellChoice(forIdentifier: identifier, kinds: kinds, custom: cellTypes) {
            case .custom(let type): .customClass(type)
            case .stock(let style): CellType(style)
            }
        }

        /// Updates `cell` with the item at `indexPath` and becomes its delegate. Override, call
        /// `super`, then add your own logic.
        open func update(_ cell: UITableViewCell & ListItemCell, at indexPath: IndexPath) {
            cell.update(with: listDataSource.displayedItem(at: ItemIndex(indexPath)))
            cell.delegate = self
        }

        /// Handles a selection (`sender` is the table view) or a cell's callback (a stock cell
        /// sends a `ListItemAction`). By default: reports a control's change or a tap to
        /// ``onAction``, or drills into the item's child.
        open func action(for cell: UITableViewCell & ListItemCell, at indexPath: IndexPath, sender: Any) {
            switch ListItemRules.selection(at: ItemIndex(indexPath), in: listDataSource, sender: sender) {
            case .drillDown(let child): drillDown(into: child)
            case .report(let item, let action): onAction?(item, action)
            case .none: break
            }
        }

        /// Routes a cell's callback to ``action(for:at:sender:)`` at the cell's index path.
        public func callback(from cell: any ListItemCell, sender: Any) {
            guard let tableCell = cell as? UITableViewCell & ListItemCell,
                let indexPath = tableView.indexPath(for: tableCell)
            else { return }
            action(for: tableCell, at: indexPath, sender: sender)
        }

        /// Shows `newDataSource`, animating the differences (computed by KeelLists) when the
        /// table is on screen and `animated` is `true`; reloading otherwise.
        public func apply(_ newDataSource: ListDataSource, animated: Bool = true) {
            tableView.show(
                newDataSource, replacing: listDataSource, animated: animated, isViewLoaded: isViewLoaded,
                store: { [weak self] in
                    self?.show($0)
                    self?.registerCells()
                })
        }

        /// The number of sections.
        override open func numberOfSections(in tableView: UITableView) -> Int {
            listDataSource.listSections.count
        }

        /// The number of items in a section.
        override open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            listDataSource.itemCount(inSectionAt: section)
        }

        /// The section header.
        override open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
            -> String?
        {
            listDataSource.section(at: section)?.header
        }

        /// The section footer.
        override open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
            -> String?
        {
            listDataSource.section(at: section)?.footer
        }

        /// Dequeues the cell of ``cellType(forIdentifier:)`` and updates it (``update(_:at:)``).
        override open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
            -> UITableViewCell
        {
            let item = listDataSource.displayedItem(at: ItemIndex(indexPath))
            let type = cellType(forIdentifier: item.id)
            let cell = tableView.dequeueReusableCell(withIdentifier: type.reuseIdentifier, for: indexPath)
            guard let listCell = cell as? UITableViewCell & ListItemCell else { return cell }
            update(listCell, at: indexPath)
            return listCell
        }

        /// Calls the cell back with the table view as the sender, which reaches
        /// ``action(for:at:sender:)``.
        override open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            guard let cell = tableView.cellForRow(at: indexPath) as? UITableViewCell & ListItemCell else {
                return
            }
            cell.callback(tableView)
        }

        private func drillDown(into child: ListDataSource) {
            let controller = ListTableViewController(dataSource: child, style: tableView.style)
            controller.onAction = onAction
            controller.cellTypes = cellTypes
            navigationController?.pushViewController(controller, animated: true)
        }
    }

    extension ItemIndex {
        /// The neutral index of a UIKit index path (section, then row or item).
        package init(_ indexPath: IndexPath) {
            self.init(section: indexPath.section, item: indexPath.item)
        }
    }
#endif
