/// The fixed text forms of numbers and strings in Keel's SVG and HTML output (the layout
/// debugger's SVG in KeelLayout, the gallery's in KeelRender): the same value always gives the
/// same bytes, on every platform and locale, and no input makes invalid XML.
package enum MarkupText {
    /// A number with at most two decimals, no trailing zeros, no exponent and never `-0`
    /// (`12`, `0.5`, `-3.25`); non-finite values are written as `0`.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Integer arithmetic on hundredths: no locale, no binary-to-decimal surprises.
        let clamped = max(-1e12, min(1e12, value))
        let hundredths = Int64((clamped * 100).rounded(.toNearestOrAwayFromZero))
        if hundredths == 0 { return "0" }
        let negative = hundredths < 0
        let magnitude = negative ? -hundredths : hundredths
        var text = negative ? "-" : ""
        text += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += "."
            text += fraction < 10 ? "0\(fraction)" : (fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)")
        }
        return text
    }

    /// Text escaped for XML character data and attribute values (`& < > " '`); control
    /// characters other than tab and newline, which XML forbids, are dropped.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
