import KeelDesign

extension TextDirection {
    /// A paragraph's base direction from its first strong character (Unicode's rule P2–P3,
    /// what UIKit's natural writing direction does): right to left for Hebrew, Arabic and the
    /// other right-to-left scripts (and U+200F RIGHT-TO-LEFT MARK), left to right for any other
    /// letter (and U+200E); `nil` when the text has no strong character (digits, punctuation).
    package static func firstStrong(in text: String) -> TextDirection? {
        for scalar in text.unicodeScalars {
            if scalar.value == 0x200F || scalar.value == 0x061C { return .rightToLeft }
            if scalar.value == 0x200E { return .leftToRight }
            guard scalar.properties.isAlphabetic else { continue }
            return isRightToLeftScript(scalar.value) ? .rightToLeft : .leftToRight
        }
        return nil
    }

    /// Whether a code point belongs to a right-to-left script block (Hebrew, Arabic, Syriac,
    /// Thaana, NKo, Samaritan, Mandaic, the Arabic supplements and presentation forms, and the
    /// right-to-left historic scripts of the supplementary planes).
    private static func isRightToLeftScript(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            true
        default:
            false
        }
    }
}
