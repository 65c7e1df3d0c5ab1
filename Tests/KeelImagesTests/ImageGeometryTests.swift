import Testing

@testable import KeelImages

@Suite("Image geometry")
struct ImageGeometryTests {
    @Test(
        "fit keeps the aspect ratio, never upscales, never below 1×1",
        arguments: [
            (
                ImageInfo(format: .png, width: 400, height: 200), ImageSize(width: 100, height: 100),
                ImageSize(width: 100, height: 50)
            ),
            (
                ImageInfo(format: .png, width: 200, height: 400), ImageSize(width: 100, height: 100),
                ImageSize(width: 50, height: 100)
            ),
            (
                ImageInfo(format: .png, width: 40, height: 20), ImageSize(width: 100, height: 100),
                ImageSize(width: 40, height: 20)
            ),
            (
                ImageInfo(format: .png, width: 10_000, height: 1), ImageSize(width: 100, height: 100),
                ImageSize(width: 100, height: 1)
            ),
        ])
    func fit(info: ImageInfo, bounds: ImageSize, expected: ImageSize) {
        #expect(ImageGeometry.fit(info, within: bounds) == expected)
    }

    @Test("decoded byte count saturates instead of overflowing")
    func decodedBytes() {
        #expect(ImageInfo(format: .png, width: 10, height: 10).decodedByteCount == 400)
        #expect(ImageInfo(format: .png, width: .max, height: 2).decodedByteCount == .max)
    }
}
