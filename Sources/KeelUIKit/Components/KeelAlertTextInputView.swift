#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import UIKit

    /// The alert's text input: a `UITextField` (single line) or a growing `UITextView`
    /// (multi-line), limited by ``TextLengthLimiter`` (the inserted text is trimmed, the caret
    /// stays after it, composing input is left alone), with ``LimitReachedTracker`` and a
    /// spoken ``CharacterCounter``.
    @MainActor
    final class KeelAlertTextInputView: UIView, UITextFieldDelegate, UITextViewDelegate {
        let input: AlertTextInput
        var onLimitReached: (@MainActor () -> Void)?
        var onReturn: (@MainActor () -> Void)?
        var onHeightChange: (@MainActor () -> Void)?
        var strings: AccessibilityStrings = KeelAccessibility.strings

        private let field = UITextField()
        private let textView = UITextView()
        private let placeholderLabel = UILabel()
        private let counterLabel = UILabel()
        private var tracker = LimitReachedTracker()
        private var theme: AlertTheme?
        private var heightConstraint: NSLayoutConstraint?
        private var counterGap: NSLayoutConstraint?

        init(input: AlertTextInput) {
            self.input = input
            super.init(frame: .zero)
            let editor: UIView = isMultiline ? textView : field
            editor.translatesAutoresizingMaskIntoConstraints = false
            counterLabel.translatesAutoresizingMaskIntoConstraints = false
            addSubview(editor)
            addSubview(counterLabel)
            let height = editor.heightAnchor.constraint(equalToConstant: 48)
            heightConstraint = height
            let gap = counterLabel.topAnchor.constraint(equalTo: editor.bottomAnchor)
            counterGap = gap
            NSLayoutConstraint.activate([
                editor.topAnchor.constraint(equalTo: topAnchor),
                editor.leadingAnchor.constraint(equalTo: leadingAnchor),
                editor.trailingAnchor.constraint(equalTo: trailingAnchor),
                height,
                gap,
                counterLabel.trailingAnchor.constraint(equalTo: trailingAnchor),
                counterLabel.bottomAnchor.constraint(equalTo: bottomAnchor),
            ])
            counterLabel.isHidden = !input.showsCharacterCount
            counterLabel.isAccessibilityElement = input.showsCharacterCount
            field.delegate = self
            textView.delegate = self
            field.text = input.text
            textView.text = input.text
            field.placeholder = input.placeholder
            field.isSecureTextEntry = input.isSecureEntry
            placeholderLabel.text = input.placeholder
            placeholderLabel.numberOfLines = 0
            placeholderLabel.isAccessibilityElement = false
            textView.addSubview(placeholderLabel)
            textView.backgroundColor = .clear
            textView.accessibilityLabel = input.placeholder
            field.addTarget(self, action: #selector(fieldChanged), for: .editingChanged)
            field.keyboardType = Self.keyboard(input.keyboard)
            textView.keyboardType = Self.keyboard(input.keyboard)
            field.returnKeyType = Self.returnKey(input.returnKey)
            textView.returnKeyType = Self.returnKey(input.returnKey)
            if let kind = input.contentKind {
                field.textContentType = UITextContentType(rawValue: kind.rawValue)
                textView.textContentType = UITextContentType(rawValue: kind.rawValue)
            }
            update(countOnly: true)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

        private var isMultiline: Bool {
            if case .multiline = input.layout { return true }
            return false
        }

        /// The text now.
        var text: String { (isMultiline ? textView.text : field.text) ?? "" }

        /// The view that takes the keyboard.
        var editor: UIView { isMultiline ? textView : field }

        /// Applies the alert theme's input metrics and colours.
        func apply(_ theme: AlertTheme) {
            self.theme = theme
            let editor = self.editor
            editor.backgroundColor = UIColor(keel: theme.inputBackground)
            editor.layer.cornerRadius = CGFloat(theme.inputCornerRadius)
            let font = UIFont.keel(theme.messageFont)
            field.font = font
            textView.font = font
            field.textColor = UIColor(keel: theme.messageColor)
            textView.textColor = UIColor(keel: theme.messageColor)
            placeholderLabel.font = font
            placeholderLabel.textColor = UIColor(keel: theme.placeholderColor)
            field.attributedPlaceholder = NSAttributedString(
                string: input.placeholder,
                attributes: [.foregroundColor: UIColor(keel: theme.placeholderColor), .font: font])
            let insets = theme.inputInsets.resolved(in: traitCollection.keelTraits.layoutDirection)
            let padding = UIView(frame: CGRect(x: 0, y: 0, width: insets.left, height: 1))
            field.leftView = padding
            field.leftViewMode = .always
            field.rightView = UIView(frame: CGRect(x: 0, y: 0, width: insets.right, height: 1))
            field.rightViewMode = .always
            textView.textContainerInset = UIEdgeInsets(
                top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
            textView.textContainer.lineFragmentPadding = 0
            counterGap?.constant = input.showsCharacterCount ? CGFloat(theme.counterSpacing) : 0
            update(countOnly: false)
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            let inset = textView.textContainerInset
            placeholderLabel.frame = textView.bounds.inset(by: inset)
            placeholderLabel.sizeToFit()
            placeholderLabel.frame.origin = CGPoint(x: inset.left, y: inset.top)
        }

        // MARK: - Editing

        private func state(_ input: UITextInput, text: String) -> TextInputState {
            func offset(_ position: UITextPosition) -> Int {
                input.offset(from: input.beginningOfDocument, to: position)
            }
            let selection = input.selectedTextRange.map { offset($0.start)..<offset($0.end) }
            let marked = input.markedTextRange.map { offset($0.start)..<offset($0.end) }
            return TextInputState(text: text, selection: selection, markedRange: marked)
        }

        private func limited(_ input: UITextInput, text: String, range: NSRange, replacement: String)
            -> LimitedEdit?
        {
            guard let limiter = self.input.limiter else { return nil }
            let edit = limiter.apply(
                replacing: range.location..<(range.location + range.length), with: replacement,
                in: state(input, text: text))
            return edit.wasTrimmed ? edit : nil
        }

        private func setCaret(_ input: UITextInput, _ offset: Int) {
            if let position = input.position(from: input.beginningOfDocument, offset: offset) {
                input.selectedTextRange = input.textRange(from: position, to: position)
            }
        }

        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
            replacementString string: String
        ) -> Bool {
            guard let edit = limited(textField, text: textField.text ?? "", range: range, replacement: string)
            else { return true }
            textField.text = edit.text
            setCaret(textField, edit.caret)
            update(countOnly: false)
            return false
        }

        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            onReturn?()
            return false
        }

        @objc private func fieldChanged() {
            enforce(field, text: field.text ?? "") { self.field.text = $0 }
            update(countOnly: false)
        }

        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
            -> Bool
        {
            guard let edit = limited(textView, text: textView.text ?? "", range: range, replacement: text)
            else {
                return true
            }
            textView.text = edit.text
            setCaret(textView, edit.caret)
            textViewDidChange(textView)
            return false
        }

        func textViewDidChange(_ textView: UITextView) {
            enforce(textView, text: textView.text ?? "") { self.textView.text = $0 }
            update(countOnly: false)
        }

        /// After a composition is committed the text may exceed the limit: trim the newest input.
        private func enforce(_ input: UITextInput, text: String, set: (String) -> Void) {
            guard let limiter = self.input.limiter else { return }
            let edit = limiter.enforce(state(input, text: text))
            guard edit.wasTrimmed else { return }
            set(edit.text)
            setCaret(input, edit.caret)
        }

        private var isComposing: Bool {
            (isMultiline ? textView.markedTextRange : field.markedTextRange) != nil
        }

        private func update(countOnly: Bool) {
            placeholderLabel.isHidden = !text.isEmpty
            if let maximum = input.maximumLength {
                let counter = CharacterCounter(count: text.count, maximum: maximum)
                if let theme {
                    let result = NSMutableAttributedString(
                        string: counter.parts.count,
                        attributes: [
                            .foregroundColor: UIColor(keel: theme.messageColor),
                            .font: UIFont.keel(theme.supportingFont),
                        ])
                    result.append(
                        NSAttributedString(
                            string: counter.parts.maximum,
                            attributes: [
                                .foregroundColor: UIColor(keel: theme.placeholderColor),
                                .font: UIFont.keel(theme.supportingFont),
                            ]))
                    counterLabel.attributedText = result
                }
                counterLabel.accessibilityValue = counter.accessibilityValue(strings)
                if !countOnly,
                    tracker.update(count: counter.count, maximum: maximum, isComposing: isComposing)
                {
                    onLimitReached?()
                }
            }
            guard let theme else { return }
            let lineHeight = theme.messageFont.lineHeight ?? theme.messageFont.size * 1.2
            let width = max(
                0,
                textView.bounds.width - textView.textContainerInset.left - textView.textContainerInset.right)
            let content =
                isMultiline && width > 0
                ? Double(
                    textView.sizeThatFits(
                        CGSize(width: textView.bounds.width, height: .greatestFiniteMagnitude)
                    ).height)
                    - theme.inputInsets.vertical
                : lineHeight
            let sizing = input.height(
                contentHeight: content, lineHeight: lineHeight, verticalInset: theme.inputInsets.top,
                minimum: theme.inputHeight)
            textView.isScrollEnabled = sizing.scrolls
            if heightConstraint?.constant != CGFloat(sizing.height) {
                heightConstraint?.constant = CGFloat(sizing.height)
                onHeightChange?()
            }
        }

        private static func keyboard(_ kind: KeyboardKind) -> UIKeyboardType {
            switch kind {
            case .standard: .default
            case .numbersAndPunctuation: .numbersAndPunctuation
            case .numberPad: .numberPad
            case .decimalPad: .decimalPad
            case .phonePad: .phonePad
            case .emailAddress: .emailAddress
            case .url: .URL
            }
        }

        private static func returnKey(_ kind: ReturnKeyKind) -> UIReturnKeyType {
            switch kind {
            case .default: .default
            case .done: .done
            case .go: .go
            case .next: .next
            case .send: .send
            case .search: .search
            }
        }
    }
#endif
