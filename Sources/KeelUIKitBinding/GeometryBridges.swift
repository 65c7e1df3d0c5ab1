import Foundation
import KeelGeometry

// The one place Keel's geometry (KeelGeometry) meets CoreGraphics': both front ends convert
// through these, so a frame a headless layout computed reaches UIKit and SwiftUI unchanged.
// Not under `#if canImport(UIKit)`: Foundation has the CoreGraphics value types on every
// platform (on Linux too), so the conversions build and are tested everywhere.

extension CGRect {
    /// The CoreGraphics rectangle of a Keel rectangle.
    package init(keel rect: Rect) {
        self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// This rectangle as a Keel rectangle, standardised first (a negative width or height
    /// becomes a positive one with its origin moved), as CoreGraphics reads its edges.
    package var keelRect: Rect {
        Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height))
    }
}

extension CGSize {
    /// The CoreGraphics size of a Keel size.
    package init(keel size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// This size as a Keel size.
    package var keelSize: Size { Size(width: Double(width), height: Double(height)) }
}

extension CGPoint {
    /// The CoreGraphics point of a Keel point.
    package init(keel point: Point) {
        self.init(x: point.x, y: point.y)
    }

    /// This point as a Keel point.
    package var keelPoint: Point { Point(x: Double(x), y: Double(y)) }
}
