import Foundation
import KeelSupport
import Testing

@testable import KeelImages

@Suite("Padded JPEG segments")
struct PaddedJPEGTests {
    /// The test JPEG with `padding` inserted after its APP0 segment (byte 20).
    static func padded(_ padding: [UInt8]) -> Data {
        var data = TestImages.jpeg(width: 400, height: 300)
        data.insert(contentsOf: padding, at: 20)
        return data
    }

    @Test(
        "bytes between segments are skipped as libjpeg skips them",
        arguments: [[0x00, 0x00], [UInt8](repeating: 0x0A, count: 7), [0x00, 0xFF, 0x00, 0x33]])
    func padding(_ padding: [UInt8]) throws {
        // Before: `malformed jpeg header at byte 20: expected a marker (0xFF)`, an image
        // libjpeg (and ImageIO) decode refused.
        let info = try ImageHeaderParser.parse(Self.padded(padding))
        #expect(info == ImageInfo(format: .jpeg, width: 400, height: 300))
    }
}

@Suite("Undecodable downloads and the disk cache")
struct UndecodableDownloadTests {
    @Test("data no decoder reads is not stored, so it is never read back, deleted and fetched again")
    func unreadableNotStored() async throws {
        // Before: the bytes were stored before decoding; every later request read them from disk,
        // failed, deleted them, downloaded them again and stored them again.
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = try ImageDiskCache(directory: directory)
        let loader = FakeLoader()
        loader.setResponse(ImageDataResponse(data: Data("bad bytes".utf8)), for: url("a.ico"))
        let pipeline = makePipeline(loader: loader, diskCache: disk)
        for _ in 0..<2 {
            await #expect(throws: ImagePipelineError.self) {
                try await pipeline.image(for: ImageRequest(url: url("a.ico")))
            }
            #expect(!disk.contains(url("a.ico").absoluteString))
        }
        #expect(loader.loadCount == 2)
        await #expect(throws: ImagePipelineError.self) {
            try await pipeline.image(for: ImageRequest(url: url("a.ico"), options: .returnCacheDataDontLoad))
        }
    }

    @Test("data that decoded, or was refused as a sound image over the budget, is stored once")
    func soundDataStored() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = try ImageDiskCache(directory: directory)
        let loader = FakeLoader()
        loader.setResponse(ImageDataResponse(data: Data("huge image".utf8)), for: url("huge.png"))
        let pipeline = makePipeline(loader: loader, memoryCache: nil, diskCache: disk)
        for _ in 0..<2 {
            await #expect(throws: ImagePipelineError.self) {
                try await pipeline.image(for: ImageRequest(url: url("huge.png")))
            }
        }
        #expect(loader.loadCount == 1)
        #expect(try await pipeline.image(for: ImageRequest(url: url("a.png"))).source == .network)
        #expect(try await pipeline.image(for: ImageRequest(url: url("a.png"))).source == .disk)
        // Two thumbnail sizes decode one shared download; it is written once and read back.
        let sizes = [Size(width: 10, height: 10), Size(width: 20, height: 20)]
        async let first = pipeline.image(for: ImageRequest(url: url("b.png"), thumbnailSize: sizes[0]))
        async let second = pipeline.image(for: ImageRequest(url: url("b.png"), thumbnailSize: sizes[1]))
        _ = try await (first, second)
        #expect(disk.data(for: url("b.png").absoluteString) == FakeLoader.body(for: url("b.png")))
    }
}
