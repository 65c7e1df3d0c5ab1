import KeelComponents
import KeelDesign

/// Inline banners: every status with a title, a message, an action and the close button;
/// a message alone; actions that stack when they do not fit; a long message that wraps —
/// every element where `BannerLayout` puts it (the icon above the text at accessibility
/// sizes, mirrored right to left).
package struct BannerCaseProvider: GalleryCaseProvider {
    /// `banner`.
    package let component = "banner"
    /// `Inline banner`.
    package let title = "Inline banner"

    /// A provider.
    package init() {}

    /// The banners shown: name, label, configuration.
    static let samples: [(String, String, BannerConfiguration)] =
        BannerStatus.allCases.map { status in
            (
                status.rawValue, "\(status.rawValue.capitalizedFirst) · title, action, close",
                BannerConfiguration(
                    status: status, title: "Sync paused", message: "Changes are saved on this phone.",
                    actions: [BannerAction("Retry")])
            )
        } + [
            (
                "message-only", "Message only · not dismissible",
                BannerConfiguration(status: .success, message: "Saved.", isDismissible: false)
            ),
            (
                "stacked-actions", "Two actions · stacked when they do not fit",
                BannerConfiguration(
                    status: .error, title: "Upload failed", message: "The file is larger than 20 MB.",
                    actions: [BannerAction("Try again"), BannerAction("Choose another file")])
            ),
            (
                "long-message", "Long message · wraps",
                BannerConfiguration(
                    status: .info,
                    message:
                        "A new version is available. It brings offline maps, a faster search and fixes for the crashes some of you reported."
                )
            ),
        ]

    /// Every sample under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
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

    static func draw(_ configuration: BannerConfiguration, context: GalleryContext) -> GalleryCanvas {
        let appearance = BannerAppearance(
            theme: BannerTheme(resolver: context.resolver), status: configuration.status)
        let margin = ComponentDrawing.margin
        let layout = BannerLayout(
            configuration: configuration, appearance: appearance, width: ComponentDrawing.maximumWidth,
            measurer: context.measurer)
        var canvas = context.canvas(width: Sheet.width, height: layout.size.height + 2 * margin)
        let origin = Point(x: margin, y: margin)
        let foreground = appearance.foreground
        canvas.draw(
            .rect(
                SVGRectShape(
                    frame: Rect(
                        Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height), at: origin),
                    cornerRadius: appearance.cornerRadius, fill: .color(appearance.background))))
        // The status icon: a disc in the foreground with the status's glyph cut out of it.
        let icon = Rect(layout.iconFrame, at: origin)
        canvas.draw(
            .circle(
                center: Point(x: icon.midX, y: icon.midY), radius: icon.width / 2, fill: .color(foreground),
                stroke: nil))
        let glyph: String =
            switch configuration.status {
            case .info: "i"
            case .success: "✓"
            case .warning: "!"
            case .error: "×"
            }
        var glyphFont = appearance.actionFont
        glyphFont.size = icon.height * 0.7
        glyphFont.lineHeight = icon.height
        canvas.text(
            glyph, font: glyphFont, color: appearance.background, in: icon, alignment: .center,
            maximumLines: 1,
            centerVertically: true)
        if let title = configuration.shownTitle, let frame = layout.titleFrame {
            canvas.text(
                title, font: appearance.titleFont, color: foreground, in: Rect(frame, at: origin),
                direction: appearance.layoutDirection)
        }
        canvas.text(
            configuration.message, font: appearance.messageFont, color: foreground,
            in: Rect(layout.messageFrame, at: origin), direction: appearance.layoutDirection)
        for (index, action) in configuration.actions.enumerated() {
            canvas.text(
                action.title, font: appearance.actionFont, color: foreground,
                in: Rect(layout.actionTitleFrames[index], at: origin), alignment: .center,
                direction: appearance.layoutDirection, maximumLines: 1, centerVertically: true)
        }
        if let close = layout.closeIconFrame {
            canvas.draw(
                KeelIcon.close.node(
                    in: Rect(close, at: origin), tint: foreground, contrast: appearance.background,
                    direction: .leftToRight))
        }
        return canvas
    }
}
