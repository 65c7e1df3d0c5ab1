import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Bugs a review of the Tokens Studio and unprefixed-token reading found: each test names the
/// input and what it used to do.
@Suite(.onOwnThread) struct DTCGReviewFixTests {
    private func document(_ json: String, strict: Bool = false) -> DTCGDocument {
        DTCGDocument(source: DTCGSource(name: "t.json", text: json), options: DTCGOptions(strict: strict))
    }

    /// Before: the modifier's `value` (`{opacity.half}`) was not a dependency, so `color.soft`,
    /// which sorts before `opacity.half`, was evaluated first and failed with
    /// `dependsOnInvalidToken` although the file is valid.
    @Test func modifierReferenceResolvesWhateverThePathOrder() throws {
        let doc = document(
            #"""
            {"color": {"soft": {"$type": "color", "$value": "#000000",
               "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "{opacity.half}"}}}}},
             "opacity": {"half": {"$type": "number", "$value": 0.5}}}
            """#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        guard case .color(let soft)? = doc["color.soft"]?.value else {
            Issue.record("color.soft must resolve")
            return
        }
        #expect(soft.alpha == 0.5)
    }

    /// A Tokens Studio file of 20,000 one-token sets (every tenth token invalid: 2,000 issues
    /// to locate) whose `tokenSetOrder` names every set five times (100,000 entries). Before:
    /// every entry was merged (100,000 merges), each copying the growing root (up to 20,000
    /// members), and each issue's location scanned every set (2,000 × 20,000) — billions of
    /// steps, minutes. Now the order is deduplicated, the merge is in place and a location is
    /// one table lookup: the sets cost well under a second (a debug build spends a few seconds
    /// reading 20,000 tokens at all, sets or not). Not timed here: the structure is checked,
    /// and it finishes.
    @Test func manySetsAndARepeatedOrderReadInLinearSteps() throws {
        let count = 20_000
        var text = "{\n"
        for index in 0..<count {
            let value = index % 10 == 3 ? "true" : "\(index)"
            text += "\"s\(index)\": {\"t\(index)\": {\"$type\": \"number\", \"$value\": \(value)}},\n"
        }
        let names = (0..<count).map { "\"s\($0)\"" }.joined(separator: ", ")
        text += "\"$metadata\": {\"tokenSetOrder\": ["
        text += Array(repeating: names, count: 5).joined(separator: ", ")
        text += "]}}"
        guard case .object(let object) = try JSONValue.parse(text) else {
            Issue.record("the generated file must be an object")
            return
        }
        let selection = try #require(DTCGStudioSets.selection(in: object))
        #expect(selection.sets.count == count)
        #expect(selection.sets.first == "s0" && selection.sets.last == "s\(count - 1)")
        let doc = document(text)
        #expect(doc.tokens.count == count)
        #expect(doc.errors.count == count / 10)
        #expect(doc["t19999"]?.value == .number(19_999))
        // Each issue still points into its own set: `s123` is written on line 125.
        let error = doc.errors.first { $0.path == TokenPath(dotted: "t123") }
        #expect(error?.line == 125)
    }

    /// A set named twice is merged once, at its last place: `["b", "a", "b"]` lets `b` win.
    @Test func repeatedSetNameKeepsItsLastPlace() {
        let doc = document(
            #"""
            {"a": {"x": {"$type": "number", "$value": 1}}, "b": {"x": {"$type": "number", "$value": 2}},
             "$metadata": {"tokenSetOrder": ["b", "a", "b"]}}
            """#)
        #expect(doc["x"]?.value == .number(2))
    }

    /// DTCG 2025.10 allows a group named `value`. Before: `size` was taken for an unprefixed
    /// token (its `value` an object), so leniently `size.value.sm` was lost and strictly the
    /// valid file was an error ("misspelled token?"). Each form of such a group is checked.
    @Test(arguments: [
        // `$type` on the group.
        #"{"size": {"value": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}}}}"#,
        // A subgroup inside it.
        #"{"size": {"value": {"inner": {"sm": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}}}}"#,
        // A `$description`.
        #"{"size": {"value": {"$description": "d", "sm": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}}}"#,
        // An empty group beside the tokens.
        #"{"size": {"value": {}, "sm": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}}"#,
        // A `$ref` (a group extending another).
        ##"{"base": {"sm": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}, "size": {"value": {"$ref": "#/base"}}}"##,
    ])
    func groupNamedValueIsAGroup(json: String) {
        for strict in [false, true] {
            let doc = document(json, strict: strict)
            #expect(doc.errors.isEmpty, "\(strict): \(doc.errors)")
            #expect(
                !doc.issues.contains {
                    if case .departure(.unprefixedTokens, _) = $0.kind { return true }
                    return $0.kind == .incompleteToken(key: "value")
                }, "\(strict): \(doc.issues)")
        }
        let doc = document(json)
        let expected = TokenValue.dimension(DTCGDimension(value: 4, unit: .px))
        #expect(
            [doc["size.value.sm"], doc["size.value.inner.sm"], doc["size.sm"], doc["base.sm"]]
                .contains { $0?.value == expected })
        #expect(doc["size"] == nil)
    }

    /// Before: each set's own `$type` was merged onto the root, so the last set's
    /// (`dimension`) applied to every set's tokens and `red` was read as a dimension (an
    /// error). Now a set's `$type` and `$deprecated` reach only its own members; the file
    /// root's `$extensions` stays, a set's does not.
    @Test func aSetsGroupPropertiesStayInTheSet() throws {
        let doc = document(
            #"""
            {"colors": {"$type": "color", "$deprecated": "old", "red": {"$value": "#ff0000"},
               "$extensions": {"org.example": {"set": "colors"}}},
             "sizes": {"$type": "dimension", "sm": {"$value": "4px"}, "lg": {"$type": "number", "$value": 8}},
             "$extensions": {"org.example": {"file": true}},
             "$metadata": {"tokenSetOrder": ["colors", "sizes"]}}
            """#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(doc["red"]?.type == .color)
        #expect(doc["red"]?.deprecation != nil)
        #expect(doc["sm"]?.type == .dimension)
        #expect(doc["sm"]?.deprecation == nil)
        #expect(doc["lg"]?.type == .number)
        guard case .object(let root) = doc.tree else {
            Issue.record("no tree")
            return
        }
        #expect(root["$type"] == nil)
        #expect(root["$deprecated"] == nil)
        #expect(
            root["$extensions"]
                == .object(JSONObject([("org.example", .object(JSONObject([("file", .bool(true))])))])))
    }

    /// Before: a group nested in an unprefixed token (`color.dark`) was dropped silently, so
    /// `color.dark.bg` was lost; Primer's `alpha` beside `value` was dropped, so the colour
    /// read opaque; and the count walk did not enter tokens, so the warning said 1 token
    /// where 2 were rewritten. Now nested groups are kept, `alpha` applied, the count is the
    /// rewritten tokens', and a dropped member is named in a warning.
    @Test func unprefixedTokenKeepsNestedGroupsAndAlpha() throws {
        let doc = document(
            #"""
            {"color": {"value": "#ffffff", "type": "color", "alpha": 0.5, "attributes": {"category": "color"},
               "dark": {"bg": {"value": "#000000", "type": "color"}}}}
            """#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(doc["color.dark.bg"]?.value != nil)
        guard case .color(let color)? = doc["color"]?.value else {
            Issue.record("color must resolve")
            return
        }
        #expect(color.alpha == 0.5)
        #expect(doc["color.attributes.category"] == nil)
        let messages = doc.issues.map { "\($0.path): \($0.message)" }
        #expect(
            messages.contains {
                $0.hasPrefix("color: 2 tokens written with 'value'/'type'")
            }, "\(messages)")
        #expect(messages.contains("color: token member 'attributes' not in DTCG (ignored)"), "\(messages)")
    }

    /// Before: a theme that enables no set (`{"core": "disabled"}`) read nothing, with a
    /// warning naming an empty list of sets. Now every set in `tokenSetOrder` is read and the
    /// warning says why; when a theme does select, the sets left out are named.
    @Test func themesSelectingNoSetReadEverySet() {
        let none = document(
            #"""
            {"core": {"x": {"$type": "number", "$value": 1}},
             "$themes": [{"name": "Off", "selectedTokenSets": {"core": "disabled"}}],
             "$metadata": {"tokenSetOrder": ["core"]}}
            """#)
        #expect(none["x"]?.value == .number(1))
        #expect(
            none.issues.map(\.message).contains(
                "Tokens Studio token sets core merged in tokenSetOrder: theme 'Off' enables no set"),
            "\(none.issues.map(\.message))")
        let some = document(
            #"""
            {"core": {"x": {"$type": "number", "$value": 1}}, "extra": {"y": {"$type": "number", "$value": 2}},
             "$themes": [{"name": "On", "selectedTokenSets": {"core": "enabled", "extra": "disabled"}}],
             "$metadata": {"tokenSetOrder": ["core", "extra"]}}
            """#)
        #expect(some["y"] == nil)
        #expect(
            some.issues.map(\.message).contains(
                "Tokens Studio token sets core merged as theme 'On' (not read: sets extra)"),
            "\(some.issues.map(\.message))")
    }
}
