import Foundation
import KeelDesign
import KeelSupport

/// What a dimension measures, for the units relative to something (`em`, `%`).
enum DimensionContext {
    /// A dimension token or member with no font size of its own: `em` is against the rem base.
    case standalone
    /// A typography's letter spacing: `em` and `%` are against its font size (in points).
    case letterSpacing(fontSize: Double)
}

/// The forms real tools write that DTCG 2025.10 does not: each is read through
/// `DTCGResolution.depart(_:)` (a warning, or strictly an error) or skips the token.
extension DTCGResolution {
    /// A `number` value: a JSON number; leniently also `"1.5"` and `"150%"` (1.5).
    mutating func decodeNumber(_ json: JSONValue) throws -> Double {
        switch try plain(json) {
        case .number(let number): return number
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let number = Double(trimmed), number.isFinite {
                try depart(.numericString(text, value: number))
                return number
            }
            if trimmed.hasSuffix("%"), let percent = Double(trimmed.dropLast()), percent.isFinite {
                try depart(.numericString(text, value: percent / 100))
                return percent / 100
            }
            if !trimmed.isEmpty, trimmed.allSatisfy(\.isLetter) { throw skip(.keyword(text)) }
            if let expression = TokenExpression.parse(text) {
                let result = try evaluate(expression, text)
                guard !result.isLength else {
                    throw invalid("expression '\(text)' is a length where a number is expected")
                }
                return result.amount
            }
            throw invalid("expected a number, found the string '\(text)'")
        default: throw invalid("expected a number, found \(json.kindName)")
        }
    }

