import Foundation
import KeelDesign
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// A second round of published design systems (`Fixtures/RealWorld`, sources in its README),
/// none of which Keel's reading was written against: each imports with its values as the
/// files write them, or fails with located errors that DTCG 2025.10 justifies.
@Suite(.onOwnThread) struct RealWorldSystemsTwoTests {
    typealias Fixtures = RealWorldSystemTests

    static func sources(_ paths: [String]) throws -> [DTCGSource] { try paths.map(Fixtures.source) }

    static func number(_ token: DTCGToken?) -> Double? {
        guard case .number(let number)? = token?.value else { return nil }
        return number
    }

    // MARK: Style Dictionary `value`/`type` trees

    static let patternfly = [
        "palette.color", "base", "base.dimension", "base.motion", "semantic", "semantic.dimension",
        "semantic.motion",
    ].map { "patternfly/light/\($0).json" }

    /// PatternFly's Style Dictionary sources: hex strings, `rgba()` strings, `number`
    /// spacers, CSS timing functions typed `string` (not a DTCG type: skipped, a warning).
    @Test func patternflyStyleDictionaryTreeImports() throws {
        let sources = try Self.sources(Self.patternfly)
        let document = DTCGDocument(sources: sources)
        #expect(document.errors.isEmpty, "\(document.errors)")
        #expect(Fixtures.hex(document["global.background.color.primary.default"]) == "#ffffff")
        #expect(Fixtures.hex(document["color.blue.50"]) == "#0066cc")
        #expect(Self.number(document["global.spacer.100"]) == 4)
        #expect(document["global.timing-function.100"]?.value == nil)
        let darkFiles = try Self.sources([
            "patternfly/dark/base.dark.json", "patternfly/dark/semantic.dark.json",
        ])
        let dark = DTCGDocument(sources: sources + darkFiles)
        #expect(dark.errors.isEmpty, "\(dark.errors)")
        #expect(Fixtures.hex(dark["global.dark.background.color.100"]) == "#151515")
        let (theme, _) = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: sources))
        try Fixtures.expectRoundTrip(theme, "patternfly")
    }

    /// Wikimedia Codex writes references padded inside their braces (`{ color.blue700 }`),
    /// which Style Dictionary reads. Before: each was an error, "reference '{ color.blue700 }'
    /// does not name a token". Its tokens carry no `$type` (Style Dictionary derives types
    /// from names), so a `spacing` token aliasing an untyped `dimension.*` token has no value:
    /// the theme needs it, a located error.
    @Test func codexPaddedReferencesResolve() throws {
        let sources = try Self.sources([
            "codex/themes/wikimedia-ui.json", "codex/application.json", "codex/components.json",
        ])
        let document = DTCGDocument(sources: sources)
        #expect(document.errors.isEmpty, "\(document.errors)")
        #expect(Fixtures.hex(document["color.blue700"]) == "#3366cc")  // "#36c"
        #expect(Fixtures.hex(document["color.accent"]) == "#3366cc")
        #expect(Fixtures.hex(document["background-color.progressive"]) == "#3366cc")
        let padded = document.issues.filter {
            if case .departure(.paddedReference, strict: false) = $0.kind { return true }
            return false
        }
        #expect(padded.count == 3, "\(padded)")  // one per file
        #expect(padded.allSatisfy { $0.severity == .warning && $0.source != nil && $0.line != nil })
        do {
            _ = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: sources))
            Issue.record("Codex's untyped spacing imported")
        } catch let error as DTCGError {
            #expect(!error.errors.isEmpty)
            for issue in error.errors {
                #expect(issue.source != nil && issue.line != nil, "\(issue)")
                guard case .skippedThemeToken = issue.kind else {
                    Issue.record("\(issue)")
                    continue
                }
            }
        }
    }

    // MARK: DTCG 2025.10

    /// KfW's source file: colour objects with hex fallbacks, `{value, unit}` dimensions, font
    /// stacks, and a `$fluid` member of its own (an unknown property, kept with a warning).
    @Test func kfwDTCGFileImports() throws {
        let source = try Fixtures.source("kfw/tokens.json")
        let document = DTCGDocument(source: source)
        #expect(document.errors.isEmpty, "\(document.errors)")
        #expect(Fixtures.hex(document["base.color.blue.500"]) == "#007abc")
        #expect(Fixtures.points(document["base.space.static.5"]) == 5)
        let (theme, _) = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: [source]))
        try Fixtures.expectRoundTrip(theme, "kfw")
    }

    /// A resolver document written for Terrazzo (mateusvillain/design-system-ia): two
    /// modifiers, brand-and-scheme contexts, colour objects with hex fallbacks.
    @Test func designSystemIAResolverResolvesEveryCombination() throws {
        let resolver = try Fixtures.resolver("design-system-ia/tokens.resolver.json")
        #expect(try Fixtures.errorsInEveryCombination(resolver) == [])
        let light = try resolver.resolve(inputs: ["brandTheme": "brand-a-light"])
        let dark = try resolver.resolve(inputs: ["brandTheme": "brand-a-dark", "size": "mobile"])
        #expect(Fixtures.hex(light["color.background.canvas"]) == "#f7f9fc")
        #expect(Fixtures.hex(dark["color.background.canvas"]) == "#0c1220")
        #expect(light["font-weight.bold"]?.value == .fontWeight(FontWeight(rawValue: 700)))
        let (theme, _) = try DTCGThemeImporter().importTheme(
            from: resolver, inputs: ["brandTheme": "brand-a-light"])
        try Fixtures.expectRoundTrip(theme, "design-system-ia")
    }

    // MARK: Tokens Studio sets

    static let digdirLight = [
        "primitives/globals", "primitives/modes/size/medium", "primitives/modes/size/global",
        "primitives/modes/typography/size/medium", "primitives/modes/typography/primary/designsystemet",
        "primitives/modes/color-scheme/light/designsystemet", "themes/designsystemet",
        "semantic/color/accent",
        "semantic/style",
    ].map { "digdir/\($0).json" }

    /// Digdir's Designsystemet, its sets in `$metadata.json`'s order for the first theme of
    /// each group (medium size, accent colour): math over a unitless size unit
    /// (`floor({_size.unit} * 4)`, `{_size.step} / {_size.base} * {_size.mode-font-size}`),
    /// `%` letter spacing, `Semi bold` weights, the dark colour scheme over the light.
    @Test func digdirTokensStudioSetsImport() throws {
        let base = try Self.sources(Self.digdirLight)
        let document = DTCGDocument(sources: base)
        #expect(document.errors.isEmpty, "\(document.errors)")
        #expect(Fixtures.points(document["_size.4"]) == 16)
        #expect(
            document["designsystemet.font-weight.semibold"]?.value == .fontWeight(FontWeight(rawValue: 600)))
        #expect(Fixtures.hex(document["color.accent.base-default"]) == "#0062ba")
        let dark = try Self.sources(["digdir/primitives/modes/color-scheme/dark/designsystemet.json"])
        #expect(Fixtures.hex(DTCGDocument(sources: base + dark)["color.accent.base-default"]) == "#4c91cf")
        let (theme, _) = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: base, dark: dark))
        let heading = try #require(theme.metrics.fonts[KeelFontToken(rawValue: "heading.xl")])
        #expect(heading.size == 48)
        #expect(heading.letterSpacing == -0.48)  // -1% of 48
        try Fixtures.expectRoundTrip(theme, "digdir")
        #expect(!DTCGDocument(source: try Fixtures.source("digdir/$themes.json")).errors.isEmpty)
    }

    static let skyUX = ["base-blackbaud", "color/base-light", "color/bb-light", "layout/base-productive"].map
    {
        "sky-ux/\($0).json"
    }

    /// Blackbaud SKY UX: line heights written as CSS `calc(16/11)` and spacings as
    /// `calc({size.switch} + {space.gap.label.s})`. Before: each was an error, "uses
    /// unsupported function 'calc'". What still fails is `"50ch, 40vw"` (a CSS `min()`'s
    /// arguments without the function, no dimension) and the token aliasing it: located errors.
    @Test func skyUXCalcEvaluatesAndTheOneMalformedSizeIsLocated() throws {
        let document = DTCGDocument(sources: try Self.sources(Self.skyUX))
        let lineHeight = try #require(Self.number(document["bb.line_height.200"]))
        #expect(abs(lineHeight - 16.0 / 11.0) < 1e-6)
        #expect(Fixtures.points(document["space.inset.switch"]) == 24)
        #expect(
            Set(document.errors.map(\.path)) == [
                ["bb", "size", "reading_container", "max_width"], ["size", "max_width", "overlay_message"],
            ], "\(document.errors)")
        let malformed = try #require(document.errors.first { $0.path.segments.first == "bb" })
        #expect(malformed.source == "sky-ux/base-blackbaud.json" && malformed.line == 2534)
        #expect(malformed.excerpt == "\"50ch, 40vw\"")
    }

    /// SWYP's Tokens Studio sets alias `number` tokens from size tokens
    /// (`"spacing-4": {"$type": "spacing", "$value": "{number-4}"}`, a typography's
    /// `"letterSpacing": "{number-0}"`), as Figma number variables are. Before: each was an
    /// error, "reference '{number-4}' is a number token, expected dimension".
    @Test func swypSizesAliasingNumberTokensImport() throws {
        let sources = try Self.sources(["swyp/primitive.json", "swyp/semantic.json", "swyp/component.json"])
        let document = DTCGDocument(sources: sources)
        #expect(document.errors.isEmpty, "\(document.errors)")
        #expect(Fixtures.points(document["spacing-4"]) == 4)
        guard case .typography(let caption)? = document["caption.lg.regular"]?.value else {
            Issue.record("caption.lg.regular: \(String(describing: document["caption.lg.regular"]?.value))")
            return
        }
        #expect(caption.letterSpacing.value == 0 && caption.fontSize.value == 12)
        #expect(
            document.issues.contains {
                $0.path == ["spacing-4"]
                    && $0.kind == .departure(.numberAsLength("{number-4}", unit: "px"), strict: false)
            })
        let (theme, _) = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: sources))
        try Fixtures.expectRoundTrip(theme, "swyp")
    }

    /// Pinterest Gestalt's checkbox motion types its durations `color` (aliasing `other`
    /// tokens `"150"`): a colour slot given "150" is an error, located at each duration.
    @Test func gestaltDurationsTypedColorAreLocatedErrors() throws {
        let document = DTCGDocument(
            sources: try Self.sources(
                ["base/color/default", "base/motion", "sema/color/light/default", "comp/checkbox/default"].map
                {
                    "gestalt/\($0).json"
                }))
        #expect(document.errors.count == 3, "\(document.errors)")
        for error in document.errors {
            #expect(error.path.segments.last == "duration")
            #expect(error.source == "gestalt/comp/checkbox/default.json" && error.line != nil)
            #expect(error.excerpt?.contains("base.motion.duration") == true)
        }
        #expect(Fixtures.hex(document["sema.color.background.default"]) != nil)
    }
}

