#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// A table view controller driven by a declarative `DataSource` (AEViewModel's
    /// `TableViewController`): set ``dataSource`` and it registers, dequeues and updates the
    /// cells; override ``cellType(forIdentifier:)``, ``update(_:at:)`` and
    /// ``action(for:at:sender:)`` to customise. With Keel's `ListDataSource` it also animates
    /// changes (``apply(_:animated:)``), maps each item's `CellKind` to its stock cell or a
    /// registered class (``register(_:for:)``) and drills into child lists.
    ///
    /// ```swift
    /// let settings = TableViewController(dataSource: try ListDataSource.decode(from: json))
    /// settings.register(ProductCell.self, for: "product")
    /// settings.onAction = { item, action in … }
    /// ```
    open class TableViewController: UITableViewController, CellDelegate {
        private var shown: DataSource
        private var kinds: [String: CellKind] = [:]
        private var cellTypes: [CellKind: TableCell.Type] = [:]

        /// What the table shows; setting it reloads the table.
        public var dataSource: DataSource {
            get { shown }
            set {
                show(newValue)
                registerCells()
                tableView.reloadData()
            }
        }

        /// Called by the default ``action(for:at:sender:)`` when a cell reports an action or an
        /// item without a child is tapped (`ListItemRules/selection(at:in:)`).
        public var onAction: (@MainActor (Item, ListItemAction) -> Void)?

        /// Shows `dataSource` (empty by default).
        public init(
            dataSource: DataSource = ListDataSource(sections: []), style: UITableView.Style = .insetGrouped
        ) {
            shown = dataSource
            super.init(style: style)
            show(dataSource)
        }

        /// Creates the controller from a storyboard, showing an empty data source until
        /// ``dataSource`` is set.
        public required init?(coder: NSCoder) {
            shown = ListDataSource(sections: [])
            super.init(coder: coder)
        }

        private func show(_ newDataSource: DataSource) {
            shown = newDataSource
            kinds = ListItemRules.kinds(in: newDataSource)
            if let title = newDataSource.title { self.title = title }
        }

        private func registerCells() {
            for identifier in shown.uniqueIdentifiers {
                cellType(forIdentifier: identifier).register(in: tableView)
            }
        }

        /// Registers the cells of the data source's identifiers.
        override open func viewDidLoad() {
            super.viewDidLoad()
            registerCells()
        }

        /// Uses `cellType` for `ListItem`s of `kind` (the default ``cellType(forIdentifier:)``
        /// returns it as `.customClass`).
        public func register(_ cellType: TableCell.Type, for kind: CellKind) {
            cellTypes[kind] = cellType
        }

        /// The cell type for items with `identifier`; the controller registers it under the
        /// type's reuse identifier whenever the data source is set. By default
        /// (`ListItemRules/cellChoice(forIdentifier:kinds:custom:)`): the class registered for the
        /// item's `CellKind`, else the kind's stock cell, else `.basic`.
        open func cellType(forIdentifier identifier: String) -> TableCellType {
            switch ListItemRules.cellChoice(forIdentifier: identifier, kinds: kinds, custom: cellTypes) {
            case .custom(let type): .customClass(type)
            case .stock(let style): TableCellType(style)
            }
        }

        /// Updates `cell` with the item at `indexPath` and becomes its delegate. Override, call
        /// `super`, then add your own logic.
        open func update(_ cell: TableCell, at indexPath: IndexPath) {
            let item = dataSource.displayedItem(at: indexPath)
            cell.update(with: item)
            cell.delegate = self
        }

        /// Handles a selection (`sender` is the table view) or a cell's callback (a stock cell
        /// sends a `ListItemAction`). By default, as `ListItemRules/selection(at:in:sender:)`
        /// decides: reports a control's change or a tap to ``onAction``, or drills into the
        /// item's child.
        open func action(for cell: TableCell, at indexPath: IndexPath, sender: Any) {
            switch ListItemRules.selection(at: indexPath, in: dataSource, sender: sender) {
            case .drillDown(let child): drillDown(into: child)
            case .report(let item, let action): onAction?(item, action)
            case .none: break
            }
        }

        /// Routes a cell's callback to ``action(for:at:sender:)`` at the cell's index path.
        public func callback(from cell: Cell, sender: Any) {
            guard let tableCell = cell as? TableCell, let indexPath = tableView.indexPath(for: tableCell)
            else { return }
            action(for: tableCell, at: indexPath, sender: sender)
        }

        /// Shows `newDataSource`, animating the differences (computed by KeelLists) when both
        /// are `ListDataSource`s and the table is on screen (`ListUpdateMode`).
        public func apply(_ newDataSource: ListDataSource, animated: Bool = true) {
            guard let current = shown as? ListDataSource else {
                dataSource = newDataSource
                return
            }
            tableView.show(
                newDataSource, replacing: current, animated: animated, isViewLoaded: isViewLoaded,
                store: { [weak self] in
                    self?.show($0)
                    self?.registerCells()
                })
        }

        /// The number of sections.
        override open func numberOfSections(in tableView: UITableView) -> Int { dataSource.sections.count }

        /// The number of items in a section.
        override open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            dataSource.itemCount(inSectionAt: section)
        }

        /// The section header.
        override open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
            -> String?
        {
            dataSource.section(at: section)?.header
        }

        /// The section footer.
        override open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
            -> String?
        {
            dataSource.section(at: section)?.footer
        }

        /// Dequeues the cell of ``cellType(forIdentifier:)`` and updates it (``update(_:at:)``).
        override open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
            -> UITableViewCell
        {
            let type = cellType(forIdentifier: dataSource.displayedItem(at: indexPath).identifier)
            let cell = tableView.dequeueReusableCell(withIdentifier: type.reuseIdentifier, for: indexPath)
            guard let tableCell = cell as? TableCell else { return cell }
            update(tableCell, at: indexPath)
            return tableCell
        }

        /// Calls the cell back with the table view as the sender, which reaches
        /// ``action(for:at:sender:)``.
        override open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            guard let cell = tableView.cellForRow(at: indexPath) as? TableCell else { return }
            cell.callback(tableView)
        }

        private func drillDown(into child: DataSource) {
            let controller = TableViewController(dataSource: child, style: tableView.style)
            controller.onAction = onAction
            controller.cellTypes = cellTypes
            navigationController?.pushViewController(controller, animated: true)
        }
    }

#endif
