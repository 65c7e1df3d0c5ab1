#if canImport(UIKit)
    import UIKit

    extension UIViewController {
        /// The controller at the top of this one's presentation chain, skipping a controller
        /// that is being dismissed (where an overlay is presented from; no key-window lookup).
        package var keelTopPresented: UIViewController {
            var top: UIViewController = self
            while let next = top.presentedViewController, !next.isBeingDismissed { top = next }
            return top
        }

        /// The top of this controller's presentation chain while it is in a window scene
        /// (`nil` out of one): the one presentation host of both front ends' overlays.
        package var keelPresentationHost: UIViewController? {
            viewIfLoaded?.window?.windowScene.map { _ in keelTopPresented }
        }

        /// Presents `overlay` again, without animation, over the top of this controller's
        /// chain (an overlay taken along by a dismissal below it); `false` when this controller
        /// is out of its scene. The overlay queue is not told: the overlay keeps its turn.
        @discardableResult
        package func keelRehost(_ overlay: UIViewController) -> Bool {
            guard let host = keelPresentationHost else { return false }
            host.present(overlay, animated: false)
            return true
        }
    }
#endif
