import KeelTestSupport
import KeelTesting
import Testing

@testable import KeelRender

/// Truncated and corrupted font files give typed errors and never crash.
@Suite(.enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct MalformedFontTests {
    typealias Mutation = @Sendable ([UInt8]) -> [UInt8]

    static let cases: [(String, Mutation, FontFileError)] = [
        ("empty", { _ in [] }, .truncated("the file signature")),
        ("not a font", { _ in Array("hello, world".utf8) }, .unknownFormat(signature: "hell")),
        ("cut inside the directory", { Array($0.prefix(100)) }, .truncated("the table directory")),
        (
            "head's magic number",
            { bytes in
                var bytes = bytes
                let head = FontSurgery.table(bytes, "head")!
                FontSurgery.put32(&bytes, head.offset + 12, 0x1234_5678)
                return bytes
            }, .malformedTable("head", reason: "bad magic number")
        ),
        (
            "zero units per em",
            { bytes in
                var bytes = bytes
                FontSurgery.put16(&bytes, FontSurgery.table(bytes, "head")!.offset + 18, 0)
                return bytes
            }, .malformedTable("head", reason: "unitsPerEm 0 outside 16…16384")
        ),
        (
            "no cmap",
            { bytes in
                var bytes = bytes
                bytes[FontSurgery.table(bytes, "cmap")!.record] = UInt8(ascii: "x")
                return bytes
            }, .missingTable("cmap")
        ),
        (
            "no hmtx",
            { bytes in
                var bytes = bytes
                bytes[FontSurgery.table(bytes, "hmtx")!.record] = UInt8(ascii: "x")
                return bytes
            }, .missingTable("hmtx")
        ),
        (
            "zero horizontal metrics",
            { bytes in
                var bytes = bytes
                FontSurgery.put16(&bytes, FontSurgery.table(bytes, "hhea")!.offset + 34, 0)
                return bytes
            }, .malformedTable("hhea", reason: "numberOfHMetrics 0 for 6253 glyphs")
        ),
        (
            "table past the end",
            { bytes in
                var bytes = bytes
                FontSurgery.put32(&bytes, FontSurgery.table(bytes, "glyf")!.record + 12, 0x0FFF_FFFF)
                return bytes
            }, .truncated("table 'glyf'")
        ),
        (
            "no Unicode character map",
            { bytes in
                var bytes = bytes
                let cmap = FontSurgery.table(bytes, "cmap")!
                for index in 0..<FontSurgery.u16(bytes, cmap.offset + 2) {
                    FontSurgery.put16(&bytes, cmap.offset + 4 + 8 * index, 9)
                }
                return bytes
            }, .unsupportedCharacterMap
        ),
        (
            "kern pairs past the table",
            { bytes in
                var bytes = bytes
                FontSurgery.put16(&bytes, FontSurgery.table(bytes, "kern")!.offset + 4 + 6, 0xFFFF)
                return bytes
            }, .malformedTable("kern", reason: "65535 pairs past the table's end")
        ),
        (
            "collection of no faces", { _ in Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 0] },
            .malformedTable("ttcf", reason: "0 faces")
        ),
    ]

    @Test(arguments: cases.map { ($0.0, $0.2) })
    func malformedInputGivesTypedError(name: String, expected: FontFileError) throws {
        let mutation = try #require(Self.cases.first { $0.0 == name }?.1)
        let bytes = mutation(try TestFonts.bytes())
        #expect(throws: expected) { try FontFile.faces(in: bytes) }
    }

    @Test func unreadableFileNamesThePath() {
        #expect(throws: FontLoadError.self) { try FontFile.faces(atPath: "/nonexistent/font.ttf") }
        do {
            _ = try FontLibrary(paths: ["/nonexistent/font.ttf"])
            Issue.record("expected an error")
        } catch let error as FontLoadError {
            #expect(error.path == "/nonexistent/font.ttf")
            #expect(error.description.contains("cannot read font file '/nonexistent/font.ttf'"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func everyTruncationThrowsOrLoads() throws {
        let bytes = try TestFonts.bytes()
        for length in stride(from: 0, to: 40_000, by: 97) {
            do {
                let face = try FontFile.face(in: Array(bytes.prefix(length)), index: 0)
                _ = face.advance(ofGlyph: face.glyph(for: "A"))
            } catch is FontFileError {
            }
        }
    }

    /// Seeded random byte corruption: the reader throws a FontFileError or loads a face whose
    /// lookups work; it never traps.
    @Test func randomCorruptionNeverCrashes() throws {
        let original = try TestFonts.bytes()
        var generator = SplitMix(seed: 0x5EED)
        let tables = ["head", "hhea", "maxp", "hmtx", "cmap", "kern", "name", "OS/2"].compactMap {
            FontSurgery.table(original, $0)
        }
        for _ in 0..<300 {
            var bytes = original
            let table = tables[Int(generator.next() % UInt64(tables.count))]
            for _ in 0..<8 {
                let span = min(table.length, 512)
                let offset = table.offset + Int(generator.next() % UInt64(max(1, span)))
                bytes[offset] = UInt8(truncatingIfNeeded: generator.next())
            }
            // Corrupt the directory now and then too.
            if generator.next() % 4 == 0 {
                bytes[12 + Int(generator.next() % 300)] = UInt8(truncatingIfNeeded: generator.next())
            }
            do {
                let face = try FontFile.face(in: bytes, index: 0)
                for scalar in "AVWiq€中😀".unicodeScalars {
                    let glyph = face.glyph(for: scalar)
                    _ = face.advance(ofGlyph: glyph)
                    _ = face.kerning(between: glyph, and: glyph)
                }
            } catch is FontFileError {
            }
        }
    }
}

/// SplitMix64, seeded: KeelTesting's generator.
typealias SplitMix = SeededRandomNumberGenerator
