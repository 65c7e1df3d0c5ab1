#if canImport(UIKit)
    import KeelComponents
    import UIKit

    extension UIViewController {
        /// The height this controller's content wants at `width`: its `preferredContentSize`
        /// height when it sets one, else its view's Auto Layout fitting height. Sheets and
        /// alerts size their hosted content with it.
        func keelFittingHeight(width: Double) -> Double {
            OverlayContentSizing.height(
                preferred: Double(preferredContentSize.height),
                fitting: Double(
                    view.systemLayoutSizeFitting(
                        CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
                        withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel
                    ).height))
        }
    }
#endif
