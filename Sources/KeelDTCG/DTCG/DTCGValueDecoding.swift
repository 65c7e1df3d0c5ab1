import KeelDesign
import KeelSupport

/// Typed decoding of token values: each value slot is checked against its type, following
/// references of that type (split from DTCGResolution.swift, which resolves references).
extension DTCGResolution {
    /// Decodes a value slot of `type`, following a reference in it.
    mutating func decode(_ json: JSONValue, as type: TokenType) throws -> TokenValue {
        guard let reference = referenceText(json) else { return try decodeLiteral(json, as: type) }
        switch try follow(reference, expected: type) {
        case .token(let target):
            guard target.type == type else {
                if type == .number, let number = try plainNumber(behind: reference, target) {
                    return .number(number)
                }
                if let length = try lengthFromNumber(behind: reference, target, as: type) { return length }
                throw ResolutionFailure(
                    .typeMismatch(expected: type, found: target.type, reference: reference))
            }
            return target.value
        case .json(let value):
            return try decodeLiteral(value, as: type)
        }
    }

    /// Follows a `$ref` pointer in a raw position (colour parts), returning plain JSON.
    mutating func plain(_ json: JSONValue) throws -> JSONValue {
        guard case .object(let object) = json, object.count == 1, let pointer = object["$ref"]?.stringValue
        else {
            return json
        }
        switch try follow(pointer, expected: nil) {
        case .token(let target): return target.value.json
        case .json(let value): return value
        }
    }

    mutating func decodeLiteral(_ json: JSONValue, as type: TokenType) throws -> TokenValue {
        switch type {
        case .color: return .color(try decodeColor(json))
        case .dimension: return .dimension(try decodeDimension(json))
        case .fontFamily: return .fontFamily(try decodeFontFamily(json))
        case .fontWeight: return .fontWeight(try decodeFontWeight(json))
        case .duration: return .duration(try decodeDuration(json))
        case .cubicBezier: return .cubicBezier(try decodeBezier(json))
        case .number: return .number(try decodeNumber(json))
        case .strokeStyle: return .strokeStyle(try decodeStrokeStyle(json))
        case .border:
            let object = try fields(json, required: ["color", "width", "style"], optional: [], of: "border")
            return .border(
                BorderValue(
                    color: try color(object["color"]!), width: try dimension(object["width"]!),
                    style: try strokeStyle(object["style"]!)))
        case .transition:
            let object = try fields(
                json, required: ["duration", "delay", "timingFunction"], optional: [], of: "transition")
            return .transition(
                TransitionValue(
                    duration: try duration(object["duration"]!), delay: try duration(object["delay"]!),
                    timingFunction: try bezier(object["timingFunction"]!)))
        case .shadow: return .shadow(try decodeShadow(json))
        case .gradient: return .gradient(try decodeGradient(json))
        case .typography:
            // A missing letter spacing is 0 (the spec's own examples leave it out); a missing
            // line height has CSS's `normal` as the default tools agree on, and a missing font
            // weight CSS's `normal` (400), each read leniently with a warning.
            let object = try fields(
                json, required: ["fontFamily", "fontSize"],
                optional: ["fontWeight", "lineHeight", "letterSpacing"],
                of: "typography")
            var weight = FontWeight(rawValue: 400)
            if let written = object["fontWeight"] {
                guard case .fontWeight(let decoded) = try decode(written, as: .fontWeight) else {
                    throw invalid("typography parts have the wrong type")
                }
                weight = decoded
            } else {
                try depart(.missingMember("fontWeight", of: "typography", default: "400, CSS's normal"))
            }
            guard case .fontFamily(let families) = try decode(object["fontFamily"]!, as: .fontFamily)
            else { throw invalid("typography parts have the wrong type") }
            let fontSize = try dimension(object["fontSize"]!)
            let sizePoints = fontSize.points(remBase: options.remBase)
            var lineHeight = 1.2
            if let value = object["lineHeight"] {
                lineHeight = try typographyLineHeight(value, fontSize: sizePoints)
            } else {
                try depart(.missingMember("lineHeight", of: "typography", default: "1.2, CSS's normal"))
            }
            var letterSpacing = DTCGDimension(value: 0)
            if let value = object["letterSpacing"] {
                letterSpacing = try dimension(value, context: .letterSpacing(fontSize: sizePoints))
            }
            return .typography(
                TypographyValue(
                    fontFamily: families, fontSize: fontSize, fontWeight: weight,
                    letterSpacing: letterSpacing, lineHeight: lineHeight))
        }
    }

