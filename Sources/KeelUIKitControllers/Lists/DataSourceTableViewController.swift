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

    /// A table cell that renders a `ListItem`, with AEViewModel's lifecycle: `configure` once
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

    /// Draws a ``StockCellPresentation`` (decided in KeelLists) into a list content
    /// configuration and the reusable controls; table and collection cells share it.
    @MainActor
    final class StockCellRenderer {
        private(set) var callback: (@MainActor (ListItemAction) -> Void)?
        let toggle = UISwitch()
        let slider = UISlider()
        let field = UITextField()
        let spinner = UIActivityIndicatorView(style: .medium)
        private lazy var controls: [StockCellPresentation.ControlKind: UIView] = [
            .toggle: toggle, .slider: slider, .textField: field, .spinner: spinner,
        ]

        init() {
            toggle.addAction(UIAction { [weak self] _ in self?.reportToggle() }, for: .valueChanged)
            slider.addAction(UIAction { [weak self] _ in self?.reportSlider() }, for: .valueChanged)
            field.addAction(UIAction { [weak self] _ in self?.reportField() }, for: .editingChanged)
            slider.frame.size.width = 160
            field.frame.size = CGSize(width: 180, height: 32)
        }

        func setCallback(_ callback: (@MainActor (ListItemAction) -> Void)?) {
            self.callback = callback
        }

        private func reportToggle() { callback?(.toggled(toggle.isOn)) }
        private func reportSlider() { callback?(.slid(Double(slider.value))) }
        private func reportField() { callback?(.edited(field.text ?? "")) }

        /// The view of a control kind.
        func view(for kind: StockCellPresentation.ControlKind) -> UIView {
            controls[kind, default: spinner]
        }

        /// Fills `content` and the controls; returns the control to show beside it, if any.
        func render(
            _ presentation: StockCellPresentation, into content: inout UIListContentConfiguration,
            tint: UIColor
        )
            -> UIView?
        {
            content.text = presentation.text
            content.secondaryText = presentation.secondaryText
            content.image = presentation.imageName.flatMap(Self.image(named:))
            switch presentation.textColor {
            case .standard: content.textProperties.color = .label
            case .tint: content.textProperties.color = tint
            case .destructive: content.textProperties.color = .systemRed
            }
            switch presentation.textAlignment {
            case .natural: content.textProperties.alignment = .natural
            case .center: content.textProperties.alignment = .center
            }
            toggle.isOn = presentation.toggleIsOn
            let slide = presentation.sliderValues
            slider.minimumValue = Float(slide.minimum)
            slider.maximumValue = Float(slide.maximum)
            slider.value = Float(slide.value)
            let entry = presentation.fieldValues
            field.text = entry.text
            field.placeholder = entry.placeholder
            field.isSecureTextEntry = entry.isSecure
            switch presentation.spinnerAnimation {
            case .animating: spinner.startAnimating()
            case .stopped: spinner.stopAnimating()
            }
            return presentation.controlKind.map(view(for:))
        }

        /// An app asset, else an SF Symbol, of that name.
        private static func image(named name: String) -> UIImage? {
            UIImage(named: name) ?? UIImage(systemName: name)
        }
    }

    /// The stock table cell for every stock cell kind: basic, subtitle, left/right detail,
    /// toggle, slider, text field, text view, button and spinner.
    public final class StockListItemCell: UITableViewCell, ListItemCell {
        private let renderer = StockCellRenderer()

        /// Creates the cell (subtitle style, so detail text is available).
        override public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        }

        /// Not supported (built in code): returns `nil` rather than decoding, never traps.
        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        /// Renders the item; user actions go to `callback`.
        public func configure(with item: ListItem, callback: @escaping @MainActor (ListItemAction) -> Void) {
            renderer.setCallback(callback)
            update(with: item)
        }

        /// Re-renders the item's view model.
        public func update(with item: ListItem) {
            let presentation = StockCellPresentation(item: item)
            var content = defaultContentConfiguration()
            accessoryView = renderer.render(presentation, into: &content, tint: tintColor)
            switch presentation.disclosure {
            case .none: accessoryType = .none
            case .indicator: accessoryType = .disclosureIndicator
            }
            switch presentation.selectionHighlight {
            case .none: selectionStyle = .none
            case .standard: selectionStyle = .default
            }
            contentConfiguration = content
        }

        /// Clears state before reuse.
        public func reset() {
            renderer.setCallback(nil)
            accessoryView = nil
        }

        /// Resets on reuse.
        override public func prepareForReuse() {
            super.prepareForReuse()
            reset()
        }
    }

    /// A table view controller driven by a declarative `ListDataSource` (AEViewModel's
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

        /// Not supported (built in code): returns `nil` rather than decoding, never traps.
        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        /// Uses `cellType` for items of `kind` (it should adopt ``ListItemCell``).
        public func register(_ cellType: UITableViewCell.Type, for kind: CellKind) {
            cellTypes[kind] = cellType
            (viewIfLoaded as? UITableView)?.register(
                cellType, forCellReuseIdentifier: ListItemRules.reuseIdentifier(for: kind))
        }

        /// Registers the stock and custom cells.
        override open func viewDidLoad() {
            super.viewDidLoad()
            for identifier in ListItemRules.stockReuseIdentifiers(customKinds: Set(cellTypes.keys)) {
                tableView.register(StockListItemCell.self, forCellReuseIdentifier: identifier)
            }
            for (kind, type) in cellTypes {
                tableView.register(type, forCellReuseIdentifier: ListItemRules.reuseIdentifier(for: kind))
            }
        }

        /// Shows `newDataSource`, animating the differences (computed by KeelLists) when the
        /// table is on screen (`ListUpdateMode`).
        public func apply(_ newDataSource: ListDataSource, animated: Bool = true) {
            tableView.show(
                newDataSource, replacing: dataSource, animated: animated, isViewLoaded: isViewLoaded,
                store: { [weak self] in self?.dataSource = $0 })
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

        /// The cell registered for the item's kind (`ListItemRules`), configured with the item.
        override open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
            -> UITableViewCell
        {
            let item = dataSource.displayedItem(
                at: ItemIndex(section: indexPath.section, item: indexPath.row))
            let cell = tableView.dequeueReusableCell(
                withIdentifier: ListItemRules.reuseIdentifier(for: item, customKinds: Set(cellTypes.keys)),
                for: indexPath)
            (cell as? ListItemCell)?.configure(with: item) { [weak self] action in
                self?.onAction?(item, action)
            }
            return cell
        }

        /// Drills into a child data source, or reports a tap (`ListItemRules/selection(at:in:)`).
        override open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            let index = ItemIndex(section: indexPath.section, item: indexPath.row)
            switch ListItemRules.selection(at: index, in: dataSource) {
            case .drillDown(let child): drillDown(into: child)
            case .reportTap(let item): onAction?(item, .tapped)
            case .none: break
            }
        }

        private func drillDown(into child: ListDataSource) {
            let controller = DataSourceTableViewController(dataSource: child, style: tableView.style)
            controller.onAction = onAction
            for (kind, type) in cellTypes { controller.register(type, for: kind) }
            navigationController?.pushViewController(controller, animated: true)
        }
    }
#endif
