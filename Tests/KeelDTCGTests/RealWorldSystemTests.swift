import Foundation
import KeelDesign
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Token files of published design systems, as their repositories ship them
/// (`Fixtures/RealWorld`, sources in its README): each system imports without errors, a few
/// resolved values match the file, and the theme's export imports back to the same theme.
@Suite(.onOwnThread) struct RealWorldSystemTests {
    static let root = TestPaths.fixtures.appendingPathComponent("RealWorld")

    /// The file at `relative` under `Fixtures/RealWorld`, named by that path.
    static func source(_ relative: String) throws -> DTCGSource {
        DTCGSource(name: relative, data: try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    /// The resolver document at `relative`.
    static func resolver(_ relative: String) throws -> DTCGResolverDocument {
        try DTCGResolverDocument(path: root.appendingPathComponent(relative).path)
    }

    /// The sRGB `#rrggbb` (`#rrggbbaa` when translucent) of a colour token.
    static func hex(_ token: DTCGToken?) -> String? {
        guard case .color(let color)? = token?.value else { return nil }
        return color.srgb.hexString.lowercased()
    }

    /// The points of a dimension token.
    static func points(_ token: DTCGToken?) -> Double? {
        guard case .dimension(let dimension)? = token?.value else { return nil }
        return dimension.points()
    }

    /// Every error of every combination of the resolver's contexts, as `context: issue`.
    static func errorsInEveryCombination(_ resolver: DTCGResolverDocument) throws -> [String] {
        var errors: [String] = []
        for combination in try resolver.combinations() {
            let inputs = Dictionary(uniqueKeysWithValues: combination.map { ($0.modifier, $0.context) })
            let document = try resolver.resolve(inputs: inputs)
            let name = combination.map { "\($0.modifier)=\($0.context)" }.joined(separator: ",")
            errors += document.errors.map { "\(name): \($0)" }
        }
        return errors
    }

    /// The theme exported and imported again.
    static func roundTrip(_ theme: KeelTheme) throws -> KeelTheme {
        let text = theme.dtcgTokenFile()
        return try DTCGThemeImporter().importTheme(from: DTCGSource(name: "export.tokens.json", text: text))
    }

    /// `theme` and its export re-imported agree on every table.
    static func expectRoundTrip(_ theme: KeelTheme, _ system: String) throws {
        let back = try roundTrip(theme)
        #expect(back.colors == theme.colors, "\(system)")
        #expect(back.metrics == theme.metrics, "\(system)")
        #expect(back.components == theme.components, "\(system)")
    }

    // MARK: DTCG 2025.10 with resolver documents (terrazzoapp/dtcg-examples, Little League)

    static let resolvers = [
        "adobe-spectrum/adobe-spectrum.resolver.json", "figma-sds/figma-sds.resolver.json",
        "ibm-carbon/ibm-carbon.resolver.json", "microsoft-fluent/microsoft-fluent.resolver.json",
        "shopify-polaris/shopify-polaris.resolver.json",
    ]

    /// Every combination of contexts resolves without errors, and the theme of the first
    /// (Spectrum's `size` and Carbon's `breakpoint` have no default: an input is required)
    /// survives export and import.
    @Test(arguments: resolvers) func everyCombinationResolvesWithoutErrors(_ path: String) throws {
        let resolver = try Self.resolver(path)
        #expect(try Self.errorsInEveryCombination(resolver) == [])
        let first = try resolver.combinations().first ?? []
        let inputs = Dictionary(uniqueKeysWithValues: first.map { ($0.modifier, $0.context) })
        let (theme, _) = try DTCGThemeImporter().importTheme(from: resolver, inputs: inputs)
        try Self.expectRoundTrip(theme, path)
    }

    /// Apple HIG's resolver defines the `typography` set (the font families) but leaves it out
    /// of `resolutionOrder`, so by the Resolver Module its tokens are never read: each text
    /// style's `{font.design.default}` is an error naming the token, and the set a warning.
    @Test func appleHIGTextStylesNameAFamilyTheResolverLeavesOut() throws {
        let resolver = try Self.resolver("apple-hig/apple-hig.resolver.json")
        let document = try resolver.resolve(inputs: ["theme": "light", "size": "medium"])
        #expect(Set(document.errors.map { $0.path.segments.first }) == ["font"])
        #expect(document.errors.contains { $0.path == ["font", "textStyle", "body"] })
        #expect(
            document.errors.allSatisfy { $0.kind == .unresolvableReference("{font.design.default}") },
            "\(document.errors)")
        #expect(Self.hex(document["color.systemBlue"]) == "#007aff")
        // The colours (written without `$type` in a `color` group) import on their own.
        let colours = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(
                base: [try Self.source("apple-hig/apple-hig/color/light.tokens.json")],
                dark: [try Self.source("apple-hig/apple-hig/color/dark.tokens.json")]))
        try Self.expectRoundTrip(colours.theme, "apple-hig")
    }