    func invalid(_ reason: String) -> ResolutionFailure { ResolutionFailure(.invalidValue(reason)) }

    mutating func fields(_ json: JSONValue, required: [String], optional: [String], of name: String)
        throws -> JSONObject
    {
        guard case .object(var object) = json else {
            throw invalid("\(name) must be an object, found \(json.kindName)")
        }
        let extra = object.keys.filter { !required.contains($0) && !optional.contains($0) }
        if !extra.isEmpty {
            // Ignored leniently (`fontStyle`, `textDecoration` …); an error strictly.
            try depart(.extraMembers(extra, of: name))
            for key in extra { object[key] = nil }
        }
        for key in required where object[key] == nil { throw invalid("\(name) is missing '\(key)'") }
        return object
    }

    // Typed sub-value helpers (each follows references of its own type).
    private mutating func color(_ json: JSONValue) throws -> DTCGColor {
        guard case .color(let value) = try decode(json, as: .color) else { throw invalid("expected a color") }
        return value
    }
    private mutating func dimension(_ json: JSONValue, context: DimensionContext = .standalone) throws
        -> DTCGDimension
    {
        if referenceText(json) == nil { return try decodeDimension(json, context: context) }
        if case .letterSpacing = context, let literal = fontRelativeLiteral(behind: json) {
            // `em` and `%` are relative to the font size where the token is used, not where it
            // is defined: the alias target on its own has no font size.
            return try decodeDimension(literal, context: context)
        }
        guard case .dimension(let value) = try decode(json, as: .dimension) else {
            throw invalid("expected a dimension")
        }
        return value
    }
    /// The colour a reference inside a string names (resolved first by the dependency walk),
    /// or `nil` when it names no colour.
    private mutating func colorReference(_ reference: String) -> ColorValue? {
        guard case .token(let target)? = try? follow(reference, expected: .color),
            case .color(let color) = target.value
        else { return nil }
        return color.srgb
    }

    /// The colour of Tokens Studio's `rgba(colour, alpha)` (a hex or a reference to a colour,
    /// with an alpha ``studioAlpha(_:)`` reads), or `nil` when `text` is not one: in a colour
    /// slot and as the colour word of a CSS `box-shadow` string.
    private mutating func studioRGBAColor(_ text: String) -> ColorValue? {
        guard let (base, alphaText) = DTCGResolution.studioRGBA(text), let alpha = studioAlpha(alphaText)
        else { return nil }
        let color: ColorValue?
        if base.hasPrefix("#") {
            color = try? ColorValue(hex: base)
        } else {
            color = colorReference(base)
        }
        return color?.withAlpha(alpha)
    }

    /// The alpha of Tokens Studio's `rgba(colour, alpha)`: a literal (``studioAlphaLiteral(_:)``)
    /// or a reference to a number in 0...1 (Esri Calcite's `{core.opacity.4}`, an `opacity`
    /// token of `"4%"`), which Tokens Studio substitutes before reading the colour. `nil` when
    /// it is neither (the colour is then an invalid value).
    private mutating func studioAlpha(_ text: String) -> Double? {
        guard DTCGReference.isCurly(text) else { return DTCGResolution.studioAlphaLiteral(text) }
        guard case .token(let target)? = try? follow(text, expected: .number),
            case .number(let alpha) = target.value, (0...1).contains(alpha)
        else { return nil }
        return alpha
    }

    /// The literal dimension an alias chain starting at `json` ends in, when it is in a unit
    /// relative to the font size (`em`, `%`) and every token on the way is a dimension; `nil`
    /// otherwise (the alias is then followed as usual, which reports what is wrong).
    private mutating func fontRelativeLiteral(behind json: JSONValue) -> JSONValue? {
        var current = json
        // Each hop names a different token; a cycle is left for the usual walk to report.
        for _ in 0..<64 {
            guard let reference = referenceText(current),
                case .token(let path)? = try? cachedLocate(reference),
                let token = raw[path], (token.declaredType ?? token.inheritedType) == .dimension,
                token.extensionType == nil, !token.hasInvalidType
            else { return nil }
            current = token.value
            guard referenceText(current) == nil else { continue }
            let unit: String?
            switch current {
            case .string(let text): unit = DTCGResolution.splitUnit(text)?.unit
            case .object(let object): unit = object["unit"]?.stringValue?.lowercased()
            default: unit = nil
            }
            return unit == "em" || unit == "%" ? current : nil
        }
        return nil
    }

