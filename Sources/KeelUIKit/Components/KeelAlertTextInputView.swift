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
        /// The text changed: the alert lays out again (a multi-line field grows, the counter
        /// counts).
        var onTextChange: (@MainActor () -> Void)?
        var strings: AccessibilityStrings = KeelAccessibility.strings

        private let field = UITextField()
        private let textView = UITextView()
        private let placeholderLabel = UILabel()
        private let counterLabel = UILabel()
        private var tracker = LimitReachedTracker()
        private var theme: AlertTheme?

        init(input: AlertTextInput) {
            self.input = input
            super.init(frame: .zero)
            addSubview(editor)
            addSubview(counterLabel)
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
            textView.textContainer.lineFragmentPadding = 0
            field.addTarget(self, action: #selector(fieldChanged), for: .editingChanged)
            field.keyboardType = UIKeyboardType(keel: input.keyboard)
            textView.keyboardType = UIKeyboardType(keel: input.keyboard)
            field.returnKeyType = UIReturnKeyType(keel: input.returnKey)
            textView.returnKeyType = UIReturnKeyType(keel: input.returnKey)
            field.textContentType = input.contentKind.map { UITextContentType(rawValue: $0.rawValue) }
            textView.textContentType = input.contentKind.map { UITextContentType(rawValue: $0.rawValue) }
            update(countOnly: true)
        }

        /// Not supported (built in code): returns `nil` rather than decoding, never traps.
        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        /// The text now.
        var text: String { editorText ?? "" }

        private var editorText: String? {
            switch input.layout {
            case .singleLine: field.text
            case .multiline: textView.text
            }
        }

        /// The view that takes the keyboard.
        var editor: UIView {
            switch input.layout {
            case .singleLine: field
            case .multiline: textView
            }
        }

        /// Applies the alert theme's colours and fonts.
        func apply(_ theme: AlertTheme) {
            self.theme = theme
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
            update(countOnly: true)
        }

        /// Applies the headless layout: the field, its text insets, the placeholder, the
        /// counter and whether a multi-line field scrolls.
        func apply(_ layout: AlertTextInputFrame) {
            editor.frame = CGRect(keel: layout.field)
            field.leftView = UIView(frame: CGRect(x: 0, y: 0, width: layout.textInsets.left, height: 1))
            field.leftViewMode = .always
            field.rightView = UIView(frame: CGRect(x: 0, y: 0, width: layout.textInsets.right, height: 1))
            field.rightViewMode = .always
            textView.textContainerInset = UIEdgeInsets(keel: layout.textInsets)
            textView.isScrollEnabled = layout.fieldScrolls
            placeholderLabel.frame = CGRect(keel: layout.textArea)
            placeholderLabel.isHidden = layout.placeholderIsHidden
            counterLabel.frame = CGRect(keel: layout.counter)
            counterLabel.isHidden = layout.counterIsHidden
            counterLabel.isAccessibilityElement = layout.showsCounter
        }

        /// Takes the keyboard; returns the element VoiceOver focuses.
        func focus() -> UIView {
            editor.becomeFirstResponder()
            return editor
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
            self.input.limitedEdit(
                location: range.location, length: range.length, replacement: replacement,
                in: state(input, text: text))
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
            guard let edit = self.input.enforcedEdit(state(input, text: text)) else { return }
            set(edit.text)
            setCaret(input, edit.caret)
        }

        private var isComposing: Bool { markedTextRange != nil }

        private var markedTextRange: UITextRange? {
            switch input.layout {
            case .singleLine: field.markedTextRange
            case .multiline: textView.markedTextRange
            }
        }

        private func update(countOnly: Bool) {
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
                let effects = tracker.effects(
                    count: counter.count, maximum: maximum, isComposing: isComposing, countOnly: countOnly)
                for effect in effects {
                    switch effect {
                    case .limitReached: onLimitReached?()
                    }
                }
            }
            onTextChange?()
        }
    }
#endif
