import KeelDesign

/// Text broken into lines for a width with measured metrics: what an SVG text element draws
/// and what a layout checks for overflow.
package struct TextLayout: Hashable, Sendable {
    /// One laid-out line.
    package struct Line: Hashable, Sendable {
        /// The text drawn (trailing spaces removed, an ellipsis added when truncated).
        package var text: String
        /// Its measured width in points.
        package var width: Double
    }

    /// The lines, top to bottom.
    package var lines: [Line]
    /// The height of each line in points.
    package var lineHeight: Double
    /// The primary face's ascent in points.
    package var ascent: Double
    /// The primary face's descent in points (positive).
    package var descent: Double
    /// Whether text was cut off (by the line limit, with an ellipsis).
    package var isTruncated: Bool
    /// The width the text was laid out for (`nil`: unlimited).
    package var maximumWidth: Double?

    /// The widest line.
    package var width: Double { lines.map(\.width).max() ?? 0 }
    /// The total height: lines × line height.
    package var height: Double { Double(lines.count) * lineHeight }
    /// Whether some line is wider than ``maximumWidth`` (only when a single character is wider).
    package var overflowsWidth: Bool {
        guard let maximumWidth else { return false }
        return width > maximumWidth + 0.01
    }

    /// The baseline of line `index` measured from the top, with the leading split evenly
    /// above and below the glyphs (CSS half-leading).
    package func baseline(ofLine index: Int) -> Double {
        Double(index) * lineHeight + (lineHeight - ascent - descent) / 2 + ascent
    }
}

extension FontMetricsMeasurer {
    /// Lays `text` out in lines no wider than `maximumWidth` (unlimited when `nil`), breaking at
    /// spaces, after hyphens, between CJK characters and at line breaks (`"\n"`, `"\r\n"`,
    /// `"\r"`, NEL, LS, PS: `Character.isNewline`), and inside a word only
    /// when the word alone is too wide. With `maximumLines` > 0, text past the last line is cut
    /// and the last line ends with an ellipsis (`…`) that fits.
    package func layout(
        _ text: String, font: FontDescriptor, maximumWidth: Double? = nil, maximumLines: Int = 0
    )
        -> TextLayout
    {
        let resolved = resolve(font)
        let metrics = verticalMetrics(of: font)
        let limit = maximumWidth.map { max(0, $0) } ?? .infinity
        func measure(_ string: Substring) -> Double {
            width(of: String(string), font: font, resolved: resolved)
        }

        var lines: [TextLayout.Line] = []
        var truncated = false
        let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        paragraphLoop: for (paragraphIndex, paragraph) in paragraphs.enumerated() {
            var remaining = paragraph[...]
            repeat {
                let isLastAllowed = maximumLines > 0 && lines.count == maximumLines - 1
                let hasMoreAfter = paragraphIndex < paragraphs.count - 1
                let end = Self.lineEnd(in: remaining, limit: limit, measure: measure)
                var line = remaining[..<end]
                var rest = remaining[end...]
                if isLastAllowed && (!rest.isEmpty || hasMoreAfter) {
                    line = Self.truncate(remaining, limit: limit, measure: measure)
                    let text = String(Self.trimmingTrailingSpaces(line)) + "…"
                    lines.append(TextLayout.Line(text: text, width: measure(text[...])))
                    truncated = true
                    break paragraphLoop
                }
                let trimmed = Self.trimmingTrailingSpaces(line)
                lines.append(TextLayout.Line(text: String(trimmed), width: measure(trimmed)))
                // Spaces at a break are consumed by the break.
                while let first = rest.first, first == " " { rest = rest.dropFirst() }
                remaining = rest
            } while !remaining.isEmpty
        }
        let lineHeight =
            font.lineHeight.flatMap { $0 > 0 ? $0 : nil }
            ?? metrics.ascent + metrics.descent + metrics.lineGap
        return TextLayout(
            lines: lines, lineHeight: lineHeight, ascent: metrics.ascent, descent: metrics.descent,
            isTruncated: truncated, maximumWidth: maximumWidth)
    }

    /// The end of the longest prefix of `text` that fits `limit`, at a break opportunity when
    /// there is one; always at least one character.
    static func lineEnd(in text: Substring, limit: Double, measure: (Substring) -> Double) -> Substring.Index
    {
        if limit == .infinity || measure(text) <= limit { return text.endIndex }
        var lastFit: Substring.Index?
        var index = text.startIndex
        var previous: Character?
        while index < text.endIndex {
            let character = text[index]
            // A break is allowed before `index` after a space or hyphen, or around CJK.
            if let previous, index > text.startIndex,
                previous == " " || previous == "-" || isBreakAround(previous) || isBreakAround(character)
            {
                if measure(trimmingTrailingSpaces(text[..<index])) <= limit {
                    lastFit = index
                } else {
                    break
                }
            }
            previous = character
            index = text.index(after: index)
        }
        if let lastFit { return lastFit }
        // No break opportunity fits: break inside the first word, one character at least.
        var end = text.index(after: text.startIndex)
        while end < text.endIndex {
            let next = text.index(after: end)
            if measure(text[..<next]) > limit { break }
            end = next
        }
        return end
    }

    /// The longest prefix of `text` that fits `limit` with an ellipsis after it.
    static func truncate(_ text: Substring, limit: Double, measure: (Substring) -> Double) -> Substring {
        var end = text.endIndex
        while end > text.startIndex {
            let candidate = trimmingTrailingSpaces(text[..<end])
            if measure((candidate + "…")[...]) <= limit { return candidate }
            end = text.index(before: end)
        }
        return text[..<text.startIndex]
    }

    static func trimmingTrailingSpaces(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == " " { end = text.index(before: end) }
        return text[..<end]
    }

    static func isBreakAround(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return isWide(scalar)
    }
}
