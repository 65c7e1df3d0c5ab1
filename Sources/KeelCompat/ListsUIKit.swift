// AEViewModel's cells and controllers and the original app foundation's list set-ups, over
// KeelUIKitControllers' canonical list (`ListTableViewController`, `ListItemCell`,
// `ListTableCell`, `BaseViewController.configureList(on:refresh:loadMore:emptyState:)`,
// `BaseCollectionViewController`).
#if canImport(UIKit)
    import KeelLists
    import KeelUIKitControllers
    import UIKit

    // MARK: - AEViewModel: cells

    /// AEViewModel's `Cell`: a cell with `configure()`, `reset()`, `update(with:)` and
    /// `callback(_:)`.
    @available(*, deprecated, renamed: "ListItemCell")
    public typealias Cell = ListItemCell

    /// AEViewModel's `CellDelegate`.
    @available(*, deprecated, renamed: "ListItemCellDelegate")
    public typealias CellDelegate = ListItemCellDelegate

    /// AEViewModel's `TableCell`: a table view cell that is a cell of the protocol.
    @available(*, deprecated, message: "use UITableViewCell & ListItemCell")
    public typealias TableCell = UITableViewCell & ListItemCell

    /// AEViewModel's `CollectionCell`: a collection view cell that is a cell of the protocol.
    @available(*, deprecated, message: "use UICollectionViewCell & ListItemCell")
    public typealias CollectionCell = UICollectionViewCell & ListItemCell

    /// AEViewModel's `TableCellType`: the stock cells and an app's cell class or nib.
    @available(*, deprecated, renamed: "ListTableViewController.CellType")
    public typealias TableCellType = ListTableViewController.CellType

    /// AEViewModel's `TableCellBasic`: the stock table cell to subclass.
    @available(*, deprecated, renamed: "ListTableCell")
    public typealias TableCellBasic = ListTableCell

    // MARK: - AEViewModel: controllers

    /// AEViewModel's `TableViewController`: a `ListTableViewController` whose `dataSource` is
    /// any app type of AEViewModel's `DataSource` shape.
    @available(
        *, deprecated,
        message:
            "use ListTableViewController: init(dataSource:), apply(_:animated:) and listDataSource take a ListDataSource"
    )
    open class TableViewController: ListTableViewController {
        private var custom: (any DataSource)?

        /// What the table shows; setting it reloads the table.
        public var dataSource: any DataSource {
            get {
                guard let custom else { return listDataSource }
                return custom
            }
            set {
                custom = newValue
                apply(ListDataSource(newValue), animated: false)
            }
        }
    }

    /// AEViewModel's `CollectionCellType`: the stock collection cells and an app's cell class
    /// or nib.
    @available(*, deprecated, message: "use BaseCollectionViewController with cells of your own")
    public enum CollectionCellType {
        /// ``CollectionCellBasic``: a title, detail and image.
        case basic
        /// ``CollectionCellButton``: a button.
        case button
        /// ``CollectionCellSpinner``: an activity indicator.
        case spinner
        /// An app's cell class, created in code.
        case customClass(CollectionCell.Type)
        /// An app's cell class, loaded from its `nib`.
        case customNib(CollectionCell.Type)

        /// The reuse identifier cells of this type register and dequeue under.
        @MainActor
        var reuseIdentifier: String {
            switch self {
            case .customClass(let type):
                ListItemRules.reuseIdentifier(forCustomCell: type.reuseIdentifier, fromNib: false)
            case .customNib(let type):
                ListItemRules.reuseIdentifier(forCustomCell: type.reuseIdentifier, fromNib: true)
            case .basic: StockCellStyle.basic.reuseIdentifier
            case .button: StockCellStyle.button.reuseIdentifier
            case .spinner: StockCellStyle.spinner.reuseIdentifier
            }
        }

        /// Registers the type's cell with `collectionView` under ``reuseIdentifier``.
        @MainActor
        func register(in collectionView: UICollectionView) {
            switch self {
            case .customNib(let type):
                collectionView.register(type.nib, forCellWithReuseIdentifier: reuseIdentifier)
            case .customClass(let type):
                collectionView.register(type, forCellWithReuseIdentifier: reuseIdentifier)
            case .basic:
                collectionView.register(CollectionCellBasic.self, forCellWithReuseIdentifier: reuseIdentifier)
            case .button:
                collectionView.register(
                    CollectionCellButton.self, forCellWithReuseIdentifier: reuseIdentifier)
            case .spinner:
                collectionView.register(
                    CollectionCellSpinner.self, forCellWithReuseIdentifier: reuseIdentifier)
            }
        }
    }

    /// AEViewModel's `CollectionViewController`: the collection counterpart of
    /// `TableViewController`, with a compositional list layout by default — set `dataSource`,
    /// override `cellType(forIdentifier:)`, `update(_:at:)` and `action(for:at:sender:)`.
    @available(
        *, deprecated,
        message:
            "use BaseCollectionViewController (a ListSnapshot: ListDataSource.snapshot) or ListTableViewController"
    )
    open class CollectionViewController: UICollectionViewController, ListItemCellDelegate {
        private var custom: (any DataSource)?
        private var shown: ListDataSource
        private var kinds: [String: CellKind] = [:]

        /// What the list shows; setting it reloads the list.
        public var dataSource: any DataSource {
            get {
                guard let custom else { return shown }
                return custom
            }
            set {
                custom = newValue
                collectionView.show(
                    ListDataSource(newValue), replacing: shown, animated: false, isViewLoaded: isViewLoaded,
                    store: { [weak self] in
                        self?.show($0)
                        self?.registerCells()
                    })
            }
        }

        /// Called by the default `action(for:at:sender:)` when a cell reports an action or an
        /// item without a child is tapped.
        public var onAction: (@MainActor (ListItem, ListItemAction) -> Void)?

        /// Shows `dataSource` in `layout` (an inset-grouped list by default).
        public init(
            dataSource: ListDataSource = ListDataSource(sections: []),
            collectionViewLayout layout: UICollectionViewLayout = CollectionViewController.listLayout()
        ) {
            shown = dataSource
            super.init(collectionViewLayout: layout)
            show(dataSource)
        }

        /// Creates the controller from a storyboard, showing an empty data source until
        /// `dataSource` is set.
        public required init?(coder: NSCoder) {
            shown = ListDataSource(sections: [])
            super.init(coder: coder)
        }

        /// An inset-grouped compositional list layout.
        @usableFromInline static func listLayout() -> UICollectionViewLayout {
            var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            configuration.headerMode = .none
            return UICollectionViewCompositionalLayout.list(using: configuration)
        }

        private func show(_ newDataSource: ListDataSource) {
            shown = newDataSource
            kinds = ListItemRules.kinds(in: newDataSource)
            if let title = newDataSource.title { self.title = title }
        }

        private func registerCells() {
            for identifier in Set(kinds.keys) {
                cellType(forIdentifier: identifier).register(in: collectionView)
            }
            CollectionCellType.basic.register(in: collectionView)
        }

        /// Registers the cells of the data source's identifiers.
        override open func viewDidLoad() {
            super.viewDidLoad()
            registerCells()
        }

        /// The cell type for items with `identifier`. By default: the button or spinner cell for
        /// those kinds, else `.basic` (which shows every stock view model, controls included).
        open func cellType(forIdentifier identifier: String) -> CollectionCellType {
            switch ListItemRules.stockStyle(for: kinds[identifier]) {
            case .button: .button
            case .spinner: .spinner
            default: .basic
            }
        }

        /// Updates `cell` with the item at `indexPath` and becomes its delegate.
        open func update(_ cell: CollectionCell, at indexPath: IndexPath) {
            cell.update(with: shown.displayedItem(at: ItemIndex(indexPath)))
            cell.delegate = self
        }

        /// Handles a selection (`sender` is the collection view) or a cell's callback: reports a
        /// control's change or a tap to `onAction`, or drills into the item's child.
        open func action(for cell: CollectionCell, at indexPath: IndexPath, sender: Any) {
            switch ListItemRules.selection(at: ItemIndex(indexPath), in: shown, sender: sender) {
            case .drillDown(let child): drillDown(into: child)
            case .report(let item, let action): onAction?(item, action)
            case .none: break
            }
        }

        /// Routes a cell's callback to `action(for:at:sender:)` at the cell's index path.
        public func callback(from cell: any ListItemCell, sender: Any) {
            guard let collectionCell = cell as? CollectionCell,
                let indexPath = collectionView.indexPath(for: collectionCell)
            else { return }
            action(for: collectionCell, at: indexPath, sender: sender)
        }

        /// The number of sections.
        override open func numberOfSections(in collectionView: UICollectionView) -> Int {
            shown.listSections.count
        }

        /// The number of items in a section.
        override open func collectionView(
            _ collectionView: UICollectionView, numberOfItemsInSection section: Int
        ) -> Int {
            shown.itemCount(inSectionAt: section)
        }

        /// Dequeues the cell of `cellType(forIdentifier:)` and updates it.
        override open func collectionView(
            _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
        ) -> UICollectionViewCell {
            let type = cellType(forIdentifier: shown.displayedItem(at: ItemIndex(indexPath)).id)
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

        private func drillDown(into child: ListDataSource) {
            let controller = CollectionViewController(dataSource: child)
            controller.onAction = onAction
            navigationController?.pushViewController(controller, animated: true)
        }
    }

    /// Draws a stock presentation (decided in KeelLists) into a list content configuration and
    /// the reusable controls of a collection cell.
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
        private func reportField() { callback?(.edit(field.text)) }

        /// The view of a control kind.
        func view(for kind: StockCellPresentation.ControlKind) -> UIView {
            controls[kind, default: spinner]
        }

        /// Fills `content` and the controls.
        func render(
            _ presentation: StockCellPresentation, into content: inout UIListContentConfiguration,
            tint: UIColor
        ) {
            content.text = presentation.text
            content.secondaryText = presentation.secondaryText
            content.image = presentation.imageName.flatMap(UIImage.keelNamed)
            content.textProperties.color = UIColor.keel(presentation.textColor, tint: tint)
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
        }
    }

    /// AEViewModel's `CollectionCellBasic`: a list cell showing the item's stock presentation
    /// (texts, image, its control and a disclosure indicator). Subclass it and override
    /// `configure()`, `reset()`, `update(with:)` and `callback(_:)`.
    @available(*, deprecated, message: "use BaseCollectionViewController with cells of your own")
    open class CollectionCellBasic: UICollectionViewListCell, ListItemCell {
        /// Receives the callbacks (the controller sets itself in `update(_:at:)`).
        public weak var delegate: (any ListItemCellDelegate)?
        /// Anything the cell passes along with its callbacks.
        public var userInfo: [AnyHashable: Any] = [:]
        let renderer = StockCellRenderer()

        /// Creates the cell, then configures and resets it.
        override public init(frame: CGRect) {
            super.init(frame: frame)
            configure()
            reset()
        }

        /// Creates the cell from a nib; it is configured in `awakeFromNib()`.
        public required init?(coder: NSCoder) {
            super.init(coder: coder)
        }

        /// Configures and resets a cell loaded from a nib.
        override open func awakeFromNib() {
            super.awakeFromNib()
            onMainActor {
                configure()
                reset()
            }
        }

        /// Resets before reuse.
        override open func prepareForReuse() {
            super.prepareForReuse()
            reset()
        }

        /// Configure outlets and layout here (called in `init` and `awakeFromNib`); the stock
        /// controls call back through `callback(_:)`.
        open func configure() {
            renderer.setCallback { [weak self] action in self?.callback(action) }
        }

        /// Reset the interface here (called after `configure` and in `prepareForReuse`).
        open func reset() {
            accessories = []
        }

        /// The stock style this cell draws.
        class var stockStyle: StockCellStyle { .basic }

        /// Shows the item's stock presentation.
        open func update(with item: ListItem) {
            let presentation = StockCellPresentation(item: item, style: Self.stockStyle)
            var content = defaultContentConfiguration()
            renderer.render(presentation, into: &content, tint: tintColor)
            accessories = presentation.accessories.map(accessory)
            contentConfiguration = content
        }

        /// Forwards to `delegate`.
        open func callback(_ sender: Any) {
            delegate?.callback(from: self, sender: sender)
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
    }

    /// AEViewModel's `CollectionCellButton`: a button cell.
    @available(*, deprecated, message: "use BaseCollectionViewController with cells of your own")
    open class CollectionCellButton: CollectionCellBasic {
        override class var stockStyle: StockCellStyle { .button }
    }

    /// AEViewModel's `CollectionCellSpinner`: an activity indicator beside an optional title.
    @available(*, deprecated, message: "use BaseCollectionViewController with cells of your own")
    open class CollectionCellSpinner: CollectionCellBasic {
        override class var stockStyle: StockCellStyle { .spinner }
    }

    // MARK: - AppFoundation: list set-up

    extension BaseViewController {
        /// The list helper configured last (`listHelper?.beginRefreshing()`), or `nil`.
        @available(
            *, deprecated,
            message: "keep the ListHelper that configureList(on:refresh:loadMore:emptyState:) returns"
        )
        public var listHelper: ListHelper? { listAttachments.helpers.last }

        /// Shows or hides the empty state of the list configured last.
        @available(
            *, deprecated,
            message:
                "call setEmptyStateVisible(_:) on the ListHelper that configureList(on:refresh:loadMore:emptyState:) returns"
        )
        public func setListEmptyStateVisible(_ visible: Bool) {
            listAttachments.helpers.last?.setEmptyStateVisible(visible)
        }

        /// The original foundation's table set-up, for a table the page created and laid out:
        /// registers `cellType` and dequeues it typed for `configureCell`, owns the data source
        /// and delegate, reports taps with the tapped cell (`didSelectCell`), sizes rows with
        /// `rowHeight` (automatic when not given). With `refresh` or `loadMore` it also installs
        /// a `ListHelper`: a `UIRefreshControl` for `refresh`, and for `loadMore` a footer
        /// spinner while it loads, one load at a time, none after it returned `false` until the
        /// next refresh. The controller keeps the data source (one per table) and receives the
        /// table's scrolling. Returns the table: call its `reloadData()` after the data changed.
        @available(
            *, deprecated,
            message:
                "be the table's UITableViewDataSource and call configureList(on:refresh:loadMore:emptyState:), or use BaseCollectionViewController"
        )
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
        ) -> UITableView {
            let source = TableListSource(tableView: tableView, cellType: cellType, numberOfRows: numberOfRows)
            source.cell = TableListSource.typedCell(cellType, configure: configureCell)
            if let rowHeight { source.rowHeight = rowHeight }
            if let didSelectCell {
                source.didSelect = { [weak tableView] indexPath in
                    guard let cell = tableView?.cellForRow(at: indexPath) as? Cell else { return }
                    didSelectCell(cell, indexPath)
                }
            }
            source.scrollDelegate = self
            listAttachments.adapters.set(source, for: tableView)
            if let loader = ListLoader.ifLoading(refresh: refresh, loadMore: loadMore) {
                let helper = ListHelper(scrollView: tableView, loader: loader, refreshes: refresh != nil)
                attachListHelper(helper, to: tableView)
                source.onLoadMore = { [weak helper] in helper?.loadMore() }
                helper.start()
            }
            return tableView
        }

        /// The original foundation's flow-layout collection set-up, for a collection view the
        /// page created and laid out: registers `cellType` and dequeues it typed for
        /// `configureCell`, owns the data source and flow-layout delegate, reports taps with the
        /// tapped cell. `itemSize` gets the index path and the available size — the collection
        /// view's bounds less its `adjustedContentInset` (section insets are not taken off) —
        /// and, like `sectionInset`, `minimumLineSpacing` and `minimumInteritemSpacing` (per
        /// section), falls back to the flow layout's own value when not given. The controller
        /// keeps the data source (one per collection view) and receives its scrolling. Returns
        /// the collection view: call its `reloadData()` after the data changed.
        @available(
            *, deprecated,
            message:
                "use BaseCollectionViewController (apply a ListSnapshot; makeLayout() returns the layout)"
        )
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
        ) -> UICollectionView {
            let source = CollectionListSource(
                collectionView: collectionView, cellType: cellType, numberOfItems: numberOfItems)
            source.cell = CollectionListSource.typedCell(cellType, configure: configureCell)
            source.itemSize = itemSize
            source.sectionInset = sectionInset
            source.minimumLineSpacing = minimumLineSpacing
            source.minimumInteritemSpacing = minimumInteritemSpacing
            if let didSelectCell {
                source.didSelect = { [weak collectionView] indexPath in
                    guard let cell = collectionView?.cellForItem(at: indexPath) as? Cell else { return }
                    didSelectCell(cell, indexPath)
                }
            }
            source.scrollDelegate = self
            listAttachments.adapters.set(source, for: collectionView)
            return collectionView
        }
    }

    /// A table view's data source and delegate for `configureTableList`; it forwards the
    /// table's scrolling to the configuring controller (so its list helper loads more).
    @MainActor
    final class TableListSource: NSObject, UITableViewDataSource, UITableViewDelegate {
        weak var tableView: UITableView?
        weak var scrollDelegate: UIScrollViewDelegate?
        let numberOfRows: (Int) -> Int
        var cell: (UITableView, IndexPath) -> UITableViewCell = { _, _ in UITableViewCell() }
        var rowHeight: (IndexPath) -> CGFloat = { _ in UITableView.automaticDimension }
        var didSelect: ((IndexPath) -> Void)?
        var onLoadMore: (() -> Void)?

        init(tableView: UITableView, cellType: UITableViewCell.Type, numberOfRows: @escaping (Int) -> Int) {
            self.tableView = tableView
            self.numberOfRows = numberOfRows
            super.init()
            tableView.register(cellType, forCellReuseIdentifier: String(describing: cellType))
            tableView.dataSource = self
            tableView.delegate = self
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

        func numberOfSections(in tableView: UITableView) -> Int { 1 }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            numberOfRows(section)
        }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            cell(tableView, indexPath)
        }

        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            rowHeight(indexPath)
        }

        func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { 0 }

        func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { 0 }

        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            didSelect?(indexPath)
        }

        /// Asks for more rows when the last rows appear.
        func tableView(
            _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
        ) {
            LoadMoreTrigger.displaying(
                ItemIndex(section: indexPath.section, item: indexPath.row), sectionCount: 1,
                itemCount: numberOfRows, loadMore: onLoadMore)
        }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            scrollDelegate?.scrollViewDidScroll?(scrollView)
        }
    }

    /// A collection view's data source and flow-layout delegate for `configureCollectionList`;
    /// it forwards the scrolling to the configuring controller.
    @MainActor
    final class CollectionListSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout
    {
        weak var collectionView: UICollectionView?
        weak var scrollDelegate: UIScrollViewDelegate?
        let numberOfItems: (Int) -> Int
        var cell: (UICollectionView, IndexPath) -> UICollectionViewCell = { _, _ in UICollectionViewCell() }
        var itemSize: ((IndexPath, CGSize) -> CGSize)?
        var sectionInset: ((Int) -> UIEdgeInsets)?
        var minimumLineSpacing: ((Int) -> CGFloat)?
        var minimumInteritemSpacing: ((Int) -> CGFloat)?
        var didSelect: ((IndexPath) -> Void)?

        init(
            collectionView: UICollectionView, cellType: UICollectionViewCell.Type,
            numberOfItems: @escaping (Int) -> Int
        ) {
            self.collectionView = collectionView
            self.numberOfItems = numberOfItems
            super.init()
            collectionView.register(cellType, forCellWithReuseIdentifier: String(describing: cellType))
            collectionView.dataSource = self
            collectionView.delegate = self
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

        /// The section's insets and spacings: the ones given, else the flow layout's.
        func metrics(_ layout: UICollectionViewLayout, section: Int) -> FlowListMetrics {
            let flow = (layout as? UICollectionViewFlowLayout).map(FlowListMetrics.init(flowLayout:))
            let inset = sectionInset
            let line = minimumLineSpacing
            let item = minimumInteritemSpacing
            return FlowListMetrics.resolve(
                section: section, layout: flow,
                sectionInset: inset.map { inset in { ListInsets(inset($0)) } },
                minimumLineSpacing: line.map { line in { Double(line($0)) } },
                minimumInteritemSpacing: item.map { item in { Double(item($0)) } })
        }

        func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            numberOfItems(section)
        }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            cell(collectionView, indexPath)
        }

        /// The item size given for the available size, else the flow layout's `itemSize`.
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            let available = FlowListMetrics.availableSize(
                bounds: ListSize(collectionView.bounds.size),
                adjustedContentInset: ListInsets(collectionView.adjustedContentInset))
            let given = itemSize.map { ListSize($0(indexPath, CGSize(available))) }
            let fallback = (collectionViewLayout as? UICollectionViewFlowLayout).map { ListSize($0.itemSize) }
            return CGSize(FlowListMetrics.itemSize(given, fallback: fallback))
        }

        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            insetForSectionAt section: Int
        ) -> UIEdgeInsets {
            UIEdgeInsets(metrics(collectionViewLayout, section: section).sectionInset)
        }

        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumLineSpacingForSectionAt section: Int
        ) -> CGFloat {
            CGFloat(metrics(collectionViewLayout, section: section).minimumLineSpacing)
        }

        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            minimumInteritemSpacingForSectionAt section: Int
        ) -> CGFloat {
            CGFloat(metrics(collectionViewLayout, section: section).minimumInteritemSpacing)
        }

        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            didSelect?(indexPath)
        }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            scrollDelegate?.scrollViewDidScroll?(scrollView)
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
