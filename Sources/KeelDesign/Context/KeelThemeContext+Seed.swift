extension KeelThemeContext {
    /// XDDesignKit's spelling of ``init(theme:)``: a context for one scene or window holding
    /// `initialTheme`, validated first; an invalid theme throws ``KeelThemeValidationError``.
    public convenience init(initialTheme: KeelTheme) throws {
        try self.init(theme: initialTheme)
    }
}
