#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import SwiftUI
    import UIKit

    /// The alert's card: illustration, title, message, checkbox accessory, actions and the
    /// close button, in the theme's fonts, colours, spacing and corner radius.
    struct KeelAlertCard: View {
        let configuration: AlertConfiguration
        let theme: AlertTheme
        @Binding var checkboxIsSelected: Bool
        @Binding var text: String
        /// The custom content shown in the configuration's slot (an empty view without one).
        let customContent: AnyView
        /// The tallest the card may be in its container.
        let availableHeight: Double
        let send: (AlertPresentationEvent) -> Void
        @State private var fittingHeight = 0.0
        @State private var cardHeight = 0.0
        @State private var slotHeight = 0.0

        var body: some View {
            VStack(spacing: CGFloat(theme.contentSpacing)) {
                configuration.illustration.map { illustration in
                    Image(illustration.imageName)
                        .resizable()
                        .scaledToFit()
                        .frame(
                            maxWidth: CGFloat(theme.illustrationMaximumSize.width),
                            maxHeight: CGFloat(theme.illustrationMaximumSize.height)
                        )
                        .accessibilityLabel(Text(illustration.accessibilityLabel ?? ""))
                }
                configuration.title.map { title in
                    Text(title)
                        .font(.keel(theme.titleFont))
                        .foregroundColor(Color(keel: theme.titleColor))
                        .multilineTextAlignment(TextAlignment(keel: configuration.titleAlignment))
                }
                configuration.message.map { message in
                    Text(message)
                        .font(.keel(theme.messageFont))
                        .foregroundColor(Color(keel: theme.messageColor))
                        .multilineTextAlignment(TextAlignment(keel: configuration.messageAlignment))
                }
                configuration.customContent.map { slot in
                    KeelAlertCustomSlot(
                        content: customContent,
                        layout: AlertLayout.customContentLayout(
                            slot, fittingHeight: fittingHeight,
                            otherContentHeight: AlertLayout.otherContentHeight(
                                cardHeight: cardHeight, slotHeight: slotHeight, theme: theme),
                            availableCardHeight: availableHeight, cardWidth: theme.maximumWidth, theme: theme),
                        fittingHeight: $fittingHeight, slotHeight: $slotHeight)
                }
                KeelAlertAccessoryView(
                    configuration: configuration, theme: theme, isSelected: $checkboxIsSelected, text: $text
                ) { send(.returnKey) }
                VStack(spacing: CGFloat(theme.actionVerticalSpacing)) {
                    ForEach(configuration.actions) { action in
                        KeelAlertActionButton(action: action, alertIsBusy: configuration.isBusy) {
                            send(.trigger(action.id, reason: .action(action.id)))
                        }
                    }
                }
            }
            .padding(EdgeInsets(keel: theme.contentInsets))
            .background(KeelHeightReader(height: $cardHeight))
            .frame(maxWidth: CGFloat(theme.maximumWidth))
            .background(
                RoundedRectangle(cornerRadius: CGFloat(theme.cornerRadius)).fill(
                    Color(keel: theme.cardBackground))
            )
            .overlay(alignment: .topTrailing) {
                KeelAlertCloseButton(isShown: configuration.showsCloseButton) {
                    send(.dismiss(.closeButton, animated: true))
                }
            }
            .padding(.horizontal, CGFloat(theme.screenHorizontalInset))
            .accessibilityAction(.escape) { send(.escape) }
        }
    }

    /// The custom content in its slot: as tall as it fits, up to the headless cap, scrolling
    /// beyond it.
    struct KeelAlertCustomSlot: View {
        let content: AnyView
        let layout: AlertCustomContentLayout
        @Binding var fittingHeight: Double
        @Binding var slotHeight: Double

        var body: some View {
            ScrollView {
                content
                    .fixedSize(horizontal: false, vertical: true)
                    .background(KeelHeightReader(height: $fittingHeight))
            }
            .frame(height: CGFloat(layout.height))
            .background(KeelHeightReader(height: $slotHeight))
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

    /// The accessory: the checkbox row or the text input (an empty view without one).
    struct KeelAlertAccessoryView: View {
        let configuration: AlertConfiguration
        let theme: AlertTheme
        @Binding var isSelected: Bool
        @Binding var text: String
        let onReturn: () -> Void
        @State private var contentHeight = 0.0
        @Environment(\.keelAccessibilityStrings) private var strings

        var body: some View {
            switch configuration.accessory {
            case .checkbox: row
            case .textInput(let input): field(input)
            case .none: EmptyView()
            }
        }

        private func field(_ input: AlertTextInput) -> some View {
            VStack(alignment: .trailing, spacing: CGFloat(theme.counterSpacing)) {
                editor(input)
                    .padding(EdgeInsets(keel: theme.inputInsets))
                    .background(
                        RoundedRectangle(cornerRadius: CGFloat(theme.inputCornerRadius))
                            .fill(Color(keel: theme.inputBackground)))
                input.displayedCounter(for: text).map { counter in
                    HStack(spacing: 0) {
                        Text(counter.parts.count).foregroundColor(Color(keel: theme.messageColor))
                        Text(counter.parts.maximum).foregroundColor(Color(keel: theme.placeholderColor))
                    }
                    .font(.keel(theme.supportingFont))
                    .accessibilityElement(children: .ignore)
                    .accessibilityValue(Text(counter.accessibilityValue(strings)))
                }
            }
        }

        @ViewBuilder
        private func editor(_ input: AlertTextInput) -> some View {
            switch input.layout {
            case .singleLine: singleLine(input)
            case .multiline: multiline(input)
            }
        }

        private func singleLine(_ input: AlertTextInput) -> some View {
            KeelAlertTextField(
                input: input, font: theme.messageFont, textColor: theme.messageColor, text: $text,
                onReturn: onReturn
            )
            .frame(height: CGFloat(theme.inputHeight))
        }

        private func multiline(_ input: AlertTextInput) -> some View {
            KeelAlertTextView(
                input: input, font: theme.messageFont, textColor: theme.messageColor,
                placeholderColor: theme.placeholderColor, text: $text, contentHeight: $contentHeight
            )
            .frame(
                height: CGFloat(
                    input.editorHeight(
                        contentHeight: contentHeight,
                        lineHeight: Double(UIFont.keelSwiftUI(theme.messageFont).lineHeight),
                        minimum: theme.inputHeight)))
        }

        private var row: some View {
            Toggle(configuration.checkboxTitle, isOn: $isSelected)
                .toggleStyle(KeelCheckboxStyle())
                .font(.keel(theme.checkboxFont))
                .disabled(!configuration.checkboxIsEnabled)
        }
    }

    /// One action as a Keel button in the action's style, size and state.
    struct KeelAlertActionButton: View {
        let action: AlertAction
        let alertIsBusy: Bool
        let trigger: () -> Void

        var body: some View {
            let state = action.buttonState(alertIsBusy: alertIsBusy)
            Button(action.title, action: trigger)
                .buttonStyle(
                    KeelButtonStyle(action.buttonStyle, size: action.buttonSize, isLoading: action.isLoading)
                )
                .disabled(state.contains(.disabled))
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
        /// SwiftUI's alignment for an alert text alignment (adaptive centres, as a one-line
        /// text does; SwiftUI has no per-line-count choice).
        init(keel alignment: AlertTextAlignment) {
            switch alignment {
            case .adaptive: self = .center
            case .leading: self = .leading
            case .center: self = .center
            }
        }
    }

    extension EdgeInsets {
        /// SwiftUI's insets for directional insets (SwiftUI mirrors leading and trailing).
        init(keel insets: DirectionalInsets) {
            self.init(
                top: CGFloat(insets.top), leading: CGFloat(insets.leading), bottom: CGFloat(insets.bottom),
                trailing: CGFloat(insets.trailing))
        }
    }
#endif