    private mutating func duration(_ json: JSONValue) throws -> DTCGDuration {
        guard case .duration(let value) = try decode(json, as: .duration) else {
            throw invalid("expected a duration")
        }
        return value
    }
    private mutating func bezier(_ json: JSONValue) throws -> [Double] {
        guard case .cubicBezier(let value) = try decode(json, as: .cubicBezier) else {
            throw invalid("expected a cubicBezier")
        }
        return value
    }
    private mutating func strokeStyle(_ json: JSONValue) throws -> StrokeStyleValue {
        guard case .strokeStyle(let value) = try decode(json, as: .strokeStyle) else {
            throw invalid("expected a strokeStyle")
        }
        return value
    }

    private mutating func decodeColor(_ json: JSONValue) throws -> DTCGColor {
        if case .string(let text) = json {
            if text.hasPrefix("#"), let color = try? ColorValue(hex: text) {
                if !options.legacy { try depart(.legacyString(text, .color)) }
                return DTCGColor(color)
            }
            if DTCGResolution.isCSSGradient(text) { throw skip(.cssGradient(text)) }
            if !text.hasPrefix("#"), let color = CSSColor.parse(text) {
                if !options.legacy { try depart(.cssColor(text)) }
                return DTCGColor(color)
            }
            if let color = studioRGBAColor(text) {
                // Tokens Studio's `rgba(#FFFF00, 0.5)` / `rgba({color.x}, 0.5)` /
                // `rgba({color.x}, {opacity.4})`: that colour with that alpha.
                try depart(.studioRGBA(text))
                return DTCGColor(color)
            }
            throw invalid(
                text.hasPrefix("#")
                    ? "'\(text)' is not a hex colour (#rgb, #rrggbb or #rrggbbaa)"
                    : "expected a colour object {colorSpace, components}, found '\(text)'")
        }
        let object = try fields(
            json, required: ["colorSpace", "components"], optional: ["alpha", "hex"], of: "color")
        guard let spaceName = try plain(object["colorSpace"]!).stringValue else {
            throw invalid("colorSpace must be a string")
        }
        guard let space = ColorSpace(rawValue: spaceName) else {
            throw invalid("unknown colorSpace '\(spaceName)'")
        }
        guard case .array(let rawComponents) = try plain(object["components"]!), rawComponents.count == 3
        else {
            throw invalid("components must be an array of 3 numbers for \(spaceName)")
        }
        var components: [Double?] = []
        for (index, raw) in rawComponents.enumerated() {
            switch try plain(raw) {
            case .string("none"): components.append(nil)
            case .number(let value):
                guard space.isValidComponent(value, at: index) else {
                    throw invalid(
                        "component \(index) (\(JSONValue.format(value))) is out of range for \(spaceName)")
                }
                components.append(value)
            default: throw invalid("component \(index) must be a number or \"none\"")
            }
        }
        var alpha = 1.0
        if let rawAlpha = object["alpha"] {
            guard let value = try plain(rawAlpha).numberValue, (0...1).contains(value) else {
                throw invalid("alpha must be a number in 0...1")
            }
            alpha = value
        }
        var hex: String?
        if let rawHex = object["hex"] {
            if let text = rawHex.stringValue, text.count == 7, text.hasPrefix("#"),
                text.dropFirst().allSatisfy(\.isHexDigit)
            {
                hex = text
            } else {
                // `#fff`, `#ffffff80`: the components carry the value.
                try depart(.hexFallback(rawHex.stringValue ?? rawHex.encoded(pretty: false)))
            }
        }
        // In range, yet too large to convert (`xyz-d65 [1e308, 0, 0]`, `oklch [0.5, 1e200, 30]`):
        // an error of the file, not a clipped colour that looks plausible.
        guard space.unclippedSRGB(components).allSatisfy(\.isFinite) else {
            throw invalid(
                "components \(components.map { $0.map(JSONValue.format) ?? "none" }.joined(separator: ", ")) of \(spaceName) are beyond the finite numbers once converted to srgb"
            )
        }
        return DTCGColor(colorSpace: space, components: components, alpha: alpha, hex: hex)
    }

