import KeelDesign

/// How lines of text sit horizontally in their frame, relative to the layout direction.
package enum TextBlockAlignment: String, Hashable, Sendable, CaseIterable {
    /// At the leading edge (left in left-to-right, right in right-to-left).
    case leading
    /// Centred.
    case center
    /// At the trailing edge.
    case trailing
}

/// Lines of text drawn in a frame, and the layout they were drawn from (for overflow checks).
package struct DrawnText: Hashable, Sendable {
    /// The SVG text element (absent for empty text).
    package var node: SVGNode?
    /// The measured layout.
    package var layout: TextLayout
    /// The frame the text was asked to fit.
    package var frame: Rect

    /// Whether the measured text fits the frame (no line wider, not taller than the frame).
    package var fits: Bool {
        layout.width <= frame.width + 0.01 && layout.height <= frame.height + 0.01
    }
}

extension FontMetricsMeasurer {
    /// `text` laid out to the frame's width and drawn as one `<text>` with a `<tspan>` per
    /// line, aligned horizontally, and vertically centred when `centerVertically` (else from
    /// the top). The font family written is the measured fallback chain. The alignment
    /// follows `direction`; the base direction of the characters is the text's own (its first
    /// strong character, `direction` when it has none).
    package func draw(
        _ text: String, font: FontDescriptor, color: ColorValue, in frame: Rect,
        alignment: TextBlockAlignment = .leading, direction: TextDirection = .leftToRight,
        maximumLines: Int = 0,
        centerVertically: Bool = false
    ) -> DrawnText {
        let layout = layout(text, font: font, maximumWidth: frame.width, maximumLines: maximumLines)
        guard !text.isEmpty else { return DrawnText(node: nil, layout: layout, frame: frame) }
        let rightToLeft = direction == .rightToLeft
        let anchor: SVGTextAnchor
        let x: Double
        switch (alignment, rightToLeft) {
        case (.center, _):
            anchor = .center
            x = frame.midX
        case (.leading, false), (.trailing, true):
            anchor = .left
            x = frame.x
        case (.trailing, false), (.leading, true):
            anchor = .right
            x = frame.maxX
        }
        let top = centerVertically ? frame.y + (frame.height - layout.height) / 2 : frame.y
        let lines = layout.lines.enumerated().map { index, line in
            SVGTextLine(text: line.text, x: x, baseline: top + layout.baseline(ofLine: index))
        }
        // The alignment follows the layout direction; the characters' order follows the text's
        // own base direction (its first strong character), as UIKit's natural alignment does —
        // Latin text in a right-to-left layout keeps its punctuation at the end.
        let base = TextDirection.firstStrong(in: text) ?? direction
        let shape = SVGTextShape(
            lines: lines, fontFamily: resolve(font).cssFamilyList, fontSize: font.size,
            fontWeight: font.weight.rawValue, letterSpacing: font.tracking, color: color, anchor: anchor,
            rightToLeft: base == .rightToLeft)
        return DrawnText(node: .text(shape), layout: layout, frame: frame)
    }
}
