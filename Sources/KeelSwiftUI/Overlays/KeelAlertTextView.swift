#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelUIKitBinding
    import SwiftUI
    import UIKit

    /// The alert's multi-line text input: a `UITextView`, because its length limit must see
    /// the marked (composing) text, which a SwiftUI `TextEditor` does not expose. The same
    /// `AlertTextInput.limitedEdit` and `enforcedEdit` as the UIKit alert decide every trim;
    /// `limitEffects` fires the limit-reached callback; the measured text height feeds
    /// `editorHeight`, so the field grows to its line limit and then scrolls.
    struct KeelAlertTextView: UIViewRepresentable {
        let input: AlertTextInput
        let font: FontDescriptor
        let textColor: ColorValue
        let placeholderColor: ColorValue
        @Binding var text: String
        @Binding var contentHeight: Double
        /// Receives the view once made (the alert gives it the keyboard when presented).
        let registerEditor: (UIView) -> Void

        func makeUIView(context: Context) -> UITextView {
            let view = UITextView()
            view.text = text
            view.font = UIFont.keelResolved(font)
            view.textColor = UIColor(Color(keel: textColor))
            view.backgroundColor = .clear
            view.textContainerInset = .zero
            view.textContainer.lineFragmentPadding = 0
            view.accessibilityLabel = input.placeholder
            view.keyboardType = UIKeyboardType(keel: input.keyboard)
            view.returnKeyType = UIReturnKeyType(keel: input.returnKey)
            view.textContentType = input.contentKind.map { UITextContentType(rawValue: $0.rawValue) }
            view.delegate = context.coordinator
            let placeholder = context.coordinator.placeholder
            placeholder.text = input.placeholder
            placeholder.font = view.font
            placeholder.textColor = UIColor(Color(keel: placeholderColor))
            placeholder.numberOfLines = 0
            placeholder.isAccessibilityElement = false
            placeholder.isHidden = input.placeholderIsHidden(for: text)
            placeholder.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(placeholder)
            NSLayoutConstraint.activate([
                placeholder.leadingAnchor.constraint(equalTo: view.frameLayoutGuide.leadingAnchor),
                placeholder.trailingAnchor.constraint(equalTo: view.frameLayoutGuide.trailingAnchor),
                placeholder.topAnchor.constraint(equalTo: view.frameLayoutGuide.topAnchor),
            ])
            Task { @MainActor in context.coordinator.measure(view) }
            registerEditor(view)
            return view
        }

        func updateUIView(_ view: UITextView, context: Context) {
            context.coordinator.parent = self
        }

        func makeCoordinator() -> Coordinator { Coordinator(parent: self) }

        /// The view's delegate: asks the headless limit about every edit.
        final class Coordinator: NSObject, UITextViewDelegate {
            var parent: KeelAlertTextView
            let placeholder = UILabel()
            private var tracker = LimitReachedTracker()

            init(parent: KeelAlertTextView) {
                self.parent = parent
            }

            func textView(
                _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
            )
                -> Bool
            {
                guard
                    let edit = parent.input.limitedEdit(
                        location: range.location, length: range.length, replacement: text,
                        in: TextInputState(of: textView))
                else { return true }
                textView.text = edit.text
                textView.keelSetCaret(edit.caret)
                textViewDidChange(textView)
                return false
            }

            /// After a composition is committed the text may exceed the limit: trim the newest
            /// input; then report the text, the placeholder, the limit and the new height.
            func textViewDidChange(_ textView: UITextView) {
                if let edit = parent.input.enforcedEdit(TextInputState(of: textView)) {
                    textView.text = edit.text
                    textView.keelSetCaret(edit.caret)
                }
                let text = textView.text ?? ""
                parent.text = text
                placeholder.isHidden = parent.input.placeholderIsHidden(for: text)
                let effects = parent.input.limitEffects(
                    for: text, isComposing: TextInputState(of: textView).isComposing, countOnly: false,
                    tracker: &tracker)
                for effect in effects {
                    switch effect {
                    case .limitReached: parent.input.reportLimitReached()
                    }
                }
                measure(textView)
            }

            /// Reports the text's height at the view's width.
            func measure(_ textView: UITextView) {
                let fitting = textView.sizeThatFits(
                    CGSize(width: textView.bounds.width, height: .greatestFiniteMagnitude))
                parent.contentHeight = Double(fitting.height)
            }
        }
    }

    extension TextInputState {
        /// The text, selection and marked range of a UIKit text input.
        @MainActor
        init(of input: some UITextInput & UIView, text: String) {
            func offset(_ position: UITextPosition) -> Int {
                input.offset(from: input.beginningOfDocument, to: position)
            }
            let selection = input.selectedTextRange.map { offset($0.start)..<offset($0.end) }
            let marked = input.markedTextRange.map { offset($0.start)..<offset($0.end) }
            self.init(text: text, selection: selection, markedRange: marked)
        }

        /// The state of a text view.
        @MainActor
        init(of view: UITextView) { self.init(of: view, text: view.text ?? "") }

        /// The state of a text field.
        @MainActor
        init(of field: UITextField) { self.init(of: field, text: field.text ?? "") }
    }

    extension UITextInput {
        /// Puts the caret at a character offset.
        func keelSetCaret(_ offset: Int) {
            guard let position = position(from: beginningOfDocument, offset: offset) else { return }
            selectedTextRange = textRange(from: position, to: position)
        }
    }
#endif
