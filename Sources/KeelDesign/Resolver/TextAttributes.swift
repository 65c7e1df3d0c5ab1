/// The platform-neutral description of text attributes: what UIKit turns into an attributes
/// dictionary with a paragraph style.
package struct TextAttributes: Hashable, Sendable {
    /// The font.
    package var font: FontDescriptor
    /// The foreground colour.
    package var color: ColorValue
    /// Tracking (kern) in points.
    package var kern: Double
    /// The paragraph's minimum and maximum line height (both the font's line height), if set.
    package var lineHeight: Double?
    /// The baseline offset that centres the glyphs in a taller line: `(lineHeight − size × 1.2) / 4`
    /// is what UIKit front ends commonly apply; here it is `(lineHeight − size) / 4`.
    package var baselineOffset: Double
    /// The resolved writing direction.
    package var layoutDirection: TextDirection

    /// Attributes.
    package init(font: FontDescriptor, color: ColorValue, layoutDirection: TextDirection) {
        self.font = font
        self.color = color
        self.kern = font.tracking
        self.lineHeight = font.lineHeight
        self.baselineOffset = font.lineHeight.map { max(0, ($0 - font.size) / 4) } ?? 0
        self.layoutDirection = layoutDirection
    }
}

/// A resolved icon.
package struct ResolvedIcon: Hashable, Sendable {
    /// The symbol or asset name.
    package var symbolName: String
    /// Whether to draw it mirrored (a directional icon in a right-to-left layout).
    package var isMirrored: Bool
}
