#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// Receives a cell's ``ListItemCell/callback(_:)``; ``ListTableViewController`` routes it to
    /// ``ListTableViewController/action(for:at:sender:)``.
    @MainActor
    public protocol ListItemCellDelegate: AnyObject {
        /// `cell` called back with `sender` (a stock cell sends a `ListItemAction`).
        func callback(from cell: any ListItemCell, sender: Any)
    }

    /// A cell that shows a `ListItem`, with a four-step lifecycle: `configure()` once (in
    /// `init` and `awakeFromNib`), `reset()` in `configure` and `prepareForReuse`,
    /// `update(with:)` for each item, `callback(_:)` for what the user did. ``ListTableCell`` is
    /// the stock one; subclass it, or adopt this protocol in your own cell and register it for
    /// a kind (``ListTableViewController/register(_:for:)``).
    @MainActor
    public protocol ListItemCell: AnyObject {
        /// The reuse identifier of the cell class (its name by default).
        static var reuseIdentifier: String { get }
        /// The nib of the cell class (a nib named ``reuseIdentifier`` in the class's bundle by
        /// default); used by the `customNib` cell type.
        static var nib: UINib? { get }
        /// Receives the callbacks.
        var delegate: (any ListItemCellDelegate)? { get set }
        /// Anything the cell wants to pass along with its callbacks.
        var userInfo: [AnyHashable: Any] { get set }
        /// Called in `init` and `awakeFromNib`: configure outlets and layout.
        func configure()
        /// Called in `configure` and `prepareForReuse`: reset the interface.
        func reset()
        /// Called when the cell is dequeued for `item`: show it.
        func update(with item: ListItem)
        /// Called on selection and whenever the cell's control changes; forwards to
        /// ``delegate`` by default.
        func callback(_ sender: Any)
    }

    extension ListItemCell {
        /// The class's name.
        public static var reuseIdentifier: String { String(describing: self) }

        /// A nib named `reuseIdentifier` in the class's bundle.
        public static var nib: UINib? {
            UINib(nibName: reuseIdentifier, bundle: Bundle(for: self))
        }

        /// Forwards to `delegate`.
        public func callback(_ sender: Any) {
            delegate?.callback(from: self, sender: sender)
        }
    }

    extension ListTableViewController {
        /// The cell a ``ListTableViewController`` registers for an item identifier: a stock cell
        /// (one per stock kind), an app's cell class or an app's cell nib.
        public enum CellType {
            /// A title (``ListTableCell``).
            case basic
            /// A title above a detail.
            case subtitle
            /// A detail before the title (`.value2`).
            case leftDetail
            /// A title with a trailing detail (`.value1`).
            case rightDetail
            /// A title and a switch.
            case toggle
            /// A title, subtitle and a switch.
            case toggleWithSubtitle
            /// A slider.
            case slider
            /// A slider with its labels.
            case sliderWithLabels
            /// A text field.
            case textField
            /// An editable text view.
            case textView
            /// A button.
            case button
            /// An activity indicator.
            case spinner
            /// An app's cell class, created in code.
            case customClass((UITableViewCell & ListItemCell).Type)
            /// An app's cell class, loaded from its ``ListItemCell/nib``.
            case customNib((UITableViewCell & ListItemCell).Type)

            /// The stock cell type of a stock style.
            package init(_ style: StockCellStyle) {
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
            package var reuseIdentifier: String {
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
            package func register(in tableView: UITableView) {
                switch self {
                case .customNib(let type):
                    tableView.register(type.nib, forCellReuseIdentifier: reuseIdentifier)
                default: tableView.register(cellClass, forCellReuseIdentifier: reuseIdentifier)
                }
            }

            /// The class a code-created cell of this type is made from.
            @MainActor
            private var cellClass: UITableViewCell.Type {
                switch self {
                case .customClass(let type), .customNib(let type): type
                case .basic: ListTableCell.self
                case .subtitle: SubtitleTableCell.self
                case .leftDetail: LeftDetailTableCell.self
                case .rightDetail: RightDetailTableCell.self
                case .toggle: ToggleTableCell.self
                case .toggleWithSubtitle: ToggleWithSubtitleTableCell.self
                case .slider: SliderTableCell.self
                case .sliderWithLabels: SliderWithLabelsTableCell.self
                case .textField: TextFieldTableCell.self
                case .textView: TextViewTableCell.self
                case .button: ButtonTableCell.self
                case .spinner: SpinnerTableCell.self
                }
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
