import KeelDesign

/// Measures text with metrics read from real font files: advance widths, `kern` pairs,
/// tracking, and the ascender, descender and line gap for line heights.
///
/// Each character is measured with the first face of the font's fallback chain that has a
/// glyph for it; a CJK ideograph (or other East Asian wide character, or emoji) no face
/// covers is measured full-width (one em), anything else with the first face's `.notdef`.
/// With no font file at all, characters are measured at an approximate 0.55 em (wide ones
/// at 1 em) so the gallery still renders, flagged by ``hasFontFiles``.
///
/// The two methods ``width(of:font:)`` and ``height(of:font:width:)`` are the text-measuring
/// pair the components' layout asks for.
package struct FontMetricsMeasurer: Sendable {
    /// The faces text is measured with.
    package let library: FontLibrary

    /// A measurer over `library` (by default the system's fonts).
    package init(library: FontLibrary = .shared) {
        self.library = library
    }

    /// Whether any font file backs the measurements.
    package var hasFontFiles: Bool { !library.faces.isEmpty }

    /// The fallback chain for a descriptor.
    package func resolve(_ font: FontDescriptor) -> ResolvedFont {
        library.resolve(families: font.familyFallbackList, weight: font.weight.rawValue)
    }

    /// The width of `text` on one line, in points (tracking included after every character).
    package func width(of text: String, font: FontDescriptor) -> Double {
        width(of: text, font: font, resolved: resolve(font))
    }

    /// The height of `text` wrapped to `width` points: the number of lines times the line height.
    package func height(of text: String, font: FontDescriptor, width: Double) -> Double {
        layout(text, font: font, maximumWidth: width).height
    }

    /// The line height in points: the descriptor's, else the primary face's ascender −
    /// descender + line gap (1.2 em without font files).
    package func lineHeight(of font: FontDescriptor) -> Double {
        if let lineHeight = font.lineHeight, lineHeight > 0 { return lineHeight }
        let metrics = verticalMetrics(of: font)
        return metrics.ascent + metrics.descent + metrics.lineGap
    }

    /// The primary face's ascent, descent (positive) and line gap in points.
    package func verticalMetrics(of font: FontDescriptor) -> (
        ascent: Double, descent: Double, lineGap: Double
    ) {
        guard let face = resolve(font).faces.first else {
            return (font.size * 0.95, font.size * 0.25, 0)
        }
        let scale = font.size / Double(face.unitsPerEm)
        return (Double(face.ascender) * scale, Double(-face.descender) * scale, Double(face.lineGap) * scale)
    }

    func width(of text: String, font: FontDescriptor, resolved: ResolvedFont) -> Double {
        guard !text.isEmpty else { return 0 }
        let size = font.size
        var units = 0.0  // in ems
        var previous: (faceIndex: Int, glyph: Int)?
        for scalar in text.unicodeScalars {
            if scalar.value == 0x200B || scalar.value == 0xFEFF { continue }  // zero-width
            guard let index = resolved.faces.firstIndex(where: { $0.covers(scalar) }) else {
                previous = nil
                if Self.isWide(scalar) {
                    units += 1
                } else if let face = resolved.faces.first {
                    units += Double(face.advance(ofGlyph: 0)) / Double(face.unitsPerEm)
                } else {
                    units += Self.isCombining(scalar) ? 0 : 0.55
                }
                continue
            }
            // Read the face in place: a local copy of a `FontFace` retains and releases each of
            // its tables once per character.
            let glyph = resolved.faces[index].glyph(for: scalar)
            var advance = resolved.faces[index].advance(ofGlyph: glyph)
            if let previous, previous.faceIndex == index {
                advance += resolved.faces[index].kerning(between: previous.glyph, and: glyph)
            }
            units += Double(advance) / Double(resolved.faces[index].unitsPerEm)
            previous = (index, glyph)
        }
        return units * size + font.tracking * Double(text.count)
    }

    /// East Asian wide and full-width characters and emoji, measured one em wide when no face
    /// covers them.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: true
        default: false
        }
    }
}
