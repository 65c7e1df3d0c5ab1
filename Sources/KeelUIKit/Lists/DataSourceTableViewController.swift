#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// What a cell reports back to its controller (AEViewModel's cell "callback").
    public enum ListItemAction: Sendable {
        /// A toggle changed.
        case toggled(Bool)
        /// A slider moved.
        case slid(Double)
        /// Text was edited.
        case edited(String)
        /// A button cell was tapped.
        case tapped
    }

    /// A table cell that renders a ``ListItem``, with AEViewModel's lifecycle: `configure` once
    /// per item, `update` when the same item's view model changed, `reset` before reuse.
    @MainActor
    public protocol ListItemCell: UITableViewCell {
        /// Shows `item`; report user actions through `callback`.
        func configure(with item: ListItem, callback: @escaping @MainActor (ListItemAction) -> Void)
        /// Shows a new view model of the same item without rebuilding the cell.
        func update(with item: ListItem)
        /// Clears item-specific state before reuse.
        func reset()
    }

    /// The stock cell for every stock cell kind: basic, subtitle, left/right detail, toggle,
    /// slider, text field, text view, button and spinner.
    public final class StockListItemCell: UITableViewCell, ListItemCell {
        private var callback: (@MainActor (ListItemAction) -> Void)?
        private let toggle = UISwitch()
        private let slider = UISlider()
        private let field = UITextField()
        private let spinner = UIActivityIndicatorView(style: .medium)

        /// Creates the cell (subtitle style, so detail text is available).
        override public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
            toggle.addTarget(self, action: #selector(toggled), for: .valueChanged)
            slider.addTarget(self, action: #selector(slid), for: .valueChanged)
            field.addTarget(self, action: #selector(edited), for: .editingChanged)
        }

        /// Not supported: cells are created in code.
        required init?(coder: NSCoder) { nil }

        /// Renders the item by kind.
        public func configure(with item: ListItem, callback: @escaping @MainActor (ListItemAction) -> Void) {
            self.callback = callback
            update(with: item)
        }

        /// Re-renders the item's view model.
        public func update(with item: ListItem) {
            var content = defaultContentConfiguration()
            accessoryView = nil
            accessoryType = item.child == nil ? .none : .disclosureIndicator
            selectionStyle = item.child == nil && item.kind != .button ? .none : .default
            if let model = item.viewModel(as: BasicCellViewModel.self) {
                content.text = model.title
                content.secondaryText = model.detail
                content.image = model.image.flatMap { UIImage(named: $0) ?? UIImage(systemName: $0) }
            } else if let model = item.viewModel(as: ToggleCellViewModel.self) {
                content.text = model.title
                content.secondaryText = model.subtitle
                toggle.isOn = model.isOn
                accessoryView = toggle
            } else if let model = item.viewModel(as: SliderCellViewModel.self) {
                content.text = model.centerText
                slider.minimumValue = Float(model.minimum)
                slider.maximumValue = Float(model.maximum)
                slider.value = Float(model.value)
                slider.frame.size.width = 160
                accessoryView = slider
            } else if let model = item.viewModel(as: TextFieldCellViewModel.self) {
                content.text = model.title
                field.text = model.text
                field.placeholder = model.placeholder
                field.isSecureTextEntry = model.isSecure
                field.frame.size = CGSize(width: 180, height: 32)
                accessoryView = field
            } else if let model = item.viewModel(as: TextViewCellViewModel.self) {
                content.text = model.text.isEmpty ? model.placeholder : model.text
            } else if let model = item.viewModel(as: ButtonCellViewModel.self) {
                content.text = model.title
                content.textProperties.color = model.isDestructive ? .systemRed : tintColor
                content.textProperties.alignment = .center
                selectionStyle = model.isEnabled ? .default : .none
            } else if let model = item.viewModel(as: SpinnerCellViewModel.self) {
                content.text = model.title
                if model.isAnimating { spinner.startAnimating() } else { spinner.stopAnimating() }
                accessoryView = spinner
            } else {
                content.text = item.id
            }
            contentConfiguration = content
        }

        /// Clears state before reuse.
        public func reset() {
            callback = nil
            spinner.stopAnimating()
            accessoryView = nil
        }

        /// Resets on reuse.
        override public func prepareForReuse() {
            super.prepareForReuse()
            reset()
        }

        @objc private func toggled() { callback?(.toggled(toggle.isOn)) }
        @objc private func slid() { callback?(.slid(Double(slider.value))) }
        @objc private func edited() { callback?(.edited(field.text ?? "")) }
    }

    /// A table view controller driven by a declarative ``ListDataSource`` (AEViewModel's
    /// controllers, redesigned): stock cells for the stock kinds, custom cells registered by
    /// kind, animated updates computed headlessly, drill-down into child data sources.
    ///
    /// ```swift
    /// let settings = DataSourceTableViewController(dataSource: try ListDataSource.decode(from: json))
    /// settings.register(ProductCell.self, for: "product")
    /// settings.onAction = { item, action in … }
    /// ```
    open class DataSourceTableViewController: UITableViewController {
        /// What the table shows.
        public private(set) var dataSource: ListDataSource
        /// Called when a cell reports an action or a button item is tapped.
        public var onAction: (@MainActor (ListItem, ListItemAction) -> Void)?
        private var cellTypes: [CellKind: UITableViewCell.Type] = [:]

        /// Shows `dataSource`.
        public init(dataSource: ListDataSource, style: UITableView.Style = .insetGrouped) {
            self.dataSource = dataSource
            super.init(style: style)
            title = dataSource.title
        }

        /// Not supported: created in code.
        public required init?(coder: NSCoder) { nil }

        /// Uses `cellType` for items of `kind` (it should adopt ``ListItemCell``).
        public func register(_ cellType: UITableViewCell.Type, for kind: CellKind) {
            cellTypes[kind] = cellType
            if isViewLoaded { tableView.register(cellType, forCellReuseIdentifier: "kind." + kind.rawValue) }
        }

        /// Registers the stock and custom cells.
        override open func viewDidLoad() {
            super.viewDidLoad()
            for kind in CellKind.stock where cellTypes[kind] == nil {
                tableView.register(StockListItemCell.self, forCellReuseIdentifier: "kind." + kind.rawValue)
            }
            for (kind, type) in cellTypes {
                tableView.register(type, forCellReuseIdentifier: "kind." + kind.rawValue)
            }
        }

        /// Shows `newDataSource`, animating the differences (computed by KeelLists).
        public func apply(_ newDataSource: ListDataSource, animated: Bool = true) {
            let title = newDataSource.title
            guard animated, isViewLoaded, view.window != nil else {
                dataSource = newDataSource
                tableView.reloadData()
                return
            }
            let changes = newDataSource.changes(from: dataSource)
            tableView.apply(
                changes.changeset,
                setData: { [weak self] sections in
                    self?.dataSource = ListDataSource(
                        title: title,
                        sections: sections.map {
                            ListDataSection(
                                id: $0.model.id, header: $0.model.header, footer: $0.model.footer,
                                items: $0.items)
                        })
                })
            dataSource = newDataSource
        }

        /// The number of sections.
        override open func numberOfSections(in tableView: UITableView) -> Int { dataSource.sections.count }

        /// The number of items in a section.
        override open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            dataSource.section(at: section)?.items.count ?? 0
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

        /// The cell registered for the item's kind, configured with the item.
        override open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
            -> UITableViewCell
        {
            guard let item = dataSource.item(at: ItemIndex(section: indexPath.section, item: indexPath.row))
            else {
                return UITableViewCell()
            }
            let identifier =
                "kind."
                + (cellTypes[item.kind] != nil || CellKind.stock.contains(item.kind)
                    ? item.kind.rawValue : CellKind.basic.rawValue)
            let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
            (cell as? ListItemCell)?.configure(with: item) { [weak self] action in
                self?.onAction?(item, action)
            }
            return cell
        }

        /// Drills into a child data source, or reports a tap.
        override open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            guard let item = dataSource.item(at: ItemIndex(section: indexPath.section, item: indexPath.row))
            else { return }
            if let child = item.child {
                let controller = DataSourceTableViewController(dataSource: child, style: tableView.style)
                controller.onAction = onAction
                for (kind, type) in cellTypes { controller.register(type, for: kind) }
                navigationController?.pushViewController(controller, animated: true)
            } else {
                onAction?(item, .tapped)
            }
        }
    }
#endif
