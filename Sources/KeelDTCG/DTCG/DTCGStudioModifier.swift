import KeelSupport

/// Tokens Studio's colour modifiers, `$extensions["studio.tokens"].modify`
/// (`{"type": "alpha", "value": "0.65", "space": "hsl"}`): the exported `value` is the colour
/// before the modifier, so reading it alone gives a colour the design does not have.
extension DTCGResolution {
    /// The `value` of the token's Tokens Studio modifier, if it has one: it may reference a
    /// token, which then must resolve before this one.
    static func studioModifierValue(of token: RawToken) -> JSONValue? {
        guard case .object(let extensions)? = token.extensions,
            case .object(let studio)? = extensions["studio.tokens"],
            case .object(let modify)? = studio["modify"]
        else { return nil }
        return modify["value"]
    }

    /// `resolved` with the token's Tokens Studio modifier applied: `alpha` sets the alpha (a
    /// number, a numeric string or a reference to a number token, in 0...1); any other
    /// modifier skips the token (a departure: strictly an error). Tokens without one, or whose
    /// `modify` is not an object with a string `type`, are returned as they are.
    mutating func applyingStudioModifier(of token: RawToken, to resolved: ResolvedToken) throws
        -> ResolvedToken
    {
        guard case .object(let extensions)? = token.extensions,
            case .object(let studio)? = extensions["studio.tokens"],
            case .object(let modify)? = studio["modify"], let kind = modify["type"]?.stringValue
        else { return resolved }
        guard kind == "alpha", case .color(var color) = resolved.value, let amount = modify["value"] else {
            throw skip(.colorModifier(kind, applied: false))
        }
        let alpha: Double
        if case .string(let text) = amount, let number = Double(text.trimmingCharacters(in: .whitespaces)) {
            alpha = number
        } else if case .number(let number) = try decode(amount, as: .number) {
            alpha = number
        } else {
            throw invalid("Tokens Studio alpha modifier must be a number")
        }
        guard (0...1).contains(alpha) else {
            throw invalid("Tokens Studio alpha modifier \(JSONValue.format(alpha)) is not in 0...1")
        }
        try depart(.colorModifier("alpha \(JSONValue.format(alpha))", applied: true))
        color.alpha = alpha
        // The 6-digit fallback cannot carry the alpha; the components and alpha do.
        return ResolvedToken(type: resolved.type, value: .color(color))
    }
}
