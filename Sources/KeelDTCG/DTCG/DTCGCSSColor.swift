import Foundation
import KeelDesign

/// Colours written as CSS strings, as Style Dictionary and Tokens Studio exports still carry
/// them (shadow colours especially): `rgb()`/`rgba()` and `hsl()`/`hsla()` in the legacy
/// comma syntax and the CSS Color 4 space syntax (`rgb(255 0 0 / 50%)`), `transparent`, and
/// CSS's named colours. Anything else (`currentColor`, `var(…)`, `color-mix(…)`) is not read as
/// a colour.
enum CSSColor {
    /// The colour `text` names, or `nil` when it is not one of the forms above.
    static func parse(_ text: String) -> ColorValue? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let named = named[trimmed] {
            return ColorValue(
                red8: UInt8(named >> 16), green8: UInt8((named >> 8) & 0xFF), blue8: UInt8(named & 0xFF),
                alpha: trimmed == "transparent" ? 0 : 1)
        }
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return nil }
        let function = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard let (parts, alphaPart) = arguments(inner), parts.count == 3 else { return nil }
        var alpha = 1.0
        if let alphaPart {
            guard let value = number(alphaPart, percentOf: 1) else { return nil }
            alpha = value
        }
        switch function {
        case "rgb", "rgba":
            let channels = parts.map { number($0, percentOf: 255) }
            guard channels.allSatisfy({ $0 != nil }) else { return nil }
            let values = channels.map { $0! / 255 }
            return ColorValue(red: values[0], green: values[1], blue: values[2], alpha: alpha)
        case "hsl", "hsla":
            guard let hue = angle(parts[0]), let saturation = number(parts[1], percentOf: 100),
                let lightness = number(parts[2], percentOf: 100)
            else { return nil }
            let (red, green, blue) = rgb(hue: hue, saturation: saturation / 100, lightness: lightness / 100)
            return ColorValue(red: red, green: green, blue: blue, alpha: alpha)
        default:
            return nil
        }
    }

    /// The three channel arguments and the alpha, from the comma syntax (`r, g, b[, a]`) or the
    /// space syntax (`r g b[ / a]`).
    private static func arguments(_ inner: Substring) -> ([Substring], Substring?)? {
        let pieces = inner.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count <= 2 else { return nil }
        var alpha = pieces.count == 2 ? Substring(pieces[1].trimmingCharacters(in: .whitespaces)) : nil
        var parts: [Substring]
        if pieces[0].contains(",") {
            guard pieces.count == 1 else { return nil }
            parts = pieces[0].split(separator: ",", omittingEmptySubsequences: false).map {
                Substring($0.trimmingCharacters(in: .whitespaces))
            }
            if parts.count == 4 { alpha = parts.removeLast() }
        } else {
            parts = pieces[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
        }
        return (parts, alpha)
    }

    /// A number, or a percentage of `percentOf`; `none` is 0.
    private static func number(_ text: Substring, percentOf whole: Double) -> Double? {
        if text == "none" { return 0 }
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), percent.isFinite else { return nil }
            return percent / 100 * whole
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A hue in degrees: a number, or with `deg`, `turn` or `rad`.
    private static func angle(_ text: Substring) -> Double? {
        for (unit, factor) in [("deg", 1.0), ("turn", 360.0), ("rad", 180 / Double.pi)]
        where text.hasSuffix(unit) {
            guard let value = Double(text.dropLast(unit.count)), value.isFinite else { return nil }
            return value * factor
        }
        return number(text, percentOf: 1)
    }

    /// CSS Color 4's `hsl()` to sRGB (saturation and lightness in 0...1).
    private static func rgb(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        let hue = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let saturation = min(max(saturation, 0), 1)
        let lightness = min(max(lightness, 0), 1)
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4))
    }

    /// `transparent` and the named colours of CSS Color 4 (§6.1), as 0xRRGGBB.
    private static let named: [String: UInt32] = [
        "transparent": 0x000000, "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF,
        "aquamarine": 0x7FFFD4, "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
        "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
        "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
        "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
        "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
        "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9, "darkgreen": 0x006400, "darkkhaki": 0xBDB76B,
        "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC,
        "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B,
        "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1,
        "darkviolet": 0x9400D3, "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF, "dimgray": 0x696969,
        "dimgrey": 0x696969, "dodgerblue": 0x1E90FF, "firebrick": 0xB22222, "floralwhite": 0xFFFAF0,
        "forestgreen": 0x228B22, "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF,
        "gold": 0xFFD700, "goldenrod": 0xDAA520, "gray": 0x808080, "grey": 0x808080, "green": 0x008000,
        "greenyellow": 0xADFF2F, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C,
        "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA,
        "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6,
        "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2,
        "lightgray": 0xD3D3D3,
        "lightgrey": 0xD3D3D3, "lightgreen": 0x90EE90, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A,
        "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA, "lightslategray": 0x778899,
        "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0, "lime": 0x00FF00,
        "limegreen": 0x32CD32, "linen": 0xFAF0E6, "magenta": 0xFF00FF, "maroon": 0x800000,
        "mediumaquamarine": 0x66CDAA, "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3,
        "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371, "mediumslateblue": 0x7B68EE,
        "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC, "mediumvioletred": 0xC71585,
        "midnightblue": 0x191970, "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5,
        "navajowhite": 0xFFDEAD, "navy": 0x000080, "oldlace": 0xFDF5E6, "olive": 0x808000,
        "olivedrab": 0x6B8E23, "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6,
        "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE,
        "palevioletred": 0xDB7093,
        "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB, "plum": 0xDDA0DD,
        "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xFF0000,
        "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513, "salmon": 0xFA8072,
        "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE, "sienna": 0xA0522D,
        "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD, "slategray": 0x708090,
        "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F, "steelblue": 0x4682B4,
        "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8, "tomato": 0xFF6347, "turquoise": 0x40E0D0,
        "violet": 0xEE82EE, "wheat": 0xF5DEB3, "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00,
        "yellowgreen": 0x9ACD32,
    ]
}

