#if canImport(SwiftUI) && canImport(UIKit)
    import CoreGraphics
    import Foundation
    import KeelComponents
    import KeelGeometry
    import KeelLayout
    import SwiftUI

    /// Keel's geometry names next to SwiftUI, CoreGraphics and Foundation (whose Carbon-era
    /// `Point` and `Rect` come with it): every one is used unqualified, so the iOS type check
    /// fails if a framework type ever makes one ambiguous.
    enum GeometryWithSwiftUI {
        static func cardFrame(in container: CGSize, direction: TextDirection) -> CGRect {
            let insets = DirectionalInsets(top: 8, leading: 16, bottom: 8, trailing: 24)
            let edges: Edges<Double> = insets.resolved(in: direction)
            let bounds = Rect(size: Size(width: Double(container.width), height: Double(container.height)))
            let card = bounds.inset(by: edges).placed(in: direction, containerWidth: bounds.width)
            let origin = Point(x: card.minX, y: card.minY)
            return CGRect(x: origin.x, y: origin.y, width: card.width, height: card.height)
        }

        /// A SwiftUI view beside them, to be sure its names stay SwiftUI's.
        struct Swatch: View {
            var body: some View {
                Rectangle().frame(width: 44, height: 44).padding(
                    EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
                )
                .environment(\.layoutDirection, LayoutDirection.rightToLeft)
            }
        }
    }
#endif
