#if canImport(UIKit)
    import KeelGeometry
    import UIKit

    // The one place Keel's geometry (KeelGeometry) meets CoreGraphics' and UIKit's: every view
    // converts through these, so a frame a headless layout computed is applied unchanged.

    extension CGRect {
        /// The UIKit rectangle of a Keel rectangle.
        package init(keel rect: Rect) {
            self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        }

        /// This rectangle as a Keel rectangle.
        package var keelRect: Rect {
            Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height))
        }
    }

    extension CGSize {
        /// The UIKit size of a Keel size.
        package init(keel size: Size) {
            self.init(width: size.width, height: size.height)
        }

        /// This size as a Keel size.
        package var keelSize: Size { Size(width: Double(width), height: Double(height)) }
    }

    extension CGPoint {
        /// The UIKit point of a Keel point.
        package init(keel point: Point) {
            self.init(x: point.x, y: point.y)
        }

        /// This point as a Keel point.
        package var keelPoint: Point { Point(x: Double(x), y: Double(y)) }
    }

    extension UIEdgeInsets {
        /// The UIKit insets of Keel's physical insets.
        package init(keel insets: Edges<Double>) {
            self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
        }

        /// This inset set as Keel's physical insets.
        package var keelInsets: Edges<Double> {
            Edges<Double>(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
        }
    }

    extension TextDirection {
        /// The direction of a UIKit layout direction.
        package init(_ direction: UIUserInterfaceLayoutDirection) {
            switch direction {
            case .rightToLeft: self = .rightToLeft
            case .leftToRight: self = .leftToRight
            @unknown default: self = .leftToRight
            }
        }
    }

    extension NSWritingDirection {
        /// The writing direction of a Keel direction.
        package init(keel direction: TextDirection) {
            switch direction {
            case .rightToLeft: self = .rightToLeft
            case .leftToRight: self = .leftToRight
            }
        }
    }
#endif
