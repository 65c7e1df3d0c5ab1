import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Findings of the second review of Tokens Studio reading: each test names the input and what
/// it used to do.
@Suite(.onOwnThread) struct DTCGReviewTwoTests {
    private func document(_ json: String, strict: Bool = false) -> DTCGDocument {
        DTCGDocument(source: DTCGSource(name: "t.json", text: json), options: DTCGOptions(strict: strict))
    }

    /// A `source` set resolves references but is not output (Tokens Studio's meaning). Before:
    /// `palette.blue` was output as a token of the theme, like an `enabled` set's.
    @Test func sourceSetTokensResolveButAreNotOutput() {
        let doc = document(
            #"""
            {"core": {"palette": {"blue": {"value": "#0000ff", "type": "color"}}},
             "light": {"brand": {"value": "{palette.blue}", "type": "color"},
                       "palette": {"red": {"value": "#ff0000", "type": "color"}}},
             "$themes": [{"name": "Light", "selectedTokenSets": {"core": "source", "light": "enabled"}}],
             "$metadata": {"tokenSetOrder": ["core", "light"]}}
            """#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(doc["palette.blue"] == nil)
        #expect(doc["palette.red"]?.value != nil)
        guard case .color(let brand)? = doc["brand"]?.value else {
            Issue.record("brand must resolve through the source set")
            return
        }
        #expect(brand.srgb == (try? ColorValue(hex: "#0000ff")))
        #expect(Set(doc.tokens.keys) == [TokenPath(dotted: "brand"), TokenPath(dotted: "palette.red")])
    }

    /// A plain number beside a length in `+`, `-`, `min`, `max` takes that length's unit, as
    /// Tokens Studio reads it. Before: "adds a length and a plain number" and "max() mixes
    /// lengths and plain numbers", errors.
    @Test func plainNumberTakesTheOtherOperandsUnit() {
        let doc = document(
            #"""
            {"base": {"$type": "number", "$value": 2},
             "gap": {"$type": "dimension", "$value": "{base} + 4px"},
             "less": {"$type": "dimension", "$value": "{base} - 1rem"},
             "big": {"$type": "dimension", "$value": "max({base}, 1rem)"},
             "small": {"$type": "dimension", "$value": "min(3px, {base})"}}
            """#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        // 2px + 4px; 2rem − 1rem = 16px; max(2rem, 1rem) = 32px; min(3px, 2px) (rem base 16).
        #expect(doc["gap"]?.value == .dimension(DTCGDimension(value: 6, unit: .px)))
        #expect(doc["less"]?.value == .dimension(DTCGDimension(value: 16, unit: .px)))
        #expect(doc["big"]?.value == .dimension(DTCGDimension(value: 32, unit: .px)))
        #expect(doc["small"]?.value == .dimension(DTCGDimension(value: 2, unit: .px)))
    }

    /// Issues about a Tokens Studio modifier point at `modify`, not the token's `$value`.
    /// Before: both were located at line 1 (the `$value`).
    @Test func modifierIssuesPointAtTheModifier() {
        let doc = document(
            #"""
            {"c": {"$type": "color", "$value": "#000000",
              "$extensions": {"studio.tokens": {
                "modify": {"type": "alpha", "value": 3}}}},
             "d": {"$type": "color", "$value": "#000000",
              "$extensions": {"studio.tokens": {"modify": {"type": "lighten", "value": 0.5, "space": "srgb"}}}}}
            """#)
        #expect(doc.errors.map { "\($0.path)@\($0.line ?? 0)" } == ["c@3"])
        #expect(
            doc.issues.filter { $0.severity == .warning && $0.message.contains("modifier") }.map {
                "\($0.path)@\($0.line ?? 0)"
            } == ["d@5"])
    }

    /// A colour aliasing a CSS gradient (skipped) is skipped too, with a warning naming both
    /// paths, and the theme still imports. Before: the alias's `dependsOnSkipped` was an error
    /// of the theme import ("skipped … needed by the theme"). Strictly, still an error.
    @Test func aliasOfASkippedGradientIsSkippedToo() throws {
        let json = #"""
            {"color": {"$type": "color",
              "ink": {"$value": "#102030"},
              "gradient": {"$value": "linear-gradient(180deg, #000 0%, #fff 100%)"},
              "hero": {"$value": "{color.gradient}"}}}
            """#
        let imported = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(base: [DTCGSource(name: "g.tokens.json", text: json)]))
        #expect(
            imported.warnings.contains {
                $0.path == TokenPath(dotted: "color.hero")
                    && $0.message == "references skipped token 'color.gradient' (skipped)"
            })
        let strict = document(json, strict: true)
        #expect(strict.errors.contains { $0.path == TokenPath(dotted: "color.hero") })
    }

    /// A misspelt DTCG weight alias is a value not of its type: an error in both modes, as DTCG
    /// makes it. Before: `bolld` was skipped with a warning (the lenient reading of a design
    /// tool's unknown name such as `Ultra`, which stays so). Tokens Studio's free-form names
    /// (`Bold Italic`) are still read with a warning.
    @Test func misspeltWeightAliasIsAnErrorFreeFormNamesAreRead() {
        let json = #"""
            {"w": {"$type": "fontWeight", "typo": {"$value": "bolld"}, "styled": {"$value": "Bold Italic"}}}
            """#
        for strict in [false, true] {
            let doc = document(json, strict: strict)
            #expect(
                doc.errors.map { "\($0.path): \($0.message)" }.contains(
                    "w.typo: invalid value: 'bolld' is not a font weight alias (did you mean 'bold'?)"))
            #expect(doc.skipped[TokenPath(dotted: "w.typo")] == nil)
        }
        let lenient = document(json)
        #expect(lenient["w.styled"]?.value == .fontWeight(.bold))
        #expect(!lenient.errors.contains { $0.path == TokenPath(dotted: "w.styled") })
    }

    /// A source set merges before the enabled ones, so an enabled set's token wins whatever
    /// `tokenSetOrder` says (Tokens Studio and sd-transforms order source sets first). Before:
    /// the source set `global`, last in the order, overrode `light`'s `c`.
    @Test func aSourceSetNeverOverridesAnEnabledSet() throws {
        let doc = document(
            #"""
            {"light": {"c": {"$type": "color", "$value": "#ffffff"}},
             "global": {"c": {"$type": "color", "$value": "#000000"}},
             "$themes": [{"name": "Light", "selectedTokenSets": {"global": "source", "light": "enabled"}}],
             "$metadata": {"tokenSetOrder": ["light", "global"]}}
            """#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        guard case .color(let color)? = doc["c"]?.value else {
            Issue.record("c must be read")
            return
        }
        #expect(color.srgb == (try ColorValue(hex: "#ffffff")))
    }

    /// Only a colour alias of a skipped CSS gradient is skipped with it. Before this fix the
    /// chain was followed to any skipped token, so a colour aliasing a vendor-typed token (a
    /// type mismatch, an import error before the gradient change) and a shadow needing the
    /// gradient were left out silently.
    @Test func onlyColourAliasesOfAGradientAreSkippedWithIt() {
        let sources: [String] = [
            #"{"ext": {"$type": "com.x.t", "$value": 1}, "color": {"$type": "color", "a": {"$value": "{ext}"}}}"#,
            #"""
            {"color": {"$type": "color", "gradient": {"$value": "linear-gradient(180deg, #000 0%, #fff 100%)"}},
             "shadow": {"card": {"$type": "shadow", "$value": {"color": "{color.gradient}",
               "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}}}}
            """#,
        ]
        for json in sources {
            #expect(throws: DTCGError.self, "\(json)") {
                try DTCGThemeImporter().importTheme(
                    from: DTCGThemeSources(base: [DTCGSource(name: "t.tokens.json", text: json)]))
            }
        }
    }

    /// CSS's relative weights and an alias beside other words are not misspellings. Before:
    /// `bolder` was an error ("did you mean 'bold'?"), `lighter` likewise, and `Bold 700` was
    /// "did you mean 'bold'" although it spells `bold`.
    @Test func relativeWeightsAreNotMisspellings() {
        for name in ["bolder", "lighter", "Bold 700"] {
            #expect(DTCGResolution.misspelledWeightAlias(name) == nil, "\(name)")
        }
        #expect(DTCGResolution.misspelledWeightAlias("bolld") == "bold")
        let doc = document(#"{"w": {"$type": "fontWeight", "$value": "bolder"}}"#)
        #expect(!doc.errors.contains { $0.message.contains("did you mean") })
    }
}
