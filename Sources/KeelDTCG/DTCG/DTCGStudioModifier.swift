import KeelDesign
import KeelSupport

/// Tokens Studio's colour modifiers, `$extensions["studio.tokens"].modify`
/// (`{"type": "lighten", "value": "0.2", "space": "lch"}`): the exported `value` is the colour
/// before the modifier, so reading it alone gives a colour the design does not have. The
/// maths follows Tokens Studio (its plugin's `src/utils/color/` and `@tokens-studio/sd-transforms`'
/// `color-modifiers`, both on colorjs.io); the result is kept in the modifier's space.
extension DTCGResolution {
    /// The spaces Tokens Studio's modifiers work in, by the names its `space` member uses.
    private static let studioSpaces: [String: ColorSpace] = [
        "srgb": .srgb, "hsl": .hsl, "lch": .lch, "p3": .displayP3,
    ]

    /// The members of the token's Tokens Studio modifier, if it has one: its `value` and a
    /// `mix`'s `color` may reference tokens, which then must resolve before this one.
    static func studioModifierMembers(of token: RawToken) -> JSONValue? {
        guard case .object(let extensions)? = token.extensions,
            case .object(let studio)? = extensions["studio.tokens"],
            case .object(let modify)? = studio["modify"]
        else { return nil }
        return .array([modify["value"], modify["color"]].compactMap { $0 })
    }

    /// `resolved` with the token's Tokens Studio modifier applied. `alpha` sets the alpha;
    /// `lighten`, `darken` and `mix` (with `color`) work in `space` (`srgb`, `hsl`, `lch`,
    /// `p3`), and without one leave the colour unchanged, as Tokens Studio does. The amount
    /// (`value`: a number, a numeric string or a reference to a number token) must be in
    /// 0...1. Another type or space skips the token (a departure: strictly an error). Tokens
    /// without a modifier, or whose `modify` is not an object with a string `type`, are
    /// returned as they are.
    mutating func applyingStudioModifier(of token: RawToken, to resolved: ResolvedToken) throws
        -> ResolvedToken
    {
        guard case .object(let extensions)? = token.extensions,
            case .object(let studio)? = extensions["studio.tokens"],
            case .object(let modify)? = studio["modify"], let kind = modify["type"]?.stringValue
        else { return resolved }
        guard ["alpha", "lighten", "darken", "mix"].contains(kind), case .color(var color) = resolved.value,
            let amountJSON = modify["value"]
        else {
            throw skip(.colorModifier(kind, applied: false))
        }
        let amount = try studioAmount(amountJSON, of: kind)
        if kind == "alpha" {
            try depart(.colorModifier("alpha \(JSONValue.format(amount))", applied: true))
            color.alpha = amount
            // The 6-digit fallback cannot carry the alpha; the components and alpha do.
            return ResolvedToken(type: resolved.type, value: .color(color))
        }
        guard let spaceJSON = modify["space"] else {
            try depart(.colorModifierWithoutSpace(kind))
            return resolved
        }
        guard let spaceName = spaceJSON.stringValue, let space = Self.studioSpaces[spaceName] else {
            let written = spaceJSON.stringValue.map { "'\($0)'" } ?? "\(spaceJSON)"
            throw skip(.colorModifier("\(kind) in space \(written)", applied: false))
        }
        var modified: DTCGColor
        let described = "Tokens Studio \(kind) \(JSONValue.format(amount)) in \(spaceName)"
        try requireFinite(Self.components(of: color, in: space), described)
        if kind == "mix" {
            let other = try studioMixColor(modify["color"])
            try requireFinite(Self.components(of: other, in: space), described)
            modified = Self.mix(color, other, amount: amount, in: space)
        } else {
            modified = Self.lighten(color, by: kind == "lighten" ? amount : -amount, in: space)
        }
        try requireFinite(modified.components + [modified.alpha], described)
        // Out of sRGB's gamut (an LCh mix of blue and yellow), mapped as Tokens Studio maps it.
        modified.gamutMapped = true
        try depart(.colorModifier("\(kind) \(JSONValue.format(amount)) in \(spaceName)", applied: true))
        return ResolvedToken(type: resolved.type, value: .color(modified))
    }

