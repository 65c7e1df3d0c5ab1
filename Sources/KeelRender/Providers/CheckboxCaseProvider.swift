import KeelComponents
import KeelDesign

/// Checkboxes: unselected, selected, pending and disabled, drawn from
/// `IconButtonSpec` (tints per appearance, faded when not interactive) at
/// the touch target's size.
package struct CheckboxCaseProvider: GalleryCaseProvider {
    /// `checkbox`.
    package let component = "checkbox"
    /// `Checkbox`.
    package let title = "Checkbox"

    /// A provider.
    package init() {}

    /// Every selection (the toggle's set) under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        let selections = ToggleCaseProvider.selections.map { name, label, selection in
            (
                name.replacingOnce("off", with: "unselected").replacingOnce("on", with: "selected"),
                label.replacingOnce("Off", with: "Unselected").replacingOnce("On", with: "Selected"),
                selection
            )
        }
        return themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                selections.map { name, label, selection in
                    makeCase(name, label: label, theme: theme, traits: traits) { context in
                        Self.draw(selection, context: context)
                    }
                }
            }
        }
    }

    static func draw(_ selection: ConfirmableSelection, context: GalleryContext) -> GalleryCanvas {
        let spec = IconButtonSpec(kind: .checkbox, resolver: context.resolver)
        let margin = ComponentDrawing.margin
        let size = spec.intrinsicSize
        var canvas = context.canvas(width: size.width + 2 * margin, height: size.height + 2 * margin)
        let frame = Rect(spec.iconFrame(in: size), at: Point(x: margin, y: margin))
        canvas.draw(ComponentDrawing.checkbox(selection, spec: spec, in: frame, context: context))
        return canvas
    }
}

extension String {
    /// The string with the first `prefix` at its start replaced (no Foundation needed).
    func replacingOnce(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
