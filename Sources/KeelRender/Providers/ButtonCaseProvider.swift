import KeelComponents
import KeelDesign

/// Buttons: every style, size, state and icon placement, each varied alone against a base
/// (primary, large, normal, icon leading), plus a long title that truncates at standard sizes
/// and wraps at accessibility sizes — under every theme and the standard trait matrix.
package struct ButtonCaseProvider: GalleryCaseProvider {
    /// `button`.
    package let component = "button"
    /// `Button`.
    package let title = "Button"

    /// A provider.
    package init() {}

    /// One configuration of the gallery's buttons.
    struct Configuration: Sendable {
        var style: ButtonVariant = .primary
        var size: ButtonSize = .large
        var state: ButtonState = .normal
        var stateName = "normal"
        var placement: ButtonIconPlacement = .leading
        var title = "Continue"

        var name: String { "\(style.rawValue)-\(size.rawValue)-\(stateName)-\(placement.rawValue)" }
        var label: String {
            "\(style.rawValue.capitalizedFirst) · \(size.rawValue.capitalizedFirst) · "
                + "\(stateName.capitalizedFirst) · icon \(placement.rawValue)"
        }
    }

    /// The states shown, by name (loading and focused are not colour states but are drawn).
    static let states: [(String, ButtonState)] = [
        ("normal", .normal), ("highlighted", .highlighted), ("selected", .selected),
        ("disabled", .disabled), ("loading", .loading), ("focused", .focused),
    ]

    /// The base, then each axis varied alone.
    static var configurations: [(name: String, label: String, configuration: Configuration)] {
        let base = Configuration()
        var all = [base]
        all += ButtonVariant.allCases.filter { $0 != base.style }.map { style in
            var c = base
            c.style = style
            return c
        }
        all += ButtonSize.allCases.filter { $0 != base.size }.map { size in
            var c = base
            c.size = size
            return c
        }
        all += states.filter { $0.1 != base.state }.map { name, state in
            var c = base
            c.state = state
            c.stateName = name
            return c
        }
        all += ButtonIconPlacement.allCases.filter { $0 != base.placement }.map { placement in
            var c = base
            c.placement = placement
            return c
        }
        var long = base
        long.title = "Save your changes and continue to the next step"
        long.placement = .trailing
        return all.map { ($0.name, $0.label, $0) } + [("long-title", "Long title · icon trailing", long)]
    }

    /// Every configuration under every theme and the standard traits.
    package func cases(themes: [KeelTheme]) -> [GalleryCase] {
        let configurations = Self.configurations
        return themes.flatMap { theme in
            GalleryTraits.standard.flatMap { traits in
                configurations.map { item in
                    let configuration = item.configuration
                    return makeCase(item.name, label: item.label, theme: theme, traits: traits) { context in
                        Self.draw(configuration, context: context)
                    }
                }
            }
        }
    }

    static func draw(_ configuration: Configuration, context: GalleryContext) -> GalleryCanvas {
        let theme = ButtonTheme(resolver: context.resolver)
        let appearance = ButtonAppearance(
            theme: theme, style: configuration.style, size: configuration.size, state: configuration.state)
        let content = ButtonContent(
            title: configuration.title, icon: ButtonIcon(isDirectional: true),
            iconPlacement: configuration.placement)
        let margin = ComponentDrawing.margin
        let size = ComponentDrawing.buttonSize(
            content, appearance: appearance, measurer: context.measurer,
            maximumWidth: ComponentDrawing.maximumWidth)
        var canvas = context.canvas(width: Sheet.width, height: size.height + 2 * margin)
        let frame = Rect(
            x: (Sheet.width - size.width) / 2, y: margin, width: size.width, height: size.height)
        ComponentDrawing.button(
            content, icon: .chevronForward, appearance: appearance, in: frame, context: context,
            canvas: &canvas)
        return canvas
    }
}

extension String {
    /// The string with its first letter upper-cased (`outlineTransparent` → `OutlineTransparent`).
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