/// The classes of input the systems above found, beyond their files.
@Suite struct RealWorldSystemsTwoClassTests {
    private func document(_ json: String, strict: Bool = false) -> DTCGDocument {
        DTCGDocument(
            source: DTCGSource(name: "t.tokens.json", text: json), options: DTCGOptions(strict: strict))
    }

    private func points(_ document: DTCGDocument, _ path: String) -> Double? {
        guard case .dimension(let dimension)? = document[path]?.value else { return nil }
        return dimension.points()
    }

    /// A dimension or duration token (its own `$type`: a group's gives way to the target's,
    /// DTCG 2025.10 §5.2.2), or such a slot of a composite, aliasing a `number` token reads
    /// the number as px or ms, as a plain number there is (leniently); strictly it stays a
    /// type mismatch, and a colour aliasing a number is an error either way.
    @Test func sizesAndDurationsAliasingNumbersReadThemAsPxAndMs() {
        let json = #"""
            {"n": {"$type": "number", "four": {"$value": 4}, "text": {"$value": "150"}},
             "space": {"s": {"$type": "dimension", "$value": "{n.four}"}, "viaStudio": {"$type": "spacing", "$value": "{n.four}"}},
             "motion": {"fast": {"$type": "duration", "$value": "{n.text}"}},
             "shadow": {"$type": "shadow", "low": {"$value": {"color": "#000000", "offsetX": "{n.four}", "offsetY": "{n.four}", "blur": "{n.four}", "spread": "{n.four}"}}},
             "color": {"bad": {"$type": "color", "$value": "{n.four}"}}}
            """#
        let lenient = document(json)
        #expect(points(lenient, "space.s") == 4)
        #expect(points(lenient, "space.viaStudio") == 4)
        #expect(lenient["motion.fast"]?.value == .duration(DTCGDuration(value: 150, unit: .ms)))
        guard case .shadow(let layers)? = lenient["shadow.low"]?.value else {
            Issue.record("\(lenient.issues)")
            return
        }
        #expect(layers.first?.blur == DTCGDimension(value: 4))
        #expect(lenient.errors.map(\.path) == [["color", "bad"]], "\(lenient.errors)")
        #expect(
            lenient.issues.contains {
                $0.path == ["space", "s"] && $0.severity == .warning && "\($0)".contains("read as px")
            })
        let strict = document(json, strict: true)
        #expect(
            strict.issues.contains {
                $0.path == ["space", "s"]
                    && $0.kind == .typeMismatch(expected: .dimension, found: .number, reference: "{n.four}")
            })
    }

    /// `{ a.b }` (spaces inside the braces) reads as `{a.b}` leniently, in whole-value
    /// references, composites and expressions alike, with one warning per file; strictly it
    /// names no token.
    @Test func paddedReferencesReadWithoutTheSpaces() {
        let json = #"""
            {"color": {"$type": "color", "blue": {"$value": "#3366cc"}, "accent": {"$value": "{ color.blue }"},
               "again": {"$value": "{  color.accent\t}"}},
             "size": {"$type": "dimension", "base": {"$value": "4px"}, "double": {"$value": "{ size.base } * 2"}},
             "border": {"$type": "border", "focus": {"$value": {"color": "{ color.accent }", "width": "{ size.base }", "style": "solid"}}}}
            """#
        let lenient = document(json)
        #expect(lenient.errors.isEmpty, "\(lenient.errors)")
        #expect(lenient["color.again"]?.value == lenient["color.blue"]?.value)
        #expect(points(lenient, "size.double") == 8)
        let padded = lenient.issues.filter { "\($0)".contains("spaces inside its braces") }
        #expect(padded.count == 1 && padded.first?.severity == .warning, "\(padded)")
        #expect("\(padded.first.map { "\($0)" } ?? "")".contains("4 tokens in this file"))
        let strict = document(json, strict: true)
        #expect(strict.errors.contains { $0.kind == .unresolvableReference("{ color.blue }") })
        // Braces holding only spaces are no reference to unpad.
        #expect(DTCGReference.unpadded("{  }") == nil && DTCGReference.unpadded("{a.b}") == nil)
    }

    /// CSS's `calc()` evaluates the expression inside (SKY UX's `calc(16/11)` line heights,
    /// `calc({a} + {b})` sizes), and the CSS viewport units besides `vw`/`vh` read against
    /// the viewport: logical `vi`/`vb`, `vmin`/`vmax`, the small, large and dynamic forms.
    @Test func calcAndViewportUnits() {
        var options = DTCGOptions()
        options.viewport = (width: 400, height: 800)
        let doc = DTCGDocument(
            source: DTCGSource(
                name: "css.tokens.json",
                text: #"""
                    {"lh": {"$type": "number", "ratio": {"$value": "calc(16/11)"}},
                     "size": {"$type": "dimension",
                       "a": {"$value": "8px"}, "sum": {"$value": "calc({size.a} + 1rem)"},
                       "inline": {"$value": "2vi"}, "block": {"$value": "1vb"}, "small": {"$value": "10vmin"},
                       "large": {"$value": "10vmax"}, "dynamic": {"$value": "10dvh"}, "svw": {"$value": "calc(0.5rem + 1svw)"},
                       "fluid": {"$value": "0.294vi + 2rem"}, "twoArguments": {"$value": "calc(1px, 2px)"},
                       "notAUnit": {"$value": "calc(1vq)"}}}
                    """#),
            options: options)
        guard case .number(let ratio)? = doc["lh.ratio"]?.value else {
            Issue.record("\(doc.issues)")
            return
        }
        #expect(abs(ratio - 16.0 / 11.0) < 1e-6)
        #expect(points(doc, "size.sum") == 24)
        #expect(points(doc, "size.inline") == 8)
        #expect(points(doc, "size.block") == 8)
        #expect(points(doc, "size.small") == 40)
        #expect(points(doc, "size.large") == 80)
        #expect(points(doc, "size.dynamic") == 80)
        #expect(points(doc, "size.svw") == 12)
        #expect(points(doc, "size.fluid").map { abs($0 - (1.176 + 32)) < 1e-6 } == true)
        #expect(
            Set(doc.errors.map(\.path)) == [["size", "twoArguments"], ["size", "notAUnit"]], "\(doc.errors)")
    }
}
