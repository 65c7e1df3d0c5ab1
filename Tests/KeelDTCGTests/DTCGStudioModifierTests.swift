import Foundation
import KeelDesign
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Tokens Studio's `lighten`, `darken` and `mix` colour modifiers. Before: each skipped its
/// token ("colour modifier 'lighten' cannot be applied", an error under `--strict`). Expected
/// values: the high-precision results in `@tokens-studio/sd-transforms`' own tests
/// (`test/spec/color-modifiers/transformColorModifiers.spec.ts`, `#C14242` lightened and
/// darkened by 0.2 in each space), or worked by hand where the comment says so.
@Suite(.onOwnThread) struct DTCGStudioModifierTests {
    private func document(_ json: String, strict: Bool = false) -> DTCGDocument {
        DTCGDocument(source: DTCGSource(name: "t.json", text: json), options: DTCGOptions(strict: strict))
    }

    /// A document with one colour `c` of `hex` (written as a DTCG 2025 colour object) and the
    /// modifier `modify` (JSON).
    private func modified(_ hex: String, _ modify: String, strict: Bool = false) -> DTCGDocument {
        let digits = Array(hex.dropFirst())
        let components = stride(from: 0, to: 6, by: 2).map { index in
            "\(Double(Int(String(digits[index...index + 1]), radix: 16) ?? 0) / 255)"
        }
        return document(
            """
            {"c": {"$type": "color",
              "$value": {"colorSpace": "srgb", "components": [\(components.joined(separator: ", "))]},
              "$extensions": {"studio.tokens": {"modify": \(modify)}}}}
            """, strict: strict)
    }

    private func color(_ doc: DTCGDocument, _ path: String = "c") -> DTCGColor? {
        guard case .color(let color)? = doc[path]?.value else { return nil }
        return color
    }

