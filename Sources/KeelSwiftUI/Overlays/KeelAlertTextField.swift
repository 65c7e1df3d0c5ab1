#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelUIKitBinding
    import SwiftUI
    import UIKit

    /// The alert's single-line text input: a `UITextField`, because its length limit must see
    /// the marked (composing) text, which a SwiftUI `TextField` does not expose. The same
    /// `AlertTextInput.limitedEdit` and `enforcedEdit` as the UIKit alert decide every trim,
    /// and `limitEffects` fires the limit-reached callback on the edge only.
    struct KeelAlertTextField: UIViewRepresentable {
        let input: AlertTextInput
        let font: FontDescriptor
        let textColor: ColorValue
        @Binding var text: String
        /// Receives the field once made (the alert gives it the keyboard when presented).
        let registerEditor: (UIView) -> Void
        let onReturn: () -> Void

        func makeUIView(context: Context) -> UITextField {
            let field = UITextField()
            field.text = text
            field.placeholder = input.placeholder
            field.font = UIFont.keelResolved(font)
            field.textColor = UIColor(Color(keel: textColor))
            field.isSecureTextEntry = input.isSecureEntry
            field.keyboardType = UIKeyboardType(keel: input.keyboard)
            field.returnKeyType = UIReturnKeyType(keel: input.returnKey)
            field.textContentType = input.contentKind.map { UITextContentType(rawValue: $0.rawValue) }
            field.delegate = context.coordinator
            field.addTarget(
                context.coordinator, action: #selector(Coordinator.changed(_:)), for: .editingChanged)
            registerEditor(field)
            return field
        }

        func updateUIView(_ field: UITextField, context: Context) {
            context.coordinator.parent = self
        }

        func makeCoordinator() -> Coordinator { Coordinator(parent: self) }

        /// The field's delegate: asks the headless limit about every edit.
        final class Coordinator: NSObject, UITextFieldDelegate {
            var parent: KeelAlertTextField
            private var tracker = LimitReachedTracker()

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
                        in: TextInputState(of: textField))
                else { return true }
                textField.text = edit.text
                textField.keelSetCaret(edit.caret)
                report(textField)
                return false
            }

            func textFieldShouldReturn(_ textField: UITextField) -> Bool {
                parent.onReturn()
                return false
            }

            /// After a composition is committed the text may exceed the limit: trim the newest input.
            @objc func changed(_ textField: UITextField) {
                if let edit = parent.input.enforcedEdit(TextInputState(of: textField)) {
                    textField.text = edit.text
                    textField.keelSetCaret(edit.caret)
                }
                report(textField)
            }

            /// Reports the text and, on the edge, that the limit was reached.
            private func report(_ textField: UITextField) {
                let state = TextInputState(of: textField)
                parent.text = state.text
                let effects = parent.input.limitEffects(
                    for: state.text, isComposing: state.isComposing, countOnly: false, tracker: &tracker)
                for effect in effects {
                    switch effect {
                    case .limitReached: parent.input.reportLimitReached()
                    }
                }
            }
        }
    }
#endif
