import Testing

@testable import KeelImages

@Suite("Image geometry")
struct ImageGeometryTests {
    @Test(
        "fit keeps the aspect ratio, never upscales, never below 1×1",
        arguments: [
            (
                ImageInfo(format: .png, width: 400, height: 200), Size(width: 100, height: 100),
                Size(width: 100, height: 50)
            ),
            (
                ImageInfo(format: .png, width: 200, height: 400), Size(width: 100, height: 100),
                Size(width: 50, height: 100)
            ),
            (
                ImageInfo(format: .png, width: 40, height: 20), Size(width: 100, height: 100),
                Size(width: 40, height: 20)
            ),
            (
                ImageInfo(format: .png, width: 10_000, height: 1), Size(width: 100, height: 100),
                Size(width: 100, height: 1)
            ),
        ])
    func fit(info: ImageInfo, bounds: Size, expected: Size) {
        #expect(ImageGeometry.fit(info, within: bounds) == expected)
    }

    @Test("Bounds that are infinite do not constrain; zero, negative or NaN bounds allow one pixel")
    func oddBounds() {
        let info = ImageInfo(format: .png, width: 400, height: 200)
        #expect(
            ImageGeometry.fit(info, within: Size(width: .infinity, height: .infinity))
                == Size(width: 400, height: 200))
        #expect(
            ImageGeometry.fit(info, within: Size(width: .infinity, height: 50))
                == Size(width: 100, height: 50))
        #expect(ImageGeometry.fit(info, within: Size(width: 0, height: 100)) == Size(width: 1, height: 1))
        #expect(ImageGeometry.fit(info, within: Size(width: .nan, height: -3)) == Size(width: 1, height: 1))
        #expect(ImageGeometry.pixelCounts(of: Size(width: 2.4, height: .infinity)) == (2, Int(Int32.max)))
        #expect(ImageGeometry.pixelCounts(of: Size(width: -1, height: .nan)) == (1, 1))
    }

    @Test("decoded byte count saturates instead of overflowing")
    func decodedBytes() {
        #expect(ImageInfo(format: .png, width: 10, height: 10).decodedByteCount == 400)
        #expect(ImageInfo(format: .png, width: .max, height: 2).decodedByteCount == .max)
    }
}

@Suite("Image transitions")
struct ImageTransitionTests {
    @Test("A transition's length in seconds: zero for none and for negative durations")
    func seconds() {
        #expect(ImageTransition.none.seconds == 0)
        #expect(ImageTransition.fadeIn(duration: .milliseconds(250)).seconds == 0.25)
        #expect(ImageTransition.fadeIn(duration: .seconds(-1)).seconds == 0)
    }
}

@Suite("Rounded corners")
struct CornerRadiusTests {
    @Test("The radius is clamped to half the shorter side; NaN, negative and empty give square corners")
    func clamped() {
        // The radius went to CoreGraphics unclamped, which traps when a side is shorter than
        // twice the radius (a circular avatar of a 2:1 image resized to 100 × 50).
        #expect(CornerRadius.clamped(50, width: 100, height: 50) == 25)
        #expect(CornerRadius.clamped(40, width: 64, height: 64) == 32)
        #expect(CornerRadius.clamped(8, width: 64, height: 64) == 8)
        #expect(CornerRadius.clamped(.nan, width: 64, height: 64) == 0)
        #expect(CornerRadius.clamped(-3, width: 64, height: 64) == 0)
        #expect(CornerRadius.clamped(.infinity, width: 64, height: 64) == 32)
        #expect(CornerRadius.clamped(5, width: 0, height: 64) == 0)
    }
}
