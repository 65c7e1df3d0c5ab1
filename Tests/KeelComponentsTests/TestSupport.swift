import KeelComponents
import KeelDesign

/// Shared fixtures for the component tests.
enum Fixture {
    static let light = KeelThemeResolver(theme: .default, traits: ThemeTraits())
    static let dark = KeelThemeResolver(theme: .default, traits: ThemeTraits(colorScheme: .dark))
    static let rtl = KeelThemeResolver(theme: .default, traits: ThemeTraits(layoutDirection: .rightToLeft))
    static let lightButtons = ButtonTheme(resolver: light)
    static let darkButtons = ButtonTheme(resolver: dark)
    static let measurer = FixedAdvanceTextMeasurer()

    static func resolver(
        scheme: InterfaceStyle = .light, category: TextSizeCategory = .large,
        direction: TextDirection = .leftToRight, theme: KeelTheme = .default
    ) -> KeelThemeResolver {
        KeelThemeResolver(
            theme: theme,
            traits: ThemeTraits(
                colorScheme: scheme, contentSizeCategory: category, layoutDirection: direction))
    }
}

extension ColorValue {
    /// The colour's hex string, `clear` for fully transparent.
    var hex: String { alpha == 0 ? "clear" : hexString }
}

extension ButtonBackground {
    /// A test-friendly description: a hex, `clear`, or `a→b` for a gradient.
    var hex: String {
        switch self {
        case .solid(let color): color.hex
        case .gradient(let gradient): gradient.stops.map(\.color.hex).joined(separator: "→")
        }
    }
}