    private func expectComponents(
        _ color: DTCGColor?, _ space: ColorSpace, _ expected: [Double?], tolerance: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let color else {
            Issue.record("no colour", sourceLocation: sourceLocation)
            return
        }
        #expect(color.colorSpace == space, sourceLocation: sourceLocation)
        #expect(color.components.count == expected.count, sourceLocation: sourceLocation)
        for (found, wanted) in zip(color.components, expected) {
            switch (found, wanted) {
            case (nil, nil): continue
            case (let found?, let wanted?):
                #expect(
                    abs(found - wanted) <= tolerance, "\(color.components) vs \(expected)",
                    sourceLocation: sourceLocation)
            default: Issue.record("\(color.components) vs \(expected)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func lightenInEachSpaceMatchesTokensStudio() {
        let lighten = { (space: String) in
            self.color(
                self.modified("#C14242", #"{"type": "lighten", "value": "0.2", "space": "\#(space)"}"#))
        }
        expectComponents(lighten("hsl"), .hsl, [0, 50.59760956, 60.62745098], tolerance: 1e-6)
        expectComponents(lighten("lch"), .lch, [57.6852867, 47.48011358, 29.7038448], tolerance: 1e-4)
        expectComponents(
            lighten("p3"), .displayP3, [0.7601592155, 0.4353163367, 0.4221255883], tolerance: 1e-6)
        expectComponents(lighten("srgb"), .srgb, [0.8054901961, 0.4070588235, 0.4070588235], tolerance: 1e-9)
    }

    @Test func darkenInEachSpaceMatchesTokensStudio() {
        let darken = { (space: String) in
            self.color(self.modified("#C14242", #"{"type": "darken", "value": 0.2, "space": "\#(space)"}"#))
        }
        expectComponents(darken("hsl"), .hsl, [0, 50.59760956, 40.62745098], tolerance: 1e-6)
        expectComponents(darken("lch"), .lch, [37.6852867, 47.48011358, 29.7038448], tolerance: 1e-4)
        expectComponents(
            darken("p3"), .displayP3, [0.5601592155, 0.2353163367, 0.2221255883], tolerance: 1e-6)
        expectComponents(darken("srgb"), .srgb, [0.6054901961, 0.2070588235, 0.2070588235], tolerance: 1e-9)
    }

    /// White mixed 0.74 toward `#4477DD` (sd-transforms' "mix modifier value calculations",
    /// whose value `0.5 + 6 * 0.04` is 0.74; its 3-digit results `rgb(45.7% 60.5% 90.1%)` and
    /// `hsl(220 51.2% 67.9%)`). Worked by hand: sRGB 1 − (1 − 68/255)·0.74 = 0.457333…,
    /// 1 − (1 − 119/255)·0.74 = 0.605333…, 1 − (1 − 221/255)·0.74 = 0.901333…; in HSL `#4477DD`
    /// is (220, 69.2308 %, 56.6667 %) and white (none, 0 %, 100 %): the hue is 220, the
    /// saturation 69.2308·0.74 = 51.2308, the lightness 100 − 43.3333·0.74 = 67.9333. The mix
    /// colour and the amount are references here (`{brand}`, `{amount}`) — they resolve first.
    @Test func mixMatchesTokensStudioAndFollowsReferences() {
        let doc = document(
            #"""
            {"a": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 1, 1]},
               "$extensions": {"studio.tokens": {"modify": {"type": "mix", "value": "{amount}", "color": "{brand}", "space": "srgb"}}}},
             "h": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 1, 1]},
               "$extensions": {"studio.tokens": {"modify": {"type": "mix", "value": "0.74", "color": "#4477DD", "space": "hsl"}}}},
             "amount": {"$type": "number", "$value": 0.74},
             "brand": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.26666666666666666, 0.4666666666666667, 0.8666666666666667]}}}
            """#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        expectComponents(color(doc, "a"), .srgb, [0.4573333333, 0.6053333333, 0.9013333333], tolerance: 1e-9)
        expectComponents(color(doc, "h"), .hsl, [220, 51.2307692, 67.9333333], tolerance: 1e-6)
    }

    /// Black and white mixed half-way in LCh: L 50, no chroma, no hue (sd-transforms:
    /// `lch(50 0 none)`).
    @Test func mixOfBlackAndWhiteInLCHIsMidGrey() {
        let mixed = color(
            modified("#000000", #"{"type": "mix", "value": "0.5", "color": "white", "space": "lch"}"#))
        expectComponents(mixed, .lch, [50, 0, nil], tolerance: 1e-3)
    }

    /// Without `space` Tokens Studio leaves the colour as it is (sd-transforms: "without space,
    /// return original"): so does Keel, with a warning.
    @Test func modifierWithoutSpaceLeavesTheColourWithAWarning() {
        let doc = modified("#C14242", #"{"type": "lighten", "value": "0.2"}"#)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(color(doc)?.srgb == (try? ColorValue(hex: "#C14242")))
        #expect(
            doc.issues.map(\.message) == [
                "Tokens Studio colour modifier 'lighten' has no space (colour left unchanged, as Tokens Studio leaves it)"
            ])
    }

    /// A space Tokens Studio does not offer skips the token with a warning naming it, and is an
    /// error of that token under strict reading.
    @Test func unknownSpaceSkipsLenientlyAndFailsStrictly() {
        let modify = #"{"type": "darken", "value": "0.2", "space": "oklch"}"#
        let doc = modified("#C14242", modify)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(doc["c"]?.value == nil)
        #expect(
            doc.skipped[TokenPath(dotted: "c")] == .colorModifier("darken in space 'oklch'", applied: false))
        let strict = modified("#C14242", modify, strict: true)
        #expect(
            strict.errors.map { "\($0.path): \($0.message)" } == [
                "c: Tokens Studio colour modifier 'darken in space 'oklch'' in $extensions changes the value (not DTCG)"
            ])
    }

    /// The amount stays bounded to 0...1 for every modifier: an error naming the token.
    @Test func outOfRangeAmountIsAnError() {
        let doc = modified("#C14242", #"{"type": "lighten", "value": "1.5", "space": "hsl"}"#)
        #expect(
            doc.errors.map { "\($0.path): \($0.message)" } == [
                "c: invalid value: Tokens Studio lighten modifier 1.5 is not in 0...1"
            ])
    }
}
