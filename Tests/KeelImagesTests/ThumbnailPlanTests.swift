import Foundation
import Testing

@testable import KeelImages

@Suite("Thumbnail plans")
struct ThumbnailPlanTests {
    /// The plan for a JPEG of `width` × `height` requested at `box` (through `ImageRequest`, so
    /// NaN and zero sides are read as the request reads them).
    static func plan(_ width: Int, _ height: Int, box: Size, scale: Double = 1) throws -> String {
        let request = ImageRequest(url: URL(string: "https://cdn.test/a.jpg")!, thumbnailSize: box)
        let context = ImageDecodingContext(url: request.url, thumbnailSize: request.thumbnailSize)
        let info = try ImageHeaderParser.parse(TestImages.jpeg(width: width, height: height))
        switch try context.plan(for: info, scale: scale) {
        case .fullSize: return "full"
        case .downsample(let side): return "down \(side)"
        }
    }

    @Test(
        "a thumbnail covers its box with the aspect ratio kept; a side that does not limit does not",
        arguments: [
            // Before: the larger box side capped the image's longer side, so 375 × NaN on a
            // 1000 × 3000 image gave 125 × 375 (a third of the width asked for).
            (1000, 3000, Size(width: 375, height: .nan), "down 1125"),
            (1000, 3000, Size(width: 375, height: 0), "down 1125"),
            (3000, 1000, Size(width: -1, height: 250), "down 750"),
            // Before: 4000 × 3000 into 100 × 200 gave 200 × 150, too short for the box.
            (4000, 3000, Size(width: 100, height: 200), "down 267"),
            // Before: 3000 × 4000 into 150 × 100 gave 113 × 150, too narrow for the box.
            (3000, 4000, Size(width: 150, height: 100), "down 200"),
            // A square box: 4000 × 3000 into 300 × 300 is 400 × 300 (before: 300 × 225).
            (4000, 3000, Size(width: 300, height: 300), "down 400"),
            // A box at least as large as the image on a limiting side: full size.
            (1000, 3000, Size(width: 1000, height: .nan), "full"),
            (4000, 3000, Size(width: 100, height: 3000), "full"),
            (100, 100, Size(width: 400, height: 400), "full"),
        ] as [(Int, Int, Size, String)])
    func covers(width: Int, height: Int, box: Size, expected: String) throws {
        #expect(try Self.plan(width, height, box: box) == expected, "\(width)×\(height) into \(box)")
    }

    @Test("the screen scale multiplies the box")
    func scaled() throws {
        #expect(try Self.plan(1000, 3000, box: Size(width: 125, height: .nan), scale: 3) == "down 1125")
    }

    @Test("the arithmetic is total: extreme boxes and scales neither trap nor overflow")
    func extremes() {
        #expect(
            ImageDecodingContext.thumbnailLongerSide(
                width: 60_000, height: 1, box: Size(width: 1e-300, height: .nan), scale: 1) == 1)
        #expect(
            ImageDecodingContext.thumbnailLongerSide(
                width: 1, height: 1, box: Size(width: .infinity, height: 5), scale: .nan) == nil)
        #expect(
            ImageDecodingContext.thumbnailLongerSide(
                width: 0, height: 0, box: Size(width: 0, height: 0), scale: 2) == nil)
    }
}
