/// What a stock cell shows for a ``ListItem``: texts, image, an accessory control and whether
/// it can be selected — decided once here so the table and collection cells only draw it.
package struct StockCellPresentation: Hashable, Sendable {
    /// The control a stock cell hosts beside its text.
    package enum Control: Hashable, Sendable {
        /// A switch.
        case toggle(isOn: Bool)
        /// A slider.
        case slider(value: Double, minimum: Double, maximum: Double)
        /// A single-line text field.
        case textField(text: String, placeholder: String?, isSecure: Bool)
        /// An activity indicator.
        case spinner(isAnimating: Bool)
    }

    /// How the main text is emphasised.
    package enum Emphasis: Hashable, Sendable {
        /// Plain text.
        case plain
        /// A centred action in the tint colour.
        case action
        /// A centred destructive action.
        case destructiveAction
    }

    /// The main text.
    package var text: String?
    /// The secondary text.
    package var secondaryText: String?
    /// An image asset or symbol name.
    package var imageName: String?
    /// The hosted control, if any.
    package var control: Control?
    /// How the text is emphasised.
    package var emphasis: Emphasis
    /// Whether a disclosure indicator shows (the item drills into a child list).
    package var showsDisclosure: Bool
    /// Whether tapping the cell does something (drill-down or an enabled button).
    package var isSelectable: Bool

    /// The slider's leading label (shown by ``StockCellStyle/sliderWithLabels``).
    package var leadingSliderText: String?
    /// The slider's trailing label (shown by ``StockCellStyle/sliderWithLabels``).
    package var trailingSliderText: String?

    /// The presentation of `item` from its stock view model; an item without a known view model
    /// (an app's own ``CellViewModel``) shows its identifier.
    package init(item: ListItem) {
        text = item.id
        secondaryText = nil
        imageName = nil
        control = nil
        emphasis = .plain
        leadingSliderText = nil
        trailingSliderText = nil
        showsDisclosure = item.childList != nil
        isSelectable = item.childList != nil
        let stock = item.viewModel
        if let model = stock as? BasicCellViewModel {
            text = model.title
            secondaryText = model.detail
            imageName = model.image
        } else if let model = stock as? ToggleCellViewModel {
            text = model.title
            secondaryText = model.subtitle
            control = .toggle(isOn: model.isOn)
        } else if let model = stock as? SliderCellViewModel {
            text = model.centerText
            control = .slider(value: model.value, minimum: model.minimum, maximum: model.maximum)
            leadingSliderText = model.leftText
            trailingSliderText = model.rightText
        } else if let model = stock as? TextFieldCellViewModel {
            text = model.title
            control = .textField(text: model.text, placeholder: model.placeholder, isSecure: model.isSecure)
        } else if let model = stock as? TextViewCellViewModel {
            text = model.text.isEmpty ? model.placeholder : model.text
        } else if let model = stock as? ButtonCellViewModel {
            text = model.title
            emphasis = model.isDestructive ? .destructiveAction : .action
            isSelectable = model.isEnabled
        } else if let model = stock as? SpinnerCellViewModel {
            text = model.title
            control = .spinner(isAnimating: model.isAnimating)
        }
    }
}
