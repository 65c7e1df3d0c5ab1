import KeelDesign
import KeelSupport

/// The fixed text forms of numbers, colours and strings in Keel's SVG and HTML output: the
/// same value always gives the same bytes, on every platform and locale.
package enum SVGFormat {
    /// A number with at most two decimals, no trailing zeros, no exponent and never `-0`
    /// (KeelSupport's `MarkupText.number`, which the layout debugger's SVG writes too).
    package static func number(_ value: Double) -> String { MarkupText.number(value) }

    /// An opacity with at most three decimals (`0.125`, `1`).
    package static func opacity(_ value: Double) -> String {
        guard value.isFinite else { return "1" }
        let thousandths = Int((min(1, max(0, value)) * 1000).rounded())
        if thousandths == 1000 { return "1" }
        if thousandths == 0 { return "0" }
        var digits = String(thousandths)
        while digits.count < 3 { digits = "0" + digits }
        while digits.hasSuffix("0") { digits.removeLast() }
        return "0." + digits
    }

    /// `#RRGGBB` (upper case), ignoring alpha; write alpha with ``opacity(_:)``.
    package static func color(_ color: ColorValue) -> String { color.hexStringIgnoringAlpha }

    /// Text escaped for XML (KeelSupport's `MarkupText.escape`): `& < > " '` as entities,
    /// control characters XML forbids dropped.
    package static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
