#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// The stock table cell of a ``ListTableViewController``, and the base of its other stock
    /// cells: a title, optional detail and image, as the item's stock view model says. Subclass
    /// it and override ``configure()``, ``reset()``, ``update(with:)`` and ``callback(_:)``; it
    /// works from code and from a nib or storyboard (`configure()` runs in `init` and in
    /// `awakeFromNib`).
    open class ListTableCell: UITableViewCell, ListItemCell {
        /// Receives the callbacks (the controller sets itself in `update(_:at:)`).
        public weak var delegate: (any ListItemCellDelegate)?
        /// Anything the cell passes along with its callbacks.
        public var userInfo: [AnyHashable: Any] = [:]

        /// Creates the cell in `style`, then configures and resets it.
        override public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            configure()
            reset()
        }

        /// Creates the cell from a nib or storyboard; it is configured in ``awakeFromNib()``.
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

        /// Configure outlets and layout here (called in `init` and `awakeFromNib`).
        open func configure() {}

        /// Reset the interface here (called after `configure` and in `prepareForReuse`).
        open func reset() {
            textLabel?.text = nil
            detailTextLabel?.text = nil
            imageView?.image = nil
        }

        /// The stock style this cell draws (`basic` here; each stock subclass names its own).
        class var stockStyle: StockCellStyle { .basic }

        /// The presentation of `item` in this cell (`StockCellPresentation(item:style:)`).
        func presentation(of item: ListItem) -> StockCellPresentation {
            StockCellPresentation(item: item, style: Self.stockStyle)
        }

        /// Shows the item's stock presentation: texts, image, disclosure and selection.
        open func update(with item: ListItem) {
            render(presentation(of: item))
        }

        /// Forwards to ``delegate``.
        open func callback(_ sender: Any) {
            delegate?.callback(from: self, sender: sender)
        }

        /// Draws a presentation's texts, image, disclosure and selection highlight.
        func render(_ presentation: StockCellPresentation) {
            textLabel?.text = presentation.text
            detailTextLabel?.text = presentation.secondaryText
            imageView?.image = presentation.imageName.flatMap(UIImage.keelNamed)
            textLabel?.textColor = UIColor.keel(presentation.textColor, tint: tintColor)
            textLabel?.textAlignment = NSTextAlignment(keel: presentation.textAlignment)
            accessoryType = UITableViewCell.AccessoryType(keel: presentation.disclosure)
            selectionStyle = UITableViewCell.SelectionStyle(keel: presentation.selectionHighlight)
        }
    }

    /// A title above a smaller detail (`.subtitle`).
    class SubtitleTableCell: ListTableCell {
        /// `subtitle`.
        override class var stockStyle: StockCellStyle { .subtitle }

        /// Creates the cell in the subtitle style.
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(
                style: .init(keel: StockCellStyle.subtitle.textLayout), reuseIdentifier: reuseIdentifier)
        }

        /// Creates the cell from a nib or storyboard.
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    /// A detail label before the title (`.value2`), never drawn as a subtitle.
    class LeftDetailTableCell: ListTableCell {
        /// `leftDetail`.
        override class var stockStyle: StockCellStyle { .leftDetail }

        /// Creates the cell in the left-detail style.
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(
                style: .init(keel: StockCellStyle.leftDetail.textLayout), reuseIdentifier: reuseIdentifier)
        }

        /// Creates the cell from a nib or storyboard.
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    /// A title with its detail on the trailing side (`.value1`), never drawn as a subtitle.
    class RightDetailTableCell: ListTableCell {
        /// `rightDetail`.
        override class var stockStyle: StockCellStyle { .rightDetail }

        /// Creates the cell in the right-detail style.
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(
                style: .init(keel: StockCellStyle.rightDetail.textLayout), reuseIdentifier: reuseIdentifier)
        }

        /// Creates the cell from a nib or storyboard.
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    /// A title and a switch; a change calls back with `ListItemAction.toggled`.
    class ToggleTableCell: ListTableCell {
        /// `toggle`.
        override class var stockStyle: StockCellStyle { .toggle }

        /// The switch.
        let toggle = UISwitch()

        /// Hosts the switch.
        override func configure() {
            super.configure()
            accessoryView = toggle
            toggle.addAction(
                UIAction { [weak self] _ in self?.toggleChanged() }, for: .valueChanged)
        }

        private func toggleChanged() { callback(ListItemAction.toggled(toggle.isOn)) }

        /// Shows the title and the switch's value.
        override func update(with item: ListItem) {
            let shown = presentation(of: item)
            render(shown)
            accessoryView = toggle
            toggle.isOn = shown.toggleIsOn
        }
    }

    /// A title, subtitle and a switch.
    class ToggleWithSubtitleTableCell: ToggleTableCell {
        /// `toggleWithSubtitle`.
        override class var stockStyle: StockCellStyle { .toggleWithSubtitle }

        /// Creates the cell in the subtitle style.
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(
                style: .init(keel: StockCellStyle.toggleWithSubtitle.textLayout),
                reuseIdentifier: reuseIdentifier
            )
        }

        /// Creates the cell from a nib or storyboard.
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    /// A slider; a change calls back with `ListItemAction.slid`.
    class SliderTableCell: ListTableCell {
        /// `slider`.
        override class var stockStyle: StockCellStyle { .slider }

        /// The slider.
        let slider = UISlider()
        /// The stack holding the slider (and, with labels, the labels).
        let stack = UIStackView()

        /// Lays the slider out across the content view.
        override func configure() {
            super.configure()
            stack.axis = .horizontal
            stack.spacing = 8
            stack.alignment = .center
            stack.translatesAutoresizingMaskIntoConstraints = false
            stack.addArrangedSubview(slider)
            contentView.addSubview(stack)
            let margins = contentView.layoutMarginsGuide
            NSLayoutConstraint.activate([
                stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                stack.topAnchor.constraint(equalTo: margins.topAnchor),
                stack.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            ])
            slider.addAction(UIAction { [weak self] _ in self?.sliderChanged() }, for: .valueChanged)
            selectionStyle = .none
        }

        private func sliderChanged() { callback(ListItemAction.slid(Double(slider.value))) }

        /// Shows the slider's range and value.
        override func update(with item: ListItem) {
            let values = presentation(of: item).sliderValues
            slider.minimumValue = Float(values.minimum)
            slider.maximumValue = Float(values.maximum)
            slider.value = Float(values.value)
        }
    }

    /// A slider with its leading, centre and trailing labels showing.
    class SliderWithLabelsTableCell: SliderTableCell {
        /// `sliderWithLabels`.
        override class var stockStyle: StockCellStyle { .sliderWithLabels }

        /// The label before the slider.
        let leadingLabel = UILabel()
        /// The label above the slider.
        let centerLabel = UILabel()
        /// The label after the slider.
        let trailingLabel = UILabel()

        /// Adds the labels around the slider.
        override func configure() {
            super.configure()
            let column = UIStackView(arrangedSubviews: [centerLabel, slider])
            column.axis = .vertical
            column.spacing = 4
            centerLabel.textAlignment = .center
            stack.insertArrangedSubview(leadingLabel, at: 0)
            stack.insertArrangedSubview(column, at: 1)
            stack.addArrangedSubview(trailingLabel)
            for label in [leadingLabel, trailingLabel] {
                label.setContentHuggingPriority(.required, for: .horizontal)
            }
        }

        /// Shows the labels and the slider.
        override func update(with item: ListItem) {
            super.update(with: item)
            let shown = presentation(of: item)
            leadingLabel.text = shown.leadingSliderText
            centerLabel.text = shown.text
            trailingLabel.text = shown.trailingSliderText
        }
    }

    /// A title and a single-line text field; edits call back with `ListItemAction.edited`.
    class TextFieldTableCell: ListTableCell {
        /// `textField`.
        override class var stockStyle: StockCellStyle { .textField }

        /// The text field.
        let textField = UITextField()

        /// Hosts the field beside the title.
        override func configure() {
            super.configure()
            textField.frame.size = CGSize(width: 180, height: 32)
            textField.textAlignment = .right
            accessoryView = textField
            textField.addAction(UIAction { [weak self] _ in self?.edited() }, for: .editingChanged)
            selectionStyle = .none
        }

        private func edited() { callback(ListItemAction.edit(textField.text)) }

        /// Shows the title, text and placeholder.
        override func update(with item: ListItem) {
            let shown = presentation(of: item)
            textLabel?.text = shown.text
            let field = shown.fieldValues
            textField.text = field.text
            textField.placeholder = field.placeholder
            textField.isSecureTextEntry = field.isSecure
        }
    }

    /// An editable multi-line text view; edits call back with `ListItemAction.edited`.
    class TextViewTableCell: ListTableCell, UITextViewDelegate {
        /// `textView`.
        override class var stockStyle: StockCellStyle { .textView }

        /// The text view (editable).
        let textView = UITextView()

        /// Lays the text view out across the content view.
        override func configure() {
            super.configure()
            textView.isEditable = true
            textView.isScrollEnabled = false
            textView.font = .preferredFont(forTextStyle: .body)
            textView.adjustsFontForContentSizeCategory = true
            textView.delegate = self
            textView.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(textView)
            let margins = contentView.layoutMarginsGuide
            NSLayoutConstraint.activate([
                textView.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                textView.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                textView.topAnchor.constraint(equalTo: margins.topAnchor),
                textView.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
                textView.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            ])
            selectionStyle = .none
        }

        /// Shows the text.
        override func update(with item: ListItem) {
            textView.text = presentation(of: item).text
        }

        /// Reports the edit.
        func textViewDidChange(_ textView: UITextView) {
            callback(ListItemAction.edited(textView.text))
        }
    }

    /// A button: its title centred in the tint (or destructive) colour; selecting it calls back.
    class ButtonTableCell: ListTableCell {
        /// `button`.
        override class var stockStyle: StockCellStyle { .button }
    }

    /// An activity indicator beside an optional title.
    class SpinnerTableCell: ListTableCell {
        /// `spinner`.
        override class var stockStyle: StockCellStyle { .spinner }

        /// The activity indicator.
        let spinner = UIActivityIndicatorView(style: .medium)

        /// Hosts the indicator.
        override func configure() {
            super.configure()
            accessoryView = spinner
            selectionStyle = .none
        }

        /// Shows the title and spins as the view model says.
        override func update(with item: ListItem) {
            let shown = presentation(of: item)
            render(shown)
            accessoryView = spinner
            switch shown.spinnerAnimation {
            case .animating: spinner.startAnimating()
            case .stopped: spinner.stopAnimating()
            }
        }
    }

    /// Runs main-actor code synchronously from a UIKit override the iOS 16 SDK leaves
    /// nonisolated (`awakeFromNib`, which UIKit calls on the main thread while loading a nib).
    /// (`MainActor.assumeIsolated` is not available with the iOS 16 SDK.)
    package func onMainActor(_ body: @MainActor () -> Void) {
        withoutActuallyEscaping(body) { escapable in
            unsafeBitCast(escapable, to: (() -> Void).self)()
        }
    }

    extension UIImage {
        /// An app asset, else an SF Symbol, of that name.
        package static func keelNamed(_ name: String) -> UIImage? {
            UIImage(named: name) ?? UIImage(systemName: name)
        }
    }

    extension UIColor {
        /// The colour of a stock text colour role.
        package static func keel(_ role: StockCellPresentation.TextColor, tint: UIColor) -> UIColor {
            switch role {
            case .standard: .label
            case .tint: tint
            case .destructive: .systemRed
            }
        }
    }

    extension NSTextAlignment {
        /// The alignment of a stock text alignment.
        init(keel alignment: StockCellPresentation.TextAlignment) {
            switch alignment {
            case .natural: self = .natural
            case .center: self = .center
            }
        }
    }

    extension UITableViewCell.AccessoryType {
        /// The accessory of a stock disclosure.
        init(keel disclosure: StockCellPresentation.Disclosure) {
            switch disclosure {
            case .none: self = .none
            case .indicator: self = .disclosureIndicator
            }
        }
    }

    extension UITableViewCell.SelectionStyle {
        /// The selection style of a stock highlight.
        init(keel highlight: StockCellPresentation.SelectionHighlight) {
            switch highlight {
            case .none: self = .none
            case .standard: self = .default
            }
        }
    }
#endif