    /// A dimension's `value`: a number, leniently a numeric string.
    mutating func dimensionNumber(_ json: JSONValue) throws -> Double {
        switch try plain(json) {
        case .number(let number): return number
        case .string(let text):
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                throw invalid("dimension value must be a number")
            }
            try depart(.numericString(text, value: number))
            return number
        default: throw invalid("dimension value must be a number")
        }
    }

    /// A Tokens Studio `lineHeights` token whose value is a length (`"24px"`, a dimension
    /// object) or an alias of a dimension token: the dimension, kept with a warning (a
    /// typography using it divides it by its font size, as it does a length written inline);
    /// `nil` for any other value, read as the number its type says.
    mutating func lineHeightLength(_ json: JSONValue) throws -> ResolvedToken? {
        if let reference = referenceText(json) {
            guard case .token(let target) = try follow(reference, expected: nil), target.type == .dimension
            else { return nil }
            try depart(.lineHeightToken(reference))
            return target
        }
        switch json {
        case .string(let text):
            guard let (_, unit) = DTCGResolution.splitUnit(text), unit == "px" || unit == "rem" else {
                return nil
            }
        case .object(let object) where object["unit"] != nil: break
        default: return nil
        }
        let dimension = try decodeDimension(json)
        try depart(.lineHeightToken(json.stringValue ?? json.encoded(pretty: false)))
        return ResolvedToken(type: .dimension, value: .dimension(dimension))
    }

    /// A typography's `lineHeight`: a number (a multiple of the font size); leniently also a
    /// percentage, or a length divided by the font size.
    mutating func typographyLineHeight(_ json: JSONValue, fontSize: Double) throws -> Double {
        var length: Double?
        if let reference = referenceText(json) {
            // A `lineHeights` token kept as a length, or an alias of a dimension: divided by the
            // font size as an inline length is.
            if case .token(let target) = try follow(reference, expected: nil),
                case .dimension(let dimension) = target.value
            {
                length = dimension.points(remBase: options.remBase)
            } else {
                guard case .number(let number) = try decode(json, as: .number) else {
                    throw invalid("lineHeight must be a number")
                }
                guard let pixels = try implausibleLineHeight(number, fontSize: fontSize) else {
                    return number
                }
                length = pixels
            }
        }
        switch json {
        case .string(let text):
            if let (value, unit) = DTCGResolution.splitUnit(text), unit == "px" || unit == "rem" {
                length = unit == "px" ? value : value * options.remBase
            }
        case .object(let object) where object["unit"] != nil:
            length = try decodeDimension(json).points(remBase: options.remBase)
        default: break
        }
        if length == nil {
            let number = try decodeNumber(json)
            guard let pixels = try implausibleLineHeight(number, fontSize: fontSize) else { return number }
            length = pixels
        }
        guard let length else { return 0 }
        guard fontSize > 0, (length / fontSize).isFinite else {
            throw invalid("lineHeight is a length but the font size is not positive")
        }
        let ratio = length / fontSize
        // Rounded to 6 places where that cannot overflow (a ratio near the largest double).
        let multiplier = abs(ratio) < 1e290 ? (ratio * 1e6).rounded() / 1e6 : ratio
        try depart(.lineHeightLength(json.stringValue ?? json.encoded(pretty: false), multiplier: multiplier))
        return multiplier
    }

    /// A unitless typography line height above 4 (`16` with a 12 px font: 192 px lines) is
    /// implausible as a multiple of the font size: a warning. When it is also at least the font
    /// size in px, the lenient reading takes it as px, as Tokens Studio's Figma line heights
    /// are (returned, for the caller to divide by the font size); below the font size px would
    /// be shorter than the text, so it stays a multiple. The same in every spelling of the file.
    mutating func implausibleLineHeight(_ number: Double, fontSize: Double) throws -> Double? {
        guard number > 4, let path = stack.last else { return nil }
        let asPixels = !options.strict && fontSize > 0 && number >= fontSize
        let issue = DTCGIssue(path: path, kind: .implausibleLineHeight(number, readAsPixels: asPixels))
        if !pending.contains(issue) { pending.append(issue) }
        return asPixels ? number : nil
    }

    /// A Tokens Studio expression's value (a departure): each reference a number or dimension
    /// token, lengths in points.
    mutating func evaluate(_ expression: TokenExpression, _ text: String) throws -> TokenExpression.Value {
        let value: TokenExpression.Value
        do {
            value = try expression.evaluate(remBase: options.remBase, viewport: options.viewport) {
                reference in
                try expressionOperand(reference, in: text)
            }
        } catch let error as TokenExpression.ExpressionError {
            throw invalid("expression '\(text)' \(error.message)")
        }
        let rounded = abs(value.amount) < 1e290 ? (value.amount * 1e6).rounded() / 1e6 : value.amount
        try depart(.expression(text, result: JSONValue.format(rounded) + (value.isLength ? "px" : "")))
        return TokenExpression.Value(amount: rounded, isLength: value.isLength)
    }

    /// A reference inside an expression, as a number or a length in points.
    private mutating func expressionOperand(_ reference: String, in text: String) throws
        -> TokenExpression.Value
    {
        let json: JSONValue
        switch try follow(reference, expected: nil) {
        case .token(let target):
            switch target.value {
            case .dimension(let dimension):
                return TokenExpression.Value(
                    amount: dimension.points(remBase: options.remBase), isLength: !isUnitless(reference),
                    unit: dimension.unit == .rem ? "rem" : "px")
            case .number(let number): return TokenExpression.Value(amount: number, isLength: false)
            default:
                throw invalid(
                    "expression '\(text)': '\(reference)' is a \(target.type.rawValue), not a number or dimension"
                )
            }
        case .json(let value): json = value
        }
        var number = json.numberValue
        if case .string(let written) = json { number = Double(written.trimmingCharacters(in: .whitespaces)) }
        guard let number, number.isFinite else {
            throw invalid("expression '\(text)': '\(reference)' is not a number")
        }
        return TokenExpression.Value(amount: number, isLength: false)
    }

    /// Leniently, the number a `number` slot reads from a dimension or font weight token
    /// written as a plain number (`"18"`, `700`): Tokens Studio's unitless sizes and numeric
    /// weights, which its number tokens alias (a departure). `nil` otherwise (and strictly).
    mutating func plainNumber(behind reference: String, _ target: ResolvedToken) throws -> Double? {
        guard !options.strict, isUnitless(reference) else { return nil }
        let number: Double
        switch target.value {
        case .dimension(let dimension) where dimension.unit == .px: number = dimension.value
        case .fontWeight(let weight): number = weight.rawValue
        default: return nil
        }
        try depart(.numberFromType(reference, target.type))
        return number
    }

    /// Leniently, a `number` token's value where a dimension or duration is expected (`type`),
    /// read in px or ms as a plain number written there is (a departure): Tokens Studio's
    /// `"spacing": "{number-4}"`. `nil` for any other pair of types, and strictly.
    mutating func lengthFromNumber(behind reference: String, _ target: ResolvedToken, as type: TokenType)
        throws -> TokenValue?
    {
        guard !options.strict, case .number(let number) = target.value else { return nil }
        switch type {
        case .dimension:
            try depart(.numberAsLength(reference, unit: "px"))
            return .dimension(DTCGDimension(value: number, unit: .px))
        case .duration:
            try depart(.numberAsLength(reference, unit: "ms"))
            return .duration(DTCGDuration(value: number, unit: .ms))
        default: return nil
        }
    }

    /// Whether the token a curly `reference` names writes its value as a number without a
    /// unit (`"2"`, `2`): Tokens Studio's ratios and multipliers, typed `spacing` or `sizing`
    /// (so read as px on their own), are numbers in its math: `{space.base} * {space.ratio}` is
    /// a length, not a length times a length.
    func isUnitless(_ reference: String) -> Bool {
        guard DTCGReference.isCurly(reference),
            let token = raw[TokenPath(DTCGReference.curlySegments(reference))]
        else { return false }
        switch token.value {
        case .number: return true
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))?.isFinite == true
        default: return false
        }
    }

    /// A length in a unit the spec does not allow, in points: `em` (against the font size of
    /// a typography, else the rem base), `%` (of a typography's font size), `vw`, `vh` and the
    /// other viewport units (``TokenExpression/viewportPoints(_:unit:viewport:)``). Anything
    /// else skips the token (reported once per unit).
    mutating func convert(_ value: Double, _ unit: String, context: DimensionContext) throws -> DTCGDimension
    {
        let points: Double
        let basis: String
        let remBase = JSONValue.format(options.remBase)
        switch (unit.lowercased(), context) {
        case ("em", .letterSpacing(let fontSize)):
            points = value * fontSize
            basis = "× the \(JSONValue.format(fontSize)) pt font size"
        case ("em", .standalone):
            points = value * options.remBase
            basis = "× \(remBase) pt per rem: no font size"
        case ("%", .letterSpacing(let fontSize)):
            points = value / 100 * fontSize
            basis = "of the \(JSONValue.format(fontSize)) pt font size"
        default:
            guard let extent = TokenExpression.viewportExtent(unit) else {
                throw skip(.unconvertibleUnit(unit, tokens: 1))
            }
            points = value / 100 * extent.points(of: options.viewport)
            let width = JSONValue.format(options.viewport.width)
            let height = JSONValue.format(options.viewport.height)
            switch extent {
            case .width: basis = "of a \(width) pt wide viewport"
            case .height: basis = "of a \(height) pt high viewport"
            case .smaller, .larger: basis = "of a \(width) × \(height) pt viewport"
            }
        }
        guard points.isFinite else {
            throw invalid("\(JSONValue.format(value))\(unit) is beyond the largest finite length")
        }
        let rounded = abs(points) < 1e290 ? (points * 1e6).rounded() / 1e6 : points
        try depart(.convertedUnit(value: value, unit: unit, points: rounded, basis: basis))
        return DTCGDimension(value: rounded, unit: .px)
    }

    /// A shadow layer as Tokens Studio writes it (`x`, `y`, `type: "innerShadow"`), or with
    /// `spread` or `blur` left out, as the DTCG object (each a departure).
    mutating func tokensStudioShadow(_ json: JSONValue) throws -> JSONValue {
        guard case .object(var object) = json else { return json }
        for (from, to) in [("x", "offsetX"), ("y", "offsetY")] where object[to] == nil {
            guard let value = object[from] else { continue }
            try depart(.shadowShape("member '\(from)' read as '\(to)'"))
            object[to] = value
            object[from] = nil
        }
        if let type = object["type"]?.stringValue, object["inset"] == nil,
            type == "innerShadow" || type == "dropShadow"
        {
            try depart(.shadowShape("type '\(type)' read as inset \(type == "innerShadow")"))
            object["inset"] = .bool(type == "innerShadow")
            object["type"] = nil
        }
        for member in ["spread", "blur"] where object[member] == nil && object["color"] != nil {
            try depart(.shadowShape("without '\(member)' (read as 0)"))
            object[member] = .object(JSONObject([("value", .number(0)), ("unit", .string("px"))]))
        }
        return .object(object)
    }

    /// `"16px"` → (16, "px"), `"1.5em"` → (1.5, "em"), `"50%"` → (50, "%"), `"0"` → (0, ""):
    /// a decimal number then a unit of letters or `%` (lower-cased).
    static func splitUnit(_ text: String) -> (value: Double, unit: String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var end = trimmed.startIndex
        for (offset, character) in zip(0..., trimmed) {
            let sign = offset == 0 && (character == "-" || character == "+")
            guard sign || character.isASCII && (character.isNumber || character == ".") else { break }
            end = trimmed.index(after: end)
        }
        let unit = trimmed[end...].lowercased()
        guard let value = Double(trimmed[..<end]), value.isFinite,
            unit == "%" || unit.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        return (value, unit)
    }

    /// A weight as design tools name it (`Bold`, `SemiBold`, `Extra Light`, `Medium Italic`).
    /// The DTCG font weight alias `name` misspells (one or two letters off, `bolld` for
    /// `bold`), or `nil`: a design tool's own name (`Ultra`) is not near any alias.
    static func misspelledWeightAlias(_ name: String) -> String? {
        let key = Array(name.lowercased().filter { $0.isLetter || $0 == "-" })
        // CSS's relative weights are words of their own, not misspellings of `bold`/`light`.
        guard key.count >= 3, key.count <= 32, !["bolder", "lighter"].contains(String(key)) else {
            return nil
        }
        let limit = key.count >= 6 ? 2 : 1
        var best: (alias: String, distance: Int)?
        for alias in FontWeight.dtcgAliases.keys.sorted() {
            let distance = editDistance(key, Array(alias))
            // Distance 0 is the alias itself beside other words or digits (`Bold 700`): a
            // free-form name, not a misspelling.
            if distance == 0 { return nil }
            if distance <= limit, distance < (best?.distance ?? .max) { best = (alias, distance) }
        }
        return best?.alias
    }

    /// Levenshtein distance (insertions, deletions, substitutions), one row at a time.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    static func fontWeightName(_ name: String) -> FontWeight? {
        var key = name.lowercased().filter { $0.isLetter }
        for style in ["italic", "oblique"] where key.hasSuffix(style) && key != style {
            key = String(key.dropLast(style.count))
        }
        // A font's width beside its weight, as Figma names styles (`Expanded Medium`,
        // `Condensed Bold`): the weight is the rest.
        let widths = [
            "ultracondensed", "extracondensed", "semicondensed", "condensed", "ultraexpanded",
            "extraexpanded",
            "semiexpanded", "expanded", "extended", "compressed", "narrow", "wide",
        ]
        for width in widths where key != width {
            if key.hasPrefix(width) {
                key = String(key.dropFirst(width.count))
                break
            }
            if key.hasSuffix(width) {
                key = String(key.dropLast(width.count))
                break
            }
        }
        let table: [String: Double] = [
            "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300, "normal": 400,
            "regular": 400, "book": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700,
            "extrabold": 800, "ultrabold": 800, "black": 900, "heavy": 900, "extrablack": 950,
            "ultrablack": 950,
        ]
        return table[key].map(FontWeight.init(rawValue:))
    }

    /// A CSS timing function: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out` or
    /// `cubic-bezier(x1, y1, x2, y2)` with x in 0...1.
    static func cssTimingFunction(_ text: String) -> [Double]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let keywords: [String: [Double]] = [
            "linear": [0, 0, 1, 1], "ease": [0.25, 0.1, 0.25, 1], "ease-in": [0.42, 0, 1, 1],
            "ease-out": [0, 0, 0.58, 1], "ease-in-out": [0.42, 0, 0.58, 1],
        ]
        if let points = keywords[trimmed] { return points }
        guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else { return nil }
        let numbers = trimmed.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",").map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count == 4, numbers.allSatisfy({ $0?.isFinite == true }) else { return nil }
        let points = numbers.map { $0! }
        guard (0...1).contains(points[0]), (0...1).contains(points[2]) else { return nil }
        return points
    }
}
