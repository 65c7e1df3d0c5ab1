import KeelComponents
import KeelDesign

/// Alerts in every configuration the alert can show — title and message, side-by-side and
/// stacked actions, destructive, illustration with caption, close button, custom content,
/// every accessory (checkbox, text input with counter, multi-line input), busy, and a docked
/// keyboard — drawn from exactly `AlertLayout.resolve(_:measurer:)`'s result
/// and the appearance KeelUIKit applies, on the dimmed phone-sized screen they are presented
/// over.
package struct AlertCaseProvider: GalleryCaseProvider {
    /// `alert`.
    package let component = "alert"
    /// `Alert`.
    package let title = "Alert"

    /// A provider.
    package init() {}

    /// One configuration and what the front end would measure for it.
    struct Sample: Sendable {
        var name: String
        var label: String
        var configuration: AlertConfiguration
        /// The custom content's own height (the front end measures it with Auto Layout).
        var customContentHeight: Double = 0
        /// A docked keyboard's height (the screen is then a fixed phone height).
        var keyboardHeight: Double = 0
    }

    /// The configurations shown. Built from code literals; one that failed validation would
    /// be missing, which `ComponentProviderTests` catches.
    static let samples: [Sample] = {
        func sample(
            _ name: String, _ label: String, custom: Double = 0, keyboard: Double = 0,
            _ make: () throws -> AlertConfiguration
        ) -> Sample? {
            (try? make()).map {
                Sample(
                    name: name, label: label, configuration: $0, customContentHeight: custom,
                    keyboardHeight: keyboard)
            }
        }
        let list: [Sample?] = [
            sample("title-message", "Title and message") {
                try AlertConfiguration(
                    title: "Turn on notifications?",
                    message: "We will tell you when your order ships and when it arrives.",
                    actions: [.primary("Turn on")])
            },
            sample("two-actions", "Two actions side by side") {
                try AlertConfiguration(
                    title: "Discard this draft?", message: "Your changes will not be saved.",
                    actions: [.cancel("Keep"), .primary("Discard")])
            },
            sample("stacked-actions", "Stacked actions") {
                try AlertConfiguration(
                    title: "A new version is available",
                    message: "Update now to get the latest features and fixes.",
                    actions: [.primary("Update now"), .cancel("Remind me later"), .text("Skip this version")])
            },
            sample("destructive", "Destructive action") {
                try AlertConfiguration(
                    title: "Delete account?",
                    message: "Your profile, orders and saved items will be removed. This cannot be undone.",
                    actions: [.cancel("Cancel"), .destructive("Delete")])
            },
            sample("illustration", "Illustration with caption") {
                try AlertConfiguration(
                    title: "Order placed",
                    message: "We sent the receipt to your e-mail address.",
                    illustration: AlertIllustration(
                        imageName: "checkmark.circle", caption: "Arrives Thursday", accessibilityLabel: "Done"
                    ),
                    actions: [.primary("Track order")])
            },
            sample("close-button", "Close button") {
                try AlertConfiguration(
                    title: "Try the new editor",
                    message: "Drafts now save as you type, and you can undo any change.",
                    actions: [.primary("Try it")], showsCloseButton: true)
            },
            sample("custom-content", "Custom content (clamped, scrolls)", custom: 200) {
                try AlertConfiguration(
                    title: "Rate this recipe", customContent: try AlertCustomContent(maximumHeight: 120),
                    actions: [.cancel("Later"), .primary("Send")])
            },
            sample("checkbox", "Checkbox accessory") {
                try AlertConfiguration(
                    title: "Sign out?", message: "You can sign in again at any time.",
                    accessory: .checkbox(title: "Do not ask me again", isSelected: true, isEnabled: true),
                    actions: [.cancel("Cancel"), .primary("Sign out")])
            },
            sample("text-input-counter", "Text input with counter") {
                try AlertConfiguration(
                    title: "Rename playlist",
                    accessory: .textInput(
                        AlertTextInput(
                            placeholder: "Playlist name", text: "Road trip mix", maximumLength: 20,
                            showsCharacterCount: true)),
                    actions: [.cancel("Cancel"), .primary("Save")])
            },
            sample("multiline-input", "Multi-line input") {
                try AlertConfiguration(
                    title: "Send feedback", message: "What could we do better?",
                    accessory: .textInput(
                        AlertTextInput(
                            placeholder: "Tell us what you think",
                            text: "The new checkout is quick, but I could not find where to change "
                                + "the delivery address once the order was placed. A link on the "
                                + "confirmation page would help.",
                            layout: .multiline)),
                    actions: [.cancel("Cancel"), .primary("Send")])
            },
            sample("keyboard-up", "Docked keyboard", keyboard: 300) {
                try AlertConfiguration(
                    title: "Rename playlist", message: "Pick a name you will recognise later.",
                    accessory: .textInput(AlertTextInput(placeholder: "Playlist name")),
                    actions: [.cancel("Cancel"), .primary("Save")])
            },
            sample("busy", "Busy (one action loading)") {
                try AlertConfiguration(
                    title: "Saving your changes", message: "This takes a moment.",
                    actions: [
                        .cancel("Cancel"), AlertAction("Save", isLoading: true),
                    ])
            },
        ]
        return list.compactMap { $0 }
    }()

    /// The phone height a docked-keyboard sample is drawn on.
    static let keyboardScreenHeight = 640.0

    /// Every configuration under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.samples.map { sample in
                    makeCase(sample.name, label: sample.label, theme: theme, traits: traits) { context in
                        Self.draw(sample, context: context)
                    }
                }
            }
        }
    }

    /// The shipped layout for `sample`: on a screen just tall enough for the card (so it never
    /// scrolls), or on a phone-height screen with the keyboard docked.
    static func layout(_ sample: Sample, context: GalleryContext) -> AlertLayoutResult {
        AlertLayout.resolve(input(sample, context: context), measurer: context.measurer)
    }

    /// What the front end would hand the resolver for `sample` (the screen height as
    /// ``layout(_:context:)`` describes).
    static func input(_ sample: Sample, context: GalleryContext) -> AlertLayoutInput {
        let theme = AlertTheme(resolver: context.resolver)
        func input(height: Double) -> AlertLayoutInput {
            AlertLayoutInput(
                configuration: sample.configuration, theme: theme,
                buttonTheme: ButtonTheme(resolver: context.resolver),
                container: Size(width: Sheet.width, height: height),
                keyboardOverlap: sample.keyboardHeight,
                customContentFittingHeight: sample.customContentHeight)
        }
        guard sample.keyboardHeight == 0 else { return input(height: keyboardScreenHeight) }
        let natural = AlertLayout.resolve(input(height: 100_000), measurer: context.measurer).card.height
        return input(height: natural + 2 * theme.screenVerticalInset)
    }

    static func draw(_ sample: Sample, context: GalleryContext) -> GalleryCanvas {
        let configuration = sample.configuration
        let theme = AlertTheme(resolver: context.resolver)
        let buttonTheme = ButtonTheme(resolver: context.resolver)
        let result = layout(sample, context: context)
        let screen = result.dimming
        var canvas = context.canvas(width: screen.width, height: screen.height)
        canvas.draw(.rect(SVGRectShape(frame: screen, fill: .color(theme.dimming))))
        if sample.keyboardHeight > 0 {
            canvas.draw(
                .group(
                    SVGGroup(
                        [
                            .rect(
                                SVGRectShape(
                                    frame: Rect(
                                        x: 0, y: screen.height - sample.keyboardHeight, width: screen.width,
                                        height: sample.keyboardHeight),
                                    fill: .color(theme.inputBackground)))
                        ], name: "keyboard")))
        }
        let card = result.card
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: card, cornerRadius: theme.cornerRadius, fill: .color(theme.cardBackground))))
        // The scroll content, in the card (at its top: a scrolled card shows its start), clipped
        // to the card as UIKit clips it.
        var content = context.canvas(width: screen.width, height: screen.height)
        let origin = card.origin
        func place(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }
        if result.showsIllustration {
            drawIllustration(
                configuration.illustration, in: place(result.illustration), theme: theme, context: context,
                canvas: &content)
        }
        for (text, string, font, color) in [
            (
                result.caption, configuration.illustration?.caption, theme.supportingFont,
                theme.supportingColor
            ),
            (result.title, configuration.title, theme.titleFont, theme.titleColor),
            (result.message, configuration.message, theme.messageFont, theme.messageColor),
        ] where text.isShown {
            content.text(
                string ?? "", font: font, color: color, in: place(text.frame),
                alignment: text.alignment == .center ? .center : .leading, direction: context.direction)
        }
        if result.customContent.isShown {
            drawCustomContent(
                result.customContent, in: place(result.customContent.slot), theme: theme, canvas: &content)
        }
        if result.checkbox.isShown,
            case .checkbox(let title, let isSelected, let isEnabled) = configuration.accessory
        {
            let spec = IconButtonSpec(kind: .checkbox, resolver: context.resolver)
            content.draw(
                ComponentDrawing.checkbox(
                    ConfirmableSelection(value: isSelected, isEnabled: isEnabled), spec: spec,
                    in: place(result.checkbox.icon), context: context))
            content.text(
                title, font: theme.checkboxFont, color: theme.messageColor, in: place(result.checkbox.label),
                direction: context.direction)
        }
        if result.textInput.isShown, case .textInput(let input) = configuration.accessory {
            drawInput(
                input, result.textInput, at: place(result.textInput.frame).origin, theme: theme,
                context: context, canvas: &content)
        }
        for action in result.actions {
            let title = configuration.actions.first { $0.id == action.id }?.title
            ComponentDrawing.button(
                ButtonContent(title: title), icon: nil,
                appearance: ButtonAppearance(
                    theme: buttonTheme, style: action.style, size: action.size, state: action.state),
                in: place(action.frame), borderOverride: action.borderOverride, context: context,
                canvas: &content)
        }
        if result.closeButton.isShown {
            let spec = IconButtonSpec(kind: .close(large: false), resolver: context.resolver)
            let button = place(result.closeButton.frame)
            let icon = Rect(spec.iconFrame(in: button.size), at: button.origin)
            content.draw(
                .group(
                    SVGGroup(
                        [
                            KeelIcon.close.node(
                                in: icon, tint: spec.tint, contrast: theme.cardBackground,
                                direction: context.direction)
                        ], opacity: result.closeButton.isEnabled ? 1 : spec.disabledOpacity,
                        name: "close-button")))
        }
        canvas.draw(
            .group(
                SVGGroup(
                    content.nodes, clip: SVGClip(frame: card, cornerRadius: theme.cornerRadius),
                    name: "alert-content")))
        for text in content.texts { canvas.record(text) }
        return canvas
    }
}
