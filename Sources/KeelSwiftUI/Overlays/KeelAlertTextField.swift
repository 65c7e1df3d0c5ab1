#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import SwiftUI
    import UIKit

    /// The alert's single-line text input: a `UITextField`, because its length limit must see
    /// the marked (composing) text, which a SwiftUI `TextField` does not expose. The same
    /// `AlertTextInput.limitedEdit` and `enforcedEdit` as the UIKit alert decide every trim.
    struct KeelAlertTextField: UIViewRepresentable {
        let input: AlertTextInput
        @Binding var text: String
        let onReturn: () -> Void

        func makeUIView(context: Context) -> UITextField {
            let field = UITextField()
            field.text = text
            field.placeholder = input.placeholder
            field.isSecureTextEntry = input.isSecureEntry
            field.delegate = context.coordinator
            field.addTarget(
                context.coordinator, action: #selector(Coordinator.changed(_:)), for: .editingChanged)
            return field
        }

        func updateUIView(_ field: UITextField, context: Context) {
            context.coordinator.parent = self
        }

        func makeCoordinator() -> Coordinator { Coordinator(parent: self) }

        /// The field's delegate: asks the headless limit about every edit.
        final class Coordinator: NSObject, UITextFieldDelegate {
            var parent: KeelAlertTextField

            init(parent: KeelAlertTextField) {
                self.parent = parent
            }

            func textField(
                _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                replacementString string: String
            ) -> Bool {
                guard
                    let edit = parent.input.limitedEdit(
                        location: range.location, length: range.length, replacement: string,
                        in: Self.state(of: textField))
                else { return true }
                textField.text = edit.text
                Self.setCaret(textField, edit.caret)
                parent.text = edit.text
                return false
            }

            func textFieldShouldReturn(_ textField: UITextField) -> Bool {
                parent.onReturn()
                return false
            }

            /// After a composition is committed the text may exceed the limit: trim the newest input.
            @objc func changed(_ textField: UITextField) {
                if let edit = parent.input.enforcedEdit(Self.state(of: textField)) {
                    textField.text = edit.text
                    Self.setCaret(textField, edit.caret)
                }
                parent.text = textField.text ?? ""
            }

            private static func state(of field: UITextField) -> TextInputState {
                func offset(_ position: UITextPosition) -> Int {
                    field.offset(from: field.beginningOfDocument, to: position)
                }
                let selection = field.selectedTextRange.map { offset($0.start)..<offset($0.end) }
                let marked = field.markedTextRange.map { offset($0.start)..<offset($0.end) }
                return TextInputState(text: field.text ?? "", selection: selection, markedRange: marked)
            }

            private static func setCaret(_ field: UITextField, _ offset: Int) {
                if let position = field.position(from: field.beginningOfDocument, offset: offset) {
                    field.selectedTextRange = field.textRange(from: position, to: position)
                }
            }
        }
    }
#endif
