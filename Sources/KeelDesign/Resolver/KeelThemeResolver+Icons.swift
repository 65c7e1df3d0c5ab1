extension KeelThemeResolver {
    /// How the theme draws an icon token (its symbol and whether it is directional), or `nil`
    /// when the theme does not name it.
    package func iconStyle(_ token: KeelIconToken) -> IconStyle? { theme.metrics.icons[token] }
}
