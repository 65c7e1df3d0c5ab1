#if canImport(UIKit)
    import UIKit

    extension UIViewController {
        /// The height this controller's content wants at `width`: its `preferredContentSize`
        /// height when it sets one, else its view's Auto Layout fitting height. Sheets and
        /// alerts size their hosted content with it.
        func keelFittingHeight(width: Double) -> Double {
            let preferred = Double(preferredContentSize.height)
            if preferred > 0 { return preferred }
            let fitting = view.systemLayoutSizeFitting(
                CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
                withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            return Double(fitting.height)
        }
    }
#endif
