import KeelSupport

/// One face of a font file with the metrics text measurement needs: units per em, vertical
/// metrics, advance widths, the Unicode character map and legacy `kern` pairs.
///
/// Everything is validated when the face is made, so lookups never fail: an unmapped
/// character gives glyph 0 (`.notdef`).
package struct FontFace: Sendable {
    /// The family name (typographic family, name ID 16, else name ID 1).
    package let family: String
    /// The subfamily (style) name, such as `Bold`.
    package let style: String
    /// The weight class from `OS/2` (400 when the table is absent).
    package let weight: Int
    /// The width class from `OS/2` (5 = normal).
    package let widthClass: Int
    /// Whether the face is italic or oblique.
    package let isItalic: Bool
    /// Font units per em.
    package let unitsPerEm: Int
    /// The ascender in font units (`hhea`).
    package let ascender: Int
    /// The descender in font units, negative below the baseline (`hhea`).
    package let descender: Int
    /// The line gap in font units (`hhea`).
    package let lineGap: Int
    /// The number of glyphs (`maxp`).
    package let glyphCount: Int

    private let bytes: ByteReader
    private let advances: [UInt16]
    private let characterMap: CharacterMap
    private let kernPairs: [UInt32: Int16]

    init(bytes: ByteReader, offset: Int) throws {
        self.bytes = bytes
        let tables = try Self.tableDirectory(bytes, offset: offset)
        func table(_ tag: String) throws -> (offset: Int, length: Int) {
            guard let record = tables[tag] else { throw FontFileError.missingTable(tag) }
            return record
        }

        let head = try table("head")
        guard head.length >= 54 else { throw FontFileError.malformedTable("head", reason: "too short") }
        guard try bytes.u32(head.offset + 12) == 0x5F0F_3CF5 else {
            throw FontFileError.malformedTable("head", reason: "bad magic number")
        }
        unitsPerEm = Int(try bytes.u16(head.offset + 18))
        guard (16...16384).contains(unitsPerEm) else {
            throw FontFileError.malformedTable("head", reason: "unitsPerEm \(unitsPerEm) outside 16…16384")
        }
        let macStyle = try bytes.u16(head.offset + 44)

        let hhea = try table("hhea")
        guard hhea.length >= 36 else { throw FontFileError.malformedTable("hhea", reason: "too short") }
        ascender = Int(try bytes.i16(hhea.offset + 4))
        descender = Int(try bytes.i16(hhea.offset + 6))
        lineGap = Int(try bytes.i16(hhea.offset + 8))
        let metricCount = Int(try bytes.u16(hhea.offset + 34))

        let maxp = try table("maxp")
        guard maxp.length >= 6 else { throw FontFileError.malformedTable("maxp", reason: "too short") }
        glyphCount = Int(try bytes.u16(maxp.offset + 4))

        let hmtx = try table("hmtx")
        guard metricCount > 0, metricCount <= max(glyphCount, 1) else {
            throw FontFileError.malformedTable(
                "hhea", reason: "numberOfHMetrics \(metricCount) for \(glyphCount) glyphs")
        }
        guard hmtx.length >= metricCount * 4 else {
            throw FontFileError.malformedTable("hmtx", reason: "shorter than \(metricCount) metrics")
        }
        advances = (0..<metricCount).map { bytes.u16Unchecked(hmtx.offset + 4 * $0) }

        if let os2 = tables["OS/2"], os2.length >= 64 {
            weight = Int(try bytes.u16(os2.offset + 4))
            widthClass = Int(try bytes.u16(os2.offset + 6))
            isItalic = (try bytes.u16(os2.offset + 62)) & 0x201 != 0 || macStyle & 2 != 0
        } else {
            weight = macStyle & 1 != 0 ? 700 : 400
            widthClass = 5
            isItalic = macStyle & 2 != 0
        }

        characterMap = try CharacterMap(bytes: bytes, table: try table("cmap"))
        kernPairs = try tables["kern"].map { try KerningTable.pairs(bytes: bytes, table: $0) } ?? [:]
        let names = try tables["name"].map { try NameTable(bytes: bytes, table: $0) }
        family = names?.family ?? "Unnamed"
        style = names?.style ?? "Regular"
    }

    /// The table records of the face at `offset`, validated to lie inside the data.
    private static func tableDirectory(_ bytes: ByteReader, offset: Int) throws -> [String: (
        offset: Int, length: Int
    )] {
        let count = Int(try bytes.u16(offset + 4))
        try bytes.require(offset + 12, count * 16, "the table directory")
        var tables: [String: (offset: Int, length: Int)] = [:]
        for index in 0..<count {
            let record = offset + 12 + 16 * index
            let tag = try bytes.tag(record)
            let start = Int(try bytes.u32(record + 8))
            let length = Int(try bytes.u32(record + 12))
            try bytes.require(start, length, "table '\(tag)'")
            tables[tag] = (start, length)
        }
        return tables
    }

    /// The glyph for a Unicode scalar (0, `.notdef`, when the face lacks it).
    package func glyph(for scalar: Unicode.Scalar) -> Int {
        characterMap.glyph(for: scalar.value, bytes: bytes)
    }

    /// Whether the face has a glyph for `scalar`.
    package func covers(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != 0 }

    /// The advance width of a glyph in font units (glyphs past `numberOfHMetrics` share the last).
    package func advance(ofGlyph glyph: Int) -> Int {
        guard glyph >= 0 else { return 0 }
        return Int(glyph < advances.count ? advances[glyph] : advances[advances.count - 1])
    }

    /// The kerning adjustment between two glyphs in font units (0 without a pair).
    package func kerning(between left: Int, and right: Int) -> Int {
        guard !kernPairs.isEmpty else { return 0 }
        return Int(kernPairs[UInt32(truncatingIfNeeded: left) << 16 | UInt32(truncatingIfNeeded: right)] ?? 0)
    }

    /// Whether the face has any legacy kerning pairs.
    package var hasKerning: Bool { !kernPairs.isEmpty }
    /// The number of kerning pairs.
    package var kerningPairCount: Int { kernPairs.count }
}
