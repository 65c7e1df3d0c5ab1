import Foundation
import KeelImages
import KeelSupport
import Testing

/// A processor built the way Keel's `.resize(to:)`, `.crop(to:)` and `.roundCorners(radius:)`
/// are, written as a static member where a processor is expected.
extension ImageProcessing where Self == ImageProcessor {
    fileprivate static func tag(_ name: String, runs: Locked<Int>) -> ImageProcessor {
        ImageProcessor(identifier: "tag(\(name))") { image in
            runs.withLock { $0 += 1 }
            var output = image
            output.image = "\(image.label ?? "")+\(name)"
            return output
        }
    }
}

@Suite("ImageProcessor: one processor type, each transformation a static member")
struct ImageProcessorTests {
    @Test("Its identifier names the transformation and process runs it")
    func forwards() throws {
        let runs = Locked(0)
        let processor = ImageProcessor.tag("round", runs: runs)
        #expect(processor.identifier == "tag(round)")
        let input = ImageContainer(image: "img", info: ImageInfo(format: .png, width: 4, height: 4))
        #expect(try processor.process(input).label == "img+round")
        #expect(runs.current == 1)
    }

    @Test("A request's chain of them runs in order and is part of the cache identity")
    func chainInARequest() async throws {
        let runs = Locked(0)
        let pipeline = makePipeline(loader: FakeLoader(), decoder: FakeDecoder())
        let request = ImageRequest(
            url: url("a.png"), processors: [.tag("round", runs: runs), .tag("blur", runs: runs)])
        #expect(try await pipeline.image(for: request).container.label == "img:a.png+round+blur")
        #expect(try await pipeline.image(for: request).container.label == "img:a.png+round+blur")
        #expect(runs.current == 2)
        let plain = try await pipeline.image(for: ImageRequest(url: url("a.png")))
        #expect(plain.container.label == "img:a.png")
    }

    @Test(
        "A crop is named by the integral rectangle CoreGraphics crops; a rectangle without one does not trap",
        arguments: [
            (CGRect(x: 10, y: 0, width: 100, height: 100), "crop(10,0,100,100)"),
            (CGRect(x: 10.5, y: 0, width: 100, height: 100), "crop(10,0,101,100)"),
            (CGRect(x: -2.25, y: 3.75, width: 4, height: 4), "crop(-3,3,5,5)"),
        ])
    func cropNames(rect: CGRect, name: String) {
        #expect(CropName.identifier(rect) == name)
    }

    @Test("Infinite, null and huge rectangles are named without trapping")
    func cropNamesOfUnboundedRectangles() {
        #expect(CropName.identifier(.infinite).hasPrefix("crop("))
        #expect(CropName.identifier(.null).hasPrefix("crop("))
        let huge = CropName.identifier(CGRect(x: 0, y: 0, width: 1e300, height: 1))
        #expect(huge.contains("e+300"))
        #expect(CropName.identifier(.infinite) != CropName.identifier(.null))
    }
}
