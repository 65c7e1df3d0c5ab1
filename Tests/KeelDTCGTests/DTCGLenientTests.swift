import Foundation
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Issue 35: token files as published design systems write them (Fixtures/real-world). Each
/// fixture holds one class of departure from DTCG 2025.10 — values that survive (lenient: a
/// warning; strict: an error), tokens that are skipped, and real errors (both modes) — and each
/// case pins every issue's exact line:column, key path and message.
@Suite(.onOwnThread) struct DTCGLenientTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var strict: Bool
        /// `line:column: path: [warning: ]message`, sorted as strings.
        var issues: [String]
        init(_ file: String, strict: Bool, _ issues: [String]) {
            self.file = file
            self.strict = strict
            self.issues = issues
        }
        var testDescription: String { "\(file)\(strict ? " --strict" : "")" }
    }

    static func source(_ name: String) throws -> DTCGSource {
        DTCGSource(name: name, data: try Data(contentsOf: TestPaths.fixture("real-world/\(name)")))
    }

    /// Every issue of importing `file` (the file's and the theme mapping's), without the file
    /// name and the quoted value; `nil` errors when the import succeeds.
    static func issues(_ file: String, strict: Bool) throws -> (issues: [String], failed: Bool) {
        let importer = DTCGThemeImporter(options: DTCGOptions(strict: strict), validatesTheme: true)
        let found: [DTCGIssue]
        var failed = false
        do {
            found = try importer.importTheme(from: DTCGThemeSources(base: [source(file)])).warnings
        } catch let error as DTCGError {
            found = error.issues
            failed = true
        }
        let lines = found.map { issue in
            var line = issue.description
            if let range = line.range(of: " (as written: ") { line = String(line[..<range.lowerBound]) }
            return String(line.dropFirst(file.count + 1))
        }
        return (lines.sorted(), failed)
    }

    static let cases: [Case] = [
        // `color.text` has no `$type` of its own: DTCG §5.2.2 gives it its target's type
        // (dimension), a valid token the theme's colours leave out; `color.border` declares
        // `color` itself, a type mismatch.
        Case(
            "cross-type.tokens.json", strict: false,
            [
                "8:15: color.text: warning: a dimension token is not a theme color value (the theme ignores it)",
                "8:15: color.text: warning: the group's $type is color but '{size.md}' is a dimension token: read as dimension (DTCG §5.2.2, the referenced type wins over the group's)",
                "9:35: color.border: reference '{size.md}' is a dimension token, expected color",
            ]),
        Case(
            "cross-type.tokens.json", strict: true,
            [
                "8:15: color.text: warning: a dimension token is not a theme color value (the theme ignores it)",
                "9:35: color.border: reference '{size.md}' is a dimension token, expected color",
            ]),
        Case(
            "extension-types.tokens.json", strict: false,
            [
                "12:13: radius.md: warning: $type 'borderRadius' is not a DTCG type (read as dimension)",
                "12:38: radius.md: warning: plain number '8' where a {value, unit} object is expected (read as px)",
                "3:15: brand.name: warning: $type 'string' is not a DTCG type (skipped)",
                "4:15: brand.beta: warning: $type 'boolean' is not a DTCG type (skipped)",
                "5:15: brand.docs: warning: $type 'link' is not a DTCG type (skipped)",
                "8:5: copy: warning: $type 'string' is not a DTCG type (skipped)",
            ]),
        Case(
            "extension-types.tokens.json", strict: true,
            [
                "12:13: radius.md: $type 'borderRadius' is not a DTCG type (another tool's name for dimension)",
                "3:15: brand.name: $type 'string' is not a DTCG type",
                "4:15: brand.beta: $type 'boolean' is not a DTCG type",
                "5:15: brand.docs: $type 'link' is not a DTCG type",
                "8:5: copy: $type 'string' is not a DTCG type",
                "9:5: copy.title: no $type on the token, its reference or any parent group",
            ]),
        Case(
            "extra-members.tokens.json", strict: false,
            [
                "19:7: font.title: warning: typography has no 'lineHeight' (read as 1.2, CSS's normal)",
                "23:7: font.caption: invalid value: typography is missing 'fontSize'",
                "5:7: font.body: warning: typography members 'fontStyle', 'textDecoration', 'textTransform', 'MozOsxFontSmoothing' not in DTCG (ignored)",
            ]),
        Case(
            "extra-members.tokens.json", strict: true,
            [
                "19:7: font.title: typography is missing 'lineHeight'",
                "23:7: font.caption: typography member 'fontStyle' not in DTCG",
                "5:7: font.body: typography members 'fontStyle', 'textDecoration', 'textTransform', 'MozOsxFontSmoothing' not in DTCG",
            ]),
        Case(
            "hex-fallback.tokens.json", strict: false,
            [
                "11:7: color.broken: invalid value: components must be an array of 3 numbers for srgb",
                "5:7: color.white: warning: hex fallback '#fff' is not #rrggbb (ignored: the components carry the value)",
                "8:7: color.scrim: warning: hex fallback '#00000080' is not #rrggbb (ignored: the components carry the value)",
            ]),
        Case(
            "hex-fallback.tokens.json", strict: true,
            [
                "11:7: color.broken: invalid value: components must be an array of 3 numbers for srgb",
                "5:7: color.white: hex fallback '#fff' must be a 6-digit #rrggbb",
                "8:7: color.scrim: hex fallback '#00000080' must be a 6-digit #rrggbb",
            ]),
        Case(
            "token-with-children.tokens.json", strict: false,
            [
                "14:18: color.primary: warning: reference '{color.brand}' names a group (read as its $root token)",
                "15:18: color.missing: reference '{color.accent.pressed}' reaches into a token's value",
                "4:5: color.accent: warning: a token with $value also has child tokens or groups (both kept)",
            ]),
        Case(
            "token-with-children.tokens.json", strict: true,
            [
                "12:15: color.link: references invalid token 'color.accent'",
                "13:20: color.linkHover: reference '{color.accent.hover}' reaches into a token's value",
                "14:18: color.primary: reference '{color.brand}' names a group, not a token",
                "15:18: color.missing: reference '{color.accent.pressed}' reaches into a token's value",
                "4:5: color.accent: a token with $value must not contain child tokens or groups",
            ]),
        Case(
            "tool-forms.tokens.json", strict: false,
            [
                "10:49: opacity.disabled: warning: number written as the string '0.4' (read as 0.4)",
                "11:52: fontWeight.bold: warning: font weight 'Bold' is not a DTCG alias (read as 700)",
                "11:82: fontWeight.semi: warning: number written as the string '600' (read as 600)",
                "14:36: motion.fast: warning: '150ms' is the pre-2025 string form of a duration",
                "15:36: motion.slow: warning: plain number 400 where a {value, unit} object is expected (read as ms)",
                "18:7: motion.enter: warning: timing function 'ease-out' is a CSS string, not [x1, y1, x2, y2]",
                "21:53: easing.standard: warning: timing function 'cubic-bezier(0.2, 0, 0, 1)' is a CSS string, not [x1, y1, x2, y2]",
                "25:7: shadow.card: warning: '#00000014' is the pre-2025 string form of a color",
                "25:7: shadow.card: warning: '#0000001f' is the pre-2025 string form of a color",
                "25:7: shadow.card: warning: '0px' is the pre-2025 string form of a dimension",
                "25:7: shadow.card: warning: '1px' is the pre-2025 string form of a dimension",
                "25:7: shadow.card: warning: '3px' is the pre-2025 string form of a dimension",
                "25:7: shadow.card: warning: plain number 0 where a {value, unit} object is expected (read as px)",
                "25:7: shadow.card: warning: plain number 4 where a {value, unit} object is expected (read as px)",
                "25:7: shadow.card: warning: plain number 8 where a {value, unit} object is expected (read as px)",
                "25:7: shadow.card: warning: shadow layer 1 of 2: a theme shadow draws one outer layer, here layer 0 (the most opaque) (the theme ignores it)",
                "25:7: shadow.card: warning: shadow member 'x' read as 'offsetX'",
                "25:7: shadow.card: warning: shadow member 'y' read as 'offsetY'",
                "25:7: shadow.card: warning: shadow type 'dropShadow' read as inset false",
                "25:7: shadow.card: warning: shadow without 'spread' (read as 0)",
                "38:7: border.dashed: warning: '2px' is the pre-2025 string form of a dimension",
                "44:7: gradient.hero: warning: '#ffffff' is the pre-2025 string form of a color",
                "44:7: gradient.hero: warning: number written as the string '1' (read as 1)",
                "7:14: color.ink: warning: '#1a1a1a' is the pre-2025 string form of a color",
            ]),
        Case(
            "tool-forms.tokens.json", strict: true,
            [
                "10:49: opacity.disabled: number written as the string '0.4'",
                "11:52: fontWeight.bold: 'Bold' is not a font weight alias (they are lower-case: bold, semi-bold, …)",
                "11:82: fontWeight.semi: number written as the string '600'",
                "14:36: motion.fast: '150ms' is the pre-2025 string form of a duration",
                "15:36: motion.slow: plain number 400 where a {value, unit} object is expected",
                "18:7: motion.enter: timing function 'ease-out' is a CSS string, not [x1, y1, x2, y2]",
                "21:53: easing.standard: timing function 'cubic-bezier(0.2, 0, 0, 1)' is a CSS string, not [x1, y1, x2, y2]",
                "25:7: shadow.card: '#0000001f' is the pre-2025 string form of a color",
                "34:7: border.hairline: references invalid token 'color.ink'",
                "38:7: border.dashed: '2px' is the pre-2025 string form of a dimension",
                "44:7: gradient.hero: references invalid token 'color.ink'",
                "7:14: color.ink: '#1a1a1a' is the pre-2025 string form of a color",
            ]),
        Case(
            "units.tokens.json", strict: false,
            [
                "15:7: font.overline: warning: '0.625rem' is the pre-2025 string form of a dimension",
                "15:7: font.overline: warning: 8% converted to 0.8 pt (of the 10 pt font size)",
                "15:7: font.overline: warning: font weight 'SemiBold' is not a DTCG alias (read as 600)",
                #"15:7: font.overline: warning: line height {"value":16,"unit":"px"} is a length (read as 1.6 × the font size)"#,
                "26:15: spacing.none: warning: dimension 0 has an empty unit (read as px)",
                "27:13: spacing.sm: warning: plain number 8 where a {value, unit} object is expected (read as px)",
                "28:13: spacing.lg: warning: 1.5em converted to 24 pt (× 16 pt per rem: no font size)",
                "29:17: spacing.gutter: warning: 5vw converted to 18.75 pt (of a 375 pt wide viewport)",
                "30:16: spacing.sheet: warning: 10vh converted to 66.7 pt (of a 667 pt high viewport)",
                "35:17: layout.column: warning: unit 'ch' cannot be converted to points (2 tokens skipped, this one first)",
                "36:15: layout.half: warning: unit '%' cannot be converted to points (1 token skipped, this one first)",
                "5:7: font.caption: warning: 0.05em converted to 0.6 pt (× the 12 pt font size)",
                "5:7: font.caption: warning: font weight 'Medium' is not a DTCG alias (read as 500)",
                "5:7: font.caption: warning: number written as the string '150%' (read as 1.5)",
            ]),
        Case(
            "units.tokens.json", strict: true,
            [
                "15:7: font.overline: 'SemiBold' is not a font weight alias (they are lower-case: bold, semi-bold, …)",
                "26:15: spacing.none: dimension 0 has an empty unit",
                "27:13: spacing.sm: plain number 8 where a {value, unit} object is expected",
                #"28:13: spacing.lg: dimension unit must be "px" or "rem", found "em""#,
                #"29:17: spacing.gutter: dimension unit must be "px" or "rem", found "vw""#,
                #"30:16: spacing.sheet: dimension unit must be "px" or "rem", found "vh""#,
                #"35:17: layout.column: dimension unit must be "px" or "rem", found "ch" (2 tokens, this one first)"#,
                #"36:15: layout.half: dimension unit must be "px" or "rem", found "%" (1 token, this one first)"#,
                "5:7: font.caption: 'Medium' is not a font weight alias (they are lower-case: bold, semi-bold, …)",
            ]),
        Case(
            "untyped.tokens.json", strict: false,
            [
                "10:16: color.brand: warning: '#0a66c2' is the pre-2025 string form of a color",
                "10:16: color.brand: warning: no $type on the token, its reference or any parent group (read as color, the type of its theme group 'color')",
                "11:15: color.wide: the theme needs this token, which was skipped: no $type on the token, its reference or any parent group (skipped)",
                "11:5: color.wide: warning: no $type on the token, its reference or any parent group (skipped)",
                "13:42: animation.duration.fast: warning: '200ms' is the pre-2025 string form of a duration",
                "13:42: animation.duration.fast: warning: no $type on the token, its reference or any parent group (read as duration, the type of its theme group 'animation')",
                "14:26: opacity.half: warning: no $type on the token, its reference or any parent group (read as number, the type of its theme group 'opacity')",
                "3:5: misc.ratio: warning: no $type on the token, its reference or any parent group (skipped)",
                "4:17: misc.golden: warning: references skipped token 'misc.ratio' (skipped)",
                "7:13: spacing.md: warning: no $type on the token, its reference or any parent group (read as dimension, the type of its theme group 'spacing')",
            ]),
        Case(
            "untyped.tokens.json", strict: true,
            [
                "10:5: color.brand: no $type on the token, its reference or any parent group",
                "11:5: color.wide: no $type on the token, its reference or any parent group",
                "13:32: animation.duration.fast: no $type on the token, its reference or any parent group",
                "14:16: opacity.half: no $type on the token, its reference or any parent group",
                "3:5: misc.ratio: no $type on the token, its reference or any parent group",
                "4:17: misc.golden: references invalid token 'misc.ratio'",
                "7:5: spacing.md: no $type on the token, its reference or any parent group",
            ]),
        Case(
            "tool-members.tokens.json", strict: false,
            [
                "4:5: color.comment: warning: member 'comment' (string) is not a token or group (ignored)",
                // Primer's alpha, applied (it used to be ignored: the colour read opaque).
                "6:42: color.muted: warning: member 'alpha' 0.2 (Primer's colour alpha, not DTCG) applied to the colour",
                "6:56: color.muted.deprecatedName: warning: member 'deprecatedName' (string) is not a token or group (ignored)",
                "7:5: color.list: warning: member 'list' (array) is not a token or group (ignored)",
            ]),
        Case(
            "tool-members.tokens.json", strict: true,
            [
                "4:5: color.comment: member 'comment' must be a token or group (an object), found string",
                "6:42: color.muted: member 'alpha' is not DTCG (Primer's colour alpha: write it in the colour)",
                "6:56: color.muted.deprecatedName: member 'deprecatedName' must be a token or group (an object), found string",
                "7:5: color.list: member 'list' must be a token or group (an object), found array",
            ]),
        Case(
            "css-colors.tokens.json", strict: false,
            [
                "10:16: color.named: warning: colour 'cornflowerblue' is a CSS string, not {colorSpace, components} (read as srgb)",
                "11:19: color.variable: invalid value: expected a colour object {colorSpace, components}, found 'var(--brand)'",
                "4:16: color.scrim: warning: colour 'rgba(0, 9, 51, 0.6)' is a CSS string, not {colorSpace, components} (read as srgb)",
                "5:18: color.overlay: warning: colour 'rgb(255 0 0 / 50%)' is a CSS string, not {colorSpace, components} (read as srgb)",
                "6:14: color.ink: warning: colour 'hsl(220 3% 15%)' is a CSS string, not {colorSpace, components} (read as srgb)",
                "7:16: color.clear: warning: colour 'transparent' is a CSS string, not {colorSpace, components} (read as srgb)",
                "8:16: color.paper: warning: colour 'White' is a CSS string, not {colorSpace, components} (read as srgb)",
                "9:17: color.broken: invalid value: expected a colour object {colorSpace, components}, found 'rgb(1, 2)'",
            ]),
        Case(
            "css-colors.tokens.json", strict: true,
            [
                "10:16: color.named: expected a colour object {colorSpace, components}, found 'cornflowerblue'",
                "11:19: color.variable: invalid value: expected a colour object {colorSpace, components}, found 'var(--brand)'",
                "4:16: color.scrim: expected a colour object {colorSpace, components}, found 'rgba(0, 9, 51, 0.6)'",
                "5:18: color.overlay: expected a colour object {colorSpace, components}, found 'rgb(255 0 0 / 50%)'",
                "6:14: color.ink: expected a colour object {colorSpace, components}, found 'hsl(220 3% 15%)'",
                "7:16: color.clear: expected a colour object {colorSpace, components}, found 'transparent'",
                "8:16: color.paper: expected a colour object {colorSpace, components}, found 'White'",
                "9:17: color.broken: invalid value: expected a colour object {colorSpace, components}, found 'rgb(1, 2)'",
            ]),
        Case(
            "relative-letter-spacing.tokens.json", strict: false,
            [
                "11:7: font.heading: warning: 0.05em converted to 1 pt (× the 20 pt font size)",
                "11:7: font.heading: warning: font weight 'Expanded Medium' is not a DTCG alias (read as 500)",
                "18:7: font.body: warning: -1% converted to -0.16 pt (of the 16 pt font size)",
                "4:16: tracking.tight: warning: unit '%' cannot be converted to points (1 token skipped, this one first)",
                "5:15: tracking.wide: warning: 0.05em converted to 0.8 pt (× 16 pt per rem: no font size)",
            ]),
        Case(
            "relative-letter-spacing.tokens.json", strict: true,
            [
                "11:7: font.heading: 'Expanded Medium' is not a font weight alias (they are lower-case: bold, semi-bold, …)",
                "18:7: font.body: dimension unit must be \"px\" or \"rem\", found \"%\"",
                "4:16: tracking.tight: dimension unit must be \"px\" or \"rem\", found \"%\" (1 token, this one first)",
                "5:15: tracking.wide: dimension unit must be \"px\" or \"rem\", found \"em\"",
                "6:16: tracking.alias: references invalid token 'tracking.wide'",
            ]),
        Case(
            "expressions.tokens.json", strict: false,
            [
                "10:16: size.mixed: invalid value: expression '{size.unit} * {size.unit}' multiplies two lengths",
                "11:17: size.byZero: invalid value: expression '{size.unit} / 0' divides by zero",
                "12:16: size.color: invalid value: expression '{color.ink} * 2': '{color.ink}' is a color, not a number or dimension",
                "14:45: ratio.golden: warning: Tokens Studio expression 'round(16 * 1.618) / 16' evaluated to 1.625",
                "14:92: ratio.len: invalid value: expression '2 * {size.unit}' is a length where a number is expected",
                "5:15: size.base: warning: '1rem' is the pre-2025 string form of a dimension",
                "6:12: size.9: warning: Tokens Studio expression 'floor({size.unit} * 9)' evaluated to 36px",
                "7:14: size.gap: warning: Tokens Studio expression '{size.base} / 2 + 1px' evaluated to 9px",
                "8:18: size.clamped: warning: Tokens Studio expression 'min(32px, max({size.9}, 2rem))' evaluated to 32px",
                "9:19: size.negative: warning: Tokens Studio expression '-{size.unit} * (1 + 0.5)' evaluated to -6px",
            ]),
        Case(
            "expressions.tokens.json", strict: true,
            [
                "10:16: size.mixed: invalid value: expression '{size.unit} * {size.unit}' multiplies two lengths",
                "11:17: size.byZero: invalid value: expression '{size.unit} / 0' divides by zero",
                "12:16: size.color: invalid value: expression '{color.ink} * 2': '{color.ink}' is a color, not a number or dimension",
                "14:45: ratio.golden: 'round(16 * 1.618) / 16' is an expression (Tokens Studio math), not a DTCG value",
                "14:92: ratio.len: '2 * {size.unit}' is an expression (Tokens Studio math), not a DTCG value",
                "5:15: size.base: '1rem' is the pre-2025 string form of a dimension",
                "6:12: size.9: 'floor({size.unit} * 9)' is an expression (Tokens Studio math), not a DTCG value",
                "7:14: size.gap: references invalid token 'size.base'",
                "8:18: size.clamped: references invalid token 'size.9'",
                "9:19: size.negative: '-{size.unit} * (1 + 0.5)' is an expression (Tokens Studio math), not a DTCG value",
            ]),
        Case(
            "css-shadows.tokens.json", strict: false,
            [
                "3:34: shadow.card: warning: shadow '0 1px 2px rgba(0, 0, 0, 0.2), 0 4px 8px -2px #00000033' is a CSS string, not {color, offsetX, offsetY, blur, spread} (read as its layers)",
                "3:34: shadow.card: warning: shadow layer 0 of 2: a theme shadow draws one outer layer, here layer 1 (the most opaque) (the theme ignores it)",
                "4:16: shadow.focus: warning: an inset (inner) shadow cannot be drawn: a theme shadow is an outer drop shadow (the theme ignores it)",
                "4:16: shadow.focus: warning: no $type on the token, its reference or any parent group (read as shadow, the type of its theme group 'shadow')",
                "4:16: shadow.focus: warning: shadow 'inset 0 0 0 1px #1155cc' is a CSS string, not {color, offsetX, offsetY, blur, spread} (read as its layers)",
                "5:34: shadow.none: warning: a shadow with no layers ('none') is not a theme shadow value (the theme ignores it)",
                "5:34: shadow.none: warning: shadow 'none' is not a DTCG shadow (read as no shadow)",
                "6:32: shadow.em: invalid value: shadow must be an object, found string",
                "7:34: shadow.ring: warning: an inset (inner) shadow cannot be drawn: a theme shadow is an outer drop shadow (the theme ignores it)",
                "7:34: shadow.ring: warning: shadow '0px 0px 0px 1px {palette.gray} inset' is a CSS string, not {color, offsetX, offsetY, blur, spread} (read as its layers)",
                "8:38: shadow.dangling: invalid value: shadow must be an object, found string",
            ]),
        Case(
            "css-shadows.tokens.json", strict: true,
            [
                "3:34: shadow.card: expected a shadow object {color, offsetX, offsetY, blur, spread}, found '0 1px 2px rgba(0, 0, 0, 0.2), 0 4px 8px -2px #00000033'",
                "4:5: shadow.focus: no $type on the token, its reference or any parent group",
                "5:34: shadow.none: expected a shadow object or a non-empty array of them, found 'none'",
                "6:32: shadow.em: invalid value: shadow must be an object, found string",
                "7:34: shadow.ring: expected a shadow object {color, offsetX, offsetY, blur, spread}, found '0px 0px 0px 1px {palette.gray} inset'",
                "8:38: shadow.dangling: invalid value: shadow must be an object, found string",
            ]),
    ]

    @Test(arguments: cases)
    func everyIssueIsLocatedWithItsExactMessage(_ example: Case) throws {
        let (issues, failed) = try Self.issues(example.file, strict: example.strict)
        #expect(issues == example.issues)
        // Errors (and only errors) fail the import.
        #expect(failed == example.issues.contains { !$0.contains(": warning: ") })
    }

    @Test func survivingValuesAreKeptLeniently() throws {
        let read = { (name: String) in
            DTCGDocument(source: try Self.source(name))
        }
        let hex = try read("hex-fallback.tokens.json")
        guard case .color(let scrim)? = hex["color.scrim"]?.value else {
            Issue.record("color.scrim has no value")
            return
        }
        #expect(scrim.alpha == 0.5 && scrim.hex == nil)
        let units = try read("units.tokens.json")
        #expect(units["spacing.gutter"]?.value == .dimension(DTCGDimension(value: 18.75)))
        #expect(units["spacing.sheet"]?.value == .dimension(DTCGDimension(value: 66.7)))
        #expect(units["spacing.lg"]?.value == .dimension(DTCGDimension(value: 24)))
        #expect(units["spacing.none"]?.value == .dimension(DTCGDimension(value: 0)))
        guard case .typography(let caption)? = units["font.caption"]?.value,
            case .typography(let overline)? = units["font.overline"]?.value
        else {
            Issue.record("typography not read")
            return
        }
        #expect(caption.letterSpacing == DTCGDimension(value: 0.6))
        #expect(caption.lineHeight == 1.5)
        #expect(caption.fontWeight == FontWeight(rawValue: 500))
        #expect(overline.letterSpacing == DTCGDimension(value: 0.8))
        #expect(overline.lineHeight == 1.6)
        #expect(units["layout.measure"]?.value == nil)
        #expect(units.skipped[["layout", "measure"]] == .unconvertibleUnit("ch", tokens: 1))
        let children = try read("token-with-children.tokens.json")
        #expect(children["color.link"]?.value == children["color.accent"]?.value)
        #expect(children["color.linkHover"]?.value == children["color.accent.hover"]?.value)
        #expect(children["color.primary"]?.value == children["color.brand.$root"]?.value)
        let forms = try read("tool-forms.tokens.json")
        #expect(forms["easing.standard"]?.value == .cubicBezier([0.2, 0, 0, 1]))
        #expect(forms["motion.slow"]?.value == .duration(DTCGDuration(value: 400, unit: .ms)))
        guard case .shadow(let layers)? = forms["shadow.card"]?.value else {
            Issue.record("shadow.card not read")
            return
        }
        #expect(layers.count == 2)
        #expect(layers[1].offsetY == DTCGDimension(value: 4) && layers[1].spread == DTCGDimension(value: 0))
        #expect(forms["color.paper"]?.deprecation == DTCGDeprecation(reason: "Use surface"))
        #expect(forms["color.ink"]?.description == "Body text")
    }

    /// The probe classes of published systems: tools' own members beside tokens, CSS colour
    /// strings, font-relative letter spacing reached through an alias, and Figma style names.
    @Test func toolFormsKeepTheirValues() throws {
        let members = DTCGDocument(source: try Self.source("tool-members.tokens.json"))
        // `"alpha": 0.2` beside `$value` is GitHub Primer's translucent colour: it sets the
        // alpha (it used to be ignored, and `color.muted` read as opaque as `color.base`).
        guard case .color(let base)? = members["color.base"]?.value,
            case .color(let muted)? = members["color.muted"]?.value
        else {
            Issue.record("color.base and color.muted must be colours")
            return
        }
        #expect(muted.components == base.components)
        #expect(muted.alpha == 0.2)
        #expect(members.tokens.count == 2)
        let css = DTCGDocument(source: try Self.source("css-colors.tokens.json"))
        func rgba(_ path: String) -> [Double]? {
            guard case .color(let color)? = css[path]?.value else { return nil }
            let value = color.srgb
            return [value.red, value.green, value.blue, value.alpha].map { ($0 * 1000).rounded() / 1000 }
        }
        #expect(rgba("color.scrim") == [0, 0.035, 0.2, 0.6])
        #expect(rgba("color.overlay") == [1, 0, 0, 0.5])
        #expect(rgba("color.ink") == [0.146, 0.149, 0.155, 1])
        #expect(rgba("color.clear") == [0, 0, 0, 0])
        #expect(rgba("color.paper") == [1, 1, 1, 1])
        #expect(rgba("color.named") == [0.392, 0.584, 0.929, 1])
        #expect(rgba("color.broken") == nil && rgba("color.variable") == nil)
        for (text, expected) in [
            ("rgb(10%, 20%, 30%)", [0.1, 0.2, 0.3, 1.0]), ("hsla(120, 100%, 25%, .5)", [0, 0.5, 0, 0.5]),
            ("hsl(0.5turn 100% 50%)", [0, 1, 1, 1]), ("rgba(255,255,255,50%)", [1, 1, 1, 0.5]),
            ("RGB( 0 128 255 )", [0, 0.502, 1, 1]),
        ] {
            let color = try #require(CSSColor.parse(text), "\(text)")
            #expect(
                [color.red, color.green, color.blue, color.alpha].map { ($0 * 1000).rounded() / 1000 }
                    == expected,
                "\(text)")
        }
        for text in [
            "rgb(1 2)", "rgb(1, 2, 3, 4, 5)", "rgb(a, b, c)", "hsl(1 2 3) extra", "rgb(1 2 3 / 4 / 5)", "",
            "rgb(",
        ] {
            #expect(CSSColor.parse(text) == nil, "\(text)")
        }
        let spacing = DTCGDocument(source: try Self.source("relative-letter-spacing.tokens.json"))
        guard case .typography(let heading)? = spacing["font.heading"]?.value,
            case .typography(let body)? = spacing["font.body"]?.value
        else {
            Issue.record("typography not read")
            return
        }
        // Relative to each typography's own font size, not the alias target's rem base.
        #expect(heading.letterSpacing == DTCGDimension(value: 1))
        #expect(body.letterSpacing == DTCGDimension(value: -0.16))
        #expect(heading.fontWeight == FontWeight(rawValue: 500))
        #expect(spacing["tracking.wide"]?.value == .dimension(DTCGDimension(value: 0.8)))
        #expect(spacing["tracking.tight"]?.value == nil)
        for (name, weight) in [
            ("Condensed Bold", 700.0), ("SemiExpanded Light Italic", 300), ("Narrow", -1), ("Expanded", -1),
        ] {
            #expect(DTCGResolution.fontWeightName(name)?.rawValue ?? -1 == weight, "\(name)")
        }
    }

    @Test func tokensStudioExpressionsParseBoundedAndEvaluate() throws {
        let document = DTCGDocument(source: try Self.source("expressions.tokens.json"))
        #expect(document["size.9"]?.value == .dimension(DTCGDimension(value: 36)))
        #expect(document["size.gap"]?.value == .dimension(DTCGDimension(value: 9)))
        #expect(document["size.clamped"]?.value == .dimension(DTCGDimension(value: 32)))
        #expect(document["size.negative"]?.value == .dimension(DTCGDimension(value: -6)))
        #expect(document["ratio.golden"]?.value == .number(1.625))
        #expect(document["size.mixed"]?.value == nil && document["size.byZero"]?.value == nil)
        #expect(
            TokenExpression.parse("floor({a.b} * 2)")
                == .call("floor", [.binary("*", .reference("{a.b}"), .number(2, unit: ""))]))
        #expect(TokenExpression.parse("{a} * {b}")?.references == ["{a}", "{b}"])
        // Plain values and whole references are not expressions; malformed ones are not either.
        for text in [
            "16px", "{a.b}", "1.5", "min()", "(1 + 2", "1 +", "1 2", "{a", "1 * * 2", "",
        ] {
            #expect(TokenExpression.parse(text) == nil, "\(text)")
        }
        // An unknown function or a wrong count of arguments parses, and evaluating says which
        // (it used to be "not an expression", so the value read as "expected a number").
        #expect(TokenExpression.parse("foo(1)") == .call("foo", [.number(1, unit: "")]))
        #expect(
            TokenExpression.parse("floor(1, 2)")
                == .call("floor", [.number(1, unit: ""), .number(2, unit: "")]))
        // Bounded: nesting past the limit and overlong text are refused, not recursed into.
        #expect(
            TokenExpression.parse(String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40))
                == nil)
        #expect(TokenExpression.parse(String(repeating: "-", count: 100_000) + "1") == nil)
        #expect(TokenExpression.parse(Array(repeating: "1", count: 300).joined(separator: "+")) == nil)
        #expect(TokenExpression.parse(Array(repeating: "1", count: 100).joined(separator: "+")) != nil)
    }

    @Test func cssShadowStringsReadAsTheirLayers() throws {
        let document = DTCGDocument(source: try Self.source("css-shadows.tokens.json"))
        guard case .shadow(let card)? = document["shadow.card"]?.value,
            case .shadow(let focus)? = document["shadow.focus"]?.value
        else {
            Issue.record("shadows not read")
            return
        }
        #expect(card.count == 2)
        #expect(card[0].offsetY == DTCGDimension(value: 1) && card[0].blur == DTCGDimension(value: 2))
        #expect(card[0].spread == DTCGDimension(value: 0) && card[0].color.srgb.alpha == 0.2)
        #expect(card[1].spread == DTCGDimension(value: -2) && !card[1].inset)
        #expect(focus.count == 1 && focus[0].inset && focus[0].spread == DTCGDimension(value: 1))
        guard case .shadow(let ring)? = document["shadow.ring"]?.value else {
            Issue.record("shadow.ring not read")
            return
        }
        // A colour token named inside the string (Style Dictionary's interpolation).
        #expect(
            ring.first?.color.srgb == ColorValue(red: 0.5, green: 0.5, blue: 0.5) && ring.first?.inset == true
        )
        #expect(document["shadow.dangling"]?.value == nil)
        #expect(
            CSSShadow.parse("0 0.5rem 1rem hsl(0 0% 0% / 10%)")?.first?.lengths.map(\.unit) == [
                .px, .rem, .rem, .px,
            ])
        for text in [
            "none", "0 1px", "1px 2px 3px 4px 5px red", "inset inset 0 0 red", "0 0 red blue", "", ",",
            "0 1em red",
        ] {
            #expect(CSSShadow.parse(text) == nil, "\(text)")
        }
        #expect(CSSShadow.parse(Array(repeating: "0 1px red", count: 17).joined(separator: ",")) == nil)
    }

    @Test func theViewportIsConfigurable() {
        var options = DTCGOptions()
        options.viewport = (width: 320, height: 568)
        let document = DTCGDocument(
            source: DTCGSource(
                name: "v", text: #"{"w": {"$type": "dimension", "$value": {"value": 50, "unit": "vw"}}}"#),
            options: options)
        #expect(document["w"]?.value == .dimension(DTCGDimension(value: 160)))
        #expect(
            document.issues.map(\.message) == ["50vw converted to 160 pt (of a 320 pt wide viewport)"])
    }

    @Test func typeAliasesOfOtherTools() {
        for (name, type) in [
            ("borderRadius", TokenType.dimension), ("sizing", .dimension), ("FLOAT", .number),
            ("fontWeights", .fontWeight), ("boxShadow", .shadow), ("font-family", .fontFamily),
            ("COLOR", .color),
        ] {
            #expect(TokenType.alias(name) == type, "\(name)")
        }
        for name in ["string", "boolean", "link", "composition", "asset"] {
            #expect(TokenType.alias(name) == nil)
        }
    }

    /// Lenient reading never loses a value the theme needs: a numbers-as-lengths spacing is
    /// read, with a warning; strictly it is an error.
    @Test func numbersWhereTheThemeWantsLengths() throws {
        let text = #"{"spacing": {"$type": "number", "md": {"$value": 16}}}"#
        let (theme, warnings) = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(base: [DTCGSource(name: "x", text: text)]))
        #expect(theme.metrics.spacings[.md] == 16)
        #expect(
            warnings.map(\.description) == [
                "x:1:40: spacing.md: warning: plain number 16 where a {value, unit} object is expected (read as pt) (as written: 16)"
            ])
        #expect(throws: DTCGError.self) {
            try DTCGThemeImporter(options: DTCGOptions(strict: true)).importTheme(
                from: DTCGSource(name: "x", text: text))
        }
    }

    /// Files without `$extends` skip the expansion pass; one that spells it with an escape
    /// (`"\u0024extends"`) is still expanded.
    @Test func escapedExtendsIsStillExpanded() {
        let text =
            #"{"base": {"x": {"$type": "number", "$value": 1}}, "derived": {"\u0024extends": "{base}"}}"#
        let document = DTCGDocument(source: DTCGSource(name: "e", text: text))
        #expect(document["derived.x"]?.value == .number(1))
        #expect(document.issues.isEmpty)
    }

    /// Tokens with children nest as deep as groups may: past the limit the file is one
    /// located issue, read on a small stack without recursion the input controls.
    @Test func tokensWithChildrenNestNoDeeperThanGroups() {
        var text = #"{"$type": "number", "$value": 1}"#
        for _ in 0..<(DTCGDocument.maximumGroupDepth + 5) {
            text = #"{"$type": "number", "$value": 1, "c": \#(text)}"#
        }
        let document = DTCGDocument(source: DTCGSource(name: "deep", text: #"{"t": \#(text)}"#))
        #expect(document.tokens.isEmpty)
        #expect(
            document.errors.map(\.message) == ["groups nest more than 64 levels deep; the file is not read"])
    }
}