    mutating func decodeDimension(_ json: JSONValue, context: DimensionContext = .standalone)
        throws -> DTCGDimension
    {
        switch json {
        case .number(let number):
            try depart(.plainNumber(JSONValue.format(number), unit: "px"))
            return DTCGDimension(value: number, unit: .px)
        case .string(let text):
            guard let (value, unit) = DTCGResolution.splitUnit(text) else {
                if text.allSatisfy(\.isLetter), !text.isEmpty { throw skip(.keyword(text)) }
                if let expression = TokenExpression.parse(text) {
                    let result = try evaluate(expression, text)
                    return DTCGDimension(value: result.amount, unit: .px)
                }
                throw invalid("expected {value, unit}, found the string '\(text)'")
            }
            switch unit {
            case "px", "rem":
                if !options.legacy { try depart(.legacyString(text, .dimension)) }
                return DTCGDimension(value: value, unit: DimensionUnit(rawValue: unit)!)
            case "":
                try depart(.plainNumber("'\(text)'", unit: "px"))
                return DTCGDimension(value: value, unit: .px)
            default: return try convert(value, unit, context: context)
            }
        default: break
        }
        let object = try fields(json, required: ["value", "unit"], optional: [], of: "dimension")
        let value = try dimensionNumber(object["value"]!)
        guard let unitName = try plain(object["unit"]!).stringValue else {
            throw invalid(
                "dimension unit must be \"px\" or \"rem\", found \(object["unit"]!.encoded(pretty: false))")
        }
        if let unit = DimensionUnit(rawValue: unitName) { return DTCGDimension(value: value, unit: unit) }
        if unitName.isEmpty {
            try depart(.emptyUnit(value))
            return DTCGDimension(value: value, unit: .px)
        }
        return try convert(value, unitName, context: context)
    }

    private mutating func decodeDuration(_ json: JSONValue) throws -> DTCGDuration {
        if case .number(let number) = json, number >= 0 {
            try depart(.plainNumber(JSONValue.format(number), unit: "ms"))
            return DTCGDuration(value: number, unit: .ms)
        }
        if case .string(let text) = json {
            guard let parsed = DTCGResolution.legacyNumber(text, units: ["ms", "s"]), parsed.value >= 0 else {
                throw invalid("expected {value, unit}, found the string '\(text)'")
            }
            if !options.legacy { try depart(.legacyString(text, .duration)) }
            return DTCGDuration(value: parsed.value, unit: DurationUnit(rawValue: parsed.unit)!)
        }
        let object = try fields(json, required: ["value", "unit"], optional: [], of: "duration")
        guard let value = try plain(object["value"]!).numberValue, value >= 0 else {
            throw invalid("duration value must be a non-negative number")
        }
        let unitName = try plain(object["unit"]!).stringValue
        guard let unitName, let unit = DurationUnit(rawValue: unitName) else {
            throw invalid("duration unit must be \"ms\" or \"s\"")
        }
        return DTCGDuration(value: value, unit: unit)
    }

    /// The families of a CSS font stack (`"'Mona Sans VF', -apple-system, sans-serif"`): split
    /// at commas outside quotes, each trimmed and unquoted, empty ones dropped. A name with no
    /// comma is one family (quotes kept: a family may contain them).
    static func fontStack(_ text: String) -> [String] {
        guard text.contains(",") else { return [text] }
        var families: [String] = []
        var current = ""
        var quote: Character?
        func finish() {
            var name = String(
                current.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            if name.count >= 2, let first = name.first, first == "'" || first == "\"", name.last == first {
                name = String(name.dropFirst().dropLast())
            }
            if !name.isEmpty { families.append(name) }
            current = ""
        }
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "," {
                finish()
                continue
            }
            current.append(character)
        }
        finish()
        return families
    }

    private mutating func decodeFontFamily(_ json: JSONValue) throws -> [String] {
        switch try plain(json) {
        case .string(let name) where !name.isEmpty:
            let families = DTCGResolution.fontStack(name)
            guard families.count > 1 else { return [families.first ?? name] }
            try depart(.fontStack(name, families: families))
            return families
        case .array(let names) where !names.isEmpty:
            var result: [String] = []
            for name in names {
                guard let text = name.stringValue, !text.isEmpty else {
                    throw invalid("font families must be non-empty strings")
                }
                result.append(text)
            }
            return result
        default: throw invalid("fontFamily must be a string or a non-empty array of strings")
        }
    }

