import Foundation
import KeelGeometry
import KeelTesting
import KeelUIKitBinding
import Testing

/// The CoreGraphics conversions both front ends apply frames through (one definition since
/// the SwiftUI front end stopped keeping its own, which read a CGRect's origin and size raw
/// where UIKit's standardised it: a negative-width rectangle converted differently).
@Suite("Geometry bridges")
struct GeometryBridgeTests {
    @Test("a Keel rectangle, size and point survive the round trip through CoreGraphics (seeded)")
    func roundTrip() {
        var random = SeededRandomNumberGenerator(seed: 0x6E0)
        for _ in 0..<500 {
            let rect = Rect(
                x: Double.random(in: -1e4...1e4, using: &random),
                y: Double.random(in: -1e4...1e4, using: &random),
                width: Double.random(in: 0...1e4, using: &random),
                height: Double.random(in: 0...1e4, using: &random))
            #expect(CGRect(keel: rect).keelRect == rect)
            #expect(CGSize(keel: rect.size).keelSize == rect.size)
            #expect(CGPoint(keel: rect.origin).keelPoint == rect.origin)
        }
    }

    @Test("a non-standard CoreGraphics rectangle is standardised, as CoreGraphics reads its edges")
    func negativeSizeIsStandardised() {
        let flipped = CGRect(x: 10, y: 20, width: -4, height: -6)
        #expect(flipped.keelRect == Rect(x: 6, y: 14, width: 4, height: 6))
    }
}
