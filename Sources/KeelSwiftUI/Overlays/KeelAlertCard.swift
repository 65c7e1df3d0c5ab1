#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelGeometry
    import SwiftUI
    import UIKit

    /// The alert's card: illustration, caption, title, message, custom content, checkbox or
    /// text input, actions and the close button, each placed at the frame
    /// `AlertLayout.resolve` gives it — the resolver and the frames the UIKit alert applies
    /// (`AlertLayout.resolveForMirroringFrontEnd`: laid out left to right, SwiftUI's `Layout`
    /// mirrors right-to-left itself) — in the theme's fonts, colours and corner radius.
    /// VoiceOver focus moves to the element the model names once the alert is presented
    /// (`AlertConfiguration.initialAccessibilityFocus`, as UIKit's alert focuses it).
    struct KeelAlertCard: View {
        let configuration: AlertConfiguration
        let theme: AlertTheme
        let result: AlertLayoutResult
        @Binding var checkboxIsSelected: Bool
        @Binding var text: String
        /// The custom content shown in the configuration's slot (an empty view without one).
        let customContent: AnyView
        @Binding var customContentFittingHeight: Double
        /// The element VoiceOver is to focus (`nil` until the alert is presented).
        let accessibilityFocus: AlertFocusTarget?
        /// Hands the text input's UIKit editor to the model, which gives it the keyboard.
        let registerEditor: (UIView) -> Void
        let send: (AlertPresentationEvent) -> Void
        @AccessibilityFocusState private var focused: AlertFocusTarget?

        var body: some View {
            KeelAlertFramesLayout(result: result, size: result.card.size) {
                ScrollViewReader { reader in
                    ScrollView(.vertical) {
                        KeelAlertFramesLayout(result: result, size: result.contentSize) {
                            content
                            KeelAlertKeyboardAnchors(result: result)
                        }
                    }
                    .scrollDisabled(result.scrollIsDisabled)
                    .onChange(of: result.keyboardOverlap) { _ in
                        scrollFocusIntoView(reader)
                    }
                }
                .layoutValue(key: KeelAlertPartKey.self, value: .scroll)
                KeelAlertCloseButton(isShown: configuration.showsCloseButton) {
                    send(.dismiss(.closeButton, animated: true))
                }
                .disabled(result.closeButton.isDisabled)
                .accessibilityFocused($focused, equals: .closeButton)
                .layoutValue(key: KeelAlertPartKey.self, value: .closeButton)
            }
            .background(
                RoundedRectangle(cornerRadius: CGFloat(theme.cornerRadius)).fill(
                    Color(keel: theme.cardBackground))
            )
            .accessibilityAction(.escape) { send(.escape) }
            // The focus may be set before this card first draws (a re-host makes a new one):
            // it moves VoiceOver as the card appears, and again when it changes.
            .onAppear { focused = accessibilityFocus }
            .onChange(of: accessibilityFocus) { focused = $0 }
        }

        /// Scrolls the resolver's keyboard focus rects into view (the text input), as UIKit's
        /// alert does once the keyboard has moved the card: each rect's anchor
        /// (``KeelAlertKeyboardAnchors``) by the least scroll that shows it.
        private func scrollFocusIntoView(_ reader: ScrollViewProxy) {
            withAnimation {
                for part in result.keyboardFocusParts {
                    reader.scrollTo(part)
                }
            }
        }

        @ViewBuilder private var content: some View {
            configuration.illustration.map { illustration in
                Image(illustration.imageName)
                    .resizable()
                    .scaledToFit()
                    .accessibilityLabel(Text(illustration.accessibilityLabel ?? ""))
                    .accessibilityFocused($focused, equals: .illustration)
                    .layoutValue(key: KeelAlertPartKey.self, value: .illustration)
            }
            configuration.illustration?.caption.map { caption in
                KeelAlertText(
                    text: caption, font: theme.supportingFont, color: theme.supportingColor,
                    frame: result.caption
                )
                .layoutValue(key: KeelAlertPartKey.self, value: .caption)
            }
            configuration.title.map { title in
                KeelAlertText(
                    text: title, font: theme.titleFont, color: theme.titleColor, frame: result.title
                )
                .accessibilityAddTraits(.isHeader)
                .accessibilityFocused($focused, equals: .title)
                .layoutValue(key: KeelAlertPartKey.self, value: .title)
            }
            configuration.message.map { message in
                KeelAlertText(
                    text: message, font: theme.messageFont, color: theme.messageColor, frame: result.message
                )
                .accessibilityFocused($focused, equals: .message)
                .layoutValue(key: KeelAlertPartKey.self, value: .message)
            }
            configuration.customContent.map { _ in
                KeelAlertCustomSlot(
                    content: customContent, scrolls: result.customContent.scrolls,
                    fittingHeight: $customContentFittingHeight
                )
                .accessibilityFocused($focused, equals: .customContent)
                .layoutValue(key: KeelAlertPartKey.self, value: .customContent)
            }
            KeelAlertAccessoryView(
                configuration: configuration, theme: theme, result: result, isSelected: $checkboxIsSelected,
                text: $text, focused: $focused, registerEditor: registerEditor
            ) { send(.returnKey) }
            ForEach(configuration.actions) { action in
                KeelAlertActionButton(
                    action: action, alertIsBusy: configuration.isBusy,
                    borderOverride: result.borderOverride(ofAction: action.id)
                ) {
                    send(.trigger(action.id, reason: .action(action.id)))
                }
                .accessibilityFocused($focused, equals: .action(action.id))
                .layoutValue(key: KeelAlertPartKey.self, value: .action(action.id))
            }
        }
    }

    /// An invisible view at each of `AlertLayoutResult.keyboardFocusRects` (the parts
    /// `.keyboardFocus(index)`), identified by its part so the card can scroll to it.
    struct KeelAlertKeyboardAnchors: View {
        let result: AlertLayoutResult

        var body: some View {
            ForEach(result.keyboardFocusRects.indices, id: \.self) { index in
                Color.clear
                    .accessibilityHidden(true)
                    .id(AlertCardPart.keyboardFocus(index))
                    .layoutValue(key: KeelAlertPartKey.self, value: .keyboardFocus(index))
            }
        }
    }

    /// Which element of the alert a subview is.
    struct KeelAlertPartKey: LayoutValueKey {
        static let defaultValue = AlertCardPart.card
    }

    /// Places each subview at the frame the alert's resolved layout gives its part
    /// (`AlertLayoutResult.frame(of:)`), in a container of the resolved size. The one
    /// placement source of the SwiftUI alert: no stack decides a position.
    struct KeelAlertFramesLayout: Layout {
        let result: AlertLayoutResult
        let size: Size

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            CGSize(keel: size)
        }

        func placeSubviews(
            in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
        ) {
            for subview in subviews {
                subview.place(keel: result.placedFrame(of: subview[KeelAlertPartKey.self]), in: bounds)
            }
        }
    }

    /// A title, message or caption filling its resolved frame, aligned and limited as resolved.
    struct KeelAlertText: View {
        let text: String
        let font: FontDescriptor
        let color: ColorValue
        let frame: AlertTextFrame

        var body: some View {
            Text(text)
                .keelText(font)
                .foregroundColor(Color(keel: color))
                .multilineTextAlignment(TextAlignment(keel: frame.alignment))
                .lineLimit(frame.lineLimit)
                .frame(
                    maxWidth: .infinity, maxHeight: .infinity, alignment: Alignment(keel: frame.alignment))
        }
    }

    /// The custom content in its resolved slot: its own height reported for the layout,
    /// scrolling in the slot only when the resolver says it scrolls (taller than its maximum),
    /// as UIKit's slot does.
    struct KeelAlertCustomSlot: View {
        let content: AnyView
        let scrolls: Bool
        @Binding var fittingHeight: Double

        var body: some View {
            ScrollView {
                content
                    .fixedSize(horizontal: false, vertical: true)
                    .background(KeelHeightReader(height: $fittingHeight))
            }
            .scrollDisabled(!scrolls)
        }
    }

    /// Reports the height of the view it is the background of.
    struct KeelHeightReader: View {
        @Binding var height: Double

        var body: some View {
            GeometryReader { proxy in
                Color.clear
                    .onAppear { height = Double(proxy.size.height) }
                    .onChange(of: proxy.size.height) { height = Double($0) }
            }
        }
    }

    /// The accessory: the checkbox and its title, or the text input (nothing without one).
    struct KeelAlertAccessoryView: View {
        let configuration: AlertConfiguration
        let theme: AlertTheme
        let result: AlertLayoutResult
        @Binding var isSelected: Bool
        @Binding var text: String
        /// The card's VoiceOver focus, which the checkbox and the text input take part in.
        var focused: AccessibilityFocusState<AlertFocusTarget?>.Binding
        /// Hands the editor to the model (it takes the keyboard when the alert is presented).
        let registerEditor: (UIView) -> Void
        let onReturn: () -> Void
        @State private var contentHeight = 0.0
        @Environment(\.keelAccessibilityStrings) private var strings

        var body: some View {
            switch configuration.accessory {
            case .checkbox: checkbox
            case .textInput(let input): field(input)
            case .none: EmptyView()
            }
        }

        private func field(_ input: AlertTextInput) -> some View {
            KeelAlertFramesLayout(result: result, size: result.textInput.frame.size) {
                editor(input)
                    .padding(EdgeInsets(keel: result.textInput.textInsets))
                    .background(
                        RoundedRectangle(cornerRadius: CGFloat(theme.inputCornerRadius))
                            .fill(Color(keel: theme.inputBackground))
                    )
                    .accessibilityFocused(focused, equals: .textInput)
                    .layoutValue(key: KeelAlertPartKey.self, value: .textInputField)
                result.textInput.characterCounter.map { counter in
                    (Text(counter.parts.count).foregroundColor(Color(keel: theme.messageColor))
                        + Text(counter.parts.maximum).foregroundColor(Color(keel: theme.placeholderColor)))
                        .font(.keel(theme.supportingFont))
                        .accessibilityElement(children: .ignore)
                        .accessibilityValue(Text(counter.accessibilityValue(strings)))
                        .layoutValue(key: KeelAlertPartKey.self, value: .textInputCounter)
                }
            }
            .layoutValue(key: KeelAlertPartKey.self, value: .textInput)
        }

        @ViewBuilder
        private func editor(_ input: AlertTextInput) -> some View {
            switch input.layout {
            case .singleLine:
                KeelAlertTextField(
                    input: input, font: theme.messageFont, textColor: theme.messageColor, text: $text,
                    registerEditor: registerEditor, onReturn: onReturn)
            case .multiline:
                KeelAlertTextView(
                    input: input, font: theme.messageFont, textColor: theme.messageColor,
                    placeholderColor: theme.placeholderColor, text: $text, contentHeight: $contentHeight,
                    registerEditor: registerEditor)
            }
        }

        /// A tap on the checkbox's title: the box's own tap (`ConfirmableSelection.titleTap`),
        /// with its selection haptic, as UIKit's alert sends the title tap to the checkbox.
        @MainActor private func tapTitle() {
            let effects = ConfirmableSelection.titleTap(
                value: isSelected, isEnabled: configuration.checkboxIsEnabled)
            for effect in effects {
                KeelSwiftUIHaptics.play(HapticEvent.selection(effect))
                switch effect {
                case .valueChanged(let value): isSelected = value
                case .activated, .changeRequested, .settled, .setSilently: continue
                }
            }
        }

        @MainActor @ViewBuilder private var checkbox: some View {
            Toggle(isOn: $isSelected) { EmptyView() }
                .toggleStyle(KeelCheckboxStyle())
                .accessibilityLabel(Text(configuration.checkboxTitle))
                .accessibilityFocused(focused, equals: .checkbox)
                .disabled(!configuration.checkboxIsEnabled)
                .layoutValue(key: KeelAlertPartKey.self, value: .checkbox)
            Text(configuration.checkboxTitle)
                .keelText(theme.checkboxFont)
                .foregroundColor(Color(keel: theme.messageColor))
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
                .accessibilityHidden(true)
                .onTapGesture { tapTitle() }
                .disabled(!configuration.checkboxIsEnabled)
                .layoutValue(key: KeelAlertPartKey.self, value: .checkboxLabel)
        }
    }

    /// One action as a Keel button in the action's style, size and state, filling the frame
    /// the resolver gave it (as the UIKit alert sets its button's frame), with the resolved
    /// cancel border.
    struct KeelAlertActionButton: View {
        let action: AlertAction
        let alertIsBusy: Bool
        let borderOverride: ColorValue?
        let trigger: () -> Void

        var body: some View {
            Button(action.title, action: trigger)
                .buttonStyle(style)
                .environment(\.keelButtonFillsFrame, true)
                .disabled(action.buttonState(alertIsBusy: alertIsBusy).contains(.disabled))
        }

        private var style: KeelButtonStyle {
            var style = KeelButtonStyle(
                action.buttonStyle, size: action.buttonSize, isLoading: action.isLoading)
            style.borderColorOverride = borderOverride
            return style
        }
    }

    /// The close button in the card's corner (an empty view when the alert has none).
    struct KeelAlertCloseButton: View {
        let isShown: Bool
        let close: () -> Void

        var body: some View {
            switch isShown {
            case true:
                Button(action: close) { EmptyView() }.buttonStyle(KeelIconButtonStyle(.close(large: false)))
            case false: EmptyView()
            }
        }
    }

    extension TextAlignment {
        /// SwiftUI's alignment for a resolved alert text alignment.
        init(keel alignment: ResolvedTextAlignment) {
            switch alignment {
            case .center: self = .center
            case .natural: self = .leading
            }
        }
    }

    extension Alignment {
        /// Where a resolved alert text alignment puts a text in its frame.
        init(keel alignment: ResolvedTextAlignment) {
            switch alignment {
            case .center: self = .top
            case .natural: self = .topLeading
            }
        }
    }

    extension EdgeInsets {
        /// SwiftUI's insets for physical insets of a left-to-right layout (SwiftUI mirrors
        /// them in right-to-left layouts).
        init(keel insets: Edges<Double>) {
            self.init(
                top: CGFloat(insets.top), leading: CGFloat(insets.left), bottom: CGFloat(insets.bottom),
                trailing: CGFloat(insets.right))
        }
    }
#endif
