extension KeelTheme {
    /// XDDesignKit's name for the built-in default theme (``default``).
    public static let defaultTheme = KeelTheme.default
    /// XDDesignKit's name for the built-in blue theme (``blue``).
    public static let blueTheme = KeelTheme.blue

    /// A theme in XDDesignKit's argument order: `colors` merge per token over `base`, which
    /// must be named (`nil` for a root theme). Validation happens where the theme is applied:
    /// an invalid one (an empty identifier, a non-finite colour …) makes
    /// ``KeelThemeContext/apply(_:)``, ``KeelThemeContext/init(initialTheme:)`` and
    /// ``ThemeStore/apply(_:)`` throw ``KeelThemeValidationError``.
    public init(
        identifier: ThemeIdentifier, displayName: String, colors: [ColorToken: KeelThemeColor],
        basedOn base: KeelTheme?
    ) {
        self.init(identifier: identifier, displayName: displayName, basedOn: base, colors: colors)
    }
}

extension ThemeIdentifier: ExpressibleByStringLiteral {
    /// An identifier from a string literal (`"app.brand"`).
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}
