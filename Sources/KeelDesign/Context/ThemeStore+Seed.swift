/// XDDesignKit's name for the global theme switch: the same type as ``ThemeStore``, so
/// `try KeelThemeManager.shared.apply(.blueTheme)` is `ThemeStore.shared.setTheme(.blueTheme)`.
public typealias KeelThemeManager = ThemeStore

extension ThemeStore {
    /// XDDesignKit's spelling of `setTheme(_:)` (the `KeelTheme` overload): validates `theme`
    /// (an invalid one throws ``KeelThemeValidationError`` and changes nothing), applies it and
    /// posts the change.
    public func apply(_ theme: KeelTheme) throws {
        try setTheme(theme)
    }
}
