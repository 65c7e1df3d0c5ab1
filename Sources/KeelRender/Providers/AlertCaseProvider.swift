import KeelComponents
import KeelDesign

/// Alerts in their main configurations — title and message, two actions side by side,
/// stacked actions, destructive, a checkbox accessory, a text input with a counter, a
/// multi-line input and a busy alert — laid out by ``KeelComponents/AlertLayout`` with the
/// alert and button themes, on the dimmed phone-sized screen they are presented over.
public struct AlertCaseProvider: GalleryCaseProvider {
    /// `alert`.
    public let component = "alert"
    /// `Alert`.
    public let title = "Alert"

    /// A provider.
    public init() {}

    /// The configurations shown: name, label, configuration. Built from code literals; one
    /// that failed validation would be missing, which `AlertCaseProviderTests` catches.
    static let samples: [(String, String, AlertConfiguration)] = {
        func sample(_ name: String, _ label: String, _ make: () throws -> AlertConfiguration)
            -> (String, String, AlertConfiguration)?
        {
            (try? make()).map { (name, label, $0) }
        }
        let list: [(String, String, AlertConfiguration)?] = [
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

    /// Every configuration under every theme and the standard traits.
    public func cases(themes: [Theme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.samples.map { name, label, configuration in
                    makeCase(name, label: label, theme: theme, traits: traits) { context in
                        Self.draw(configuration, context: context)
                    }
                }
            }
        }
    }

    /// One section of the card: what it is, how tall, and how to draw it at an origin.
    struct Section {
        var target: AlertFocusTarget
        var height: Double
        var draw: (inout GalleryCanvas, Point) -> Void
    }

    static func draw(_ configuration: AlertConfiguration, context: GalleryContext) -> GalleryCanvas {
        let theme = AlertTheme(resolver: context.resolver)
        let buttonTheme = ButtonTheme(resolver: context.resolver)
        let screenWidth = Sheet.width
        let cardWidth = AlertLayout.cardWidth(
            container: Size(width: screenWidth, height: 0), safeArea: .zero, theme: theme)
        let inner = cardWidth - theme.contentInsets.horizontal
        var sections: [Section] = []
        for (target, text, font, color, alignment) in [
            (
                AlertFocusTarget.title, configuration.title, theme.titleFont, theme.titleColor,
                configuration.titleAlignment
            ),
            (
                .message, configuration.message, theme.messageFont, theme.messageColor,
                configuration.messageAlignment
            ),
        ] {
            guard let text, !text.isEmpty else { continue }
            sections.append(
                textSection(
                    target, text: text, font: font, color: color, alignment: alignment, width: inner,
                    context: context))
        }
        switch configuration.accessory {
        case .checkbox(let title, let isSelected, let isEnabled):
            sections.append(
                checkboxSection(
                    title: title, selection: ConfirmableSelection(value: isSelected, isEnabled: isEnabled),
                    width: inner, theme: theme, context: context))
        case .textInput(let input):
            sections.append(inputSection(input, width: inner, theme: theme, context: context))
        case nil:
            break
        }
        if !configuration.actions.isEmpty {
            sections.append(
                actionsSection(
                    configuration, cardWidth: cardWidth, width: inner, theme: theme, buttonTheme: buttonTheme,
                    context: context))
        }
        // Content height: sections plus the spacing the layout rules put between them.
        var offsets: [Double] = []
        var contentHeight = 0.0
        for (index, section) in sections.enumerated() {
            if index > 0 {
                contentHeight += AlertLayout.spacing(
                    between: sections[index - 1].target, and: section.target, hasIllustration: false,
                    theme: theme)
            }
            offsets.append(contentHeight)
            contentHeight += section.height
        }
        // A screen just tall enough for the card, so it never needs to scroll.
        let screen = Size(
            width: screenWidth,
            height: contentHeight + theme.contentInsets.vertical + 2 * theme.screenVerticalInset)
        let card = AlertLayout.cardFrame(
            contentHeight: contentHeight, container: screen, safeArea: .zero, theme: theme)
        var canvas = context.canvas(width: screen.width, height: screen.height)
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height),
                    fill: .color(theme.dimming))))
        let cardRect = Rect(card.frame)
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: cardRect, cornerRadius: theme.cornerRadius, fill: .color(theme.cardBackground))
            ))
        let physical = theme.contentInsets.resolved(in: context.direction)
        for (section, offset) in zip(sections, offsets) {
            section.draw(
                &canvas, Point(x: cardRect.x + physical.left, y: cardRect.y + physical.top + offset))
        }
        return canvas
    }

    static func textSection(
        _ target: AlertFocusTarget, text: String, font: FontDescriptor, color: Color,
        alignment: AlertTextAlignment, width: Double, context: GalleryContext
    ) -> Section {
        let resolved = AlertLayout.alignment(
            alignment, text: text, font: font, availableWidth: width, measurer: context.measurer)
        let height = context.measurer.height(of: text, font: font, width: width, maximumLines: nil)
        return Section(target: target, height: height) { canvas, origin in
            canvas.text(
                text, font: font, color: color,
                in: Rect(x: origin.x, y: origin.y, width: width, height: height),
                alignment: resolved == .center ? .center : .leading, direction: context.direction)
        }
    }

    static func checkboxSection(
        title: String, selection: ConfirmableSelection, width: Double, theme: AlertTheme,
        context: GalleryContext
    ) -> Section {
        let spec = IconButtonSpec(kind: .checkbox, resolver: context.resolver)
        let iconSide = theme.checkboxIconSize
        let textWidth = max(0, width - iconSide - theme.checkboxSpacing)
        let font = theme.checkboxFont
        let textHeight = context.measurer.height(of: title, font: font, width: textWidth, maximumLines: nil)
        let height = max(theme.checkboxRowHeight, iconSide, textHeight)
        // The icon is centred on the first line of the title.
        let firstLine = min(context.measurer.lineHeight(of: font), textHeight)
        let textTop = (height - textHeight) / 2
        let iconTop = max(0, textTop + (firstLine - iconSide) / 2)
        let rtl = context.direction == .rightToLeft
        return Section(target: .checkbox, height: height) { canvas, origin in
            let iconX = rtl ? origin.x + width - iconSide : origin.x
            let textX = rtl ? origin.x : origin.x + iconSide + theme.checkboxSpacing
            canvas.draw(
                ComponentDrawing.checkbox(
                    selection, spec: spec,
                    in: Rect(x: iconX, y: origin.y + iconTop, width: iconSide, height: iconSide),
                    context: context))
            canvas.text(
                title, font: font, color: theme.titleColor,
                in: Rect(x: textX, y: origin.y + textTop, width: textWidth, height: textHeight),
                direction: context.direction)
        }
    }
}
