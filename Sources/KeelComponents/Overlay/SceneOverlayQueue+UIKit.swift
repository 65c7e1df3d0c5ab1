#if canImport(UIKit)
    import UIKit

    extension SceneOverlayQueue {
        /// Carries out a UIKit overlay's turn for either front end (KeelUIKit's coordinator,
        /// KeelSwiftUI's scene overlays): ``presentTurn(_:presenter:host:present:isOnScreen:)``
        /// with `overlay` presented full screen, without animation, on the controller `host`
        /// finds for the presenter, and on screen once it has a presenting controller.
        public func presentTurn(
            _ ticket: OverlayTicket, overlay: UIViewController, presenter: UIViewController?,
            host: (UIViewController) -> UIViewController?
        ) {
            presentTurn(
                ticket, presenter: presenter, host: host,
                present: { top in
                    overlay.modalPresentationStyle = .overFullScreen
                    top.present(overlay, animated: false)
                }, isOnScreen: { overlay.presentingViewController != nil })
        }
    }
#endif
