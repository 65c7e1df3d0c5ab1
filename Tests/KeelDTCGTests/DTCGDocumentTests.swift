import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Acceptance 6: the DTCG importer checklist (tokens-motion-startup.md §1.7).
@Suite(.onOwnThread) struct DTCGDocumentTests {
    /// Strict: this suite is the letter of the spec (DTCGLenientTests reads leniently).
    private func document(_ json: String, legacy: Bool = false) -> DTCGDocument {
        DTCGDocument(
            source: DTCGSource(name: "test.tokens.json", text: json),
            options: DTCGOptions(legacy: legacy, strict: true))
    }

    private func kinds(_ document: DTCGDocument, at path: String) -> [DTCGIssue.Kind] {
        document.issues.filter { $0.path == TokenPath(dotted: path) }.map(\.kind)
    }

    @Test func minimalTokenParses() {
        let doc = document(#"{"size": {"$type": "dimension", "$value": {"value": 16, "unit": "px"}}}"#)
        #expect(doc.issues.isEmpty)
        #expect(doc["size"]?.value == .dimension(DTCGDimension(value: 16, unit: .px)))
    }

    @Test func groupTypeIsInheritedAndExplicitTypeWins() {
        let doc = document(
            #"""
            {"space": {"$type": "dimension",
              "small": {"$value": {"value": 4, "unit": "px"}},
              "ratio": {"$type": "number", "$value": 1.5}}}
            """#)
        #expect(doc.issues.isEmpty)
        #expect(doc["space.small"]?.type == .dimension)
        #expect(doc["space.ratio"]?.value == .number(1.5))
    }

    @Test func aliasChainResolves() {
        let doc = document(
            #"""
            {"color": {"$type": "color",
              "primary": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
              "brand": {"$value": "{color.primary}"},
              "link": {"$value": "{color.brand}"}}}
            """#)
        #expect(doc.issues.isEmpty)
        guard case .color(let color)? = doc["color.link"]?.value else {
            Issue.record("link did not resolve")
            return
        }
        #expect(color.srgb.hexString == "#FF0000")
        #expect(doc["color.link"]?.aliasTarget == "{color.brand}")
    }

    @Test func threeCycleGivesOneErrorListingAllAndUnrelatedResolves() {
        let doc = document(
            #"""
            {"n": {"$type": "number",
              "a": {"$value": "{n.b}"}, "b": {"$value": "{n.c}"}, "c": {"$value": "{n.a}"},
              "free": {"$value": 3}, "user": {"$value": "{n.a}"}}}
            """#)
        let cycles = doc.issues.compactMap { issue -> [TokenPath]? in
            if case .circularReference(let cycle) = issue.kind { return cycle }
            return nil
        }
        #expect(cycles.count == 1)
        #expect(Set(cycles[0]) == [["n", "a"], ["n", "b"], ["n", "c"]])
        #expect(cycles[0].count == 4)
        #expect(cycles[0].first == cycles[0].last)
        #expect(doc["n.a"]?.value == nil)
        #expect(doc["n.b"]?.value == nil)
        #expect(doc["n.c"]?.value == nil)
        #expect(doc["n.free"]?.value == .number(3))
        #expect(kinds(doc, at: "n.user") == [.dependsOnInvalidToken(["n", "a"])])
    }

    @Test func missingReferenceIsUnresolvable() {
        let doc = document(#"{"x": {"$type": "number", "z": {"$value": "{x.y}"}}}"#)
        #expect(kinds(doc, at: "x.z") == [.unresolvableReference("{x.y}")])
    }

    @Test func referenceToGroupIsInvalidButRootResolves() {
        let doc = document(
            #"""
            {"color": {"$type": "color",
              "accent": {"$root": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1]}},
                         "light": {"$value": {"colorSpace": "srgb", "components": [0.5, 0.5, 1]}}},
              "bad": {"$value": "{color.accent}"},
              "good": {"$value": "{color.accent.$root}"}}}
            """#)
        #expect(kinds(doc, at: "color.bad") == [.referenceToGroup("{color.accent}")])
        #expect(doc["color.good"]?.value != nil)
        #expect(kinds(doc, at: "color.good").isEmpty)
    }

    @Test func pointerIntoAValueResolvesToANumber() {
        let doc = document(
            #"""
            {"a": {"b": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.25, 0.5, 1]}}},
             "red": {"$type": "number", "$value": {"$ref": "#/a/b/$value/components/0"}}}
            """#)
        #expect(doc["red"]?.value == .number(0.25))
    }

    @Test func tokenLevelPointerAlias() {
        let doc = document(
            #"""
            {"a": {"b": {"$type": "number", "$value": 2}},
             "c": {"$value": {"$ref": "#/a/b"}},
             "d": {"$type": "number", "$value": {"$ref": "#/a~1b/x"}}}
            """#)
        #expect(doc["c"]?.value == .number(2))
        #expect(doc["c"]?.type == .number)
        #expect(kinds(doc, at: "d") == [.unresolvableReference("#/a~1b/x")])
    }

    @Test func emDimensionIsInvalid() {
        let doc = document(#"{"s": {"$type": "dimension", "$value": {"value": 1, "unit": "em"}}}"#)
        #expect(doc["s"]?.value == nil)
        #expect(doc.errors.count == 1)
        #expect(doc.errors.first?.path == ["s"])
    }

    @Test func wrongCaseFontWeightIsInvalid() {
        let doc = document(
            #"{"w": {"$type": "fontWeight", "bad": {"$value": "Bold"}, "ok": {"$value": "semi-bold"}, "n": {"$value": 1001}}}"#
        )
        #expect(doc["w.bad"]?.value == nil)
        #expect(doc["w.ok"]?.value == .fontWeight(.semibold))
        #expect(doc["w.n"]?.value == nil)
    }

    @Test func shadowArrayMixingReferenceAndObject() throws {
        let doc = document(
            #"""
            {"shadow": {"$type": "shadow",
              "base": {"$value": {"color": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.1},
                "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 1, "unit": "px"},
                "blur": {"value": 2, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}},
              "layered": {"$value": ["{shadow.base}", {"color": {"colorSpace": "srgb", "components": [0, 0, 0]},
                "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 4, "unit": "px"},
                "blur": {"value": 8, "unit": "px"}, "spread": {"value": 0, "unit": "px"}, "inset": true}]}}}
            """#)
        #expect(doc.issues.isEmpty)
        guard case .shadow(let layers)? = doc["shadow.layered"]?.value else {
            Issue.record("no shadow")
            return
        }
        #expect(layers.count == 2)
        #expect(layers[1].inset)
    }

    @Test func extensionsRoundTripByteEquivalent() {
        let text = #"""
            {
              "color": {
                "$type": "color",
                "brand": {
                  "$value": {"colorSpace": "srgb", "components": [1, 0.33, 0.16]},
                  "$extensions": {"com.example.tool": {"nested": [1, "two", {"three": null}], "flag": true, "ratio": 0.125}}
                }
              }
            }
            """#
        let doc = document(text)
        let original = doc["color.brand"]!.extensions!
        let reparsed = try! JSONValue.parse(doc.encoded())
        let reread = DTCGDocument(source: DTCGSource(name: "again", text: reparsed.encoded()))
        #expect(reread["color.brand"]?.extensions == original)
        #expect(
            reread["color.brand"]!.extensions!.encoded(sortedKeys: false)
                == (try! JSONValue.parse(text))["color"]!["brand"]!["$extensions"]!.encoded(sortedKeys: false)
        )
        #expect(doc.encoded() == reread.encoded())
    }

    @Test func extendsOverridesAndInherits() {
        let doc = document(
            #"""
            {"input": {"$type": "dimension",
               "width": {"$value": {"value": 100, "unit": "px"}},
               "background": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 1, 1]}}},
             "field": {"$extends": "{input}",
               "width": {"$value": {"value": 200, "unit": "px"}}}}
            """#)
        #expect(doc.issues.isEmpty)
        #expect(doc["field.width"]?.value == .dimension(DTCGDimension(value: 200)))
        #expect(doc["field.background"]?.type == .color)
    }

    @Test func circularExtendsIsReported() {
        let doc = document(#"{"a": {"$extends": "{b}"}, "b": {"$extends": "{a}"}}"#)
        #expect(doc.issues.contains { if case .circularExtends = $0.kind { true } else { false } })
        let targetsToken = document(#"{"t": {"$type": "number", "$value": 1}, "g": {"$extends": "{t}"}}"#)
        #expect(kinds(targetsToken, at: "g") == [.invalidExtends("'t' is not a group")])
    }

    @Test func tokenWithChildrenIsAnError() {
        let doc = document(#"{"a": {"$type": "number", "$value": 1, "b": {"$value": 2}}}"#)
        #expect(kinds(doc, at: "a") == [.departure(.tokenWithChildren, strict: true)])
    }

    @Test(arguments: ["$bad", "a.b", "a{b", "c}"])
    func invalidNames(name: String) {
        let json = JSONValue.object(
            JSONObject([(name, .object(JSONObject([("$type", .string("number")), ("$value", .number(1))])))]))
        let doc = document(json.encoded())
        #expect(doc.errors.map(\.kind) == [.invalidName(name)])
    }

    @Test func caseOnlyDifferenceWarnsAndUnknownPropertiesAreKept() {
        let doc = document(
            #"{"Size": {"$type": "number", "$value": 1}, "size": {"$type": "number", "$value": 2, "$future": 1}}"#
        )
        #expect(doc.errors.isEmpty)
        #expect(doc.issues.contains { $0.kind == .namesDifferOnlyInCase("Size", "size") })
        #expect(doc.issues.contains { $0.kind == .unknownProperty("$future") && $0.severity == .warning })
        #expect(doc.encoded().contains("$future"))
    }

    @Test func typeIsNeverGuessed() {
        let doc = document(#"{"n": {"$value": 1}, "m": {"$type": "nope", "$value": 1}}"#)
        #expect(kinds(doc, at: "n") == [.departure(.untyped, strict: true)])
        #expect(kinds(doc, at: "m") == [.departure(.extensionType("nope"), strict: true)])
    }

    @Test func typeMismatchOnAliasAndSubValue() {
        let doc = document(
            #"""
            {"n": {"$type": "number", "$value": 1},
             "d": {"$type": "dimension", "$value": "{n}"},
             "b": {"$type": "border", "$value": {"color": "{n}", "width": {"value": 1, "unit": "px"}, "style": "solid"}}}
            """#)
        #expect(
            kinds(doc, at: "d") == [.typeMismatch(expected: .dimension, found: .number, reference: "{n}")])
        #expect(kinds(doc, at: "b") == [.typeMismatch(expected: .color, found: .number, reference: "{n}")])
    }

    @Test func deprecationInheritsAndFalseOverrides() {
        let doc = document(
            #"""
            {"old": {"$deprecated": "use new", "$type": "number",
              "a": {"$value": 1}, "b": {"$value": 2, "$deprecated": false}}}
            """#)
        #expect(doc["old.a"]?.deprecation == DTCGDeprecation(reason: "use new"))
        #expect(doc["old.b"]?.deprecation == nil)
    }

    /// Strictly, `value` without `$value` is still not a token: the file is told once that it
    /// uses the Style Dictionary 3 / Tokens Studio form (an error), and the object is reported
    /// as a misspelled token (lenient reading reads it: DTCGToolFormTests).
    @Test func incompleteTokenWarns() {
        let doc = document(#"{"typo": {"value": 1, "type": "number"}}"#)
        #expect(
            doc.issues.map(\.kind) == [
                .departure(.unprefixedTokens(count: 1), strict: true), .incompleteToken(key: "value"),
            ])
        #expect(doc["typo"] == nil)
    }

    @Test func legacyStringForms() {
        let json = #"""
            {"d": {"$type": "dimension", "$value": "0.25rem"}, "t": {"$type": "duration", "$value": "200ms"},
             "c": {"$type": "color", "$value": "#00000080"}}
            """#
        let strict = document(json)
        #expect(strict.errors.count == 3)
        let legacy = document(json, legacy: true)
        #expect(legacy.issues.isEmpty)
        #expect(legacy["d"]?.value == .dimension(DTCGDimension(value: 0.25, unit: .rem)))
        #expect(legacy["t"]?.value == .duration(DTCGDuration(value: 200, unit: .ms)))
        guard case .color(let color)? = legacy["c"]?.value else { return }
        #expect(color.srgb.hexString == "#00000080")
    }

    @Test func gradientPositionsAreClamped() {
        let doc = document(
            #"""
            {"g": {"$type": "gradient", "$value": [
              {"color": {"colorSpace": "srgb", "components": [0, 0, 0]}, "position": -0.5},
              {"color": {"colorSpace": "srgb", "components": [1, 1, 1]}, "position": 1.5}]}}
            """#)
        guard case .gradient(let stops)? = doc["g"]?.value else {
            Issue.record("no gradient")
            return
        }
        #expect(stops.map(\.location) == [0, 1])
    }

    @Test(arguments: [
        #"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0]}}}"#,
        #"{"c": {"$type": "color", "$value": {"colorSpace": "cmyk", "components": [1, 0, 0]}}}"#,
        #"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 2}}}"#,
        ##"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#fff"}}}"##,
        #"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1.5, 0, 0]}}}"#,
        #"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0], "extra": 1}}}"#,
        #"{"c": {"$type": "cubicBezier", "$value": [1.5, 0, 0.5, 1]}}"#,
        #"{"c": {"$type": "duration", "$value": {"value": 1, "unit": "min"}}}"#,
        #"{"c": {"$type": "strokeStyle", "$value": "wavy"}}"#,
        #"{"c": {"$type": "fontFamily", "$value": []}}"#,
        #"{"c": {"$type": "typography", "$value": {"fontFamily": "A", "fontSize": {"value": 1, "unit": "px"}}}}"#,
        #"{"c": {"$type": "number", "$value": "{bad"}}"#,
        #"{"c": {"$type": "number", "$value": "{a..b}"}}"#,
    ])
    func invalidValuesAreReportedWithThePath(json: String) {
        let doc = document(json)
        #expect(doc.errors.count == 1)
        #expect(doc.errors.first?.path == ["c"])
        #expect(doc["c"]?.value == nil)
    }

    // `{"a": 1,}` was here: a trailing comma is JSON5, now read (DTCGJSON5Tests); `1,,` is not.
    @Test(arguments: [
        "", "{", "[1, 2]", "{\"a\": }", "{\"a\": 1,,}", "nul", "{\"a\": \"\\x\"}", "{\"a\": 01}",
        String(repeating: "[", count: 100_000), "{\"a\": 1} trailing", "\"\\ud800\"",
    ])
    func malformedJSONNeverCrashes(text: String) {
        let doc = document(text)
        #expect(doc.errors.count == 1)
        #expect(doc.tokens.isEmpty)
    }

    @Test func syntaxErrorsHaveLineAndColumn() {
        let doc = document("{\n  \"a\": ,\n}")
        guard case .syntax(let error)? = doc.errors.first?.kind else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(error.line == 2)
        #expect(error.column == 8)
        #expect(doc.errors.first?.source == "test.tokens.json")
    }

    @Test func filesMergeInOrderLastWins() {
        let base = DTCGSource(
            name: "base.json", text: #"{"n": {"$type": "number", "a": {"$value": 1}, "b": {"$value": 2}}}"#)
        let over = DTCGSource(name: "over.json", text: #"{"n": {"a": {"$value": 10}}}"#)
        let doc = DTCGDocument(sources: [base, over])
        #expect(doc["n.a"]?.value == .number(10))
        #expect(doc["n.b"]?.value == .number(2))
        #expect(doc["n.a"]?.source == "over.json")
        #expect(doc["n.b"]?.source == "base.json")
    }
}
