import KeelComponents
import KeelDesign

/// Text fields and text areas in every state — normal, focused (with the clear button),
/// filled, error, disabled, read-only — plus secure entry with its reveal button, a counter
/// beside the helper text (below it at accessibility sizes) and a text area grown to its
/// maximum: every element where `TextFieldLayout` puts it, coloured by `TextFieldAppearance`.
package struct TextFieldCaseProvider: GalleryCaseProvider {
    /// `text-field`.
    package let component = "text-field"
    /// `Text field and text area`.
    package let title = "Text field and text area"

    /// A provider.
    package init() {}

    /// One drawing: a configuration, its text and whether it is focused.
    struct Sample: Sendable {
        var configuration: TextFieldConfiguration
        var text: String
        var isFocused: Bool
    }

    static let email = TextFieldConfiguration(
        label: "E-mail", placeholder: "name@example.com", helperText: "We never share your address.",
        leadingIcon: "envelope", showsClearButton: true, keyboard: .emailAddress)

    /// The samples shown: name, label, sample.
    static let samples: [(String, String, Sample)] = {
        var error = email
        error.errorText = "Enter an address like name@example.com."
        var disabled = email
        disabled.isEnabled = false
        var readOnly = email
        readOnly.isReadOnly = true
        let password = TextFieldConfiguration(
            label: "Password", placeholder: "At least 8 characters", leadingIcon: "lock", isSecureEntry: true,
            contentKind: .password)
        let counter = TextFieldConfiguration(
            label: "Display name", helperText: "Shown on your profile.", maximumLength: 20,
            showsCharacterCount: true)
        let area = TextFieldConfiguration(
            label: "Message", placeholder: "Write a message", maximumLength: 280, showsCharacterCount: true,
            lines: .multiple(minimum: 2, maximum: 4))
        return [
            (
                "normal", "Normal · empty, placeholder",
                Sample(configuration: email, text: "", isFocused: false)
            ),
            (
                "focused", "Focused · clear button",
                Sample(configuration: email, text: "ada@exam", isFocused: true)
            ),
            ("filled", "Filled", Sample(configuration: email, text: "ada@example.com", isFocused: false)),
            (
                "error", "Error · message replaces the helper",
                Sample(configuration: error, text: "ada@", isFocused: false)
            ),
            (
                "disabled", "Disabled",
                Sample(configuration: disabled, text: "ada@example.com", isFocused: false)
            ),
            (
                "read-only", "Read-only",
                Sample(configuration: readOnly, text: "ada@example.com", isFocused: false)
            ),
            (
                "secure", "Secure entry · reveal button",
                Sample(configuration: password, text: "hunter22", isFocused: true)
            ),
            (
                "counter", "Counter · beside the helper, below it at accessibility sizes",
                Sample(configuration: counter, text: "Ada Lovelace", isFocused: false)
            ),
            (
                "text-area", "Text area · grown to its maximum, then scrolls",
                Sample(
                    configuration: area,
                    text:
                        "Thanks for the notes from Tuesday. I have moved the review to Thursday so that everyone can read the draft first, and booked the large room.",
                    isFocused: true)
            ),
        ]
    }()

    /// Every sample under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.samples.map { name, label, sample in
                    makeCase(name, label: label, theme: theme, traits: traits) { context in
                        Self.draw(sample, context: context)
                    }
                }
            }
        }
    }

    static func draw(_ sample: Sample, context: GalleryContext) -> GalleryCanvas {
        let configuration = sample.configuration
        let appearance = TextFieldAppearance(
            theme: TextFieldTheme(resolver: context.resolver), configuration: configuration,
            text: sample.text,
            isFocused: sample.isFocused)
        let margin = ComponentDrawing.margin
        let layout = TextFieldLayout(
            configuration: configuration, appearance: appearance, text: sample.text,
            isFocused: sample.isFocused,
            width: ComponentDrawing.maximumWidth, measurer: context.measurer)
        var canvas = context.canvas(width: Sheet.width, height: layout.size.height + 2 * margin)
        let origin = Point(x: margin, y: margin)
        let colors = appearance.colors
        let direction = appearance.layoutDirection
        if let label = configuration.shownLabel, let frame = layout.labelFrame {
            canvas.text(
                label, font: appearance.labelFont, color: colors.label, in: Rect(frame, at: origin),
                direction: direction)
        }
        let inset = appearance.borderWidth / 2
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: Rect(layout.fieldFrame, at: origin).insetBy(dx: inset, dy: inset),
                    cornerRadius: appearance.cornerRadius - inset, fill: .color(colors.background),
                    stroke: SVGStroke(color: colors.border, width: appearance.borderWidth))))
        for frame in [layout.leadingIconFrame, layout.trailingIconFrame].compactMap({ $0 }) {
            // A generic glyph: the gallery has no SF Symbols.
            let icon = Rect(frame, at: origin)
            canvas.draw(
                .circle(
                    center: Point(x: icon.midX, y: icon.midY), radius: icon.width * 0.4, fill: .none,
                    stroke: SVGStroke(color: colors.icon, width: 1.5)))
        }
        let textFrame = Rect(layout.textFrame, at: origin)
        let shownLines = configuration.isMultiline ? layout.sizing.lines : 1
        if sample.text.isEmpty {
            canvas.text(
                configuration.placeholder, font: appearance.inputFont, color: appearance.placeholderColor,
                in: textFrame, direction: direction, maximumLines: shownLines)
        } else {
            let shown =
                configuration.hidesText ? String(repeating: "•", count: sample.text.count) : sample.text
            canvas.text(
                shown, font: appearance.inputFont, color: colors.text, in: textFrame, direction: direction,
                maximumLines: shownLines)
        }
        if let clear = layout.clearIconFrame {
            let icon = Rect(clear, at: origin)
            canvas.draw(
                .circle(
                    center: Point(x: icon.midX, y: icon.midY), radius: icon.width / 2,
                    fill: .color(colors.icon),
                    stroke: nil))
            canvas.draw(
                KeelIcon.close.node(
                    in: icon.insetBy(dx: icon.width * 0.2, dy: icon.height * 0.2), tint: colors.background,
                    contrast: colors.icon))
        }
        if let reveal = layout.revealIconFrame {
            // An eye: the outline and its pupil.
            let icon = Rect(reveal, at: origin)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: icon.insetBy(dx: 0, dy: icon.height * 0.22), cornerRadius: icon.height * 0.3,
                        fill: .none, stroke: SVGStroke(color: colors.icon, width: 1.5))))
            canvas.draw(
                .circle(
                    center: Point(x: icon.midX, y: icon.midY), radius: icon.width * 0.15,
                    fill: .color(colors.icon),
                    stroke: nil))
        }
        if let text = configuration.supportingText, let frame = layout.supportingTextFrame {
            canvas.text(
                text, font: appearance.supportingFont, color: appearance.supportingColor,
                in: Rect(frame, at: origin), direction: direction)
        }
        if let counter = configuration.counter(for: sample.text), let frame = layout.counterFrame {
            canvas.text(
                counter.text, font: appearance.supportingFont, color: appearance.supportingColor,
                in: Rect(frame, at: origin), maximumLines: 1)
        }
        return canvas
    }
}