    private mutating func decodeFontWeight(_ json: JSONValue) throws -> FontWeight {
        switch try plain(json) {
        case .number(let value) where (1...1000).contains(value): return FontWeight(rawValue: value)
        case .string(let alias):
            if let weight = FontWeight.dtcgAliases[alias] { return weight }
            if let number = Double(alias.trimmingCharacters(in: .whitespaces)), (1...1000).contains(number) {
                try depart(.numericString(alias, value: number))
                return FontWeight(rawValue: number)
            }
            guard let weight = DTCGResolution.fontWeightName(alias) else {
                // A design tool's name for a weight Keel cannot place (`Ultra`, `Book Oblique`):
                // its number is unknown, so the token is skipped rather than guessed.
                // A near miss of an alias (`bolld`, `semi-bild`) is a misspelling: a value not of
                // its type, an error in both modes as DTCG makes it, naming the alias meant.
                if let meant = DTCGResolution.misspelledWeightAlias(alias) {
                    throw invalid("'\(alias)' is not a font weight alias (did you mean '\(meant)'?)")
                }
                if alias.contains(where: \.isLetter),
                    alias.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" })
                {
                    throw skip(.unknownWeightName(alias))
                }
                throw invalid(
                    "'\(alias)' is not a font weight alias (they are lower-case: bold, semi-bold, …)")
            }
            try depart(.fontWeightName(alias, value: weight.rawValue))
            return weight
        default: throw invalid("fontWeight must be a number in 1...1000 or an alias")
        }
    }

    private mutating func decodeBezier(_ json: JSONValue) throws -> [Double] {
        if case .string(let text) = json, let points = DTCGResolution.cssTimingFunction(text) {
            try depart(.bezierString(text))
            return points
        }
        guard case .array(let values) = try plain(json), values.count == 4 else {
            throw invalid("cubicBezier must be an array of 4 numbers")
        }
        var points: [Double] = []
        for value in values {
            guard let number = try plain(value).numberValue else {
                throw invalid("cubicBezier values must be numbers")
            }
            points.append(number)
        }
        guard (0...1).contains(points[0]), (0...1).contains(points[2]) else {
            throw invalid("cubicBezier x values must be in 0...1")
        }
        return points
    }

    private mutating func decodeStrokeStyle(_ json: JSONValue) throws -> StrokeStyleValue {
        if case .string(let keyword) = json {
            guard StrokeStyleValue.keywords.contains(keyword) else {
                throw invalid("unknown stroke style '\(keyword)'")
            }
            return .keyword(keyword)
        }
        let object = try fields(json, required: ["dashArray", "lineCap"], optional: [], of: "strokeStyle")
        guard case .array(let dashes) = object["dashArray"]!, !dashes.isEmpty else {
            throw invalid("dashArray must be a non-empty array")
        }
        guard let cap = object["lineCap"]?.stringValue, ["round", "butt", "square"].contains(cap) else {
            throw invalid("lineCap must be round, butt or square")
        }
        var lengths: [DTCGDimension] = []
        for dash in dashes { lengths.append(try dimension(dash)) }
        return .dashes(dashArray: lengths, lineCap: cap)
    }

    private mutating func decodeShadow(_ json: JSONValue) throws -> [ShadowLayer] {
        // CSS `none` and an empty array: no shadow (DTCG has no way to write one).
        if case .string(let text) = json, text.trimmingCharacters(in: .whitespaces).lowercased() == "none" {
            try depart(.noShadow(text))
            return []
        }
        if case .array(let elements) = json, elements.isEmpty {
            try depart(.noShadow("[]"))
            return []
        }
        if case .string(let text) = json,
            let layers = CSSShadow.parse(
                text, reference: { DTCGReference.isCurly($0) ? colorReference($0) : studioRGBAColor($0) })
        {
            if !options.legacy { try depart(.cssShadow(text)) }
            return layers.map { layer in
                let length = layer.lengths.map { DTCGDimension(value: $0.value, unit: $0.unit) }
                return ShadowLayer(
                    color: DTCGColor(layer.color), offsetX: length[0], offsetY: length[1], blur: length[2],
                    spread: length[3], inset: layer.inset)
            }
        }
        guard case .array(let elements) = json else { return [try shadowLayer(json)] }
        guard !elements.isEmpty else { throw invalid("a shadow array must not be empty") }
        var layers: [ShadowLayer] = []
        for element in elements {
            if let reference = referenceText(element) {
                guard case .shadow(let referenced) = try decode(element, as: .shadow) else {
                    throw invalid("expected a shadow")
                }
                if referenced.count > 1 { noteArrayReferenceToArray(reference) }
                layers += referenced
            } else {
                layers.append(try shadowLayer(element))
            }
        }
        return layers
    }

