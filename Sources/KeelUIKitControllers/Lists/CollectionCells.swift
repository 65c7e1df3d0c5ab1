#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// Draws a ``StockCellPresentation`` (decided in KeelLists) into a list content
    /// configuration and the reusable controls of a collection cell.
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

    /// The base collection cell (AEViewModel's `CollectionCellBasic`) and the basic stock cell:
    /// a list cell showing the item's stock presentation (texts, image, its control and a
    /// disclosure indicator). Subclass it and override ``configure()``, ``reset()``,
    /// ``update(with:)`` and ``callback(_:)``; it works from code and from a nib.
    open class CollectionCellBasic: UICollectionViewListCell, Cell {
        /// Receives the callbacks (the controller sets itself in `update(_:at:)`).
        public weak var delegate: CellDelegate?
        /// Anything the cell passes along with its callbacks.
        public var userInfo: [AnyHashable: Any] = [:]
        let renderer = StockCellRenderer()

        /// Creates the cell, then configures and resets it.
        override public init(frame: CGRect) {
            super.init(frame: frame)
            configure()
            reset()
        }

        /// Creates the cell from a nib; it is configured in ``awakeFromNib()``.
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
        /// controls call back through ``callback(_:)``.
        open func configure() {
            renderer.setCallback { [weak self] action in self?.callback(action) }
        }

        /// Reset the interface here (called after `configure` and in `prepareForReuse`).
        open func reset() {
            accessories = []
        }

        /// The stock style this cell draws (`basic` here; the button and spinner cells name
        /// theirs).
        open class var stockStyle: StockCellStyle { .basic }

        /// Shows the item's stock presentation (`StockCellPresentation(item:style:)`).
        open func update(with item: Item) {
            let presentation = StockCellPresentation(item: item, style: Self.stockStyle)
            var content = defaultContentConfiguration()
            renderer.render(presentation, into: &content, tint: tintColor)
            accessories = presentation.accessories.map(accessory)
            contentConfiguration = content
        }

        /// Forwards to ``delegate``.
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

    /// A button cell: its title centred in the tint (or destructive) colour; selecting it calls
    /// back.
    open class CollectionCellButton: CollectionCellBasic {
        /// `button`.
        override open class var stockStyle: StockCellStyle { .button }
    }

    /// An activity indicator beside an optional title.
    open class CollectionCellSpinner: CollectionCellBasic {
        /// `spinner`.
        override open class var stockStyle: StockCellStyle { .spinner }
    }
#endif
