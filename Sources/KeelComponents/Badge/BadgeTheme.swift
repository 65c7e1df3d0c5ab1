import KeelDesign

/// The badge values of one theme under one set of traits (keys in the theme's `badge`
/// component over ``referenceValues``): `height`, `dot.diameter`, `horizontalPadding`,
/// `font`, `maximumCount`, `ring.width`, `ring.color`, `anchorInset`, `maximumContentScale`,
/// `<tone>.background`, `<tone>.text`.
package struct BadgeTheme: Sendable {
    /// The component's identifier in a theme.
    package static let component = ComponentIdentifier(rawValue: "badge")
    /// The resolver the values came from.
    package let resolver: KeelThemeResolver
    /// A numeric badge's height at the Large text size (its minimum width too: one digit
    /// makes a circle).
    package let height: Double
    /// A dot badge's diameter at the Large text size.
    package let dotDiameter: Double
    /// The space either side of the number.
    package let horizontalPadding: Double
    /// The largest count shown as a number; larger counts show `<maximum>+`.
    package let maximumCount: Int
    /// The ring that separates the badge from what it sits on (the surface's colour).
    package let ring: Border
    /// How far the badge's centre sits inside the host's top-trailing corner.
    package let anchorInset: Double
    /// The number's font (Dynamic Type applied, capped) and the factor it grew.
    let font: ScaledFont
    private let colors: [BadgeTone: (background: ColorValue, text: ColorValue)]

    /// The reference values: status pairs from the palette, so every tone meets AA text
    /// contrast in light and dark.
    package static let referenceValues: ComponentTheme = {
        var values: [String: ComponentValue] = [
            "height": .dimension(18),
            "dot.diameter": .dimension(8),
            "horizontalPadding": .dimension(5),
            "font": .font(.captionMedium),
            "maximumCount": .number(99),
            "ring.width": .dimension(2),
            "ring.color": .colorToken(.backgroundPrimary),
            "anchorInset": .dimension(4),
            "maximumContentScale": .number(2),
        ]
        let pairs: [(BadgeTone, ColorToken, ColorToken)] = [
            (.critical, .error, .onError), (.info, .info, .onInfo), (.success, .success, .onSuccess),
            (.neutral, .textPrimary, .textInverse),
        ]
        for (tone, background, text) in pairs {
            values["\(tone.rawValue).background"] = .colorToken(background)
            values["\(tone.rawValue).text"] = .colorToken(text)
        }
        return ComponentTheme(referenceValues: values)
    }()

    /// Resolves the badge values of `resolver`'s theme and traits.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(Self.component, resolver: resolver, defaults: Self.referenceValues)
        self.resolver = resolver
        height = max(0, values.number("height", default: 18))
        dotDiameter = max(0, values.number("dot.diameter", default: 8))
        horizontalPadding = max(0, values.number("horizontalPadding", default: 5))
        let maximum = values.number("maximumCount", default: 99)
        maximumCount = maximum >= 1 && maximum < 1_000_000 ? Int(maximum) : 99
        ring = Border(
            color: values.color("ring.color", default: resolver.color(.backgroundPrimary)),
            width: max(0, values.number("ring.width", default: 2)))
        anchorInset = values.number("anchorInset", default: 4)
        font = ScaledFont(
            token: values.fontToken("font", default: .captionMedium), resolver: resolver,
            maximumScale: max(1, values.number("maximumContentScale", default: 2)))
        var colors: [BadgeTone: (ColorValue, ColorValue)] = [:]
        let tones = BadgeTone.allCases + Self.extraTones(in: values)
        for tone in tones {
            colors[tone] = (
                values.color("\(tone.rawValue).background", "critical.background"),
                values.color("\(tone.rawValue).text", "critical.text")
            )
        }
        self.colors = colors
    }

    /// The fill and text colour of `tone` (``BadgeTone/critical``'s for an unknown tone).
    package func colors(_ tone: BadgeTone) -> (background: ColorValue, text: ColorValue) {
        colors[tone] ?? colors[.critical] ?? (.missingToken, .missingToken)
    }

    /// The pairs a badge promises: every tone's number on its fill (AA text), and its fill
    /// against the surface it sits on (non-text: a dot is seen by its fill alone).
    package var contrastPairs: [ComponentContrastPair] {
        let surface = resolver.color(.backgroundPrimary)
        return BadgeTone.allCases.flatMap { tone -> [ComponentContrastPair] in
            let pair = colors(tone)
            return [
                ComponentContrastPair(
                    "\(tone.rawValue).text", foreground: pair.text, background: pair.background,
                    requirement: .aaText),
                ComponentContrastPair(
                    "\(tone.rawValue).fill", foreground: pair.background, background: surface,
                    requirement: .nonText),
            ]
        }
    }

    private static func extraTones(in values: ComponentValues) -> [BadgeTone] {
        let known = Set(BadgeTone.allCases.map(\.rawValue))
        return values.values.keys.compactMap { key -> BadgeTone? in
            guard key.rawValue.hasSuffix(".background") else { return nil }
            let name = String(key.rawValue.dropLast(".background".count))
            return known.contains(name) || name.contains(".") ? nil : BadgeTone(rawValue: name)
        }.sorted { $0.rawValue < $1.rawValue }
    }
}
