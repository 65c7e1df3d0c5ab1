/// A themed colour: light and dark variants plus optional high-contrast variants of each.
public struct KeelThemeColor: Hashable, Sendable {
    /// The colour under the light appearance.
    package var light: ColorValue
    /// The colour under the dark appearance.
    package var dark: ColorValue
    /// The light, increased-contrast variant (`nil` falls back to ``light``).
    package var lightHighContrast: ColorValue?
    /// The dark, increased-contrast variant (`nil` falls back to ``dark``).
    package var darkHighContrast: ColorValue?

    /// A themed colour; `dark` defaults to `light`.
    public init(
        light: ColorValue, dark: ColorValue? = nil, lightHighContrast: ColorValue? = nil,
        darkHighContrast: ColorValue? = nil
    ) {
        self.light = light
        self.dark = dark ?? light
        self.lightHighContrast = lightHighContrast
        self.darkHighContrast = darkHighContrast
    }

    /// A themed colour from hex strings (code literals; a bad literal is a programmer error).
    public init(_ light: String, _ dark: String? = nil) {
        // Literals in source code only; data goes through `ColorValue(hex:)`, which throws.
        let lightColor = (try? ColorValue(hex: light)) ?? .missingToken
        let darkColor = dark.map { (try? ColorValue(hex: $0)) ?? .missingToken }
        self.init(light: lightColor, dark: darkColor)
    }

    /// The variant for a colour scheme and contrast level.
    package func resolved(scheme: InterfaceStyle, contrast: ContrastLevel) -> ColorValue {
        switch (scheme, contrast) {
        case (.light, .normal): light
        case (.dark, .normal): dark
        case (.light, .high): lightHighContrast ?? light
        case (.dark, .high): darkHighContrast ?? dark
        }
    }

    /// Every defined variant with its name, in a fixed order (for validation and reports).
    package var variants: [(variant: ColorVariant, color: ColorValue)] {
        var result: [(ColorVariant, ColorValue)] = [(.light, light), (.dark, dark)]
        if let lightHighContrast { result.append((.lightHighContrast, lightHighContrast)) }
        if let darkHighContrast { result.append((.darkHighContrast, darkHighContrast)) }
        return result
    }
}

/// One of the four appearance variants of a ``KeelThemeColor``.
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
    package var traits: (scheme: InterfaceStyle, contrast: ContrastLevel) {
        switch self {
        case .light: (.light, .normal)
        case .dark: (.dark, .normal)
        case .lightHighContrast: (.light, .high)
        case .darkHighContrast: (.dark, .high)
        }
    }
}

extension KeelThemeColor {
    /// The appearances a contrast pair is checked in, with both colours resolved: light and
    /// dark always, the high-contrast ones only where either colour defines one.
    ///
    /// A translucent background is composited over what it sits on in that appearance:
    /// `backdrop` (the theme's primary background) resolved for the variant, itself over black
    /// in dark appearances and white in light ones when it is translucent too. (Every
    /// translucent background used to be put over white, so an 8 % white surface of a dark
    /// theme failed at 1.1:1 where it reads at 12.7:1, and dark text on a dark overlay passed.)
    package static func contrastVariants(
        foreground: KeelThemeColor, background: KeelThemeColor, backdrop: KeelThemeColor? = nil
    )
        -> [(variant: ColorVariant, foreground: ColorValue, background: ColorValue)]
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
            var surface = background.resolved(scheme: scheme, contrast: contrast)
            if surface.alpha < 1 {
                let base: ColorValue = scheme == .dark ? .black : .white
                var under = backdrop?.resolved(scheme: scheme, contrast: contrast) ?? base
                if under.alpha < 1 { under = under.composited(over: base) }
                surface = surface.composited(over: under)
            }
            return (variant, foreground.resolved(scheme: scheme, contrast: contrast), surface)
        }
    }
}
