import KeelComponents
import KeelDesign

/// Snackbars: a message alone, an icon and an action beside the message, a long message that
/// wraps, an action that moves below the message (and always does at accessibility sizes),
/// and one placed above a keyboard on a small screen — every element where `SnackbarLayout`
/// and `SnackbarPlacement` put it, on the inverse surface.
package struct SnackbarCaseProvider: GalleryCaseProvider {
    /// `snackbar`.
    package let component = "snackbar"
    /// `Snackbar`.
    package let title = "Snackbar"

    /// A provider.
    package init() {}

    /// One drawing: a snackbar alone, or placed on a screen above its keyboard.
    enum Sample: Sendable {
        case snackbar(SnackbarConfiguration)
        case aboveKeyboard(SnackbarConfiguration)
    }

    /// The samples shown: name, label, sample.
    static let samples: [(String, String, Sample)] = [
        ("message", "Message only", .snackbar(SnackbarConfiguration("Changes saved."))),
        (
            "icon-action", "Icon and action",
            .snackbar(SnackbarConfiguration("Message deleted", action: SnackbarAction("Undo"), icon: "trash"))
        ),
        (
            "long-message", "Long message · wraps beside the action",
            .snackbar(
                SnackbarConfiguration(
                    "Your photos are uploading in the background. You can keep using the app meanwhile.",
                    action: SnackbarAction("View")))
        ),
        (
            "stacked-action", "Long action · below the message",
            .snackbar(
                SnackbarConfiguration("Draft saved", action: SnackbarAction("Open the drafts folder now")))
        ),
        (
            "above-keyboard", "Placed above the keyboard",
            .aboveKeyboard(SnackbarConfiguration("Link copied", icon: "link"))
        ),
    ]

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

    /// A small screen for the placement sample, with its keyboard.
    static let screen = Size(width: ComponentDrawing.maximumWidth, height: 320)
    static let keyboard = Rect(x: 0, y: 190, width: ComponentDrawing.maximumWidth, height: 130)

    static func draw(_ sample: Sample, context: GalleryContext) -> GalleryCanvas {
        let theme = SnackbarTheme(resolver: context.resolver)
        let appearance = SnackbarAppearance(theme: theme)
        let margin = ComponentDrawing.margin
        let origin = Point(x: margin, y: margin)
        switch sample {
        case .snackbar(let configuration):
            let layout = SnackbarLayout(
                configuration: configuration, appearance: appearance, width: ComponentDrawing.maximumWidth,
                measurer: context.measurer)
            var canvas = context.canvas(width: Sheet.width, height: layout.size.height + 2 * margin)
            drawSnackbar(
                configuration, layout: layout, appearance: appearance, at: origin, context: context,
                canvas: &canvas)
            return canvas
        case .aboveKeyboard(let configuration):
            var canvas = context.canvas(width: Sheet.width, height: screen.height + 2 * margin)
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(x: margin, y: margin, width: screen.width, height: screen.height),
                        cornerRadius: 12,
                        fill: .color(context.resolver.color(.backgroundSecondary)))))
            canvas.draw(
                .rect(
                    SVGRectShape(
                        frame: Rect(keyboard, at: origin), cornerRadius: 0,
                        fill: .color(context.resolver.color(.borderStrong)))))
            let placement = SnackbarPlacement(
                container: screen, safeArea: .zero, keyboardFrame: keyboard, appearance: appearance)
            let layout = SnackbarLayout(
                configuration: configuration, appearance: appearance, width: placement.width,
                measurer: context.measurer)
            let frame = placement.frame(height: layout.size.height)
            drawSnackbar(
                configuration, layout: layout, appearance: appearance,
                at: Point(x: margin + frame.minX, y: margin + frame.minY), context: context, canvas: &canvas)
            return canvas
        }
    }

    static func drawSnackbar(
        _ configuration: SnackbarConfiguration, layout: SnackbarLayout, appearance: SnackbarAppearance,
        at origin: Point, context: GalleryContext, canvas: inout GalleryCanvas
    ) {
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: Rect(
                        x: origin.x, y: origin.y, width: layout.size.width, height: layout.size.height),
                    cornerRadius: appearance.cornerRadius, fill: .color(appearance.background))))
        if let icon = layout.iconFrame {
            // A generic glyph: the gallery has no SF Symbols.
            let frame = Rect(icon, at: origin)
            canvas.draw(
                .circle(
                    center: Point(x: frame.midX, y: frame.midY), radius: frame.width * 0.4, fill: .none,
                    stroke: SVGStroke(color: appearance.foreground, width: 1.5)))
        }
        canvas.text(
            configuration.message, font: appearance.messageFont, color: appearance.foreground,
            in: Rect(layout.messageFrame, at: origin), direction: appearance.layoutDirection)
        if let action = configuration.action, let title = layout.actionTitleFrame {
            canvas.text(
                action.title, font: appearance.actionFont, color: appearance.actionColor,
                in: Rect(title, at: origin), alignment: .center, direction: appearance.layoutDirection,
                maximumLines: 1, centerVertically: true)
        }
    }
}
