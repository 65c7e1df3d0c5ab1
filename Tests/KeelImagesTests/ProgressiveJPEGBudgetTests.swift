import Foundation
import KeelSupport
import Testing

@testable import KeelImages

@Suite("Progressive JPEG budget")
struct ProgressiveJPEGBudgetTests {
    @Test("a progressive JPEG over the budget is refused; a baseline one is downsampled while decoding")
    func progressive() throws {
        // Before: both planned `downsample(maxPixelSize: 4096)`, though a progressive decoder
        // holds the whole image's coefficients (an 8000 × 8000 one: about 190 MB).
        let baseline = try ImageHeaderParser.parse(TestImages.jpeg(width: 8000, height: 8000))
        #expect(try ImagePixelBudget.default.plan(for: baseline) == .downsample(maxPixelSize: 4096))
        let progressive = try ImageHeaderParser.parse(
            TestImages.jpeg(width: 8000, height: 8000, progressive: true))
        #expect(progressive.isProgressive)
        #expect(throws: ImageHeaderError.self) { try ImagePixelBudget.default.plan(for: progressive) }
        #expect(
            throws: ImageHeaderError.self,
            "a 23-byte header declaring 32768 × 32768 was accepted"
        ) {
            try ImagePixelBudget.default.plan(
                for: ImageInfo(format: .jpeg, width: 32768, height: 32768, isProgressive: true),
                thumbnailMaxPixelSize: 100)
        }
        // Within the budget a progressive JPEG is still downsampled to its thumbnail.
        let small = try ImageHeaderParser.parse(TestImages.jpeg(width: 3000, height: 2000, progressive: true))
        #expect(
            try ImagePixelBudget.default.plan(for: small, thumbnailMaxPixelSize: 300)
                == .downsample(maxPixelSize: 300))
    }
}
