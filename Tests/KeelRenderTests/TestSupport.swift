import Foundation
import Testing

@testable import KeelRender

/// The fonts and paths the tests use.
enum TestFonts {
    static let dejaVuFolder = "/usr/share/fonts/truetype/dejavu"
    static let regular = dejaVuFolder + "/DejaVuSans.ttf"
    static let bold = dejaVuFolder + "/DejaVuSans-Bold.ttf"

    /// Whether Debian's fonts-dejavu-core (installed by .ci/run) is present.
    static let available =
        FileManager.default.fileExists(atPath: regular)
        && FileManager.default.fileExists(atPath: bold)
    static let reason: Comment =
        "DejaVu Sans not installed (Debian package fonts-dejavu-core; .ci/run installs it)"

    static func bytes(_ path: String = regular) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A library of exactly the DejaVu Sans faces the goldens were recorded with (both from
    /// `fonts-dejavu-core`, so `fonts-dejavu-extra` being installed changes nothing).
    static let library: FontLibrary = {
        let paths = [regular, bold].filter {
            FileManager.default.fileExists(atPath: $0)
        }
        return (try? FontLibrary(paths: paths)) ?? FontLibrary(faces: [])
    }()

    static let measurer = FontMetricsMeasurer(library: library)
}

/// Paths of the package and the golden files, found from this file.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = testsDirectory.appendingPathComponent("Goldens")

    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("keel-render-tests-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Byte surgery on font files for the malformed-input tables.
enum FontSurgery {
    static func u16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }
    static func u32(_ bytes: [UInt8], _ offset: Int) -> Int {
        u16(bytes, offset) << 16 | u16(bytes, offset + 2)
    }
    static func put16(_ bytes: inout [UInt8], _ offset: Int, _ value: Int) {
        bytes[offset] = UInt8((value >> 8) & 0xFF)
        bytes[offset + 1] = UInt8(value & 0xFF)
    }
    static func put32(_ bytes: inout [UInt8], _ offset: Int, _ value: Int) {
        put16(&bytes, offset, (value >> 16) & 0xFFFF)
        put16(&bytes, offset + 2, value & 0xFFFF)
    }

    /// The directory record offset and table offset of `tag` in a single font at `base`.
    static func table(_ bytes: [UInt8], _ tag: String, base: Int = 0) -> (
        record: Int, offset: Int, length: Int
    )? {
        let count = u16(bytes, base + 4)
        for index in 0..<count {
            let record = base + 12 + 16 * index
            if String(decoding: bytes[record..<record + 4], as: UTF8.self) == tag {
                return (record, u32(bytes, record + 8), u32(bytes, record + 12))
            }
        }
        return nil
    }

    /// A TrueType collection of the given single fonts (table offsets rebased).
    static func collection(_ fonts: [[UInt8]]) -> [UInt8] {
        var header: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0]
        header += [0, 0, 0, UInt8(fonts.count)]
        var offsets: [Int] = []
        var position = 12 + 4 * fonts.count
        for font in fonts {
            position = (position + 3) & ~3
            offsets.append(position)
            position += font.count
        }
        for offset in offsets {
            header += [0, 0, 0, 0]
            put32(&header, header.count - 4, offset)
        }
        var data = header
        for (font, offset) in zip(fonts, offsets) {
            while data.count < offset { data.append(0) }
            var rebased = font
            for index in 0..<u16(font, 4) {
                let record = 12 + 16 * index
                put32(&rebased, record + 8, u32(font, record + 8) + offset)
            }
            data += rebased
        }
        return data
    }
}
