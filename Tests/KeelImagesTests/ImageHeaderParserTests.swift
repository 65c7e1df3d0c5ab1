import Foundation
import KeelTestSupport
import KeelTesting
import Testing

@testable import KeelImages

@Suite("Image headers", .onOwnThread)
struct ImageHeaderParserTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let data: Data
        let info: ImageInfo
        var testDescription: String { name }
    }

    static let samples: [Sample] = [
        Sample(
            name: "png", data: TestImages.png(width: 7, height: 5),
            info: ImageInfo(format: .png, width: 7, height: 5)),
        Sample(
            name: "png large", data: TestImages.png(width: 300, height: 80),
            info: ImageInfo(format: .png, width: 300, height: 80)),
        Sample(
            name: "jpeg baseline", data: TestImages.jpeg(width: 640, height: 480),
            info: ImageInfo(format: .jpeg, width: 640, height: 480)),
        Sample(
            name: "jpeg progressive with fill bytes",
            data: TestImages.jpeg(width: 33, height: 2000, progressive: true, fill: true),
            info: ImageInfo(format: .jpeg, width: 33, height: 2000, isProgressive: true)),
        Sample(
            name: "gif", data: TestImages.gif(width: 16, height: 9),
            info: ImageInfo(format: .gif, width: 16, height: 9)),
        Sample(
            name: "gif animated", data: TestImages.gif(width: 300, height: 2, animated: true),
            info: ImageInfo(format: .gif, width: 300, height: 2, isAnimated: true)),
        Sample(
            name: "webp lossy", data: TestImages.webpLossy(width: 400, height: 301),
            info: ImageInfo(format: .webp, width: 400, height: 301)),
        Sample(
            name: "webp lossless", data: TestImages.webpLossless(width: 16_384, height: 1),
            info: ImageInfo(format: .webp, width: 16_384, height: 1)),
        Sample(
            name: "webp extended animated",
            data: TestImages.webpExtended(width: 20_000, height: 3, animated: true),
            info: ImageInfo(format: .webp, width: 20_000, height: 3, isAnimated: true)),
        Sample(
            name: "heic", data: TestImages.heic(width: 4032, height: 3024),
            info: ImageInfo(format: .heic, width: 4032, height: 3024)),
        Sample(
            name: "heif mif1", data: TestImages.heic(width: 1, height: 2, brand: "mif1"),
            info: ImageInfo(format: .heic, width: 1, height: 2)),
        // Grid images: the primary item's extents, not the first (a tile's).
        Sample(
            name: "heic grid", data: TestImages.heicGrid(width: 4032, height: 3024),
            info: ImageInfo(format: .heic, width: 4032, height: 3024)),
        Sample(
            name: "heic grid, 32-bit item IDs and 15-bit indices",
            data: TestImages.heicGrid(width: 3024, height: 4032, itemIDBytes: 4, wideIndices: true),
            info: ImageInfo(format: .heic, width: 3024, height: 4032)),
        // A GIF whose first frame is larger than its logical screen is as large as the frame.
        Sample(
            name: "gif frame larger than its screen",
            data: TestImages.gif(width: 1, height: 1, frameWidth: 60_000, frameHeight: 60_000),
            info: ImageInfo(format: .gif, width: 60_000, height: 60_000)),
        Sample(
            name: "gif frame offset past its screen, after an extension",
            data: TestImages.gif(
                width: 10, height: 10, animated: true, frameLeft: 5, frameWidth: 10, frameHeight: 3),
            info: ImageInfo(format: .gif, width: 15, height: 10, isAnimated: true)),
    ]

    /// Finding 10: a primary item with no `ispe` of its own used to be sized by the first
    /// `ispe` in `ipco` (a tile's or a 1×1 thumbnail's), so a huge primary passed the pixel
    /// budget. It is now malformed, naming the item.
    @Test(
        "a HEIC whose primary item has no extents is malformed, not sized from another item",
        arguments: [
            TestImages.heicGrid(width: 4032, height: 3024, primary: 77),
            TestImages.heicPrimaryWithoutExtents(),
        ])
    func heicPrimaryWithoutExtents(data: Data) {
        #expect {
            try ImageHeaderParser.parse(data)
        } throws: { error in
            guard case .malformed(.heic, _, let reason)? = error as? ImageHeaderError else { return false }
            return reason.contains("has no ispe")
        }
    }

    /// A review found a valid HEIC refused since the primary-extents check: only the first
    /// `ipma` box was read, and this file lists the primary in its second one.
    @Test("a HEIC whose primary item is associated in a second ipma box is sized from it")
    func heicSecondAssociationBox() throws {
        #expect(
            try ImageHeaderParser.parse(TestImages.heicTwoAssociationBoxes())
                == ImageInfo(format: .heic, width: 64, height: 48))
    }

    @Test("parses format and size", arguments: samples)
    func parses(sample: Sample) throws {
        #expect(ImageFormat.sniff(sample.data) == sample.info.format)
        #expect(try ImageHeaderParser.parse(sample.data) == sample.info)
    }

    @Test("the header decoder returns the data with its metadata")
    func headerDecoder() throws {
        let data = TestImages.png(width: 3, height: 4)
        let container = try HeaderImageDecoder().decode(
            data, context: ImageDecodingContext(url: url("a.png")))
        #expect(container.info == ImageInfo(format: .png, width: 3, height: 4))
        #expect(container.data == data)
        #expect(container.image == nil)
        #expect(container.cost == data.count)
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        let name: String
        let data: Data
        let error: ImageHeaderError
        var testDescription: String { name }
    }

    static func pngIHDR(_ body: Data, type: String = "IHDR") -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + TestImages.chunk(type, body)
    }

    static func replacing(_ data: Data, at offset: Int, with bytes: [UInt8]) -> Data {
        var copy = data
        copy.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        return copy
    }

    static let ihdr = TestImages.be32(10) + TestImages.be32(10) + Data([8, 2, 0, 0, 0])
    static let malformed: [Malformed] = [
        Malformed(name: "empty", data: Data(), error: .unknownFormat(prefix: [])),
        Malformed(name: "text", data: Data("hello".utf8), error: .unknownFormat(prefix: Array("hello".utf8))),
        Malformed(
            name: "png signature only", data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            error: .truncated(format: .png, offset: 8, needed: 4)),
        Malformed(
            name: "png first chunk not IHDR", data: pngIHDR(ihdr, type: "IDAT"),
            error: .malformed(format: .png, offset: 12, reason: "first chunk is IDAT, not IHDR")),
        Malformed(
            name: "png IHDR length", data: pngIHDR(ihdr + Data([0])),
            error: .malformed(format: .png, offset: 8, reason: "IHDR length 14, not 13")),
        Malformed(
            name: "png IHDR cut short", data: pngIHDR(ihdr).prefix(20),
            error: .truncated(format: .png, offset: 16, needed: 13)),
        Malformed(
            name: "png CRC mismatch", data: replacing(pngIHDR(ihdr), at: 19, with: [11]),
            error: .malformed(format: .png, offset: 29, reason: "IHDR CRC mismatch")),
        Malformed(
            name: "png bit depth",
            data: pngIHDR(TestImages.be32(10) + TestImages.be32(10) + Data([3, 2, 0, 0, 0])),
            error: .malformed(format: .png, offset: 24, reason: "bit depth 3")),
        Malformed(
            name: "png zero width", data: TestImages.png(width: 0, height: 10),
            error: .invalidDimensions(format: .png, width: 0, height: 10)),
        Malformed(
            name: "png width over 2^31-1",
            data: pngIHDR(TestImages.be32(0x8000_0000) + TestImages.be32(1) + Data([8, 2, 0, 0, 0])),
            error: .invalidDimensions(format: .png, width: 0x8000_0000, height: 1)),
        Malformed(
            name: "jpeg SOI only", data: Data([0xFF, 0xD8, 0xFF]),
            error: .truncated(format: .jpeg, offset: 3, needed: 1)),
        Malformed(
            name: "jpeg scan before frame", data: Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08]),
            error: .malformed(format: .jpeg, offset: 2, reason: "no frame header before scan or end of image")
        ),
        Malformed(
            // Bytes between segments are skipped as libjpeg skips them; with no marker after
            // them the header is not complete yet.
            name: "jpeg no marker after junk",
            data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x00, 0x01, 0x02]),
            error: .truncated(format: .jpeg, offset: 9, needed: 1)),
        Malformed(
            name: "jpeg segment length 1", data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]),
            error: .malformed(format: .jpeg, offset: 4, reason: "segment length 1")),
        Malformed(
            name: "jpeg segment past the end", data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 1, 2, 3, 4]),
            error: .truncated(format: .jpeg, offset: 4, needed: 10)),
        Malformed(
            name: "jpeg frame header cut", data: TestImages.jpeg(width: 4, height: 4).prefix(95),
            error: .truncated(format: .jpeg, offset: 94, needed: 1)),
        Malformed(
            name: "jpeg zero width", data: TestImages.jpeg(width: 0, height: 10),
            error: .invalidDimensions(format: .jpeg, width: 0, height: 10)),
        Malformed(
            name: "gif screen cut", data: Data("GIF89a".utf8) + Data([1, 0]),
            error: .truncated(format: .gif, offset: 8, needed: 2)),
        Malformed(
            name: "gif zero height", data: TestImages.gif(width: 5, height: 0),
            error: .invalidDimensions(format: .gif, width: 5, height: 0)),
        Malformed(
            name: "webp RIFF size",
            data: replacing(TestImages.webpLossy(width: 2, height: 2), at: 4, with: [4, 0, 0, 0]),
            error: .malformed(format: .webp, offset: 4, reason: "RIFF size 4")),
        Malformed(
            name: "webp no chunk", data: Data("RIFF".utf8) + TestImages.le32(100) + Data("WEBP".utf8),
            error: .truncated(format: .webp, offset: 12, needed: 4)),
        Malformed(
            name: "webp unknown chunk", data: TestImages.riff(chunk: "VP9 ", Data(repeating: 0, count: 10)),
            error: .malformed(format: .webp, offset: 12, reason: "unknown first chunk \"VP9 \"")),
        Malformed(
            name: "webp VP8 start code",
            data: replacing(TestImages.webpLossy(width: 2, height: 2), at: 23, with: [0]),
            error: .malformed(format: .webp, offset: 23, reason: "missing VP8 start code")),
        Malformed(
            name: "webp VP8L signature",
            data: replacing(TestImages.webpLossless(width: 2, height: 2), at: 20, with: [0]),
            error: .malformed(format: .webp, offset: 20, reason: "missing VP8L signature 0x2F")),
        Malformed(
            name: "webp VP8X cut", data: TestImages.webpExtended(width: 2, height: 2).prefix(26),
            error: .truncated(format: .webp, offset: 24, needed: 1)),
        Malformed(
            name: "heic without meta",
            data: TestImages.box("ftyp", Data("heic".utf8) + TestImages.be32(0))
                + TestImages.box("mdat", Data([1])),
            error: .malformed(format: .heic, offset: 25, reason: "no meta box")),
        Malformed(
            name: "heic meta cut", data: TestImages.heic(width: 2, height: 2).prefix(40),
            error: .truncated(format: .heic, offset: 40, needed: 65)),
        Malformed(
            name: "heic box size below header",
            data: TestImages.box("ftyp", Data("heic".utf8) + TestImages.be32(0)) + TestImages.be32(3)
                + Data("meta".utf8),
            error: .malformed(format: .heic, offset: 16, reason: "box meta size 3")),
        Malformed(
            name: "heic ipma entries past its box",
            data: replacing(
                TestImages.heicGrid(width: 8, height: 8, primary: 77), at: heicIPMAEntryCountOffset,
                with: [0, 0, 0, 200]),
            error: .malformed(
                format: .heic, offset: heicIPMAEntryCountOffset - 12,
                reason: "ipma box too short for its entries")),
        Malformed(
            name: "heic without ispe",
            data: TestImages.box("ftyp", Data("heic".utf8) + TestImages.be32(0))
                + TestImages.box(
                    "meta", Data([0, 0, 0, 0]) + TestImages.box("iprp", TestImages.box("ipco", Data()))),
            error: .malformed(format: .heic, offset: 36, reason: "no ispe box in ipco")),
    ]

    @Test("malformed headers are rejected with typed errors", arguments: malformed)
    func rejects(sample: Malformed) {
        #expect(throws: sample.error) { try ImageHeaderParser.parse(sample.data) }
    }

    @Test("every prefix of every sample parses or throws ImageHeaderError")
    func prefixes() {
        for sample in Self.samples {
            for length in 0..<sample.data.count {
                do {
                    let info = try ImageHeaderParser.parse(sample.data.prefix(length))
                    // Flags may need bytes further on (e.g. GIF's looping extension); size may not.
                    #expect(
                        info.format == sample.info.format && info.width == sample.info.width
                            && info.height == sample.info.height, "\(sample.name) prefix \(length)")
                } catch {
                    #expect(error is ImageHeaderError, "\(sample.name) prefix \(length): \(error)")
                }
            }
        }
    }

    @Test("random byte corruption never crashes (seeded)")
    func randomCorruption() {
        var random = SplitMix(seed: 12)
        for round in 0..<3_000 {
            var bytes = [UInt8](Self.samples[round % Self.samples.count].data)
            for _ in 0..<(1 + Int(random.next() % 4)) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            do {
                let info = try ImageHeaderParser.parse(Data(bytes))
                #expect(info.width > 0 && info.height > 0)
            } catch {
                #expect(error is ImageHeaderError)
            }
        }
    }

    @Test("error descriptions name format and offset")
    func descriptions() {
        #expect(
            ImageHeaderError.truncated(format: .png, offset: 16, needed: 13).description
                == "png header truncated at byte 16: 13 more byte(s) needed")
        #expect(
            ImageHeaderError.unknownFormat(prefix: [0x68, 0x69]).description
                == "unknown image format (leading bytes: 68 69)")
    }
}

/// SplitMix64, seeded: KeelTesting's generator.
typealias SplitMix = SeededRandomNumberGenerator

/// Where the grid sample's `ipma` entry count lies (after its size, type, version and flags).
let heicIPMAEntryCountOffset: Int = {
    let data = TestImages.heicGrid(width: 8, height: 8)
    let start = (data.range(of: Data("ipma".utf8))?.lowerBound ?? 4) - 4
    return start + 12
}()
