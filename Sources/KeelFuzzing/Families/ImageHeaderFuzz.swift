import Foundation
import KeelImages

extension FuzzFamily {
    /// Image headers (`ImageHeaderParser.parse(_:)`): PNG, JPEG, GIF, WebP and HEIC. Every input
    /// parses to positive dimensions within the format limit or throws an `ImageHeaderError`
    /// whose offsets lie inside the data; no read runs past the end and no arithmetic traps.
    package static let imageHeader = FuzzFamily(
        name: "images.header",
        summary: "image headers (PNG/JPEG/GIF/WebP/HEIC): parse or throw ImageHeaderError inside the data",
        seeds: ImageHeaderFuzzSeeds.seeds,
        dictionary: ImageHeaderFuzzSeeds.dictionary
    ) { input in
        let data = Data(input)
        do {
            let info = try ImageHeaderParser.parse(data)
            guard info.width > 0, info.height > 0, info.width <= Int(Int32.max), info.height <= Int(Int32.max)
            else {
                throw FuzzViolation("parsed dimensions \(info.width)×\(info.height)")
            }
            guard ImageFormat.sniff(data) == info.format else {
                throw FuzzViolation("format disagrees with sniff")
            }
            _ = info.decodedByteCount
            _ = ImageGeometry.fit(info, within: Size(width: .infinity, height: 1))
            try ImageHeaderFuzzSeeds.checkPixelBudget(info)
        } catch let error as ImageHeaderError {
            switch error {
            case .unknownFormat(let prefix):
                guard prefix.count <= 12 else { throw FuzzViolation("prefix of \(prefix.count) bytes") }
            case .truncated(_, let offset, let needed):
                guard offset >= 0, offset <= input.count, needed > 0 else {
                    throw FuzzViolation("truncated at \(offset), needing \(needed), in \(input.count) bytes")
                }
            case .malformed(_, let offset, _):
                guard offset >= 0, offset <= input.count else {
                    throw FuzzViolation("malformed at \(offset) in \(input.count) bytes")
                }
            case .invalidDimensions, .exceedsPixelBudget:
                break
            }
            _ = error.description
        }
    }
}

/// Valid headers of each format for ``FuzzFamily/imageHeader``.
enum ImageHeaderFuzzSeeds {
    static func u32be(_ value: UInt32) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    static func u32le(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// An ISO-BMFF box.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        u32be(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00,
        0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89,
    ]

    static let jpeg: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [
            0xFF, 0xFF, 0xC2, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11,
            0x01, 0x03,
        ]
        + [0x11, 0x01, 0xFF, 0xD9]

    /// A 32×16 screen with a two-colour global table, the looping extension, and one image
    /// descriptor (the parser reads the first frame's size too) before the trailer.
    static let gif: [UInt8] =
        Array("GIF89a".utf8) + [0x20, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00] + [0, 0, 0, 255, 255, 255]
        + Array("!\u{FF}\u{0B}NETSCAPE2.0".utf8)
        + [0x03, 0x01, 0x00, 0x00, 0x00]
        + [0x2C, 0x00, 0x00, 0x00, 0x00, 0x20, 0x00, 0x10, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]

    static func webp(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        let body = Array("WEBP".utf8) + Array(chunk.utf8) + u32le(UInt32(payload.count)) + payload
        return Array("RIFF".utf8) + u32le(UInt32(body.count)) + body
    }

    static let heic: [UInt8] = {
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let ispe = box("ispe", [0, 0, 0, 0] + u32be(4032) + u32be(3024))
        let tile = box("ispe", [0, 0, 0, 0] + u32be(512) + u32be(512))
        let ipco = box("ipco", tile + ispe)
        let ipma = box("ipma", [0, 0, 0, 0] + u32be(1) + [0, 1, 1, 0x82])
        let iprp = box("iprp", ipco + ipma)
        let pitm = box("pitm", [0, 0, 0, 0, 0, 1])
        let meta = box("meta", [0, 0, 0, 0] + pitm + iprp)
        return ftyp + meta + box("mdat", [1, 2, 3, 4])
    }()

    static let seeds: [[UInt8]] = [
        png, jpeg, gif,
        webp("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A, 0x20, 0x00, 0x10, 0x00]),
        webp("VP8L", [0x2F, 0x1F, 0xC0, 0x03, 0x00]),
        webp("VP8X", [0x02, 0, 0, 0, 0x1F, 0, 0, 0x0F, 0, 0]),
        heic,
    ]

    static let dictionary: [[UInt8]] = [
        [0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x00, 0x01],
        [0x00, 0x00, 0x00, 0x00],
        [0xFF, 0xC0], [0xFF, 0xD9], [0xFF, 0xDA], Array("IHDR".utf8), Array("ispe".utf8), Array("ipma".utf8),
        Array("meta".utf8), Array("VP8X".utf8),
        [0x00, 0x00, 0x00, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    ]

    /// The decoding plan never asks for more pixels than the budget: full size only within
    /// it, a downsample whose result fits, or a typed refusal.
    static func checkPixelBudget(_ info: ImageInfo) throws {
        let budget = ImagePixelBudget.default
        let plan: ImagePixelBudget.Plan
        do {
            plan = try budget.plan(for: info)
        } catch ImageHeaderError.exceedsPixelBudget {
            return
        }
        let pixels = Double(info.width) * Double(info.height)
        switch plan {
        case .fullSize:
            guard pixels <= Double(budget.maximumPixels) else {
                throw FuzzViolation("full-size decode of \(info.width)×\(info.height) over the budget")
            }
        case .downsample(let side):
            let longer = Double(max(info.width, info.height))
            let scale = Double(side) / longer
            guard side >= 1, Double(side) <= longer,
                pixels * scale * scale <= Double(budget.maximumPixels) * 1.001
            else {
                throw FuzzViolation("downsample of \(info.width)×\(info.height) to \(side) breaks the budget")
            }
        }
    }
}
