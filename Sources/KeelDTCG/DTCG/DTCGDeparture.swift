import KeelDesign
import KeelSupport

/// A departure from the letter of DTCG 2025.10 that real tools emit (Figma variables exports,
/// Tokens Studio, Style Dictionary, Terrazzo): lenient reading (the default) keeps the value, or
/// skips the token, with a warning; strict reading (`DTCGOptions(strict: true)`) makes it an
/// error. What loses a value the theme needs is an error in both modes, never a departure.
package enum DTCGDeparture: Hashable, Sendable {
    /// A colour's `hex` fallback is not a 6-digit `#rrggbb` (`#fff`, `#ffffff80`): the
    /// components carry the value, the fallback is dropped.
    case hexFallback(String)
    /// A value in a pre-2025 string form (`"#ff0000"`, `"16px"`, `"200ms"`), read as that type.
    case legacyString(String, TokenType)
    /// A `$type` outside the 13 that a tool defines as another name of one of them
    /// (`borderRadius`, `spacing`, `fontWeights`, `boxShadow` …): read as `as`.
    case typeAlias(String, as: TokenType)
    /// A `$type` outside the 13 with no DTCG equivalent (`string`, `boolean`, `link` …): the
    /// token (or every token of the group) is skipped.
    case extensionType(String)
    /// Tokens Studio's `text` or `other` `$type`: the token is skipped, but a reference to it
    /// reads its raw value where the referring slot's type accepts it (a string as a font
    /// family, a numeric string as a number): ``rawTypeValue(_:type:)``.
    case rawType(String)
    /// A reference to a `text` or `other` token (``rawType(_:)``), read as its raw value.
    case rawTypeValue(String, type: String)
    /// A composite value (or colour, dimension …) has members its type does not define: they
    /// are ignored.
    case extraMembers([String], of: String)
    /// Tokens written `{"value": …, "type": …}` without the `$` prefix (Style Dictionary 3,
    /// Tokens Studio's legacy export): read as `$value`, `$type` and `$description`, and Figma
    /// Tokens' `"$a.b"` references in their values as `"{a.b}"`. Reported once per file, at
    /// its first such token.
    case unprefixedTokens(count: Int)
    /// A Tokens Studio colour modifier (`$extensions["studio.tokens"].modify`) that changes
    /// the value: `alpha`, `lighten`, `darken` and `mix` in `srgb`, `hsl`, `lch` or `p3` are
    /// applied (`applied`) with Tokens Studio's colour maths; another type or space skips the
    /// token rather than give it a colour it does not have.
    case colorModifier(String, applied: Bool)
    /// A Tokens Studio `lighten`, `darken` or `mix` modifier without a `space`: Tokens Studio
    /// leaves the colour unchanged (colorjs.io cannot convert to no space), and so does Keel.
    case colorModifierWithoutSpace(String)
    /// A CSS gradient string (`linear-gradient(180deg, {a} 0%, {b} 100%)`) where a colour is
    /// expected, as Tokens Studio writes gradients: the token is skipped (a DTCG gradient is
    /// its own type, an array of stops, and has no angle).
    case cssGradient(String)
    /// A Tokens Studio file of token sets (``DTCGStudioSets``): the sets `read` are merged in
    /// order, as the first theme of each theme group (`themes`) enables them; `otherThemes`
    /// and the sets `leftOut` are not read. `noneSelected`: the themes enable no set, so every
    /// set in `tokenSetOrder` is read.
    case studioSets(
        read: [String], themes: [String], otherThemes: [String], leftOut: [String], noneSelected: Bool)
    /// A number `alpha` (0...1) beside a colour token's `$value` or in a shadow layer, GitHub
    /// Primer's way of writing a translucent colour: it sets the colour's alpha.
    case alphaMember(Double)
    /// A font weight named as no known design tool names one (`Ultra`): its number is not
    /// known, so the token is skipped.
    case unknownWeightName(String)
    /// A token with `$value` also has child tokens or groups: both are kept.
    case tokenWithChildren
    /// A curly reference names a group that has a `$root` token: it is read as `{….$root}`.
    case groupReference(String)
    /// A plain number (or numeric string) where a dimension or duration object is expected:
    /// read in `unit`.
    case plainNumber(String, unit: String)
    /// A `number` token or slot aliases a `type` token (a dimension, a font weight) whose value
    /// is written as a plain number (`"18"`): read as that number.
    case numberFromType(String, TokenType)
    /// A `number` token (not a number slot of a composite) whose value is a single reference
    /// to a dimension token with a unit (Canvas's `line-height` aliasing a rem length): read
    /// as that dimension.
    case numberAliasesDimension(String)
    /// A dimension or duration token or slot aliases a `number` token (Tokens Studio's
    /// `"spacing": "{number-4}"`, Figma's number variables under size tokens): the number read
    /// in `unit`, as a plain number there is.
    case numberAsLength(String, unit: String)
    /// A curly reference padded with spaces inside its braces (`{ color.accent }`, as
    /// Wikimedia Codex writes them and Style Dictionary reads them): read without the spaces
    /// (reported once per file, at the first of the `tokens` that write one). Strictly it
    /// names no token (an unresolvable reference).
    case paddedReference(String, tokens: Int)
    /// A dimension `{"value": 0, "unit": ""}`: read as px.
    case emptyUnit(Double)
    /// A typography line height written as a length, read as a multiple of the font size.
    case lineHeightLength(String, multiplier: Double)
    /// A Tokens Studio `lineHeights` token written as a length (`"24px"`) or an alias of a
    /// dimension: kept as a dimension (a typography using it reads it as a multiple of its
    /// font size).
    case lineHeightToken(String)
    /// A dimension whose unit the spec does not allow, converted to points.
    case convertedUnit(value: Double, unit: String, points: Double, basis: String)
    /// A dimension in a unit Keel cannot convert (reported once per unit; the tokens are
    /// skipped).
    case unconvertibleUnit(String, tokens: Int)
    /// A number written as a string (`"400"`, `"1.5"`, `"150%"`), read as `value`.
    case numericString(String, value: Double)
    /// A font weight named as a design tool names it (`"Bold"`, `"SemiBold"`), read as `value`.
    case fontWeightName(String, value: Double)
    /// A CSS timing function string (`"ease-in-out"`, `"cubic-bezier(…)"`) for a `cubicBezier`.
    case bezierString(String)
    /// A keyword with no number (`"AUTO"`, `"normal"`) where a number is expected: the token is
    /// skipped.
    case keyword(String)
    /// Shadow members as Tokens Studio writes them (`x`, `y`, `type`), or a missing optional-in-
    /// practice member (`spread`), read with their DTCG meaning.
    case shadowShape(String)
    /// No `$type` on the token, its reference target or any parent group: the token is
    /// skipped.
    case untyped
    /// No `$type` anywhere, but the token sits under a theme group (`color`, `spacing`,
    /// `motion` …) and its value is of that group's type: read as `type`.
    case typeFromGroup(String, TokenType)
    /// The token references a token that was skipped, so it is skipped too.
    case dependsOnSkipped(TokenPath)
    /// A member of a group or token that is neither a token nor a group nor a `$` property (a
    /// number, string, boolean or array, such as a tool's `"alpha": 0.2` beside `$value`):
    /// ignored, and what it meant to its tool is lost.
    case nonTokenMember(String, found: String)
    /// A colour as a CSS string (`rgb(…)`, `rgba(…)`, `hsl(…)`, `transparent`, a named colour),
    /// read as sRGB.
    case cssColor(String)
    /// Tokens Studio's `rgba(#FFFF00, 0.5)` or `rgba({color.x}, 0.5)`, a hex or referenced
    /// colour with an alpha (not CSS): read as that colour with that alpha.
    case studioRGBA(String)
    /// A shadow as a CSS `box-shadow` string (`0 1px 2px rgba(0, 0, 0, 0.2)`), read as its
    /// layers.
    case cssShadow(String)
    /// A composite without a member the spec requires but whose common default is known
    /// (a typography's `lineHeight`): read as `default`.
    case missingMember(String, of: String, default: String)
    /// A resolver `$ref` whose fragment is not a JSON Pointer (`file.json#orange` for
    /// `file.json#/orange`): read as the pointer it abbreviates.
    case nonPointerReference(String)
    /// Tokens Studio math in a value (`floor({size.unit} * 4)`): evaluated to `result`.
    case expression(String, result: String)
    /// A Style Dictionary reference to a token's value, `{a.b.value}` (v3) or `{a.b.$value}`
    /// (v4), read as `{a.b}` when `a.b` is a token (reported once per file, at the first of
    /// the `tokens` that write one). Strictly it stays an error (a reference into a value).
    case valueSuffixReference(String, tokens: Int)
    /// A shadow written as CSS `none` or an empty array: read as no shadow (DTCG requires a
    /// shadow object or a non-empty array of them).
    case noShadow(String)
    /// A resolver modifier with a single context (read as a set).
    case singleContext(String)
    /// A token file written in JSON5 (comments, unquoted member names, trailing commas,
    /// single-quoted strings, hexadecimal numbers), as GitHub Primer's and Telekom Scale's
    /// `*.json5` sources are: read as JSON5. Reported once per file, where the JSON5 starts.
    case json5Syntax
    /// A resolver source's `$ref` into a modifier's context (the spec allows modifiers only in
    /// `resolutionOrder`).
    case referenceIntoModifier(String)
    /// A whole-value alias with no `$type` of its own, in a group whose `$type` differs from
    /// the referenced token's: valid DTCG (§5.2.2, the referenced type wins), reported only
    /// when reading leniently, since it is often a mistake.
    case groupTypeOverridden(String, group: TokenType, found: TokenType)
    /// A `fontFamily` string that is a CSS font stack (`"'Mona Sans', -apple-system, sans-serif"`,
    /// as Primer and Style Dictionary sources write it), read as its families in order.
    case fontStack(String, families: [String])

    /// Tokens Studio's `$type`s for a plain value with no DTCG type (``rawType(_:)``).
    static let rawTypes: Set<String> = ["text", "other"]

    /// Whether the token keeps a value (`false`: it is skipped).
    package var keepsValue: Bool {
        switch self {
        case .extensionType, .rawType, .unconvertibleUnit, .keyword, .untyped, .dependsOnSkipped: false
        case .colorModifier(_, let applied): applied
        case .cssGradient, .unknownWeightName: false
        default: true
        }
    }

    /// The message without location: strictly, what the spec forbids; leniently, also what
    /// reading did about it.
    package func message(strict: Bool) -> String {
        guard strict else { return message }
        switch self {
        case .hexFallback(let hex): return "hex fallback '\(hex)' must be a 6-digit #rrggbb"
        case .typeAlias(let name, let type):
            return "$type '\(name)' is not a DTCG type (another tool's name for \(type.rawValue))"
        case .extensionType(let name), .rawType(let name): return "$type '\(name)' is not a DTCG type"
        case .extraMembers(let names, let type):
            let list = names.map { "'\($0)'" }.joined(separator: ", ")
            return "\(type) member\(names.count == 1 ? "" : "s") \(list) not in DTCG"
        case .tokenWithChildren: return "a token with $value must not contain child tokens or groups"
        case .unknownWeightName(let name):
            return "'\(name)' is not a font weight alias (they are lower-case: bold, semi-bold, …)"
        case .alphaMember:
            return "member 'alpha' is not DTCG (Primer's colour alpha: write it in the colour)"
        case .studioSets:
            return
                "a Tokens Studio file of token sets (top-level sets, $metadata.tokenSetOrder), not a DTCG token file"
        case .cssGradient(let text):
            return "expected a colour object {colorSpace, components}, found the CSS gradient '\(text)'"
        case .colorModifier(let modifier, _), .colorModifierWithoutSpace(let modifier):
            return
                "Tokens Studio colour modifier '\(modifier)' in $extensions changes the value (not DTCG)"
        case .unprefixedTokens(let count):
            return
                "\(count) token\(count == 1 ? "" : "s") written with 'value' instead of '$value' (Style Dictionary 3 / Tokens Studio form), this one first"
        case .plainNumber(let text, _): return "plain number \(text) where a {value, unit} object is expected"
        case .numberAsLength(let reference, _):
            return "reference '\(reference)' is a number token, expected a {value, unit} object"
        case .emptyUnit(let value): return "dimension \(JSONValue.format(value)) has an empty unit"
        case .lineHeightLength(let text, _):
            return "line height \(text) is a length, not a multiple of the font size"
        case .convertedUnit(_, let unit, _, _):
            return "dimension unit must be \"px\" or \"rem\", found \"\(unit)\""
        case .unconvertibleUnit(let unit, let tokens):
            return
                "dimension unit must be \"px\" or \"rem\", found \"\(unit)\" (\(tokens) token\(tokens == 1 ? "" : "s"), this one first)"
        case .numericString(let text, _): return "number written as the string '\(text)'"
        case .fontWeightName(let name, _):
            return "'\(name)' is not a font weight alias (they are lower-case: bold, semi-bold, …)"
        case .keyword(let text): return "'\(text)' has no numeric value"
        case .untyped: return "no $type on the token, its reference or any parent group"
        case .singleContext(let name):
            return "modifier has the single context '\(name)': declare a set instead"
        case .expression(let text, _):
            return "'\(text)' is an expression (Tokens Studio math), not a DTCG value"
        case .nonTokenMember(let name, let found):
            return "member '\(name)' must be a token or group (an object), found \(found)"
        case .studioRGBA(let text):
            return "expected a colour object {colorSpace, components}, found '\(text)'"
        case .cssColor(let text): return "expected a colour object {colorSpace, components}, found '\(text)'"
        case .noShadow(let text):
            return "expected a shadow object or a non-empty array of them, found '\(text)'"
        case .cssShadow(let text):
            return "expected a shadow object {color, offsetX, offsetY, blur, spread}, found '\(text)'"
        case .missingMember(let name, let type, _): return "\(type) is missing '\(name)'"
        case .nonPointerReference(let reference):
            return "$ref '\(reference)' must end in a JSON Pointer ('#/…')"
        case .json5Syntax: return "JSON5 syntax (comments, unquoted keys, trailing commas …) is not JSON"
        case .fontStack(let text, _):
            return "fontFamily '\(text)' is a CSS font stack: write an array of family names"
        default: return message
        }
    }

    /// ` (not read: sets a, b; themes C; a resolver document selects them)`, or nothing when
    /// everything was read.
    private static func notRead(sets: [String], themes: [String]) -> String {
        var parts: [String] = []
        if !sets.isEmpty { parts.append("sets \(sets.joined(separator: ", "))") }
        if !themes.isEmpty {
            parts.append("themes \(themes.joined(separator: ", ")); a resolver document selects them")
        }
        return parts.isEmpty ? "" : " (not read: \(parts.joined(separator: "; ")))"
    }

    /// `{a.b}` for `{a.b.value}` or `{a.b.$value}`.
    private static func droppingValueSuffix(_ reference: String) -> String {
        var segments = DTCGReference.curlySegments(reference)
        if segments.count > 1 { segments.removeLast() }
        return "{" + segments.joined(separator: ".") + "}"
    }

    /// The message without location, as lenient reading reports it.
    package var message: String {
        switch self {
        case .hexFallback(let hex):
            "hex fallback '\(hex)' is not #rrggbb (ignored: the components carry the value)"
        case .legacyString(let text, let type): "'\(text)' is the pre-2025 string form of a \(type.rawValue)"
        case .typeAlias(let name, let type): "$type '\(name)' is not a DTCG type (read as \(type.rawValue))"
        case .extensionType(let name): "$type '\(name)' is not a DTCG type (skipped)"
        case .rawType(let name):
            "$type '\(name)' is not a DTCG type (skipped; a reference to it reads its raw value where the slot's type accepts it)"
        case .rawTypeValue(let reference, let type):
            "reference '\(reference)' names a '\(type)' token (not a DTCG type): its raw value read as the slot's type"
        case .extraMembers(let names, let type):
            "\(type) member\(names.count == 1 ? "" : "s") \(names.map { "'\($0)'" }.joined(separator: ", ")) not in DTCG (ignored)"
        case .tokenWithChildren: "a token with $value also has child tokens or groups (both kept)"
        case .unknownWeightName(let name):
            "font weight '\(name)' is not a DTCG alias nor a weight name Keel knows (skipped)"
        case .alphaMember(let alpha):
            "member 'alpha' \(JSONValue.format(alpha)) (Primer's colour alpha, not DTCG) applied to the colour"
        case .studioSets(let sets, let themes, let others, let leftOut, let noneSelected):
            "Tokens Studio token sets \(sets.joined(separator: ", ")) merged"
                + (themes.isEmpty
                    ? " in tokenSetOrder"
                    : noneSelected
                        ? " in tokenSetOrder: theme\(themes.count == 1 ? "" : "s") \(themes.map { "'\($0)'" }.joined(separator: ", ")) enable\(themes.count == 1 ? "s" : "") no set"
                        : " as theme\(themes.count == 1 ? "" : "s") \(themes.map { "'\($0)'" }.joined(separator: ", "))")
                + Self.notRead(sets: leftOut, themes: others)
        case .cssGradient(let text):
            "CSS gradient '\(text)' where a colour is expected (skipped: a DTCG gradient is an array of stops)"
        case .colorModifier(let modifier, let applied):
            applied
                ? "Tokens Studio colour modifier '\(modifier)' applied"
                : "Tokens Studio colour modifier '\(modifier)' cannot be applied (skipped)"
        case .colorModifierWithoutSpace(let modifier):
            "Tokens Studio colour modifier '\(modifier)' has no space (colour left unchanged, as Tokens Studio leaves it)"
        case .unprefixedTokens(let count):
            "\(count) token\(count == 1 ? "" : "s") written with 'value'/'type' (Style Dictionary 3 / Tokens Studio form; read as $value/$type, '$a.b' references as '{a.b}'), this one first"
        case .groupReference(let reference):
            "reference '\(reference)' names a group (read as its $root token)"
        case .plainNumber(let text, let unit):
            "plain number \(text) where a {value, unit} object is expected (read as \(unit))"
        case .numberFromType(let reference, let type):
            "reference '\(reference)' is a \(type.rawValue) token written as a plain number (read as that number)"
        case .numberAliasesDimension(let reference):
            "declared number, reads as the dimension it references ('\(reference)')"
        case .numberAsLength(let reference, let unit):
            "reference '\(reference)' is a number token where a {value, unit} object is expected (read as \(unit))"
        case .paddedReference(let reference, let tokens):
            "reference '\(reference)' has spaces inside its braces (read as '\(DTCGReference.unpadded(reference) ?? reference)'; \(tokens) token\(tokens == 1 ? "" : "s") in this file, this one first)"
        case .emptyUnit(let value): "dimension \(JSONValue.format(value)) has an empty unit (read as px)"
        case .lineHeightLength(let text, let multiplier):
            "line height \(text) is a length (read as \(JSONValue.format(multiplier)) × the font size)"
        case .lineHeightToken(let text):
            "line height \(text) is a length, not a number (kept as a dimension; a typography divides it by its font size)"
        case .convertedUnit(let value, let unit, let points, let basis):
            "\(JSONValue.format(value))\(unit) converted to \(JSONValue.format(points)) pt (\(basis))"
        case .unconvertibleUnit(let unit, let tokens):
            "unit '\(unit)' cannot be converted to points (\(tokens) token\(tokens == 1 ? "" : "s") skipped, this one first)"
        case .numericString(let text, let value):
            "number written as the string '\(text)' (read as \(JSONValue.format(value)))"
        case .fontWeightName(let name, let value):
            "font weight '\(name)' is not a DTCG alias (read as \(JSONValue.format(value)))"
        case .bezierString(let text): "timing function '\(text)' is a CSS string, not [x1, y1, x2, y2]"
        case .keyword(let text): "'\(text)' has no numeric value (skipped)"
        case .shadowShape(let detail): "shadow \(detail)"
        case .untyped: "no $type on the token, its reference or any parent group (skipped)"
        case .typeFromGroup(let group, let type):
            "no $type on the token, its reference or any parent group (read as \(type.rawValue), the type of its theme group '\(group)')"
        case .dependsOnSkipped(let path): "references skipped token '\(path)' (skipped)"
        case .singleContext(let name): "modifier has the single context '\(name)' (read as a set)"
        case .valueSuffixReference(let reference, let tokens):
            "reference '\(reference)' names a token's value as Style Dictionary writes it (read as '\(Self.droppingValueSuffix(reference))'; \(tokens) token\(tokens == 1 ? "" : "s") in this file, this one first)"
        case .expression(let text, let result): "Tokens Studio expression '\(text)' evaluated to \(result)"
        case .nonTokenMember(let name, let found):
            "member '\(name)' (\(found)) is not a token or group (ignored)"
        case .noShadow(let text): "shadow '\(text)' is not a DTCG shadow (read as no shadow)"
        case .cssShadow(let text):
            "shadow '\(text)' is a CSS string, not {color, offsetX, offsetY, blur, spread} (read as its layers)"
        case .studioRGBA(let text):
            "colour '\(text)' is Tokens Studio's rgba(colour, alpha), not CSS or DTCG (read as that colour with that alpha)"
        case .cssColor(let text):
            "colour '\(text)' is a CSS string, not {colorSpace, components} (read as srgb)"
        case .missingMember(let name, let type, let fallback):
            "\(type) has no '\(name)' (read as \(fallback))"
        case .nonPointerReference(let reference):
            "$ref '\(reference)' is not a JSON Pointer (read as '#/\(reference.split(separator: "#", maxSplits: 1).last ?? "")')"
        case .referenceIntoModifier(let reference):
            "$ref '\(reference)' points into a modifier (only resolutionOrder may; read as its sources)"
        case .json5Syntax: "JSON5 syntax (comments, unquoted keys, trailing commas …): read as JSON5"
        case .groupTypeOverridden(let reference, let group, let found):
            "the group's $type is \(group.rawValue) but '\(reference)' is a \(found.rawValue) token: read as \(found.rawValue) (DTCG §5.2.2, the referenced type wins over the group's)"
        case .fontStack(let text, let families):
            "fontFamily '\(text)' is a CSS font stack, not one family (read as the families \(families.map { "'\($0)'" }.joined(separator: ", ")))"
        }
    }
}
