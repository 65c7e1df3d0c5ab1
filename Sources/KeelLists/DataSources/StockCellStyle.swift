/// The stock cells, one per AEViewModel `TableCellType` stock case: which cell shows an item,
/// how its texts are laid out and which control it hosts — decided here so the UIKit cells
/// only draw it.
package enum StockCellStyle: String, Hashable, Sendable, CaseIterable {
    /// A title (and image).
    case basic
    /// A title above a smaller detail.
    case subtitle
    /// A detail label before the title (UIKit's `.value2` style).
    case leftDetail
    /// A title with its detail on the trailing side (UIKit's `.value1` style).
    case rightDetail
    /// A title and a switch.
    case toggle
    /// A title, a subtitle and a switch.
    case toggleWithSubtitle
    /// A slider.
    case slider
    /// A slider with its leading, centre and trailing labels.
    case sliderWithLabels
    /// A single-line text field.
    case textField
    /// An editable multi-line text view.
    case textView
    /// A button.
    case button
    /// An activity indicator.
    case spinner

    /// How a stock cell lays out its title and detail — UIKit's `UITableViewCell.CellStyle`.
    package enum TextLayout: Hashable, Sendable {
        /// One title (`.default`).
        case title
        /// A title above a detail (`.subtitle`).
        case subtitle
        /// A title with the detail on the trailing side (`.value1`).
        case trailingDetail
        /// A detail label before the title (`.value2`).
        case leadingDetail
    }

    /// The style of a stock ``CellKind``; `nil` for an app's own kind.
    package init?(kind: CellKind) {
        self.init(rawValue: kind.rawValue)
    }

    /// The stock kind shown by this style.
    package var kind: CellKind { CellKind(rawValue: rawValue) }

    /// The text layout: left and right detail are never drawn as a subtitle.
    package var textLayout: TextLayout {
        switch self {
        case .subtitle, .toggleWithSubtitle: .subtitle
        case .leftDetail: .leadingDetail
        case .rightDetail: .trailingDetail
        default: .title
        }
    }

    /// The control the cell hosts, if any.
    package var control: StockCellPresentation.ControlKind? {
        switch self {
        case .toggle, .toggleWithSubtitle: .toggle
        case .slider, .sliderWithLabels: .slider
        case .textField: .textField
        case .spinner: .spinner
        default: nil
        }
    }

    /// Whether the slider's leading, centre and trailing labels show.
    package var showsSliderLabels: Bool { self == .sliderWithLabels }

    /// Whether the cell hosts an editable multi-line text view.
    package var hostsTextView: Bool { self == .textView }

    /// The reuse identifier the stock cell of this style registers and dequeues under.
    package var reuseIdentifier: String { "keel.stock." + rawValue }

    /// The styles a collection view offers out of the box (AEViewModel's `CollectionCellType`).
    package static let collectionStyles: [StockCellStyle] = [.basic, .button, .spinner]
}

extension StockCellPresentation {
    /// The presentation of `item` in the stock cell of `style`: the item's own presentation,
    /// made to look like the cell's name when its view model is of another kind — a button cell
    /// shows an action, a switch, slider, field or spinner cell hosts its control (off, at the
    /// minimum, empty, spinning).
    package init(item: ListItem, style: StockCellStyle) {
        self.init(item: item)
        switch style {
        case .button where emphasis == .plain:
            emphasis = .action
            isSelectable = true
        case .toggle, .toggleWithSubtitle: control = control ?? .toggle(isOn: false)
        case .slider, .sliderWithLabels: control = control ?? .slider(value: 0, minimum: 0, maximum: 1)
        case .textField: control = control ?? .textField(text: "", placeholder: nil, isSecure: false)
        case .spinner: control = control ?? .spinner(isAnimating: true)
        default: break
        }
    }
}
