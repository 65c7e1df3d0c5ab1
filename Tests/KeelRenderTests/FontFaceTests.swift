import KeelTestSupport
import Testing

@testable import KeelRender

/// Metrics of DejaVu Sans read from the file, checked against values read by hand (a small
/// Python script over the same tables) once.
@Suite(.enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct FontFaceTests {
    @Test func headerMetricsOfDejaVuSans() throws {
        let faces = try FontFile.faces(atPath: TestFonts.regular)
        let face = try #require(faces.first)
        #expect(faces.count == 1)
        #expect(face.family == "DejaVu Sans")
        #expect(face.unitsPerEm == 2048)
        #expect(face.ascender == 1901)
        #expect(face.descender == -483)
        #expect(face.lineGap == 0)
        #expect(face.glyphCount == 6253)
        #expect(face.weight == 400)
        #expect(face.widthClass == 5)
        #expect(!face.isItalic)
    }

    @Test(arguments: [
        ("A", 36, 1401), ("V", 57, 1401), ("W", 58, 2025), (" ", 3, 651), ("i", 76, 569), ("H", 43, 1540),
        (".", 17, 651), ("€", 2948, 1303),
    ])
    func glyphsAndAdvances(character: String, glyph: Int, advance: Int) throws {
        let face = try #require(try FontFile.faces(atPath: TestFonts.regular).first)
        let scalar = try #require(character.unicodeScalars.first)
        #expect(face.glyph(for: scalar) == glyph)
        #expect(face.advance(ofGlyph: glyph) == advance)
    }

    @Test func unmappedCharactersAreNotdef() throws {
        let face = try #require(try FontFile.faces(atPath: TestFonts.regular).first)
        #expect(face.glyph(for: "中") == 0)
        #expect(!face.covers("中"))
        #expect(face.advance(ofGlyph: 0) == 1229)
        #expect(face.advance(ofGlyph: 999_999) == face.advance(ofGlyph: face.glyphCount - 1))
    }

    @Test func legacyKerningPairs() throws {
        let face = try #require(try FontFile.faces(atPath: TestFonts.regular).first)
        #expect(face.hasKerning)
        #expect(face.kerningPairCount == 2727)
        #expect(face.kerning(between: face.glyph(for: "A"), and: face.glyph(for: "V")) == -131)
        #expect(face.kerning(between: face.glyph(for: "T"), and: face.glyph(for: "o")) == -348)
        #expect(face.kerning(between: face.glyph(for: "H"), and: face.glyph(for: "H")) == 0)
    }

    @Test func boldAndCondensedFacesAreTold() throws {
        let bold = try #require(try FontFile.faces(atPath: TestFonts.bold).first)
        #expect(bold.family == "DejaVu Sans")
        #expect(bold.weight == 700)
        #expect(bold.style == "Bold")
        #expect(bold.advance(ofGlyph: bold.glyph(for: "A")) > 0)
    }

    /// The format 4 map (used when a font has no format 12) agrees with format 12 on the BMP.
    @Test func format4AndFormat12Agree() throws {
        var bytes = try TestFonts.bytes()
        let format12 = try FontFile.face(in: bytes, index: 0)
        let cmap = try #require(FontSurgery.table(bytes, "cmap"))
        for index in 0..<FontSurgery.u16(bytes, cmap.offset + 2) {
            let record = cmap.offset + 4 + 8 * index
            let subtable = cmap.offset + FontSurgery.u32(bytes, record + 4)
            // Hide format 12 subtables behind an unknown platform.
            if FontSurgery.u16(bytes, subtable) == 12 { FontSurgery.put16(&bytes, record, 9) }
        }
        let format4 = try FontFile.face(in: bytes, index: 0)
        for value in stride(from: 0x20, to: 0xFFFF, by: 7) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(
                format4.glyph(for: scalar) == format12.glyph(for: scalar), "U+\(String(value, radix: 16))")
        }
    }

    @Test func collectionsHoldSeveralFaces() throws {
        let data = FontSurgery.collection([
            try TestFonts.bytes(TestFonts.regular), try TestFonts.bytes(TestFonts.bold),
        ])
        let faces = try FontFile.faces(in: data)
        #expect(faces.map(\.weight) == [400, 700])
        #expect(faces.allSatisfy { $0.family == "DejaVu Sans" && $0.unitsPerEm == 2048 })
        #expect(try FontFile.face(in: data, index: 1).style == "Bold")
        #expect(throws: FontFileError.faceIndexOutOfRange(index: 2, count: 2)) {
            try FontFile.face(in: data, index: 2)
        }
    }
}
