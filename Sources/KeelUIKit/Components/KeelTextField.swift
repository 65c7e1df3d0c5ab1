#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import UIKit

    /// The design system's text field and text area: a label, the field with optional leading
    /// and trailing icons, a clear button and, for secure entry, a reveal button, then helper
    /// or error text and an `n/max` counter. Every frame comes from `TextFieldLayout` (mirrored
    /// right to left, the counter below the helper text at accessibility sizes, 44-point
    /// button targets), colours and fonts from `TextFieldAppearance` for the state (normal,
    /// focused, filled, error, disabled, read-only), and every edit, the clear and reveal
    /// buttons and the error announcement from `TextFieldInteraction`.
    ///
    /// ```swift
    /// let email = KeelTextField(configuration: TextFieldConfiguration(
    ///     label: "E-mail", placeholder: "name@example.com", leadingIcon: "envelope",
    ///     showsClearButton: true, keyboard: .emailAddress, returnKey: .next))
    /// email.onTextChange = { text in form.email = text }
    /// email.configuration.errorText = "Enter an address like name@example.com."  // announced
    /// ```
    ///
    /// With `lines: .multiple(minimum:maximum:)` it is a text area: it grows line by line with
    /// its text to the maximum, then scrolls (its intrinsic height follows).
    @MainActor
    public final class KeelTextField: KeelThemedView {
        /// What the field shows; a new validation message is announced.
        public var configuration: TextFieldConfiguration {
            didSet { perform(interaction.send(.reconfigure(configuration))) }
        }
        /// The text. Setting it keeps the maximum length.
        public var text: String {
            get { interaction.state.text }
            set { perform(interaction.send(.setByApp(newValue))) }
        }
        /// Called when the text changes.
        public var onTextChange: (@MainActor (String) -> Void)?
        /// Called when the return key is pressed.
        public var onReturn: (@MainActor () -> Void)?
        /// Called each time the text reaches the maximum length (on the edge), with the limit.
        public var onLimitReached: (@MainActor (Int) -> Void)?
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { updateAppearance() }
        }

        /// The appearance currently drawn.
        package private(set) var appearance: TextFieldAppearance
        private var interaction: TextFieldInteraction
        private var theme: TextFieldTheme
        private let labelView = UILabel()
        private let fieldView = UIView()
        private let leadingIconView = UIImageView()
        private let trailingIconView = UIImageView()
        private let textField = UITextField()
        private let textView = UITextView()
        private let placeholderLabel = UILabel()
        private let clearButton = UIButton(type: .system)
        private let revealButton = UIButton(type: .system)
        private let supportingLabel = UILabel()
        private let counterLabel = UILabel()
        private let measurer = UIKitTextMeasurer()
        private let editorDelegate = KeelTextFieldEditorDelegate()

        /// A field holding `text` (cut to the maximum length).
        public init(configuration: TextFieldConfiguration, text: String = "") {
            self.configuration = configuration
            interaction = TextFieldInteraction(
                configuration: configuration, text: text, strings: KeelAccessibility.strings)
            let theme = TextFieldTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = TextFieldAppearance(theme: theme, state: .normal)
            super.init(frame: .zero)
            setUp()
        }

        /// An empty field from a storyboard or nib.
        required init?(coder: NSCoder) {
            configuration = TextFieldConfiguration()
            interaction = TextFieldInteraction(configuration: TextFieldConfiguration())
            let theme = TextFieldTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = TextFieldAppearance(theme: theme, state: .normal)
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            labelView.numberOfLines = 0
            supportingLabel.numberOfLines = 0
            for label in [labelView, supportingLabel, counterLabel, placeholderLabel] {
                label.isAccessibilityElement = false
            }
            for icon in [leadingIconView, trailingIconView] {
                icon.contentMode = .scaleAspectFit
                icon.isAccessibilityElement = false
            }
            fieldView.isUserInteractionEnabled = false
            editorDelegate.owner = self
            textField.delegate = editorDelegate
            textField.addTarget(self, action: #selector(textFieldChanged), for: .editingChanged)
            textView.delegate = editorDelegate
            textView.backgroundColor = .clear
            textView.textContainerInset = .zero
            textView.textContainer.lineFragmentPadding = 0
            placeholderLabel.numberOfLines = 0
            // A tap anywhere on the field (its padding, icons, label) starts editing, as on the
            // editor itself.
            let tap = UITapGestureRecognizer(target: self, action: #selector(fieldTapped))
            tap.cancelsTouchesInView = false  // the editor still places its caret
            addGestureRecognizer(tap)
            clearButton.addTarget(self, action: #selector(clearTapped), for: .touchUpInside)
            revealButton.addTarget(self, action: #selector(revealTapped), for: .touchUpInside)
            let parts: [UIView] = [
                labelView, fieldView, leadingIconView, textField, textView, placeholderLabel,
                trailingIconView,
                clearButton, revealButton, supportingLabel, counterLabel,
            ]
            for view in parts { addSubview(view) }
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = TextFieldTheme(resolver: resolver)
                self?.updateAppearance()
            }
            applyText(interaction.state.text)
            updateAppearance()
        }

        /// Starts editing (the editor becomes first responder).
        @discardableResult
        override public func becomeFirstResponder() -> Bool {
            editor.becomeFirstResponder()
        }

        /// The editor of the configuration: a text view for a text area, else a text field.
        private var editor: UIView {
            configuration.editor(singleLine: textField as UIView, multiline: textView)
        }

        private func updateAppearance() {
            interaction.announcementStrings = accessibilityStrings
            let state = interaction.state
            appearance = TextFieldAppearance(theme: theme, state: interaction.visualState)
            let colors = appearance.colors
            labelView.keelSet(
                configuration.shownLabel, font: appearance.labelFont, color: colors.label, alignment: .natural
            )
            fieldView.backgroundColor = UIColor(keel: colors.background)
            fieldView.layer.cornerRadius = CGFloat(appearance.cornerRadius)
            fieldView.layer.borderWidth = CGFloat(appearance.borderWidth)
            fieldView.layer.borderColor = colors.border.cgColor
            leadingIconView.image = configuration.leadingIcon.flatMap { UIImage(systemName: $0) }
            trailingIconView.image = configuration.trailingIcon.flatMap { UIImage(systemName: $0) }
            for view in [leadingIconView, trailingIconView, clearButton, revealButton] as [UIView] {
                view.tintColor = UIColor(keel: colors.icon)
            }
            let inputFont = UIFont.keel(appearance.inputFont)
            textField.font = inputFont
            textView.font = inputFont
            textField.textColor = UIColor(keel: colors.text)
            textView.textColor = UIColor(keel: colors.text)
            // The text area's typed text on the theme's lines, as its placeholder (`keelSet`)
            // and `TextAreaSizing` set them: it used to get only the font (≈17 pt lines under
            // a 22 pt placeholder), so the text jumped when typing started.
            textView.typingAttributes = appearance.inputFont.keelTextAttributes(color: colors.text)
            textField.attributedPlaceholder = NSAttributedString(
                string: configuration.placeholder,
                attributes: [.font: inputFont, .foregroundColor: UIColor(keel: appearance.placeholderColor)])
            placeholderLabel.keelSet(
                configuration.placeholder, font: appearance.inputFont, color: appearance.placeholderColor,
                alignment: .natural)
            placeholderLabel.isHidden = interaction.placeholderIsHidden
            textField.isSecureTextEntry = interaction.hidesText
            textField.isEnabled = configuration.isEnabled
            textView.isEditable = configuration.isEditable
            textView.isSelectable = configuration.isEnabled
            textField.isHidden = configuration.isMultiline
            textView.isHidden = !configuration.isMultiline
            let contentType = configuration.contentKind.map { UITextContentType(rawValue: $0.rawValue) }
            textField.keyboardType = UIKeyboardType(keel: configuration.keyboard)
            textView.keyboardType = UIKeyboardType(keel: configuration.keyboard)
            textField.returnKeyType = UIReturnKeyType(keel: configuration.returnKey)
            textView.returnKeyType = UIReturnKeyType(keel: configuration.returnKey)
            textField.textContentType = contentType
            textView.textContentType = contentType
            clearButton.setImage(UIImage(systemName: TextFieldAppearance.clearSymbolName), for: .normal)
            revealButton.setImage(
                UIImage(systemName: TextFieldAppearance.revealSymbolName(isRevealed: state.isRevealed)),
                for: .normal)
            let accessories = interaction.accessories
            clearButton.alpha = CGFloat(TextFieldAccessories.opacity(accessories.clearButton))
            revealButton.alpha = CGFloat(TextFieldAccessories.opacity(accessories.revealButton))
            clearButton.isHidden = !accessories.clearButton
            revealButton.isHidden = !accessories.revealButton
            supportingLabel.keelSet(
                configuration.supportingText, font: appearance.supportingFont,
                color: appearance.supportingColor,
                alignment: .natural)
            counterLabel.keelSet(
                configuration.counter(for: state.text)?.text, font: appearance.supportingFont,
                color: appearance.supportingColor, alignment: .natural)
            let spoken = appearance.accessibility(
                configuration: configuration, text: state.text, strings: accessibilityStrings)
            for view in [textField, textView] as [UIView] {
                view.accessibilityLabel = spoken.label
                view.accessibilityHint = spoken.hint
            }
            clearButton.accessibilityLabel =
                appearance.clearAccessibility(strings: accessibilityStrings).label
            revealButton.accessibilityLabel =
                appearance.revealAccessibility(isRevealed: state.isRevealed, strings: accessibilityStrings)
                .label
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }

        private func currentLayout(width: Double) -> TextFieldLayout {
            TextFieldLayout(
                configuration: configuration, appearance: appearance, text: interaction.state.text,
                isFocused: interaction.state.isFocused, width: width, measurer: measurer)
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            let layout = currentLayout(width: Double(bounds.width))
            labelView.frame = CGRect(keel: layout.placedFrame(of: .label))
            fieldView.frame = CGRect(keel: layout.placedFrame(of: .field))
            leadingIconView.frame = CGRect(keel: layout.placedFrame(of: .leadingIcon))
            textField.frame = CGRect(keel: layout.placedFrame(of: .text))
            textView.frame = CGRect(keel: layout.placedFrame(of: .text))
            placeholderLabel.frame = CGRect(keel: layout.placedFrame(of: .text))
            textView.isScrollEnabled = layout.sizing.scrolls
            trailingIconView.frame = CGRect(keel: layout.placedFrame(of: .trailingIcon))
            clearButton.frame = CGRect(keel: layout.placedFrame(of: .clearButton))
            revealButton.frame = CGRect(keel: layout.placedFrame(of: .revealButton))
            supportingLabel.frame = CGRect(keel: layout.placedFrame(of: .supportingText))
            counterLabel.frame = CGRect(keel: layout.placedFrame(of: .counter))
            // The height depends on the width Auto Layout gave.
            reportIntrinsicHeightIfChanged()
        }

        override public var intrinsicContentSize: CGSize {
            CGSize(
                width: UIView.noIntrinsicMetric,
                height: CGFloat(currentLayout(width: Double(bounds.width)).size.height))
        }

        override public func sizeThatFits(_ size: CGSize) -> CGSize {
            let width = TextFieldLayout.width(proposed: Double(size.width), fallback: Double(bounds.width))
            return CGSize(keel: currentLayout(width: width).size)
        }

        // MARK: - Editing

        /// Asks the behaviour about an edit: refused when read-only, replaced when trimmed.
        func propose(
            _ range: NSRange, _ replacement: String, in input: some UITextInput & UIView, text: String
        )
            -> Bool
        {
            let transition = interaction.send(
                .proposeEdit(
                    location: range.location, length: range.length, replacement: replacement,
                    current: TextInputState(keelOf: input, text: text)))
            perform(transition)
            return transition.allowsEditorEdit
        }

        /// The return key.
        func returnPressed() { onReturn?() }

        /// Editing began or ended.
        func focusChanged(_ isFocused: Bool) {
            perform(interaction.send(TextFieldEvent.focusChange(isFocused)))
        }

        /// The text view's contents changed (typing, a committed composition, dictation).
        func textViewChanged() {
            perform(interaction.send(.changed(TextInputState(keelOf: textView, text: textView.text ?? ""))))
        }

        @objc private func textFieldChanged() {
            perform(interaction.send(.changed(TextInputState(keelOf: textField, text: textField.text ?? ""))))
        }

        @objc private func fieldTapped() { editor.becomeFirstResponder() }
        @objc private func clearTapped() { perform(interaction.send(.clear)) }
        @objc private func revealTapped() { perform(interaction.send(.toggleReveal)) }

        private func perform(_ transition: StateTransition<TextFieldEffect>) {
            for effect in transition.effects {
                switch effect {
                case .setText(let text, let caret): applyText(text, caret: caret)
                case .textChanged(let text): onTextChange?(text)
                case .limitReached(let limit): onLimitReached?(limit)
                case .revealChanged: textField.isSecureTextEntry = interaction.hidesText
                case .announce(let message): KeelAccessibility.announce(message)
                // `text` reads the interaction's state: the app already reads the cut text.
                case .writeBack: break
                }
            }
            updateAppearance()
        }

        /// Puts `text` in both editors, the caret at `caret` (the end by default).
        private func applyText(_ text: String, caret: Int? = nil) {
            textField.text = text
            textView.attributedText = NSAttributedString(string: text, attributes: textView.typingAttributes)
            textField.keelPlaceCaret(caret)
            textView.keelPlaceCaret(caret)
        }
    }

    /// The editors' delegate: forwards UIKit's questions to the field (which keeps its
    /// delegate methods out of its public interface).
    @MainActor
    final class KeelTextFieldEditorDelegate: NSObject, UITextFieldDelegate, UITextViewDelegate {
        weak var owner: KeelTextField?

        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
            replacementString string: String
        ) -> Bool {
            owner?.propose(range, string, in: textField, text: textField.text ?? "") ?? false
        }

        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
            -> Bool
        {
            owner?.propose(range, text, in: textView, text: textView.text ?? "") ?? false
        }

        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            owner?.returnPressed()
            return false
        }

        func textFieldDidBeginEditing(_ textField: UITextField) { owner?.focusChanged(true) }
        func textFieldDidEndEditing(_ textField: UITextField) { owner?.focusChanged(false) }
        func textViewDidBeginEditing(_ textView: UITextView) { owner?.focusChanged(true) }
        func textViewDidEndEditing(_ textView: UITextView) { owner?.focusChanged(false) }
        func textViewDidChange(_ textView: UITextView) { owner?.textViewChanged() }
    }

    extension TextInputState {
        /// The text, selection and marked range of a UIKit text input.
        @MainActor
        init(keelOf input: some UITextInput & UIView, text: String) {
            func offset(_ position: UITextPosition) -> Int {
                input.offset(from: input.beginningOfDocument, to: position)
            }
            let selection = input.selectedTextRange.map { offset($0.start)..<offset($0.end) }
            let marked = input.markedTextRange.map { offset($0.start)..<offset($0.end) }
            self.init(text: text, selection: selection, markedRange: marked)
        }
    }

    extension UITextInput {
        /// Puts the caret at a UTF-16 offset (the input's end when `nil`).
        func keelPlaceCaret(_ offset: Int?) {
            guard let offset, let position = position(from: beginningOfDocument, offset: offset) else {
                return
            }
            selectedTextRange = textRange(from: position, to: position)
        }
    }
#endif