/// A shadow written as a CSS `box-shadow` value, as Style Dictionary sources often carry it:
/// `0 1px 2px rgba(0, 0, 0, 0.2)`, `inset 0 0 0 1px #ccc`, several layers separated by commas.
/// Lengths are `px`, `rem` or a unitless 0; the colour is any form ``CSSColor`` reads (or hex),
/// or a reference to a colour token (`0 0 0 1px {color.gray.20} inset`, Style Dictionary's
/// interpolation), or another colour word `reference` reads (Tokens Studio's
/// `rgba({color.black}, {opacity.low})`).
/// Anything else (`none`, `currentColor`, other units) is not read.
enum CSSShadow {
    /// One layer: colour, offsets, blur, spread (each in `px` or `rem`), inset.
    struct Layer: Equatable {
        var color: ColorValue
        var lengths: [(value: Double, unit: DimensionUnit)]
        var inset: Bool

        static func == (lhs: Layer, rhs: Layer) -> Bool {
            lhs.color == rhs.color && lhs.inset == rhs.inset
                && lhs.lengths.map(\.value) == rhs.lengths.map(\.value)
                && lhs.lengths.map(\.unit) == rhs.lengths.map(\.unit)
        }
    }

    /// The most layers read.
    static let maximumLayers = 16

    /// The layers `text` spells, or `nil` when it is not a shadow of the forms above.
    /// `reference` reads a colour word that is a curly reference or no CSS colour.
    static func parse(_ text: String, reference: (String) -> ColorValue? = { _ in nil }) -> [Layer]? {
        guard text.utf8.count <= 1024 else { return nil }
        let parts = split(text, at: ",")
        guard !parts.isEmpty, parts.count <= maximumLayers else { return nil }
        var layers: [Layer] = []
        for part in parts {
            var color: ColorValue?
            var lengths: [(Double, DimensionUnit)] = []
            var inset = false
            for word in split(part, at: " ") {
                if word.lowercased() == "inset", !inset {
                    inset = true
                } else if let length = length(word) {
                    lengths.append(length)
                } else if color == nil,
                    let parsed = word.hasPrefix("#")
                        ? try? ColorValue(hex: word)
                        : DTCGReference.isCurly(word)
                            ? reference(word) : CSSColor.parse(word) ?? reference(word)
                {
                    color = parsed
                } else {
                    return nil
                }
            }
            guard let color, (2...4).contains(lengths.count) else { return nil }
            while lengths.count < 4 { lengths.append((0, .px)) }
            layers.append(Layer(color: color, lengths: lengths, inset: inset))
        }
        return layers
    }

    /// `12px`, `0.5rem` or `0`.
    private static func length(_ word: String) -> (Double, DimensionUnit)? {
        guard let (value, unit) = DTCGResolution.splitUnit(word) else { return nil }
        switch unit {
        case "px": return (value, .px)
        case "rem": return (value, .rem)
        case "" where value == 0: return (0, .px)
        default: return nil
        }
    }

    /// `text` split at `separator` outside parentheses, each piece trimmed, empty ones dropped.
    private static func split(_ text: String, at separator: Character) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
            if depth == 0, character == separator || (separator == " " && character == "\t") {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
