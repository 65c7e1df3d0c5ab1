#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import SwiftUI
    import UIKit

    /// The SwiftUI overlays of one window scene in the scene's `SceneOverlayQueue` — the
    /// headless queue KeelUIKit's `KeelOverlayCoordinator` obtains for the same scene from
    /// `OverlayQueueRegistry.shared` (FIFO per channel, alerts above sheets, weak presenters,
    /// first failure wins), so SwiftUI and UIKit overlays in one scene wait for each other.
    /// The scene is found from the presenting view's window; there is no key-window lookup.
    ///
    /// Binding only: it forwards requests and UIKit's answers to the queue and presents when
    /// the queue says it is a request's turn. An overlay is presented from the top of the
    /// window's presentation chain, so an alert shows above a sheet.
    @MainActor
    final class KeelSceneOverlays {
        private let queue: SceneOverlayQueue

        /// The overlays over `queue`.
        init(queue: SceneOverlayQueue) {
            self.queue = queue
        }

        /// The queue of the anchor's scene (a detached one when it is not in a window, so the
        /// queue reports its failure the same way).
        static func overlays(
            for anchor: UIViewController?, registry: OverlayQueueRegistry = .shared
        ) -> KeelSceneOverlays {
            guard let scene = anchor?.viewIfLoaded?.window?.windowScene else {
                return KeelSceneOverlays(queue: SceneOverlayQueue())
            }
            return KeelSceneOverlays(queue: registry.queue(for: scene))
        }

        /// The state of a request.
        func state(of ticket: OverlayTicket) -> OverlayItemState? { queue.state(of: ticket) }

        /// Queues `overlay` on `channel`, presented over the anchor's window when its turn comes.
        func enqueue(
            _ overlay: UIViewController, on channel: OverlayChannel, from anchor: UIViewController?,
            onPresented: @escaping @MainActor () -> Void,
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
        ) -> OverlayTicket {
            let request = KeelHostedOverlay(overlay: overlay, anchor: anchor)
            return queue.enqueue(
                on: channel, presenterIsAttachedToScene: anchor?.viewIfLoaded?.window != nil,
                present: { [weak queue] ticket in queue.map { request.present(ticket: ticket, queue: $0) } },
                onPresented: onPresented, onFailure: onFailure)
        }

        /// Withdraws a queued request; `false` when it is not waiting.
        @discardableResult
        func cancel(_ ticket: OverlayTicket) -> Bool { queue.cancel(ticket) }

        /// The overlay left the screen; the next may come.
        func didDismiss(_ ticket: OverlayTicket) { queue.didDismiss(ticket) }
    }

    /// One queued SwiftUI overlay (a hosting controller), with its anchor held weakly.
    @MainActor
    final class KeelHostedOverlay {
        let overlay: UIViewController
        weak var anchor: UIViewController?

        init(overlay: UIViewController, anchor: UIViewController?) {
            self.overlay = overlay
            self.anchor = anchor
        }

        /// Presents over the top of the anchor window's presentation chain while the anchor is
        /// in its window (the queue reports an anchor that is gone or out of its window back to
        /// itself).
        func present(ticket: OverlayTicket, queue: SceneOverlayQueue) {
            overlay.view.backgroundColor = .clear
            queue.presentTurn(ticket, overlay: overlay, presenter: anchor, host: { $0.keelWindowTop })
        }
    }

    extension UIViewController {
        /// The top of the presentation chain of this controller's window (`nil` out of a window).
        var keelWindowTop: UIViewController? {
            viewIfLoaded?.window?.rootViewController.map { root in
                sequence(first: root, next: \.presentedViewController).reduce(root) { $1 }
            }
        }

        /// Presents `overlay` again, without animation, over the top of this controller's
        /// window (an overlay taken along by a dismissal below it); the queue is not told, the
        /// overlay keeps its turn.
        func keelRehost(_ overlay: UIViewController) {
            keelWindowTop?.present(overlay, animated: false)
        }
    }

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
