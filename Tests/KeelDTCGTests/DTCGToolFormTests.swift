import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Token files as Style Dictionary 3 and Tokens Studio write them, found in published design
/// systems (Adobe Spectrum's Tokens Studio data, Element's Compound, Telekom Scale, MetaMask,
/// Style Dictionary's examples): tokens spelled `value`/`type` without `$`, and Tokens Studio
/// colour modifiers in `$extensions`. The samples are hand-written, a few lines of each form.
@Suite(.onOwnThread) struct DTCGToolFormTests {
    private func document(_ json: String, strict: Bool = false) -> DTCGDocument {
        DTCGDocument(
            source: DTCGSource(name: "tool.tokens.json", text: json), options: DTCGOptions(strict: strict))
    }

    /// `line:column: path: [warning: ]message` of every issue, without the file name and the
    /// quoted value.
    private func lines(_ issues: [DTCGIssue]) -> [String] {
        issues.map { issue in
            var line = String(issue.description.dropFirst("tool.tokens.json:".count))
            if let range = line.range(of: " (as written: ") { line = String(line[..<range.lowerBound]) }
            return line
        }
    }

    static let unprefixed = #"""
        {
          "brand": {
            "ink": {"value": "#202124", "type": "color", "description": "body text"},
            "paper": {"value": "#ffffff", "type": "color", "comment": "page", "attributes": {"category": "color"}},
            "link": {"value": "{brand.ink}", "type": "color", "$extensions": {"org.example": {"id": 7}}}
          },
          "space": {
            "value": {"sm": {"value": "4", "type": "spacing"}},
            "md": {"value": {"value": 8, "unit": "px"}, "type": "dimension"}
          },
          "heading": {"value": {"fontFamily": "Inter", "fontWeight": "Bold", "fontSize": "20px", "lineHeight": "120%"},
            "type": "typography"}
        }
        """#

    /// Before: every token here was an empty group — `group has a 'value' member but no
    /// $value: misspelled token?` (or, beside `$extensions`, `member 'value' (string) is not a
    /// token or group`) — so a Tokens Studio export read as a file with no tokens at all.
    @Test func unprefixedTokensAreReadWithOneWarningPerFile() {
        let doc = document(Self.unprefixed)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(doc["brand.ink"]?.value == .color(DTCGColor(try! ColorValue(hex: "#202124"))))
        #expect(doc["brand.ink"]?.description == "body text")
        #expect(doc["brand.paper"]?.description == "page")
        #expect(doc["brand.link"]?.value == doc["brand.ink"]?.value)
        #expect(
            doc["brand.link"]?.extensions
                == .object(JSONObject([("org.example", .object(JSONObject([("id", .number(7))])))])))
        // A group that holds a token named `value` stays a group.
        #expect(doc["space.value.sm"]?.value == .dimension(DTCGDimension(value: 4, unit: .px)))
        #expect(doc["space.md"]?.value == .dimension(DTCGDimension(value: 8, unit: .px)))
        #expect(doc["heading"]?.type == .typography)
        #expect(doc["heading"]?.value != nil)
        // SD's own metadata is not read as child tokens.
        #expect(doc["brand.paper.attributes.category"] == nil)
        let unprefixed = doc.issues.filter {
            if case .departure(.unprefixedTokens, _) = $0.kind { return true }
            return false
        }
        #expect(
            lines(unprefixed) == [
                "3:5: brand.ink: warning: 6 tokens written with 'value'/'type' (Style Dictionary 3 / Tokens Studio form; read as $value/$type, '$a.b' references as '{a.b}'), this one first"
            ])
        #expect(!doc.issues.contains { $0.kind == .incompleteToken(key: "value") })
    }

    /// Figma Tokens (Tokens Studio's former name) wrote references as `"$a.b"`, in values
    /// and inside typographies (MetaMask's `"fontFamily": "$fontFamilies.euclid-circular-b"`).
    /// Before: `'$fontWeights.bold' is not a font weight alias`, an error per typography.
    @Test func figmaTokensDollarReferencesAreRead() {
        let doc = document(
            #"""
            {"fontFamilies": {"brand": {"value": "Inter", "type": "fontFamilies"}},
             "fontWeights": {"bold": {"value": "700", "type": "fontWeights"}},
             "lineHeights": {"tight": {"value": "1.2", "type": "lineHeights"}},
             "heading": {"type": "typography", "value": {"fontFamily": "$fontFamilies.brand",
               "fontWeight": "$fontWeights.bold", "fontSize": "20", "lineHeight": "$lineHeights.tight"}},
             "strong": {"value": "$fontWeights.bold", "type": "fontWeights"},
             "price": {"value": "$5", "type": "fontFamilies"}}
            """#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(doc["strong"]?.value == .fontWeight(FontWeight(rawValue: 700)))
        #expect(doc["heading"]?.value != nil)
        // Not a reference: `$` and a digit.
        #expect(doc["price"]?.value == .fontFamily(["$5"]))
    }

    /// Strictly the form is an error (once per file) and the tokens are not read.
    @Test func unprefixedTokensAreAnErrorStrictly() {
        let doc = document(Self.unprefixed, strict: true)
        #expect(doc["brand.ink"] == nil)
        #expect(
            doc.errors.map { "\($0.path): \($0.message)" }.first
                == "brand.ink: 6 tokens written with 'value' instead of '$value' (Style Dictionary 3 / Tokens Studio form), this one first"
        )
    }

    /// A bad value in an unprefixed token is located at its `value` member, as written.
    @Test func errorsInUnprefixedTokensPointAtTheirValue() {
        let doc = document(
            """
            {"size": {
              "gap": {"type": "dimension",
                      "value": true}}}
            """)
        let error = doc.errors.first
        #expect(error?.path == TokenPath(dotted: "size.gap"))
        // Line 3, where `value` is written, not line 2, where the token starts.
        #expect(error?.line == 3)
    }

    /// Before: the modifier was ignored, so `text.muted` read as opaque black instead of
    /// black at 65 %; an alias to it must see the modified colour too.
    @Test func tokensStudioAlphaModifierIsApplied() throws {
        let doc = document(
            #"""
            {"base": {"black": {"$type": "color", "$value": "#000000"}, "half": {"$type": "number", "$value": 0.5}},
             "text": {
               "muted": {"value": "{base.black}", "type": "color",
                 "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "0.65", "space": "hsl"}}}},
               "faint": {"value": "#000000", "type": "color",
                 "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "{base.half}"}}}},
               "hint": {"value": "{text.muted}", "type": "color"}}}
            """#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        guard case .color(let muted)? = doc["text.muted"]?.value,
            case .color(let faint)? = doc["text.faint"]?.value
        else {
            Issue.record("no colours")
            return
        }
        #expect(muted.alpha == 0.65)
        #expect(muted.components == [0, 0, 0])
        #expect(faint.alpha == 0.5)
        #expect(doc["text.hint"]?.value == .color(muted))
        #expect(
            doc.issues.contains {
                $0.path == TokenPath(dotted: "text.muted")
                    && $0.message == "Tokens Studio colour modifier 'alpha 0.65' applied"
            })
    }

    /// A modifier type Tokens Studio does not define (`saturate`; `lighten`, `darken` and `mix`
    /// are applied, see `DTCGStudioModifierTests`): the token is skipped with a warning naming
    /// it — never read as the unmodified colour — and the rest of the file is read. Strictly,
    /// an error. Before: read as the unmodified colour.
    @Test func otherTokensStudioModifiersSkipTheToken() {
        let json = #"""
            {"brand": {"$type": "color",
              "base": {"$value": {"colorSpace": "srgb", "components": [0.2, 0.4, 1]}},
              "light": {"$value": "{brand.base}",
                "$extensions": {"studio.tokens": {"modify": {"type": "saturate", "value": "0.2", "space": "hsl"}}}},
              "pale": {"$value": "{brand.light}"}}}
            """#
        let doc = document(json)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(doc["brand.base"]?.value != nil)
        #expect(doc["brand.light"]?.value == nil)
        #expect(doc.skipped[TokenPath(dotted: "brand.light")] == .colorModifier("saturate", applied: false))
        #expect(
            doc.skipped[TokenPath(dotted: "brand.pale")]
                == .dependsOnSkipped(TokenPath(dotted: "brand.light")))
        let strict = document(json, strict: true)
        #expect(
            strict.errors.map { "\($0.path): \($0.message)" }.contains(
                "brand.light: Tokens Studio colour modifier 'saturate' in $extensions changes the value (not DTCG)"
            ))
    }

    /// An alpha outside 0...1 is an error of the token, not a colour with alpha 3.
    @Test func alphaModifierOutOfRangeIsAnError() {
        let doc = document(
            #"""
            {"c": {"$type": "color", "$value": "#000000",
              "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": 3}}}}}
            """#)
        #expect(
            doc.errors.map { "\($0.path): \($0.message)" } == [
                "c: invalid value: Tokens Studio alpha modifier 3 is not in 0...1"
            ])
    }
}

/// Tokens Studio writes gradients as colour tokens holding a CSS `linear-gradient(…)` (Element's
/// Compound: `color.gradient.*.linear`).
@Suite(.onOwnThread) struct DTCGCSSGradientTests {
    static let json = #"""
        {"color": {"$type": "color",
          "stop": {"a": {"$value": "#102030"}, "b": {"$value": "#405060"}},
          "fade": {"$value": "linear-gradient(180deg, {color.stop.a} 0%, {color.stop.b} 100%)"},
          "ring": {"$value": "repeating-radial-gradient(circle, #fff, #000 10%)"}}}
        """#

    /// Before: `invalid value: expected a colour object {colorSpace, components}, found
    /// 'linear-gradient(…)'`, an error that failed the whole file and the theme import. Now
    /// the gradients are skipped with a warning naming them; the other colours are read.
    @Test func cssGradientsUnderColourAreSkippedNotErrors() throws {
        let doc = DTCGDocument(source: DTCGSource(name: "g.tokens.json", text: Self.json))
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(doc["color.stop.a"]?.value != nil)
        #expect(doc["color.fade"]?.value == nil)
        #expect(
            doc.skipped[TokenPath(dotted: "color.fade")]
                == .cssGradient("linear-gradient(180deg, {color.stop.a} 0%, {color.stop.b} 100%)"))
        #expect(doc.skipped[TokenPath(dotted: "color.ring")] != nil)
        // A theme has no table for a gradient: leaving it out is not an error of the import.
        let imported = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(base: [DTCGSource(name: "g.tokens.json", text: Self.json)]))
        #expect(imported.warnings.contains { $0.path == TokenPath(dotted: "color.fade") })
        let strict = DTCGDocument(
            source: DTCGSource(name: "g.tokens.json", text: Self.json), options: DTCGOptions(strict: true))
        #expect(strict.errors.contains { $0.path == TokenPath(dotted: "color.fade") })
    }
}

/// Tokens Studio math over a unitless "spacing" ratio (Telekom Scale's `Dimension.Ratio: "2"`
/// beside `Dimension.Base: "8px"`).
@Suite(.onOwnThread) struct DTCGUnitlessOperandTests {
    /// Before: `expression '{d.base} * {d.ratio}' multiplies two lengths`, an error, because
    /// the ratio, typed as a dimension and written without a unit, was read as 2 px. Written
    /// without a unit it is a number in an expression; with one it is still a length.
    @Test func unitlessDimensionIsANumberInExpressions() {
        let doc = DTCGDocument(
            source: DTCGSource(
                name: "d.tokens.json",
                text: #"""
                    {"d": {"$type": "dimension", "base": {"$value": "8px"}, "ratio": {"$value": "2"},
                      "twice": {"$value": "{d.base} * {d.ratio}"},
                      "step": {"$value": "{d.base} + ({d.base} * {d.ratio} - {d.base}) * 0.25"},
                      "square": {"$value": "{d.base} * {d.base}"}}}
                    """#))
        #expect(doc["d.twice"]?.value == .dimension(DTCGDimension(value: 16, unit: .px)))
        #expect(doc["d.step"]?.value == .dimension(DTCGDimension(value: 10, unit: .px)))
        #expect(
            doc.errors.map(\.message) == [
                "invalid value: expression '{d.base} * {d.base}' multiplies two lengths"
            ])
    }
}

/// A Tokens Studio file of token sets (its single-file sync: Telekom Scale's
/// `telekom-design-tokens.all.json`): sets at the top level, `$metadata.tokenSetOrder`, and
/// `$themes` with theme groups; references inside a set omit the set's name.
@Suite(.onOwnThread) struct DTCGStudioSetsTests {
    static let json = #"""
        {
          "core": {"ink": {"value": "#111111", "type": "color"}, "gap": {"value": "4px", "type": "spacing"}},
          "light": {"text": {"value": "{ink}", "type": "color"}},
          "dark": {"text": {"value": "#eeeeee", "type": "color"}},
          "roomy": {"pad": {"value": "{gap} * 2", "type": "spacing"}, "bad": {"value": true, "type": "spacing"}},
          "$themes": [
            {"name": "Light", "group": "mode", "selectedTokenSets": {"core": "source", "light": "enabled"}},
            {"name": "Dark", "group": "mode", "selectedTokenSets": {"core": "source", "dark": "enabled"}},
            {"name": "Roomy", "group": "density", "selectedTokenSets": {"roomy": "enabled"}}
          ],
          "$metadata": {"tokenSetOrder": ["core", "light", "dark", "roomy"]}
        }
        """#

    /// Before: the sets were read as groups `core.ink`, `light.text`…, so every reference
    /// (`{ink}`, `{gap}`) was "does not name a token" — an error for each — and light and dark
    /// were both read. Now the first theme of each group selects the sets, merged in
    /// `tokenSetOrder`, with one warning naming them; issues still point into the set.
    @Test func setsOfTheFirstThemeOfEachGroupAreMerged() {
        let doc = DTCGDocument(source: DTCGSource(name: "all.json", text: Self.json))
        // `core` is a `source` set: `{ink}` and `{gap}` resolve, its tokens are not output.
        guard case .color(let text)? = doc["text"]?.value else {
            Issue.record("text must resolve")
            return
        }
        #expect(text.srgb == (try? ColorValue(hex: "#111111")))
        #expect(doc["ink"] == nil && doc["gap"] == nil)
        #expect(doc["pad"]?.value == .dimension(DTCGDimension(value: 8, unit: .px)))
        #expect(doc["core.ink"] == nil)
        let lines = doc.issues.map { issue in
            var line = issue.description
            if let range = line.range(of: " (as written: ") { line = String(line[..<range.lowerBound]) }
            return line
        }
        #expect(
            lines.contains(
                "all.json:1:1: (root): warning: Tokens Studio token sets core, light, roomy merged as themes 'Light', 'Roomy' (not read: sets dark; themes Dark; a resolver document selects them)"
            ))
        // The error is located in the `roomy` set, where the value is written.
        #expect(doc.errors.map { "\($0.path)@\($0.line ?? 0)" } == ["bad@5"])
    }

    /// Strictly, such a file is one error and read as plain DTCG (its references then fail).
    @Test func strictlyTheSetsAreAnError() {
        let doc = DTCGDocument(
            source: DTCGSource(name: "all.json", text: Self.json), options: DTCGOptions(strict: true))
        #expect(
            doc.errors.contains {
                $0.path == TokenPath([])
                    && $0.message
                        == "a Tokens Studio file of token sets (top-level sets, $metadata.tokenSetOrder), not a DTCG token file"
            })
        #expect(doc["text"] == nil)
    }

    /// Without `$themes`, every set in `tokenSetOrder` (later sets win).
    @Test func withoutThemesEverySetInOrder() {
        let doc = DTCGDocument(
            source: DTCGSource(
                name: "all.json",
                text: #"""
                    {"b": {"x": {"$type": "number", "$value": 2}}, "a": {"x": {"$type": "number", "$value": 1}},
                     "$metadata": {"tokenSetOrder": ["a", "b"]}}
                    """#))
        #expect(doc["x"]?.value == .number(2))
        #expect(doc.errors.isEmpty)
    }
}

/// GitHub Primer writes translucent colours as `"alpha"` beside `$value`, and in shadow
/// layers (its transforms set the colour's alpha to it).
@Suite(.onOwnThread) struct DTCGAlphaMemberTests {
    /// Before: the alpha was "not a token or group (ignored)" beside a colour and an ignored
    /// extra member in a shadow layer, so both colours read opaque.
    @Test func alphaBesideAColourAndInAShadowLayerIsApplied() throws {
        let doc = DTCGDocument(
            source: DTCGSource(
                name: "p.tokens.json",
                text: #"""
                    {"base": {"$type": "color", "ink": {"$value": "#1f2328"}},
                     "hover": {"$type": "color", "$value": "{base.ink}", "alpha": 0.1},
                     "lift": {"$type": "shadow", "$value": {"color": "{base.ink}", "alpha": 0.3,
                       "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}},
                     "ratio": {"$type": "number", "$value": 2, "alpha": 0.5}}
                    """#))
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        guard case .color(let hover)? = doc["hover"]?.value, case .shadow(let lift)? = doc["lift"]?.value
        else {
            Issue.record("hover and lift must resolve")
            return
        }
        #expect(hover.alpha == 0.1)
        #expect(lift.first?.color.alpha == 0.3)
        // Beside another type it means nothing: ignored with a warning, as before.
        #expect(doc["ratio"]?.value == .number(2))
        #expect(
            doc.issues.contains {
                $0.path == TokenPath(dotted: "ratio") && $0.message.contains("member 'alpha' (number)")
            })
    }
}

/// What a theme group's table could not use is not a value the theme needs.
@Suite(.onOwnThread) struct DTCGSkippedOutsideTheTableTests {
    /// Before: Compound's iOS file (`font.letter-spacing.body.lg: "-2.6%"`, a standalone
    /// percentage Keel cannot convert) failed the import — "the theme needs this token, which
    /// was skipped" — although a dimension under `font` is ignored by the theme even when it
    /// resolves; likewise Telekom's `Font Weight.Ultra`, a weight name with no known number,
    /// was an invalid-value error. Both are now skipped with a warning and the import succeeds.
    @Test func skippedTokensOfTypesTheGroupIgnoresDoNotFailTheImport() throws {
        let json = #"""
            {"font": {"letter-spacing": {"lg": {"$type": "dimension", "$value": "-2.6%"}},
              "weight": {"ultra": {"$type": "fontWeight", "$value": "Ultra"}},
              "body": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"},
                "fontWeight": 400, "lineHeight": 1.4}}}}
            """#
        let source = DTCGSource(name: "f.tokens.json", text: json)
        let imported = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: [source]))
        #expect(imported.theme.metrics.fonts[KeelFontToken(rawValue: "body")] != nil)
        let doc = DTCGDocument(source: source)
        #expect(doc.skipped[TokenPath(dotted: "font.weight.ultra")] == .unknownWeightName("Ultra"))
        #expect(doc.skipped[TokenPath(dotted: "font.letter-spacing.lg")] != nil)
        // A typography the theme would use still fails the import when it cannot be read.
        let needed = DTCGSource(
            name: "n.tokens.json",
            text: #"""
                {"font": {"body": {"$type": "typography", "$value": {"fontFamily": "Inter",
                  "fontSize": {"value": 16, "unit": "px"}, "fontWeight": "Ultra", "lineHeight": 1.4}}}}
                """#)
        #expect(throws: DTCGError.self) {
            try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: [needed]))
        }
    }
}
