import KeelComponents
import KeelDesign

/// The more and close buttons (close at its regular and large icon sizes), enabled and
/// disabled, drawn from `IconButtonSpec` at the touch target's size.
package struct IconButtonCaseProvider: GalleryCaseProvider {
    /// `icon-button`.
    package let component = "icon-button"
    /// `More and close buttons`.
    package let title = "More and close buttons"

    /// A provider.
    package init() {}

    /// The buttons shown: name, label, kind, icon, enabled.
    static let buttons: [(String, String, IconButtonKind, KeelIcon, Bool)] = [
        ("more", "More", .more, .more, true),
        ("more-disabled", "More · disabled", .more, .more, false),
        ("close", "Close", .close(large: false), .close, true),
        ("close-large", "Close · large", .close(large: true), .close, true),
        ("close-disabled", "Close · disabled", .close(large: false), .close, false),
    ]

    /// Every button under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.buttons.map { name, label, kind, icon, enabled in
                    makeCase(name, label: label, theme: theme, traits: traits) { context in
                        Self.draw(kind, icon: icon, enabled: enabled, context: context)
                    }
                }
            }
        }
    }

    static func draw(_ kind: IconButtonKind, icon: KeelIcon, enabled: Bool, context: GalleryContext)
        -> GalleryCanvas
    {
        let spec = IconButtonSpec(kind: kind, resolver: context.resolver)
        let margin = ComponentDrawing.margin
        let size = spec.intrinsicSize
        var canvas = context.canvas(width: size.width + 2 * margin, height: size.height + 2 * margin)
        let frame = Rect(spec.iconFrame(in: size), at: Point(x: margin, y: margin))
        let node = icon.node(
            in: frame, tint: spec.iconTint(), contrast: context.resolver.color(.backgroundPrimary),
            direction: context.direction)
        // The shipped rules (KeelIconButton applies the same): the spec's tint and opacity.
        canvas.draw(
            .group(SVGGroup([node], opacity: spec.opacity(isInteractive: enabled), name: spec.iconName())))
        return canvas
    }
}
