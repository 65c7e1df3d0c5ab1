#if canImport(SwiftUI) && canImport(UIKit)
    import SwiftUI
    import UIKit

    /// Holds the invisible controller that locates a SwiftUI view's window.
    @MainActor
    final class KeelPresenterAnchorBox {
        weak var controller: UIViewController?
        nonisolated init() {}
    }

    /// An invisible controller in the view's place: the presenter of the view's overlays.
    struct KeelPresenterAnchor: UIViewControllerRepresentable {
        let box: KeelPresenterAnchorBox

        func makeUIViewController(context: Context) -> UIViewController {
            let controller = UIViewController()
            controller.view.isUserInteractionEnabled = false
            controller.view.backgroundColor = .clear
            box.controller = controller
            return controller
        }

        func updateUIViewController(_ controller: UIViewController, context: Context) {
            box.controller = controller
        }
    }
#endif
