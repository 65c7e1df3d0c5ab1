import KeelDesign

/// Reads one component's theme values with the reference's defaults underneath: the
/// theme's ``ComponentTheme`` merged per key over the component's built-in table, resolved
/// for the resolver's traits. The typed component themes (``ButtonTheme``,
/// ``ToggleTheme``, ``AlertTheme``, ``BottomSheetTheme``) are built from it once.
struct ComponentValues {
    let resolver: KeelThemeResolver
    let values: [ComponentValueKey: ComponentValue]

    init(_ component: ComponentIdentifier, resolver: KeelThemeResolver, defaults: ComponentTheme) {
        self.resolver = resolver
        let theme = resolver.theme.components[component] ?? ComponentTheme()
        self.values = theme.merged(over: defaults).values
    }

    /// The first key present, in order.
    func value(_ keys: [String]) -> ComponentValue? {
        for key in keys {
            if let value = values[ComponentValueKey(rawValue: key)] { return value }
        }
        return nil
    }

    /// A colour for the first key present (palette tokens through the resolver).
    func color(_ keys: String..., default fallback: ColorValue = .missingToken) -> ColorValue {
        colorIfPresent(keys) ?? fallback
    }

    /// A colour for the first key present, or `nil`.
    func colorIfPresent(_ keys: [String]) -> ColorValue? {
        switch value(keys) {
        case .color(let themed):
            themed.resolved(scheme: resolver.traits.colorScheme, contrast: resolver.traits.contrast)
        case .colorToken(let token):
            resolver.color(token)
        default:
            nil
        }
    }

    /// A number (dimension, hit target or plain number) for the first key present; a value
    /// that is not finite counts as missing.
    func number(_ keys: String..., default fallback: Double) -> Double {
        switch value(keys) {
        case .dimension(let number), .hitTarget(let number), .number(let number):
            number.isFinite ? number : fallback
        default:
            fallback
        }
    }

    /// A font token for the first key present.
    func fontToken(_ keys: String..., default fallback: KeelFontToken) -> KeelFontToken {
        if case .font(let token) = value(keys) { return token }
        return fallback
    }

    static func key(_ name: String) -> ComponentValueKey { ComponentValueKey(rawValue: name) }
}
