#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import SwiftUI
    import UIKit

    /// The design system's text field and text area in SwiftUI: the same `TextFieldAppearance`,
    /// `TextFieldLayout` (every part placed at its resolved frame, mirrored by SwiftUI right to
    /// left) and `TextFieldInteraction` as KeelUIKit's `KeelTextField`. The editor is a
    /// `UITextField` (a `UITextView` for a text area), because the length limit must see text
    /// that is still being composed, which SwiftUI's `TextField` does not expose.
    ///
    /// ```swift
    /// KeelTextFieldView(
    ///     TextFieldConfiguration(label: "E-mail", placeholder: "name@example.com", errorText: emailError,
    ///                            keyboard: .emailAddress),
    ///     text: $email)
    /// ```
    public struct KeelTextFieldView: View {
        /// What the field shows.
        let configuration: TextFieldConfiguration
        /// The text.
        @Binding var text: String
        /// Called when the return key is pressed.
        let onReturn: () -> Void
        /// Called each time the text reaches the maximum length, with the limit.
        let onLimitReached: (Int) -> Void
        @KeelThemed private var theme
        @Environment(\.keelAccessibilityStrings) private var strings
        @StateObject private var model: KeelTextFieldModel

        /// A field editing `text`.
        public init(
            _ configuration: TextFieldConfiguration, text: Binding<String>,
            onReturn: @escaping () -> Void = {},
            onLimitReached: @escaping (Int) -> Void = { _ in }
        ) {
            self.configuration = configuration
            _text = text
            self.onReturn = onReturn
            self.onLimitReached = onLimitReached
            _model = StateObject(
                wrappedValue: KeelTextFieldModel(
                    interaction: TextFieldInteraction(configuration: configuration, text: text.wrappedValue)))
        }

        /// The field.
        public var body: some View {
            let interaction = model.interaction
            let state = interaction.state
            let appearance = TextFieldAppearance(
                theme: TextFieldTheme(resolver: theme), state: interaction.visualState)
            let colors = appearance.colors
            let accessories = interaction.accessories
            TextFieldPartsLayout(
                configuration: interaction.configuration, appearance: appearance.leftToRight,
                text: state.text,
                isFocused: state.isFocused
            ) {
                Text(configuration.shownLabel ?? "")
                    .keelText(appearance.labelFont)
                    .foregroundColor(Color(keel: colors.label))
                    .accessibilityHidden(true)
                    .layoutValue(key: TextFieldPartKey.self, value: .label)
                RoundedRectangle(cornerRadius: CGFloat(appearance.cornerRadius))
                    .fill(Color(keel: colors.background))
                    .overlay(
                        RoundedRectangle(cornerRadius: CGFloat(appearance.cornerRadius))
                            .strokeBorder(
                                Color(keel: colors.border), lineWidth: CGFloat(appearance.borderWidth))
                    )
                    .accessibilityHidden(true)
                    // A tap anywhere on the field (its padding, icons) starts editing, as the
                    // UIKit field's tap recogniser does.
                    .onTapGesture { model.beginEditing() }
                    .layoutValue(key: TextFieldPartKey.self, value: .field)
                Image(systemName: configuration.leadingIcon ?? "")
                    .resizable()
                    .scaledToFit()
                    .foregroundColor(Color(keel: colors.icon))
                    .accessibilityHidden(true)
                    .allowsHitTesting(false)  // taps reach the field below: editing starts
                    .layoutValue(key: TextFieldPartKey.self, value: .leadingIcon)
                KeelTextEditorBridge(
                    model: model, appearance: appearance, strings: strings, text: $text, onReturn: onReturn,
                    onLimitReached: onLimitReached
                )
                .layoutValue(key: TextFieldPartKey.self, value: .text)
                Image(systemName: configuration.trailingIcon ?? "")
                    .resizable()
                    .scaledToFit()
                    .foregroundColor(Color(keel: colors.icon))
                    .accessibilityHidden(true)
                    .allowsHitTesting(false)  // taps reach the field below: editing starts
                    .layoutValue(key: TextFieldPartKey.self, value: .trailingIcon)
                accessoryButton(
                    symbol: TextFieldAppearance.clearSymbolName, appearance: appearance,
                    label: appearance.clearAccessibility(strings: strings).label
                ) {
                    model.send(.clear)
                }
                .opacity(TextFieldAccessories.opacity(accessories.clearButton))
                .accessibilityHidden(!accessories.clearButton)
                .layoutValue(key: TextFieldPartKey.self, value: .clearButton)
                accessoryButton(
                    symbol: TextFieldAppearance.revealSymbolName(isRevealed: state.isRevealed),
                    appearance: appearance,
                    label: appearance.revealAccessibility(isRevealed: state.isRevealed, strings: strings)
                        .label
                ) {
                    model.send(.toggleReveal)
                }
                .opacity(TextFieldAccessories.opacity(accessories.revealButton))
                .accessibilityHidden(!accessories.revealButton)
                .layoutValue(key: TextFieldPartKey.self, value: .revealButton)
                Text(configuration.supportingText ?? "")
                    .keelText(appearance.supportingFont)
                    .foregroundColor(Color(keel: appearance.supportingColor))
                    .accessibilityHidden(true)
                    .layoutValue(key: TextFieldPartKey.self, value: .supportingText)
                Text(configuration.counter(for: state.text)?.text ?? "")
                    .keelText(appearance.supportingFont)
                    .foregroundColor(Color(keel: appearance.supportingColor))
                    .accessibilityHidden(true)
                    .layoutValue(key: TextFieldPartKey.self, value: .counter)
            }
            .onChange(of: configuration) { model.send(.reconfigure($0)) }
            .onChange(of: text) { writeBack(model.send(.setByApp($0))) }
            // The binding's first text, cut when the model was made, is written back too.
            .onAppear { writeBack(model.send(.setByApp(text))) }
        }

        /// Gives the binding the text the field cut to the maximum length
        /// (`TextFieldEffect.writeBack`), so the field and the binding hold the same text.
        private func writeBack(_ transition: StateTransition<TextFieldEffect>) {
            if let cut = transition.writtenBackText { text = cut }
        }

        private func accessoryButton(
            symbol: String, appearance: TextFieldAppearance, label: String?, action: @escaping () -> Void
        ) -> some View {
            Button(action: action) {
                Image(systemName: symbol)
                    .resizable()
                    .scaledToFit()
                    .frame(width: CGFloat(appearance.iconSize), height: CGFloat(appearance.iconSize))
                    .foregroundColor(Color(keel: appearance.colors.icon))
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .accessibilityLabel(Text(label ?? ""))
        }
    }

    /// The field's behaviour, shared by the view and its editor bridge; effects that reach
    /// the UIKit editor go to `apply`.
    /// Used on the main actor only (its methods are isolated to it); made by `StateObject`'s
    /// nonisolated autoclosure.
    final class KeelTextFieldModel: ObservableObject {
        @Published private(set) var interaction: TextFieldInteraction
        /// Carries out an effect (the bridge sets it).
        @MainActor var apply: (TextFieldEffect) -> Void = { _ in }
        /// The editors (the bridge sets it).
        @MainActor weak var editor: KeelTextEditorContainer?

        init(interaction: TextFieldInteraction) {
            self.interaction = interaction
        }

        /// Sends an event and carries out its effects; returns the transition.
        @discardableResult
        @MainActor
        func send(_ event: TextFieldEvent) -> StateTransition<TextFieldEffect> {
            let transition = interaction.send(event)
            for effect in transition.effects { apply(effect) }
            return transition
        }

        /// Makes the shown editor first responder (UIKit refuses a disabled one).
        @MainActor
        func beginEditing() {
            guard let editor else { return }
            switch editor.isMultiline {
            case true: editor.area.becomeFirstResponder()
            case false: editor.field.becomeFirstResponder()
            }
        }

        /// The strings validation messages are announced in.
        @MainActor
        func setStrings(_ strings: AccessibilityStrings) {
            interaction.announcementStrings = strings
        }
    }

    /// The editor: a `UITextField` and a `UITextView` in one container (the configuration's
    /// one shown), every edit asked of the model.
    struct KeelTextEditorBridge: UIViewRepresentable {
        let model: KeelTextFieldModel
        let appearance: TextFieldAppearance
        let strings: AccessibilityStrings
        @Binding var text: String
        let onReturn: () -> Void
        let onLimitReached: (Int) -> Void

        func makeUIView(context: Context) -> KeelTextEditorContainer {
            let container = KeelTextEditorContainer()
            container.field.delegate = context.coordinator
            container.area.delegate = context.coordinator
            container.field.addTarget(
                context.coordinator, action: #selector(Coordinator.fieldChanged(_:)), for: .editingChanged)
            container.field.text = model.interaction.state.text
            container.area.text = model.interaction.state.text
            context.coordinator.container = container
            model.editor = container
            return container
        }

        func updateUIView(_ container: KeelTextEditorContainer, context: Context) {
            context.coordinator.parent = self
            model.setStrings(strings)
            let interaction = model.interaction
            let configuration = interaction.configuration
            let font = UIFont.keelResolved(appearance.inputFont)
            let textColor = UIColor(Color(keel: appearance.colors.text))
            container.isMultiline = configuration.isMultiline
            let contentType = configuration.contentKind.map { UITextContentType(rawValue: $0.rawValue) }
            container.field.keyboardType = UIKeyboardType(keel: configuration.keyboard)
            container.area.keyboardType = UIKeyboardType(keel: configuration.keyboard)
            container.field.returnKeyType = UIReturnKeyType(keel: configuration.returnKey)
            container.area.returnKeyType = UIReturnKeyType(keel: configuration.returnKey)
            container.field.textContentType = contentType
            container.area.textContentType = contentType
            container.field.font = font
            container.area.font = font
            container.field.textColor = textColor
            container.area.textColor = textColor
            container.field.attributedPlaceholder = NSAttributedString(
                string: configuration.placeholder,
                attributes: [
                    .font: font, .foregroundColor: UIColor(Color(keel: appearance.placeholderColor)),
                ])
            container.placeholder.text = configuration.placeholder
            container.placeholder.font = font
            container.placeholder.textColor = UIColor(Color(keel: appearance.placeholderColor))
            container.placeholder.isHidden = interaction.placeholderIsHidden
            container.field.isSecureTextEntry = interaction.hidesText
            container.field.isEnabled = configuration.isEnabled
            container.area.isEditable = configuration.isEditable
            container.area.isSelectable = configuration.isEnabled
            let spoken = appearance.accessibility(
                configuration: configuration, text: interaction.state.text, strings: strings)
            for view in [container.field, container.area] as [UIView] {
                view.accessibilityLabel = spoken.label
                view.accessibilityHint = spoken.hint
            }
        }

        func makeCoordinator() -> Coordinator { Coordinator(parent: self) }

        /// The editors' delegate.
        @MainActor
        final class Coordinator: NSObject, UITextFieldDelegate, UITextViewDelegate {
            var parent: KeelTextEditorBridge
            weak var container: KeelTextEditorContainer?

            init(parent: KeelTextEditorBridge) {
                self.parent = parent
                super.init()
                parent.model.apply = { [weak self] effect in self?.perform(effect) }
            }

            private func propose(
                _ range: NSRange, _ replacement: String, in input: some UITextInput & UIView, text: String
            )
                -> Bool
            {
                parent.model.send(
                    .proposeEdit(
                        location: range.location, length: range.length, replacement: replacement,
                        current: TextInputState(of: input, text: text))
                ).allowsEditorEdit
            }

            func textField(
                _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                replacementString string: String
            ) -> Bool {
                propose(range, string, in: textField, text: textField.text ?? "")
            }

            func textView(
                _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
            )
                -> Bool
            {
                propose(range, text, in: textView, text: textView.text ?? "")
            }

            func textFieldShouldReturn(_ textField: UITextField) -> Bool {
                parent.onReturn()
                return false
            }

            func textFieldDidBeginEditing(_ textField: UITextField) { parent.model.send(.focus) }
            func textFieldDidEndEditing(_ textField: UITextField) { parent.model.send(.blur) }
            func textViewDidBeginEditing(_ textView: UITextView) { parent.model.send(.focus) }
            func textViewDidEndEditing(_ textView: UITextView) { parent.model.send(.blur) }

            func textViewDidChange(_ textView: UITextView) {
                parent.model.send(.changed(TextInputState(of: textView)))
            }

            @objc func fieldChanged(_ field: UITextField) {
                parent.model.send(.changed(TextInputState(of: field)))
            }

            private func perform(_ effect: TextFieldEffect) {
                switch effect {
                case .setText(let text, let caret): container?.setText(text, caret: caret)
                case .textChanged(let text): parent.text = text
                case .limitReached(let limit): parent.onLimitReached(limit)
                case .revealChanged(let isRevealed): container?.field.isSecureTextEntry = !isRevealed
                case .announce(let message):
                    KeelSwiftUIAccessibility.announce(message)
                // `KeelTextFieldView` writes the binding from the transition (also before this
                // bridge exists).
                case .writeBack: return
                }
            }
        }
    }

    /// Holds both editors at the container's bounds and shows the configuration's one.
    final class KeelTextEditorContainer: UIView {
        let field = UITextField()
        let area = UITextView()
        let placeholder = UILabel()
        /// Whether the text area shows instead of the text field.
        var isMultiline = false {
            didSet {
                field.isHidden = isMultiline
                area.isHidden = !isMultiline
                placeholder.alpha = CGFloat(TextFieldAccessories.opacity(isMultiline))
            }
        }

        override init(frame: CGRect) {
            super.init(frame: frame)
            area.backgroundColor = .clear
            area.textContainerInset = .zero
            area.textContainer.lineFragmentPadding = 0
            area.isHidden = true
            placeholder.numberOfLines = 0
            placeholder.isAccessibilityElement = false
            placeholder.alpha = 0
            for view in [field, area, placeholder] as [UIView] {
                view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                addSubview(view)
            }
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            super.layoutSubviews()
            for view in [field, area, placeholder] as [UIView] { view.frame = bounds }
        }

        /// Puts `text` in both editors with the caret at `caret`.
        func setText(_ text: String, caret: Int) {
            field.text = text
            area.text = text
            field.keelSetCaret(caret)
            area.keelSetCaret(caret)
        }
    }

    /// Which part of the field a subview is.
    struct TextFieldPartKey: LayoutValueKey {
        static let defaultValue = TextFieldPart.text
    }

    /// Places the field's parts at `TextFieldLayout`'s frames for the proposed width.
    struct TextFieldPartsLayout: Layout {
        let configuration: TextFieldConfiguration
        let appearance: TextFieldAppearance
        let text: String
        let isFocused: Bool

        private func layout(width: CGFloat?) -> TextFieldLayout {
            TextFieldLayout(
                configuration: configuration, appearance: appearance, text: text, isFocused: isFocused,
                width: TextFieldLayout.width(
                    proposed: width.map(Double.init), fallback: TextFieldLayout.fallbackWidth),
                measurer: UIKitTextMeasurer())
        }

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            CGSize(keel: layout(width: proposal.width).size)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            let result = layout(width: bounds.width)
            for subview in subviews {
                subview.place(keel: result.placedFrame(of: subview[TextFieldPartKey.self]), in: bounds)
            }
        }
    }
#endif