    /// Little League names tokens after TextMate scopes (`source.json meta.structure…`): a `.`
    /// in a name is not allowed (DTCG 2025.10 §5.1.1, it separates a reference's segments),
    /// so each is an error naming the group it is in; the rest of the files resolve.
    @Test func littleLeagueScopeNamesWithDotsAreTypedErrors() throws {
        let resolver = try Self.resolver("little-league/tokens.resolver.json")
        let document = try resolver.resolve(inputs: ["theme": "dark"])
        #expect(document.errors.count == 9)
        for error in document.errors {
            guard case .invalidName(let name) = error.kind else {
                Issue.record("\(error)")
                continue
            }
            #expect(name.contains("."))
            #expect(error.path.segments.first == "syntax")
            #expect(error.source?.hasSuffix("json.tokens.json") == true)
        }
        #expect(document.tokens.values.filter { $0.value != nil }.count > 500)
    }

    /// Values of the 2025.10 systems as their files write them: colour objects (with hex
    /// fallbacks), `{value, unit}` dimensions, aliases across files of a resolver.
    @Test func resolvedValuesMatchTheFiles() throws {
        let spectrum = try Self.resolver("adobe-spectrum/adobe-spectrum.resolver.json")
            .resolve(inputs: ["theme": "light", "size": "desktop"])
        #expect(Self.hex(spectrum["accent-background-color-default"]) == "#4b75ff")
        #expect(Self.points(spectrum["accordion-bottom-to-text-compact-medium"]) == 5)
        let hig = try Self.resolver("apple-hig/apple-hig.resolver.json").resolve(inputs: ["theme": "dark"])
        #expect(Self.hex(hig["color.systemBlue"]) != nil)
        let polaris = try Self.resolver("shopify-polaris/shopify-polaris.resolver.json").resolve()
        #expect(Self.hex(polaris["color.blueLighter"]) == "#ebf5fa")
        #expect(Self.points(polaris["space.loose"]) == 20)
        #expect(
            polaris["font.family.mono"]?.value
                == .fontFamily(["Monaco", "Consolas", "Lucida Console", "monospace"]))
    }

    // MARK: Tokens Studio and Style Dictionary forms

    /// Element's Compound, as its `$metadata.json` orders the sets: iOS on the light theme,
    /// the dark sets over it.
    static func compound() throws -> DTCGThemeSources {
        DTCGThemeSources(
            base: try [
                "cross-platform", "platform-ios", "theme-light", "theme-semantics-light", "theme-semantics",
            ].map { try source("compound/\($0).json") },
            dark: try ["theme-dark", "theme-semantics-dark"].map { try source("compound/\($0).json") })
    }

    @Test func compoundImportsWithItsDarkSets() throws {
        let sources = try Self.compound()
        let light = DTCGDocument(sources: sources.base)
        #expect(light.errors.isEmpty, "\(light.errors)")
        // `{space.scale} * 1.5` over `"4"`.
        #expect(Self.points(light["space.1_5x"]) == 6)
        #expect(Self.hex(light["color.text.primary"]) == "#1b1d22")
        let dark = DTCGDocument(sources: sources.base + sources.dark)
        #expect(Self.hex(dark["color.text.primary"]) == "#ebeef2")
        let (theme, _) = try DTCGThemeImporter().importTheme(from: sources)
        try Self.expectRoundTrip(theme, "compound")
    }

    /// Tokens Studio's theme and metadata files are not token files: a typed error naming the
    /// file, not tokens read from theme names.
    @Test func compoundThemeFileIsATypedError() throws {
        let themes = DTCGDocument(source: try Self.source("compound/$themes.json"))
        #expect(!themes.errors.isEmpty)
        #expect(themes.errors.allSatisfy { $0.source == "compound/$themes.json" })
    }

    /// MetaMask's single file of sets (`global`, `light`, `dark`, `$themes`, `$metadata`).
    @Test func metamaskSetsImport() throws {
        let source = try Self.source("metamask/tokens.json")
        let document = DTCGDocument(source: source)
        #expect(document.errors.isEmpty, "\(document.errors)")
        // `$themes` is empty, so every set merges in `tokenSetOrder` (global, light, dark),
        // as the warning says: the dark values win.
        #expect(Self.hex(document["colors.background.default"]) == "#24272a")
        guard case .shadow(let layers)? = document["shadows.xs"]?.value else {
            Issue.record("shadows.xs is not a shadow: \(String(describing: document["shadows.xs"]?.value))")
            return
        }
        #expect(layers.first?.offsetY.value == 2)
        #expect(layers.first?.color.alpha == Double(0x66) / 255)
        let theme = try DTCGThemeImporter().importTheme(from: source)
        try Self.expectRoundTrip(theme, "metamask")
    }

    /// NVE's design system (Tokens Studio's `$`-prefixed export): `spacing` and
    /// `borderRadius` types, rem strings, names with a comma (`dimension.1,5x`), the dark
    /// theme set over the light one.
    @Test func nveImportsWithItsDarkTheme() throws {
        let base = try ["brand/nve", "public/device/desktop", "public/theme/light"].map {
            try Self.source("nve/\($0).json")
        }
        let dark = [try Self.source("nve/public/theme/dark.json")]
        let light = DTCGDocument(sources: base)
        #expect(light.errors.isEmpty, "\(light.errors)")
        // `{dimension.1,5x}`, `"0.375rem"`.
        #expect(Self.points(light["spacing.fixed-spacing.2x-small"]) == 6)
        #expect(Self.hex(light["color.brand.background.secondary"]) == "#d91232")
        #expect(Self.hex(DTCGDocument(sources: base + dark)["color.brand.background.secondary"]) == "#f3203c")
        let (theme, _) = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: base, dark: dark))
        try Self.expectRoundTrip(theme, "nve")
    }

    /// GitHub Primer's base files in 2025.10 form: duration objects, cubic Béziers, numeric
    /// weights, `{value, unit}` sizes.
    @Test func primerBaseFilesIn2025Form() throws {
        let sources = try ["easing", "timing", "size", "typography"].map {
            try Self.source("github-primer/\($0).tokens.json")
        }
        let document = DTCGDocument(sources: sources)
        #expect(document.errors.isEmpty, "\(document.errors)")
        #expect(document["base.duration.200"]?.value == .duration(DTCGDuration(value: 200, unit: .ms)))
        #expect(document["base.easing.easeIn"]?.value == .cubicBezier([0.7, 0.1, 0.75, 0.9]))
        #expect(document["base.text.weight.light"]?.value == .fontWeight(FontWeight(rawValue: 300)))
        #expect(Self.points(document["base.size.4"]) == 4)
        let (theme, _) = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: sources))
        try Self.expectRoundTrip(theme, "github-primer")
    }

    /// Figma's Simple Design System names a group's own colour `$root`
    /// (`color.background.brand.$root`).
    @Test func figmaSDSRootTokens() throws {
        let document = try Self.resolver("figma-sds/figma-sds.resolver.json").resolve(inputs: [
            "theme": "light"
        ])
        #expect(Self.hex(document["color.background.brand.$root"]) != nil)
        #expect(
            Self.hex(document["color.background.brand.$root"]) == Self.hex(document["color.brand.800"]))
    }

    /// Sage's core set: fluid font sizes as CSS `clamp(…rem, …rem + …vw, …rem)` (read at
    /// the default 375 pt viewport, within the "Small Viewports: 15.40, Large Viewports:
    /// 15.96" its description gives), static sizes as plain numbers.
    @Test func sageFluidFontSizesEvaluate() throws {
        let source = try Self.source("sage/core.json")
        let document = DTCGDocument(source: source)
        #expect(document.errors.isEmpty, "\(document.errors)")
        let fluid = try #require(Self.points(document["core.fontSize.fluid.step1"]))
        #expect(abs(fluid - (0.9508 * 16 + 0.0583 * 3.75)) < 1e-9)
        #expect((15.40...15.96).contains(fluid))
        #expect(Self.points(document["core.fontSize.static.small.step1"]) == 16)
        let (theme, _) = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: [source]))
        try Self.expectRoundTrip(theme, "sage")
    }

    /// Astro's reference set (Style Dictionary 3 form with `rawValue` members): its
    /// `radius.circle` of `"50%"` is the pill radius, `radius.base` 3 px.
    @Test func astroReferenceSetImports() throws {
        let source = try Self.source("astro/base.reference.json")
        let (theme, _) = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: [source]))
        #expect(theme.metrics.radii[RadiusToken(rawValue: "circle")] == 999)
        #expect(theme.metrics.radii[RadiusToken(rawValue: "base")] == 3)
        #expect(Self.hex(DTCGDocument(source: source)["color.palette.neutral.1000"]) == "#000000")
        try Self.expectRoundTrip(theme, "astro")
    }

    static let calcite = ["color", "opacity", "size", "font", "shadow"].map { "calcite/\($0).json" }

    /// Before: each of Calcite's `boxShadow` tokens was an error — `expected a colour object
    /// {colorSpace, components}, found 'rgba({core.color.neutral.blk-240}, {core.opacity.4})'`
    /// — as only a literal alpha was read in Tokens Studio's `rgba(colour, alpha)`; Tokens
    /// Studio substitutes the reference (`4%`, an `opacity` token) before reading it.
    @Test func calciteShadowsTakeTheirAlphaFromAnOpacityToken() throws {
        let document = DTCGDocument(sources: try Self.calcite.map(Self.source))
        #expect(document.errors.isEmpty, "\(document.errors)")
        guard case .shadow(let layers)? = document["core.shadow.1"]?.value, let layer = layers.first else {
            Issue.record("core.shadow.1: \(String(describing: document["core.shadow.1"]?.value))")
            return
        }
        #expect(layer.color.srgb.hexStringIgnoringAlpha.lowercased() == "#000000")
        #expect(abs(layer.color.alpha - 0.04) < 1e-12)
        #expect(layer.offsetY.value == 2 && layer.blur.value == 8)
        #expect(Self.points(document["core.size.default.16"]) == 16)
        #expect(document["core.font.weight.bold"]?.value == .fontWeight(FontWeight(rawValue: 700)))
        let (theme, _) = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(base: Self.calcite.map(Self.source)))
        try Self.expectRoundTrip(theme, "calcite")
    }
}

