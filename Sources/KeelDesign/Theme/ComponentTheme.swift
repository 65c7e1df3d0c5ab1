/// A component whose theme values live in ``KeelTheme/components`` (`button`, `alert`, …).
public struct ComponentIdentifier: DesignToken {
    /// The component's name.
    public let rawValue: String
    /// A component identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Buttons.
    public static let button = ComponentIdentifier(rawValue: "button")
    /// Alerts.
    public static let alert = ComponentIdentifier(rawValue: "alert")
    /// Toggles.
    public static let toggle = ComponentIdentifier(rawValue: "toggle")
    /// Bottom sheets.
    public static let bottomSheet = ComponentIdentifier(rawValue: "bottomSheet")
}

/// The name of one value in a component theme (`primary.background.normal`, `size.large.height`).
public struct ComponentValueKey: DesignToken {
    /// The key, dot-separated.
    public let rawValue: String
    /// A key.
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// One component-theme value. Component-only colours live here, not in the global palette.
public enum ComponentValue: Hashable, Sendable {
    /// A colour that belongs to the component.
    case color(KeelThemeColor)
    /// A colour from the theme's palette (validated to exist).
    case colorToken(ColorToken)
    /// A length in points.
    case dimension(Double)
    /// The side of a touch target in points (validated to be at least 44).
    case hitTarget(Double)
    /// A plain number (a scale, a ratio).
    case number(Double)
    /// A font token of the theme (validated to exist).
    case font(KeelFontToken)
}

/// The themeable values of one component; merges per key with a base theme.
public struct ComponentTheme: Hashable, Sendable {
    /// The values by key.
    package var values: [ComponentValueKey: ComponentValue]

    /// A component theme.
    public init(_ values: [ComponentValueKey: ComponentValue] = [:]) {
        self.values = values
    }

    /// The value for `key`.
    package subscript(key: ComponentValueKey) -> ComponentValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// These values over `base`, per key.
    package func merged(over base: ComponentTheme) -> ComponentTheme {
        ComponentTheme(base.values.merging(values) { _, new in new })
    }
}
