#if canImport(UIKit)
    import KeelComponents
    import UIKit

    /// The overlays of one window scene for both front ends: requests go to the scene's
    /// `SceneOverlayQueue` (FIFO per channel, alerts above sheets, weak presenters, first
    /// failure wins) and, when the queue says it is a request's turn, the overlay is presented
    /// from ``UIKit/UIViewController/keelPresentationHost`` — the top of the presenter's chain,
    /// skipping a controller that is being dismissed. KeelUIKit's `KeelOverlayCoordinator` and
    /// KeelSwiftUI's modifiers both present through this one type.
    ///
    /// Binding only: it forwards requests and UIKit's answers to the queue (with the
    /// presenter's scene membership as a payload) and presents when the queue says so.
    @MainActor
    package final class OverlayHost {
        private let queue: SceneOverlayQueue

        /// A host over `queue` (a scene's queue from a registry, a detached one, or a test's).
        package init(queue: SceneOverlayQueue) { self.queue = queue }

        /// The host of `presenter`'s window scene in `registry` (a detached one when the
        /// presenter is not in a scene, so the queue reports its failure the same way).
        package static func host(
            for presenter: UIViewController?, registry: OverlayQueueRegistry = .shared
        ) -> OverlayHost {
            guard let scene = presenter?.viewIfLoaded?.window?.windowScene else {
                return OverlayHost(queue: SceneOverlayQueue())
            }
            return OverlayHost(queue: registry.queue(for: scene))
        }

        /// The state of a request.
        package func state(of ticket: OverlayTicket) -> OverlayItemState? { queue.state(of: ticket) }

        /// Queues `overlay` on `channel`, presented from the top of `presenter`'s presentation
        /// chain when its turn comes. The presenter is held weakly.
        package func enqueue(
            _ overlay: UIViewController, on channel: OverlayChannel, from presenter: UIViewController?,
            onPresented: @escaping @MainActor () -> Void,
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
        ) -> OverlayTicket {
            let request = HostedOverlay(overlay: overlay, presenter: presenter)
            return queue.enqueue(
                on: channel, presenterIsAttachedToScene: presenter?.viewIfLoaded?.window?.windowScene != nil,
                present: { [weak queue] ticket in queue.map { request.present(ticket: ticket, queue: $0) } },
                onPresented: onPresented, onFailure: onFailure)
        }

        /// Withdraws a queued request; `false` when it is not waiting.
        @discardableResult
        package func cancel(_ ticket: OverlayTicket) -> Bool { queue.cancel(ticket) }

        /// The overlay left the screen; the next may come.
        package func didDismiss(_ ticket: OverlayTicket) { queue.didDismiss(ticket) }
    }

    /// One queued overlay, with its presenter held weakly.
    @MainActor
    final class HostedOverlay {
        let overlay: UIViewController
        weak var presenter: UIViewController?

        init(overlay: UIViewController, presenter: UIViewController?) {
            self.overlay = overlay
            self.presenter = presenter
        }

        /// Presents from the top of the presenter's chain while it is in its scene (the queue
        /// reports a presenter that is gone or out of its scene back to itself).
        func present(ticket: OverlayTicket, queue: SceneOverlayQueue) {
            overlay.modalPresentationStyle = .overFullScreen
            queue.presentTurn(
                ticket, presenter: presenter, host: { $0.keelPresentationHost },
                present: { [overlay] top in top.present(overlay, animated: false) },
                isOnScreen: { [overlay] in overlay.presentingViewController != nil })
        }
    }
#endif
