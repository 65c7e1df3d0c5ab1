import KeelDesign

/// Measures text for layout decisions: the button's size and the alert's adaptive alignment.
///
/// The UIKit front end implements it with `NSAttributedString` metrics, the gallery with
/// font files; tests use ``FixedAdvanceTextMeasurer``.
package protocol TextMeasuring: Sendable {
    /// The width of `text` set on one line in `font`, in points.
    func singleLineWidth(of text: String, font: FontDescriptor) -> Double
    /// The height of `text` wrapped to `width` in `font`, at most `maximumLines` lines
    /// (`nil`: no limit), in points.
    func height(of text: String, font: FontDescriptor, width: Double, maximumLines: Int?) -> Double
}

extension TextMeasuring {
    /// The height of one line of `font`: its line height, or 1.2 × its size.
    package func lineHeight(of font: FontDescriptor) -> Double {
        font.lineHeight ?? (font.size * 1.2)
    }
}

/// The arithmetic every platform text measurer shares around its raw metrics: widths
/// rounded up to whole points, the width to wrap at, and the line cap.
package enum TextMeasurement {
    /// A measured single-line width as layout uses it: rounded up, zero for a non-finite or
    /// negative measurement.
    package static func width(measured: Double) -> Double {
        measured.isFinite ? max(0, measured.rounded(.up)) : 0
    }

    /// The width to wrap at: `width`, or zero when it is negative or not a number (an
    /// infinite width does not wrap).
    package static func wrappingWidth(_ width: Double) -> Double {
        width >= 0 ? width : 0
    }

    /// A wrapped height as layout uses it: rounded up, and at most `maximumLines` lines of
    /// `lineHeight` when a positive line limit is given.
    package static func height(measured: Double, maximumLines: Int?, lineHeight: Double) -> Double {
        let height = measured.isFinite ? max(0, measured.rounded(.up)) : 0
        guard let maximumLines, maximumLines > 0 else { return height }
        return min(height, Double(maximumLines) * lineHeight)
    }
}

/// A deterministic measurer: every character advances a fixed fraction of the font size —
/// the full size for wide (CJK, emoji) characters — and lines break at any character.
///
/// Good for tests and headless previews; never for production layout.
package struct FixedAdvanceTextMeasurer: TextMeasuring, Hashable {
    /// The advance of a narrow character as a fraction of the point size.
    package var narrowAdvance: Double
    /// The advance of a wide character as a fraction of the point size.
    package var wideAdvance: Double

    /// A measurer; by default narrow characters are half an em and wide ones a full em.
    package init(narrowAdvance: Double = 0.5, wideAdvance: Double = 1) {
        self.narrowAdvance = narrowAdvance
        self.wideAdvance = wideAdvance
    }

    /// The advance of one character in `font`.
    package func advance(of character: Character, font: FontDescriptor) -> Double {
        (Self.isWide(character) ? wideAdvance : narrowAdvance) * font.size + font.tracking
    }

    /// The sum of the advances; line breaks (`Character.isNewline`) advance nothing.
    package func singleLineWidth(of text: String, font: FontDescriptor) -> Double {
        var width = 0.0
        for character in text where !character.isNewline {
            width += advance(of: character, font: font)
        }
        return width
    }

    /// Greedy character wrapping: lines × line height. Every line break (`"\n"`, `"\r\n"`,
    /// `"\r"`, NEL, LS, PS: `Character.isNewline`) starts a new line, as TextKit's do.
    package func height(of text: String, font: FontDescriptor, width: Double, maximumLines: Int?) -> Double {
        guard !text.isEmpty else { return 0 }
        var lines = 1
        var lineWidth = 0.0
        for character in text {
            if character.isNewline {
                lines += 1
                lineWidth = 0
                continue
            }
            let advance = advance(of: character, font: font)
            if lineWidth > 0, lineWidth + advance > width {
                lines += 1
                lineWidth = advance
            } else {
                lineWidth += advance
            }
        }
        if let maximumLines, maximumLines > 0 { lines = min(lines, maximumLines) }
        return Double(lines) * lineHeight(of: font)
    }

    /// Whether a character is East Asian wide (CJK ideographs, kana, Hangul, full-width
    /// forms) or an emoji.
    package static func isWide(_ character: Character) -> Bool {
        // One ASCII byte is never wide: skip the Unicode property lookups (most of a test
        // layout's cost). "\r\n" is two scalars and still goes the long way.
        if character.utf8.count == 1 { return false }
        guard let scalar = character.unicodeScalars.first else { return false }
        if character.unicodeScalars.count > 1 || scalar.properties.isEmojiPresentation { return true }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// How a front end whose text has no paragraph line height (SwiftUI's `Text`) sets a
/// resolved font on its line height as UIKit's paragraph style does (`minimumLineHeight` =
/// `maximumLineHeight` = the descriptor's line height, the extra room above each line's
/// glyphs), so text fills the frames ``TextMeasuring`` measured with that line height.
///
/// The extra room goes between the lines and above the first: `n` lines of a font whose
/// natural line height is `h` then take `n × h + n × extra = n × lineHeight`.
package struct TextLineSpacing: Hashable, Sendable {
    /// The points added between two lines and above the first.
    package var extra: Double

    /// The spacing that sets `font` on its line height, given the line height the platform
    /// sets the font on by itself (`UIFont.lineHeight`; `nil` where it is not known). No line
    /// height, one no taller than the natural one (the spacing cannot be negative), or a
    /// non-finite number: none.
    package init(font: FontDescriptor, naturalLineHeight: Double?) {
        let natural = naturalLineHeight ?? .nan
        let extra = (font.lineHeight ?? natural) - natural
        self.extra = extra.isFinite ? max(0, extra) : 0
    }
}