    private mutating func shadowLayer(_ json: JSONValue) throws -> ShadowLayer {
        var json = json
        var alpha: Double?
        if case .object(var layer) = json, case .number(let value)? = layer["alpha"], (0...1).contains(value)
        {
            // Primer's alpha on a layer's colour (its shadow transform applies it).
            alpha = value
            layer["alpha"] = nil
            json = .object(layer)
        }
        let object = try fields(
            try tokensStudioShadow(json), required: ["color", "offsetX", "offsetY", "blur", "spread"],
            optional: ["inset"], of: "shadow")
        var inset = false
        if let value = object["inset"] {
            guard case .bool(let flag) = value else { throw invalid("inset must be a boolean") }
            inset = flag
        }
        var layerColor = try color(object["color"]!)
        if let alpha {
            try depart(.alphaMember(alpha))
            layerColor.alpha = alpha
        }
        return ShadowLayer(
            color: layerColor, offsetX: try dimension(object["offsetX"]!),
            offsetY: try dimension(object["offsetY"]!), blur: try dimension(object["blur"]!),
            spread: try dimension(object["spread"]!), inset: inset)
    }

    private mutating func decodeGradient(_ json: JSONValue) throws -> [GradientStop<DTCGColor>] {
        guard case .array(let elements) = json, !elements.isEmpty else {
            throw invalid("a gradient must be a non-empty array of stops")
        }
        var stops: [GradientStop<DTCGColor>] = []
        for element in elements {
            if let reference = referenceText(element) {
                guard case .gradient(let referenced) = try decode(element, as: .gradient) else {
                    throw invalid("expected a gradient")
                }
                if referenced.count > 1 { noteArrayReferenceToArray(reference) }
                stops += referenced
                continue
            }
            let object = try fields(
                element, required: ["color", "position"], optional: [], of: "gradient stop")
            guard case .number(let position) = try decode(object["position"]!, as: .number) else {
                throw invalid("position must be a number")
            }
            stops.append(GradientStop(color: try color(object["color"]!), location: min(1, max(0, position))))
        }
        return stops
    }

    /// The colour (a hex or a curly reference) and the alpha as written (a number, a
    /// percentage or a curly reference) of Tokens Studio's `rgba(#FFFF00, 0.5)`,
    /// `rgba({color.x}, 50%)` or `rgba({color.x}, {opacity.4})`, or `nil` for any other string.
    static func studioRGBA(_ text: String) -> (color: String, alpha: String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        let prefix = lower.hasPrefix("rgba(") ? 5 : lower.hasPrefix("rgb(") ? 4 : 0
        guard prefix > 0, trimmed.hasSuffix(")") else { return nil }
        let parts = trimmed.dropFirst(prefix).dropLast().split(
            separator: ",", omittingEmptySubsequences: false
        )
        .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts[0].hasPrefix("#") || DTCGReference.isCurly(parts[0]) else { return nil }
        guard DTCGReference.isCurly(parts[1]) || studioAlphaLiteral(parts[1]) != nil else { return nil }
        return (parts[0], parts[1])
    }

    /// A literal alpha of Tokens Studio's `rgba(colour, alpha)`: `0.5` or `50%`, in 0...1.
    static func studioAlphaLiteral(_ text: String) -> Double? {
        let alpha = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
        guard let alpha, (0...1).contains(alpha) else { return nil }
        return alpha
    }

    /// `"16px"` → (16, "px") when the unit is one of `units`.
    /// Whether `text` is a CSS gradient function (`linear-gradient(…)`, `repeating-radial-gradient(…)`).
    static func isCSSGradient(_ text: String) -> Bool {
        var name = Substring(text.drop(while: \.isWhitespace).lowercased())
        if name.hasPrefix("repeating-") { name = name.dropFirst("repeating-".count) }
        return ["linear-gradient(", "radial-gradient(", "conic-gradient("].contains { name.hasPrefix($0) }
    }

    static func legacyNumber(_ text: String, units: [String]) -> (value: Double, unit: String)? {
        for unit in units.sorted(by: { $0.count > $1.count }) where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
            if let value = Double(number), value.isFinite { return (value, unit) }
        }
        return nil
    }
}
