import Foundation
import KeelDesign
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Findings of the review of Tokens Studio's colour modifiers and of a trial on real files:
/// each test names the input and what it used to do.
@Suite(.onOwnThread) struct DTCGReviewFourTests {
    private func document(_ json: String, strict: Bool = false) -> DTCGDocument {
        DTCGDocument(source: DTCGSource(name: "t.json", text: json), options: DTCGOptions(strict: strict))
    }

    /// `path@line: message` of each error.
    private func located(_ doc: DTCGDocument) -> [String] {
        doc.errors.map { "\($0.path)@\($0.line ?? 0): \($0.message)" }
    }

    /// A modifier whose `value` or `color` reference fails is located at the modifier (line 3),
    /// the reference named. Before: `decode`'s failures (unresolvableReference, typeMismatch,
    /// invalidValue, circularReference) were `$value` issues, located at line 1; and `true`
    /// as the amount was "expected a number", also at line 1.
    @Test func modifierMemberFailuresPointAtTheModifier() {
        func doc(_ modify: String) -> DTCGDocument {
            document(
                """
                {"c":{"$type":"color","$value":"#000000",
                 "$extensions":{"studio.tokens":{
                 "modify":\(modify)}}},
                 "some":{"number":{"$type":"number","$value":0.5}}}
                """)
        }
        #expect(
            located(doc(#"{"type":"mix","value":"{nope}","color":"{c}","space":"srgb"}"#)) == [
                "c@3: invalid value: Tokens Studio mix modifier 'value': reference '{nope}' does not name a token"
            ])
        #expect(
            located(doc(#"{"type":"lighten","value":true,"space":"srgb"}"#)) == [
                "c@3: invalid value: Tokens Studio lighten modifier value is a boolean, not a number or a reference to a number token"
            ])
        #expect(
            located(doc(#"{"type":"mix","value":"0.5","color":"{some.number}","space":"srgb"}"#)) == [
                "c@3: invalid value: Tokens Studio mix modifier 'color': reference '{some.number}' is a number token, expected color"
            ])
        // The token mixed with itself: a cycle closed by the modifier.
        #expect(
            located(doc(#"{"type":"mix","value":"0.5","color":"{c}","space":"srgb"}"#)) == [
                "c@3: invalid value: Tokens Studio modifier: circular reference: c → c"
            ])
    }
}

/// Non-finite colour maths.
extension DTCGReviewFourTests {
    /// A colour too large for the modifier's space is an error naming the token. Before:
    /// lightening `xyz-d65 [1e308, 0, 0]` in HSL gave HSL [0, NaN, 100], clamped to black, and
    /// mixing it in sRGB gave NaN components. Since review 11 such a colour is already an
    /// error of its `$value` (its sRGB channels overflow), before any modifier runs.
    @Test func nonFiniteModifierResultIsAnError() {
        func doc(_ modify: String) -> DTCGDocument {
            document(
                """
                {"c":{"$type":"color","$value":{"colorSpace":"xyz-d65","components":[1e308,0,0]},
                 "$extensions":{"studio.tokens":{
                 "modify":\(modify)}}}}
                """)
        }
        let lightened = doc(#"{"type":"lighten","value":0.2,"space":"hsl"}"#)
        #expect(
            located(lightened) == [
                "c@1: invalid value: components 1e+308, 0, 0 of xyz-d65 are beyond the finite numbers once converted to srgb"
            ])
        #expect(lightened["c"]?.value == nil)
        let mixed = doc(##"{"type":"mix","value":0.5,"color":"#ffffff","space":"srgb"}"##)
        #expect(
            located(mixed) == [
                "c@1: invalid value: components 1e+308, 0, 0 of xyz-d65 are beyond the finite numbers once converted to srgb"
            ])
        #expect(mixed["c"]?.value == nil)
    }

    /// A whole turn back is hue +0. Before: `normalizedHue(-360)` was -0.0.
    @Test func wholeTurnBackIsPositiveZeroHue() {
        #expect(ColorSpace.normalizedHue(-360).sign == .plus)
        #expect(ColorSpace.normalizedHue(-720).sign == .plus)
        #expect(ColorSpace.normalizedHue(-90) == 270)
    }
}

/// Gamut mapping of modifier results.
extension DTCGReviewFourTests {
    /// `#0000FF` mixed 0.5 toward `#FFFF00` in LCh is lch(63.59 112.96 20.47), far outside
    /// sRGB: gamut mapped (CSS Color 4 § 13.2) it keeps its lightness. Expected value computed
    /// independently in Python with the spec's sample-code matrices (through XYZ, OKLab via
    /// XYZ→LMS rather than Keel's linear-sRGB matrices) and the spec's binary search:
    /// sRGB (1, 0.37763, 0.47912), whose LCh lightness is 63.237. Before: clipped per channel to
    /// (1, 0, 0.368), LCh lightness 55.0 (8.6 lost).
    @Test func outOfGamutMixIsGamutMappedKeepingLightness() throws {
        let doc = document(
            ##"""
            {"c":{"$type":"color","$value":"#0000FF",
             "$extensions":{"studio.tokens":{"modify":{"type":"mix","value":0.5,"color":"#FFFF00","space":"lch"}}}}}
            """##)
        guard case .color(let color)? = doc["c"]?.value else {
            Issue.record("no colour: \(doc.errors)")
            return
        }
        let srgb = color.srgb
        let lch = try #require(
            ColorSpace.lch.components(
                fromXYZD65: ColorSpace.srgb.convertToXYZD65([srgb.red, srgb.green, srgb.blue])))
        let lightness = try #require(lch[0])
        #expect(abs(lightness - 63.6) <= 1, "\(srgb)")
        #expect(abs(srgb.green - 0.37763) <= 0.002 && abs(srgb.blue - 0.47912) <= 0.002, "\(srgb)")
    }
}

/// Number tokens aliasing lengths.
extension DTCGReviewFourTests {
    /// Canvas's `"line-height": {"type": "number", "value": "{size.x}"}` with `size.x` a rem
    /// length: leniently the length, with a warning; strictly still an error; a colour aliasing
    /// a dimension stays an error. Before: "reference '{size.x}' is a dimension token, expected
    /// number" in both modes.
    @Test func numberTokenAliasingALengthReadsAsThatDimension() {
        let json = #"""
            {"size": {"x": {"$type": "dimension", "$value": {"value": 1.5, "unit": "rem"}}},
             "line-height": {"$type": "number", "$value": "{size.x}"}}
            """#
        let lenient = document(json)
        #expect(lenient.errors.isEmpty, "\(lenient.errors)")
        #expect(lenient["line-height"]?.value == .dimension(DTCGDimension(value: 1.5, unit: .rem)))
        #expect(
            lenient.issues.contains {
                $0.path == TokenPath(dotted: "line-height")
                    && $0.message == "declared number, reads as the dimension it references ('{size.x}')"
            }, "\(lenient.issues)")
        let strict = document(json, strict: true)
        #expect(
            strict.errors.map { "\($0.path): \($0.message)" } == [
                "line-height: reference '{size.x}' is a dimension token, expected number"
            ])
        let colour = document(
            #"""
            {"size": {"x": {"$type": "dimension", "$value": {"value": 1.5, "unit": "rem"}}},
             "ink": {"$type": "color", "$value": "{size.x}"}}
            """#)
        #expect(colour.errors.map(\.message) == ["reference '{size.x}' is a dimension token, expected color"])
    }
}
