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

    /// SOI, SOF (`marker`, three components), DHT, SOS with `scanComponents`, data.
    static func jpeg(marker: UInt8, scanComponents: UInt8?, side: Int = 32768) -> Data {
        var out = Data([0xFF, 0xD8, 0xFF, marker, 0x00, 0x11, 0x08])
        out.append(contentsOf: [
            UInt8(side >> 8), UInt8(side & 0xFF), UInt8(side >> 8), UInt8(side & 0xFF), 3,
        ])
        out.append(contentsOf: [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        out.append(contentsOf: [0xFF, 0xC4, 0x00, 0x04, 0x00, 0x00])
        if let scanComponents {
            let length = 6 + 2 * Int(scanComponents)
            out.append(contentsOf: [0xFF, 0xDA, 0x00, UInt8(length), scanComponents])
            for index in 0..<Int(scanComponents) { out.append(contentsOf: [UInt8(index + 1), 0x00]) }
            out.append(contentsOf: [0x00, 0x3F, 0x00, 0x12, 0x34])
        }
        return out
    }

    @Test("a frame that decodes whole: arithmetic progressive, or a first scan with fewer components")
    func wholeFrameNeighbours() throws {
        // Used to: only SOF2/SOF6 counted, so a few dozen bytes declaring a 32768 × 32768
        // SOF0 frame with one component per scan (libjpeg then holds every coefficient,
        // about 6 GB), or an arithmetic progressive SOF10/SOF14, were planned as a 4096 px
        // downsample.
        for marker: UInt8 in [0xCA, 0xCE] {
            let info = try ImageHeaderParser.parse(Self.jpeg(marker: marker, scanComponents: 3))
            #expect(info.isProgressive, "SOF \(marker)")
            #expect(throws: ImageHeaderError.self) { try ImagePixelBudget.default.plan(for: info) }
        }
        let separateScans = try ImageHeaderParser.parse(Self.jpeg(marker: 0xC0, scanComponents: 1))
        #expect(separateScans.isProgressive)
        // Padding before the scan (a stray byte, or 0xFF 0x00) does not hide it: the scan is
        // found as the frame header was. One 0x00 byte used to make the frame "baseline" again.
        for padding: [UInt8] in [[0x00], [0xFF, 0x00], [0x12, 0x34, 0xFF, 0xFF]] {
            var padded = Self.jpeg(marker: 0xC0, scanComponents: 1)
            let scan = padded.range(of: Data([0xFF, 0xDA]))!.lowerBound
            padded.insert(contentsOf: padding, at: scan)
            #expect(try ImageHeaderParser.parse(padded).isProgressive, "\(padding)")
        }
        #expect(throws: ImageHeaderError.self) { try ImagePixelBudget.default.plan(for: separateScans) }
        // Interleaved baseline (every component in the first scan), and a header whose scan
        // has not arrived yet, still shrink while decoding.
        for scan: UInt8? in [3, nil] {
            let info = try ImageHeaderParser.parse(Self.jpeg(marker: 0xC0, scanComponents: scan, side: 8000))
            #expect(!info.isProgressive)
            #expect(try ImagePixelBudget.default.plan(for: info) == .downsample(maxPixelSize: 4096))
        }
    }
}