/// Tokens Studio's `rgba(colour, alpha)` with the alpha a reference, beyond Calcite's files.
@Suite struct StudioRGBAAlphaReferenceTests {
    private func document(_ json: String) -> DTCGDocument {
        DTCGDocument(source: DTCGSource(name: "rgba.tokens.json", text: json))
    }

    /// Before: `rgba(#000000, {opacity.half})` and `rgba({color.ink}, {opacity.half})` were
    /// errors ("expected a colour object"); a reference to anything but a number in 0...1 still
    /// is, located at the colour token.
    @Test func alphaReferencesANumberInZeroToOne() {
        let doc = document(
            #"""
            {"opacity": {"$type": "number", "half": {"$value": 0.5}, "twice": {"$value": 2}},
             "size": {"$type": "dimension", "one": {"$value": {"value": 1, "unit": "px"}}},
             "color": {"$type": "color",
               "ink": {"$value": "#102030"},
               "hexHalf": {"$value": "rgba(#000000, {opacity.half})"},
               "refHalf": {"$value": "rgba({color.ink}, {opacity.half})"},
               "tooMuch": {"$value": "rgba({color.ink}, {opacity.twice})"},
               "notANumber": {"$value": "rgba({color.ink}, {size.one})"},
               "missing": {"$value": "rgba({color.ink}, {opacity.none})"}}}
            """#)
        guard case .color(let hexHalf)? = doc["color.hexHalf"]?.value,
            case .color(let refHalf)? = doc["color.refHalf"]?.value
        else {
            Issue.record("\(doc.issues)")
            return
        }
        #expect(hexHalf.alpha == 0.5 && hexHalf.srgb.hexStringIgnoringAlpha == "#000000")
        #expect(refHalf.alpha == 0.5 && refHalf.srgb.hexStringIgnoringAlpha == "#102030")
        #expect(
            Set(doc.errors.map(\.path)) == [
                ["color", "tooMuch"], ["color", "notANumber"], ["color", "missing"],
            ],
            "\(doc.errors)")
    }

    /// Before: a CSS `box-shadow` string whose colour was Tokens Studio's `rgba(…)` —
    /// `0 1px 2px rgba({color.black}, 0.2)`, `rgba(#000000, 0.2)`, `rgba({color.black},
    /// {opacity.low})` — was an error ("shadow must be an object, found string"), while the
    /// same colour in a colour slot, and `0 1px 2px {color.black}`, were read.
    @Test func boxShadowStringsTakeTheSameRGBAColours() {
        let doc = document(
            #"""
            {"color": {"$type": "color", "black": {"$value": "#000000"}},
             "opacity": {"$type": "number", "low": {"$value": 0.1}},
             "shadow": {"$type": "shadow",
               "refLiteral": {"$value": "0 1px 2px rgba({color.black}, 0.2)"},
               "hexLiteral": {"$value": "0 1px 2px rgba(#000000, 20%)"},
               "refRef": {"$value": "0 1px 2px rgba({color.black}, {opacity.low}), inset 0 0 0 1px {color.black}"},
               "badAlpha": {"$value": "0 1px 2px rgba({color.black}, {color.black})"}}}
            """#)
        func layers(_ name: String) -> [ShadowLayer] {
            guard case .shadow(let layers)? = doc["shadow.\(name)"]?.value else { return [] }
            return layers
        }
        #expect(layers("refLiteral").map(\.color.alpha) == [0.2])
        #expect(layers("hexLiteral").map(\.color.alpha) == [0.2])
        #expect(layers("refRef").map(\.color.alpha) == [0.1, 1])
        #expect(layers("refRef").map(\.inset) == [false, true])
        #expect(layers("refRef").first?.offsetY == DTCGDimension(value: 1))
        #expect(doc.errors.map(\.path) == [["shadow", "badAlpha"]], "\(doc.errors)")
    }
}

/// Expressions and units of real files: Tokens Studio's `roundTo` (expr-eval's), as Token Zen
/// Garden's exports and Tokens Studio sync repositories write type scales
/// (`roundTo({fontSizes.body}*1.25^5)`), CSS `clamp()` fluid sizes, `%` radii.
@Suite struct StudioMathAndUnitTests {
    /// Before: every such token was an error, "uses unsupported function 'roundTo'".
    @Test func roundToRoundsToWholeNumbersOrPlaces() {
        let doc = DTCGDocument(
            source: DTCGSource(
                name: "round.tokens.json",
                text: #"""
                    {"fontSizes": {
                       "body": {"$type": "fontSizes", "$value": "16"},
                       "scale": {"$type": "fontSizes", "$value": "1.2"},
                       "h1": {"$type": "fontSizes", "$value": "roundTo({fontSizes.body}*1.25^5)"},
                       "xl": {"$type": "fontSizes", "$value": "roundTo({fontSizes.body} * {fontSizes.scale}^3, 0)"},
                       "third": {"$type": "fontSizes", "$value": "roundTo(16 / 3, 2)"},
                       "rem": {"$type": "fontSizes", "$value": "roundTo(1.05rem, 1)"}},
                     "n": {"$type": "number",
                       "exact": {"$value": "roundTo(1.005, 2)"},
                       "half": {"$value": "roundTo(2.5)"},
                       "negativeHalf": {"$value": "roundTo(-2.5)"},
                       "hundreds": {"$value": "roundTo(1250, -2)"},
                       "fraction": {"$value": "roundTo(1, 0.5)"},
                       "three": {"$value": "roundTo(1, 2, 3)"}}}
                    """#))
        func points(_ path: String) -> Double? {
            guard case .dimension(let value)? = doc[path]?.value else { return nil }
            return value.points()
        }
        func number(_ path: String) -> Double? {
            guard case .number(let value)? = doc[path]?.value else { return nil }
            return value
        }
        #expect(points("fontSizes.h1") == 49)  // 48.828125
        #expect(points("fontSizes.xl") == 28)  // 27.648
        #expect(points("fontSizes.third") == 5.33)
        #expect(points("fontSizes.rem") == 1.1 * 16)  // 1.05rem to 1.1rem, not 16.8 pt rounded
        #expect(number("n.exact") == 1.01)
        #expect(number("n.half") == 3)
        #expect(number("n.negativeHalf") == -2)  // JavaScript's Math.round
        #expect(number("n.hundreds") == 1300)
        #expect(Set(doc.errors.map(\.path)) == [["n", "fraction"], ["n", "three"]], "\(doc.errors)")
    }

    /// Before: Sage's fluid type scale (`core.fontSize.fluid.step1`:
    /// `clamp(0.9625rem, 0.9508rem + 0.0583vw, 0.9975rem)`) was an error, "uses unsupported
    /// function 'clamp'" (and `vw` was no unit of an expression). CSS's `clamp` now evaluates
    /// as `max(minimum, min(preferred, maximum))`, `vw`/`vh` in points of the viewport.
    @Test func clampEvaluatesAtTheViewport() {
        var options = DTCGOptions()
        options.viewport = (width: 400, height: 800)
        let doc = DTCGDocument(
            source: DTCGSource(
                name: "clamp.tokens.json",
                text: #"""
                    {"size": {"$type": "dimension",
                       "same": {"$value": "clamp(0.875rem, 0.875rem + 0vw, 0.875rem)"},
                       "preferred": {"$value": "clamp(1rem, 0.5rem + 2vw, 2rem)"},
                       "floor": {"$value": "clamp(1rem, 1vh, 2rem)"},
                       "ceiling": {"$value": "clamp(1rem, 10vw, 2rem)"},
                       "minimumWins": {"$value": "clamp(3rem, 10vw, 2rem)"},
                       "two": {"$value": "clamp(1rem, 2rem)"}}}
                    """#),
            options: options)
        func points(_ path: String) -> Double? {
            guard case .dimension(let value)? = doc[path]?.value else { return nil }
            return value.points()
        }
        #expect(points("size.same") == 14)
        #expect(points("size.preferred") == 16)  // 8 + 8
        #expect(points("size.floor") == 16)  // 8 pt, below the minimum
        #expect(points("size.ceiling") == 32)  // 40 pt, above the maximum
        #expect(points("size.minimumWins") == 48)
        #expect(doc.errors.map(\.path) == [["size", "two"]], "\(doc.errors)")
    }

    /// Before: Astro's `radius.circle` (`"value": "50%"`, Style Dictionary 3 form) failed the
    /// whole import — "the theme needs this token, which was skipped: unit '%' cannot be
    /// converted". A radius of 50% or more rounds each side whole, so it is the pill radius;
    /// one below 50% has no length without the shape and is still an error.
    @Test func percentRadiiOfHalfOrMoreArePill() throws {
        let json = #"""
            {"radius": {
               "base": {"value": "4px", "type": "borderRadius", "rawValue": "4px"},
               "circle": {"value": "50%", "type": "borderRadius", "rawValue": "50%"},
               "full": {"$type": "dimension", "$value": {"value": 100, "unit": "%"}}}}
            """#
        let (theme, warnings) = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(base: [DTCGSource(name: "astro.tokens.json", text: json)]))
        #expect(theme.metrics.radii[RadiusToken(rawValue: "circle")] == 999)
        #expect(theme.metrics.radii[RadiusToken(rawValue: "full")] == 999)
        #expect(theme.metrics.radii[RadiusToken(rawValue: "base")] == 4)
        #expect(warnings.contains { $0.path == ["radius", "circle"] && "\($0)".contains("pill radius") })
        let quarter = #"{"radius": {"$type": "dimension", "q": {"$value": {"value": 25, "unit": "%"}}}}"#
        #expect(throws: DTCGError.self) {
            try DTCGThemeImporter().importTheme(from: DTCGSource(name: "q.tokens.json", text: quarter))
        }
        #expect(throws: DTCGError.self) {
            try DTCGThemeImporter(options: DTCGOptions(strict: true)).importTheme(
                from: DTCGSource(name: "astro.tokens.json", text: json))
        }
        // The pill reading replaces the "skipped" warning on the same token (both were shown).
        #expect(!warnings.contains { $0.path == ["radius", "circle"] && "\($0)".contains("skipped") })
    }

    @Test func aliasesOfAPercentRadiusArePillToo() throws {
        // `radius.pill: "{radius.circle}"` and the core/semantic split (`{core.r50}`) stayed
        // skipped, and the theme failed for want of them.
        let json = #"""
            {"core": {"r50": {"$type": "dimension", "$value": "50%"}},
             "radius": {"$type": "dimension",
               "circle": {"$value": "50%"},
               "pill": {"$value": "{radius.circle}"},
               "full": {"$value": "{core.r50}"},
               "rounder": {"$value": "{radius.pill}"}}}
            """#
        let (theme, warnings) = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(base: [DTCGSource(name: "alias.tokens.json", text: json)]))
        for name in ["circle", "pill", "full", "rounder"] {
            #expect(theme.metrics.radii[RadiusToken(rawValue: name)] == 999, "\(name)")
            #expect(
                !warnings.contains { $0.path == ["radius", name] && "\($0)".contains("skipped") }, "\(name)")
        }
        #expect(throws: DTCGError.self) {
            try DTCGThemeImporter(options: DTCGOptions(strict: true)).importTheme(
                from: DTCGSource(name: "alias.tokens.json", text: json))
        }
    }
}