    /// Fails the token when a colour, converted to the modifier's space or modified in it, has
    /// a component that is not finite (`{"colorSpace": "xyz-d65", "components": [1e308, 0, 0]}`
    /// in HSL): clamping NaN or infinity would give the token a colour (black) it does not have.
    private func requireFinite(_ components: [Double?], _ modifier: String) throws {
        guard components.allSatisfy({ $0?.isFinite ?? true }) else {
            let path = stack.last.map { " of '\($0)'" } ?? ""
            throw invalidModifier("\(modifier)\(path): result is not finite")
        }
    }

    /// The failure of a modifier that cannot be applied, located at the modifier.
    private func invalidModifier(_ reason: String) -> ResolutionFailure {
        ResolutionFailure(.invalidModifier(reason))
    }

    /// A string member without its surrounding white space (`"{mod.hover} "`), as Tokens
    /// Studio trims it; any other value as it is.
    private static func trimmed(_ json: JSONValue) -> JSONValue {
        guard case .string(let text) = json else { return json }
        return .string(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `decode(json, as: type)` for a modifier's member: its failures (a reference naming
    /// nothing or a token of another type, a value not of the type, a cycle) are the
    /// modifier's, located at it with the member and the reference named; a departure (a
    /// reference to a skipped token) stays as it is.
    private mutating func decodeModifierMember(
        _ json: JSONValue, as type: TokenType, member: String, of kind: String
    ) throws -> TokenValue {
        do {
            return try decode(json, as: type)
        } catch let failure as ResolutionFailure {
            if case .departure = failure.kind { throw failure }
            if case .circularReference(let cycle) = failure.kind { relocateCycle(cycle) }
            let path = stack.last ?? TokenPath([])
            let reason = DTCGIssue(path: path, kind: failure.kind).message
            throw invalidModifier("Tokens Studio \(kind) modifier '\(member)': \(reason)")
        }
    }

    /// The cycle issue ``dependency(_:)`` recorded on the token being evaluated, when the
    /// token's own modifier closes the cycle (`"color": "{c}"` on `c`): made a modifier issue,
    /// so that it is located at the modifier rather than at `$value`.
    private mutating func relocateCycle(_ cycle: [TokenPath]) {
        guard let path = stack.last, cycle.first == path,
            let index = issues.lastIndex(where: { $0.path == path && $0.kind == .circularReference(cycle) })
        else { return }
        let message = DTCGIssue(path: path, kind: .circularReference(cycle)).message
        replaceIssue(at: index, with: .invalidModifier("Tokens Studio modifier: \(message)"))
    }

    /// A modifier's amount: a number, a numeric string or a reference to a number token, in 0...1.
    private mutating func studioAmount(_ json: JSONValue, of kind: String) throws -> Double {
        let json = Self.trimmed(json)
        let amount: Double
        if case .string(let text) = json, let number = Double(text.trimmingCharacters(in: .whitespaces)) {
            amount = number
        } else if case .number(let number) = json {
            amount = number
        } else if referenceText(json) != nil,
            case .number(let number) = try decodeModifierMember(json, as: .number, member: "value", of: kind)
        {
            amount = number
        } else {
            let written = json.stringValue.map { "'\($0)' is" } ?? "is a \(json.kindName),"
            throw invalidModifier(
                "Tokens Studio \(kind) modifier value \(written) not a number or a reference to a number token"
            )
        }
        guard (0...1).contains(amount) else {
            throw invalidModifier(
                "Tokens Studio \(kind) modifier \(JSONValue.format(amount)) is not in 0...1")
        }
        return amount
    }

    /// A `mix` modifier's `color`: a CSS colour string (`#4477dd`, `rgb(…)`, a name) or a
    /// reference to a colour token.
    private mutating func studioMixColor(_ json: JSONValue?) throws -> DTCGColor {
        guard let json = json.map(Self.trimmed) else {
            throw invalidModifier("Tokens Studio mix modifier has no 'color'")
        }
        if case .string(let text) = json, referenceText(json) == nil {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#"), let color = try? ColorValue(hex: trimmed) { return DTCGColor(color) }
            if let color = CSSColor.parse(trimmed) { return DTCGColor(color) }
            throw invalidModifier("Tokens Studio mix modifier colour '\(text)' is not a colour")
        }
        guard case .color(let color) = try decodeModifierMember(json, as: .color, member: "color", of: "mix")
        else {
            throw invalidModifier("Tokens Studio mix modifier colour must be a colour")
        }
        return color
    }

    /// The colour's components in `space` (as they are when it is written in that space).
    private static func components(of color: DTCGColor, in space: ColorSpace) -> [Double?] {
        if color.colorSpace == space {
            return (0..<3).map { $0 < color.components.count ? color.components[$0] : 0 }
        }
        let xyz = color.colorSpace.convertToXYZD65(color.components)
        if space == .hsl {
            // HSL from sRGB directly, as colorjs.io converts: through XYZ, rounding would give
            // an sRGB grey a hue.
            let rgb =
                color.colorSpace == .srgb
                ? (0..<3).map { $0 < color.components.count ? color.components[$0] ?? 0 : 0 }
                : (ColorSpace.srgb.components(fromXYZD65: xyz) ?? []).map { $0 ?? 0 }
            return ColorSpace.srgbToHSL(rgb)
        }
        return space.components(fromXYZD65: xyz) ?? [0, 0, 0]
    }

    /// Tokens Studio's `lighten` (`amount` > 0) and `darken` (`amount` < 0, by `-amount`):
    /// `srgb` and `p3` move each channel toward 1 (or 0) by the amount; `hsl` moves the
    /// lightness toward 100 (or 0); `lch` moves the lightness so and also reduces the chroma
    /// by the amount.
    static func lighten(_ color: DTCGColor, by amount: Double, in space: ColorSpace) -> DTCGColor {
        var c = components(of: color, in: space)
        func toward(_ value: Double?, top: Double) -> Double {
            let value = value ?? 0
            return amount >= 0 ? min(top, value + (top - value) * amount) : max(0, value + value * amount)
        }
        switch space {
        case .hsl: c[2] = toward(c[2], top: 100)
        case .lch:
            c[0] = toward(c[0], top: 100)
            let chroma = c[1] ?? 0
            c[1] = max(0, chroma - abs(amount) * chroma)
        default: c = c.map { toward($0, top: 1) }
        }
        return DTCGColor(colorSpace: space, components: c, alpha: color.alpha)
    }

    /// Tokens Studio's `mix` (colorjs.io's `mix` in `space`): each component moves from
    /// `color`'s toward `other`'s by `amount`, a missing hue (`none`) taking the other colour's,
    /// hues along the shorter arc; the alpha too.
    static func mix(_ color: DTCGColor, _ other: DTCGColor, amount: Double, in space: ColorSpace) -> DTCGColor
    {
        let from = components(of: color, in: space)
        let to = components(of: other, in: space)
        let hueIndex = space == .hsl ? 0 : space == .lch ? 2 : nil
        let mixed = (0..<3).map { index -> Double? in
            guard var start = from[index] else { return to[index] }
            guard var end = to[index] else { return start }
            guard index == hueIndex else { return start + (end - start) * amount }
            if end - start > 180 { start += 360 } else if end - start < -180 { end += 360 }
            return ColorSpace.normalizedHue(start + (end - start) * amount)
        }
        return DTCGColor(
            colorSpace: space, components: mixed, alpha: color.alpha + (other.alpha - color.alpha) * amount)
    }
}
