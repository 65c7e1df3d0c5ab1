#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// Receives a cell's ``Cell/callback(_:)`` (AEViewModel's `CellDelegate`); the table and
    /// collection view controllers route it to `action(for:at:sender:)`.
    @MainActor
    public protocol CellDelegate: AnyObject {
        /// `cell` called back with `sender` (a stock cell sends a `ListItemAction`).
        func callback(from cell: Cell, sender: Any)
    }

    /// A table or collection view cell with AEViewModel's lifecycle: `configure()` once (in
    /// `init` and `awakeFromNib`), `reset()` in `configure` and `prepareForReuse`,
    /// `update(with:)` for each item, `callback(_:)` for what the user did.
    @MainActor
    public protocol Cell: AnyObject {
        /// The reuse identifier of the cell class (its name by default).
        static var reuseIdentifier: String { get }
        /// The nib of the cell class (a nib named ``reuseIdentifier`` in the class's bundle by
        /// default); used by `customNib` cell types.
        static var nib: UINib? { get }
        /// Receives the callbacks.
        var delegate: CellDelegate? { get set }
        /// Anything the cell wants to pass along with its callbacks.
        var userInfo: [AnyHashable: Any] { get set }
        /// Called in `init` and `awakeFromNib`: configure outlets and layout.
        func configure()
        /// Called in `configure` and `prepareForReuse`: reset the interface.
        func reset()
        /// Called in `tableView(_:cellForRowAt:)`: show `item`.
        func update(with item: Item)
        /// Called on selection and whenever the cell's control changes; forwards to
        /// ``delegate`` by default.
        func callback(_ sender: Any)
    }

    extension Cell {
        /// The class's name.
        public static var reuseIdentifier: String { String(describing: self) }

        /// A nib named ``reuseIdentifier`` in the class's bundle.
        public static var nib: UINib? {
            UINib(nibName: reuseIdentifier, bundle: Bundle(for: self))
        }

        /// Forwards to ``delegate``.
        public func callback(_ sender: Any) {
            delegate?.callback(from: self, sender: sender)
        }
    }

    /// A table view cell that is a ``Cell``.
    public typealias TableCell = UITableViewCell & Cell
    /// A collection view cell that is a ``Cell``.
    public typealias CollectionCell = UICollectionViewCell & Cell

    /// The cell a ``TableViewController`` registers for an item identifier: a stock cell (one
    /// per `StockCellStyle`), an app's cell class or an app's cell nib.
    public enum TableCellType {
        /// ``TableCellBasic``: a title.
        case basic
        /// ``TableCellSubtitle``: a title above a detail.
        case subtitle
        /// ``TableCellLeftDetail``: a detail before the title (`.value2`).
        case leftDetail
        /// ``TableCellRightDetail``: a title with a trailing detail (`.value1`).
        case rightDetail
        /// ``TableCellToggle``: a title and a switch.
        case toggle
        /// ``TableCellToggleWithSubtitle``: a title, subtitle and a switch.
        case toggleWithSubtitle
        /// ``TableCellSlider``: a slider.
        case slider
        /// ``TableCellSliderWithLabels``: a slider with its labels.
        case sliderWithLabels
        /// ``TableCellTextField``: a text field.
        case textField
        /// ``TableCellTextView``: an editable text view.
        case textView
        /// ``TableCellButton``: a button.
        case button
        /// ``TableCellSpinner``: an activity indicator.
        case spinner
        /// An app's cell class, created in code.
        case customClass(TableCell.Type)
        /// An app's cell class, loaded from its ``Cell/nib``.
        case customNib(TableCell.Type)

        /// The stock cell type of a stock style.
        public init(_ style: StockCellStyle) {
            switch style {
            case .basic: self = .basic
            case .subtitle: self = .subtitle
            case .leftDetail: self = .leftDetail
            case .rightDetail: self = .rightDetail
            case .toggle: self = .toggle
            case .toggleWithSubtitle: self = .toggleWithSubtitle
            case .slider: self = .slider
            case .sliderWithLabels: self = .sliderWithLabels
            case .textField: self = .textField
            case .textView: self = .textView
            case .button: self = .button
            case .spinner: self = .spinner
            }
        }

        /// The reuse identifier cells of this type register and dequeue under.
        @MainActor
        public var reuseIdentifier: String {
            switch self {
            case .customClass(let type):
                ListItemRules.reuseIdentifier(forCustomCell: type.reuseIdentifier, fromNib: false)
            case .customNib(let type):
                ListItemRules.reuseIdentifier(forCustomCell: type.reuseIdentifier, fromNib: true)
            case .basic: StockCellStyle.basic.reuseIdentifier
            case .subtitle: StockCellStyle.subtitle.reuseIdentifier
            case .leftDetail: StockCellStyle.leftDetail.reuseIdentifier
            case .rightDetail: StockCellStyle.rightDetail.reuseIdentifier
            case .toggle: StockCellStyle.toggle.reuseIdentifier
            case .toggleWithSubtitle: StockCellStyle.toggleWithSubtitle.reuseIdentifier
            case .slider: StockCellStyle.slider.reuseIdentifier
            case .sliderWithLabels: StockCellStyle.sliderWithLabels.reuseIdentifier
            case .textField: StockCellStyle.textField.reuseIdentifier
            case .textView: StockCellStyle.textView.reuseIdentifier
            case .button: StockCellStyle.button.reuseIdentifier
            case .spinner: StockCellStyle.spinner.reuseIdentifier
            }
        }

        /// Registers the type's cell with `tableView` under ``reuseIdentifier``.
        @MainActor
        public func register(in tableView: UITableView) {
            switch self {
            case .customNib(let type): tableView.register(type.nib, forCellReuseIdentifier: reuseIdentifier)
            case .customClass(let type): tableView.register(type, forCellReuseIdentifier: reuseIdentifier)
            case .basic: tableView.register(TableCellBasic.self, forCellReuseIdentifier: reuseIdentifier)
            case .subtitle:
                tableView.register(TableCellSubtitle.self, forCellReuseIdentifier: reuseIdentifier)
            case .leftDetail:
                tableView.register(TableCellLeftDetail.self, forCellReuseIdentifier: reuseIdentifier)
            case .rightDetail:
                tableView.register(TableCellRightDetail.self, forCellReuseIdentifier: reuseIdentifier)
            case .toggle: tableView.register(TableCellToggle.self, forCellReuseIdentifier: reuseIdentifier)
            case .toggleWithSubtitle:
                tableView.register(TableCellToggleWithSubtitle.self, forCellReuseIdentifier: reuseIdentifier)
            case .slider: tableView.register(TableCellSlider.self, forCellReuseIdentifier: reuseIdentifier)
            case .sliderWithLabels:
                tableView.register(TableCellSliderWithLabels.self, forCellReuseIdentifier: reuseIdentifier)
            case .textField:
                tableView.register(TableCellTextField.self, forCellReuseIdentifier: reuseIdentifier)
            case .textView:
                tableView.register(TableCellTextView.self, forCellReuseIdentifier: reuseIdentifier)
            case .button: tableView.register(TableCellButton.self, forCellReuseIdentifier: reuseIdentifier)
            case .spinner: tableView.register(TableCellSpinner.self, forCellReuseIdentifier: reuseIdentifier)
            }
        }
    }

    /// The cell a ``CollectionViewController`` registers for an item identifier.
    public enum CollectionCellType {
        /// ``CollectionCellBasic``: a title, detail and image.
        case basic
        /// ``CollectionCellButton``: a button.
        case button
        /// ``CollectionCellSpinner``: an activity indicator.
        case spinner
        /// An app's cell class, created in code.
        case customClass(CollectionCell.Type)
        /// An app's cell class, loaded from its ``Cell/nib``.
        case customNib(CollectionCell.Type)

        /// The reuse identifier cells of this type register and dequeue under.
        @MainActor
        public var reuseIdentifier: String {
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
        public func register(in collectionView: UICollectionView) {
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

    extension UITableViewCell.CellStyle {
        /// The UIKit cell style of a stock text layout.
        init(keel layout: StockCellStyle.TextLayout) {
            switch layout {
            case .title: self = .default
            case .subtitle: self = .subtitle
            case .trailingDetail: self = .value1
            case .leadingDetail: self = .value2
            }
        }
    }
#endif
