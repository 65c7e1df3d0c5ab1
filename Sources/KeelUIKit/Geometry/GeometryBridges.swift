#if canImport(UIKit)
    import KeelGeometry
    import UIKit

    // Keel's geometry as UIKit's own types (insets, layout direction); the CoreGraphics value
    // conversions both front ends share are KeelUIKitBinding's.

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
