import KeelComponents
import KeelDesign

/// Toggles: off, on, a pending request (drawn faded, the thumb where the committed value
/// is) and disabled, drawn from `ToggleLayout` — the thumb mirrors in the
/// right-to-left traits.
package struct ToggleCaseProvider: GalleryCaseProvider {
    /// `toggle`.
    package let component = "toggle"
    /// `Toggle`.
    package let title = "Toggle"

    /// A provider.
    package init() {}

    /// The selections shown: name, label, state.
    static let selections: [(String, String, ConfirmableSelection)] = [
        ("off", "Off", ConfirmableSelection(value: false)),
        ("on", "On", ConfirmableSelection(value: true)),
        ("off-pending", "Off · pending", pending(from: false)),
        ("on-pending", "On · pending", pending(from: true)),
        ("off-disabled", "Off · disabled", ConfirmableSelection(value: false, isEnabled: false)),
        ("on-disabled", "On · disabled", ConfirmableSelection(value: true, isEnabled: false)),
    ]

    /// A selection waiting for confirmation of the change away from `value`.
    static func pending(from value: Bool) -> ConfirmableSelection {
        var selection = ConfirmableSelection(value: value, behavior: .requiresConfirmation)
        selection.send(.tap(hasRequestHandler: true))
        return selection
    }

    /// Every selection under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                Self.selections.map { name, label, selection in
                    makeCase(name, label: label, theme: theme, traits: traits) { context in
                        Self.draw(selection, context: context)
                    }
                }
            }
        }
    }

    static func draw(_ selection: ConfirmableSelection, context: GalleryContext) -> GalleryCanvas {
        let theme = ToggleTheme(resolver: context.resolver)
        let layout = ToggleLayout(
            theme: theme, isOn: selection.displayedValue, isInteractive: selection.isInteractive,
            direction: context.direction)
        let margin = ComponentDrawing.margin
        let origin = Point(x: margin, y: margin)
        var canvas = context.canvas(
            width: layout.intrinsicSize.width + 2 * margin, height: layout.intrinsicSize.height + 2 * margin)
        let track = SVGNode.rect(
            SVGRectShape(
                frame: Rect(layout.trackFrame, at: origin), cornerRadius: layout.trackCornerRadius,
                fill: .color(layout.trackColor)))
        let thumbFrame = Rect(layout.thumbFrame, at: origin)
        let thumb = SVGNode.circle(
            center: Point(x: thumbFrame.midX, y: thumbFrame.midY), radius: thumbFrame.width / 2,
            fill: .color(layout.thumbColor), stroke: nil)
        canvas.draw(
            .group(
                SVGGroup(
                    [track, thumb], opacity: layout.opacity,
                    name: selection.isPending ? "toggle-pending" : "toggle")))
        return canvas
    }
}
