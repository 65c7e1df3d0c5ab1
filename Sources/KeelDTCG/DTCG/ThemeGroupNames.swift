/// The top-level groups a theme reads, by the names tools give them, and the DTCG types a
/// token without `$type` under each is read as when its value is one (leniently: Style
/// Dictionary's category-by-path convention, `color.brand`, `size.spacing.md`).
enum ThemeGroupNames {
    /// Other names tools use for the theme's groups.
    static let synonyms: [String: String] = [
        "colors": "color", "colour": "color", "colours": "color", "space": "spacing", "spacer": "spacing",
        "spacers": "spacing", "radii": "radius", "borderRadius": "radius", "border-radius": "radius",
        "rounded": "radius", "border-width": "borderWidth", "borderWidths": "borderWidth",
        "typography": "font", "text": "font", "fonts": "font", "shadows": "shadow", "boxShadow": "shadow",
        "opacities": "opacity", "transition": "motion", "transitions": "motion", "animation": "motion",
        "duration": "motion", "icon-size": "iconSize", "iconSizes": "iconSize",
    ]

    /// The types an untyped token under each theme group may be read as, tried in order.
    /// `font` is absent: its tokens are families, sizes and weights as often as typography.
    static let inferredTypes: [String: [TokenType]] = [
        "color": [.color], "spacing": [.dimension], "radius": [.dimension], "borderWidth": [.dimension],
        "iconSize": [.dimension], "opacity": [.number], "elevation": [.number], "shadow": [.shadow],
        "motion": [.duration, .transition],
    ]
}
