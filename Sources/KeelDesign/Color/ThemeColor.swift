/// A themed colour: light and dark variants plus optional high-contrast variants of each.
public struct ThemeColor: Hashable, Sendable {
    /// The colour under the light appearance.
    public var light: Color
    /// The colour under the dark appearance.
    public var dark: Color
    /// The light, increased-contrast variant (`nil` falls back to ``light``).
    public var lightHighContrast: Color?
    /// The dark, increased-contrast variant (`nil` falls back to ``dark``).
    public var darkHighContrast: Color?

    /// A themed colour; `dark` defaults to `light`.
    public init(
        light: Color, dark: Color? = nil, lightHighContrast: Color? = nil, darkHighContrast: Color? = nil
    ) {
        self.light = light
        self.dark = dark ?? light
        self.lightHighContrast = lightHighContrast
        self.darkHighContrast = darkHighContrast
    }

    /// A themed colour from hex strings (code literals; a bad literal is a programmer error).
    public init(_ light: String, _ dark: String? = nil) {
        // Literals in source code only; data goes through `Color(hex:)`, which throws.
        let lightColor = (try? Color(hex: light)) ?? .missingToken
        let darkColor = dark.map { (try? Color(hex: $0)) ?? .missingToken }
        self.init(light: lightColor, dark: darkColor)
    }

    /// The variant for a colour scheme and contrast level.
    public func resolved(scheme: ColorScheme, contrast: ContrastLevel) -> Color {
        switch (scheme, contrast) {
        case (.light, .normal): light
        case (.dark, .normal): dark
        case (.light, .high): lightHighContrast ?? light
        case (.dark, .high): darkHighContrast ?? dark
        }
    }

    /// Every defined variant with its name, in a fixed order (for validation and reports).
    public var variants: [(variant: ColorVariant, color: Color)] {
        var result: [(ColorVariant, Color)] = [(.light, light), (.dark, dark)]
        if let lightHighContrast { result.append((.lightHighContrast, lightHighContrast)) }
        if let darkHighContrast { result.append((.darkHighContrast, darkHighContrast)) }
        return result
    }
}

/// One of the four appearance variants of a ``ThemeColor``.
public enum ColorVariant: String, CaseIterable, Hashable, Sendable {
    /// Light appearance, normal contrast.
    case light
    /// Dark appearance, normal contrast.
    case dark
    /// Light appearance, increased contrast.
    case lightHighContrast
    /// Dark appearance, increased contrast.
    case darkHighContrast

    /// The scheme and contrast this variant is used under.
    public var traits: (scheme: ColorScheme, contrast: ContrastLevel) {
        switch self {
        case .light: (.light, .normal)
        case .dark: (.dark, .normal)
        case .lightHighContrast: (.light, .high)
        case .darkHighContrast: (.dark, .high)
        }
    }
}

extension ThemeColor {
    /// The appearances a contrast pair is checked in, with both colours resolved: light and
    /// dark always, the high-contrast ones only where either colour defines one.
    static func contrastVariants(foreground: ThemeColor, background: ThemeColor)
        -> [(variant: ColorVariant, foreground: Color, background: Color)]
    {
        ColorVariant.allCases.compactMap { variant in
            let (scheme, contrast) = variant.traits
            if contrast == .high {
                let defined =
                    scheme == .light
                    ? (foreground.lightHighContrast ?? background.lightHighContrast) != nil
                    : (foreground.darkHighContrast ?? background.darkHighContrast) != nil
                if !defined { return nil }
            }
            return (
                variant, foreground.resolved(scheme: scheme, contrast: contrast),
                background.resolved(scheme: scheme, contrast: contrast)
            )
        }
    }
}
