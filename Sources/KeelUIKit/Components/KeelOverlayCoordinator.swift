#if canImport(UIKit)
    import KeelComponents
    import ObjectiveC
    import UIKit

    /// The overlays of one window scene — alerts and bottom sheets in the scene's
    /// `SceneOverlayQueue` (FIFO per channel, alerts above sheets, weak presenters, first
    /// failure wins). Each scene owns one, found from any presenter in it; there is no
    /// key-window lookup. The queue comes from `OverlayQueueRegistry.shared`, where KeelSwiftUI
    /// finds the same scene's queue: UIKit and SwiftUI overlays in one scene wait for each other.
    ///
    /// Binding only: it forwards requests and UIKit's answers to the queue (with the
    /// presenter's scene membership as a payload — nothing is refreshed behind the queue's
    /// back) and presents when the queue says it is a request's turn.
    @MainActor
    public final class KeelOverlayCoordinator {
        private let queue: SceneOverlayQueue

        /// A coordinator not attached to a scene (presenters outside a scene use one, so the
        /// queue reports their failure the same way).
        public convenience init() { self.init(queue: SceneOverlayQueue()) }

        /// A coordinator over `queue` (the scene's queue from a registry, or one of a test's).
        public init(queue: SceneOverlayQueue) { self.queue = queue }

        /// The coordinator of the presenter's scene (a detached one when it has none).
        public static func coordinator(for presenter: UIViewController) -> KeelOverlayCoordinator {
            guard let scene = presenter.viewIfLoaded?.window?.windowScene else {
                return KeelOverlayCoordinator()
            }
            return coordinator(for: scene)
        }

        /// The coordinator of a scene, made on first use over the scene's queue in `registry`.
        public static func coordinator(
            for scene: UIWindowScene, registry: OverlayQueueRegistry = .shared
        ) -> KeelOverlayCoordinator {
            if let existing = objc_getAssociatedObject(scene, AssociationKeys.coordinator)
                as? KeelOverlayCoordinator
            {
                return existing
            }
            let coordinator = KeelOverlayCoordinator(queue: registry.queue(for: scene))
            objc_setAssociatedObject(
                scene, AssociationKeys.coordinator, coordinator, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return coordinator
        }

        /// The state of a request.
        public func state(of ticket: OverlayTicket) -> OverlayItemState? { queue.state(of: ticket) }

        /// Queues `overlay` on `channel`, presented from the top of `presenter`'s presentation
        /// chain when its turn comes. `onPresented` runs once it is on screen; `onFailure` if it
        /// never is. The presenter is held weakly.
        @discardableResult
        public func enqueue(
            _ overlay: UIViewController, on channel: OverlayChannel, from presenter: UIViewController,
            onPresented: @escaping @MainActor () -> Void,
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
        ) -> OverlayTicket {
            let request = OverlayRequest(overlay: overlay, presenter: presenter)
            return queue.enqueue(
                on: channel, presenterIsAttachedToScene: presenter.viewIfLoaded?.window?.windowScene != nil,
                present: { [weak queue] ticket in queue.map { request.present(ticket: ticket, queue: $0) } },
                onPresented: onPresented, onFailure: onFailure)
        }

        /// Withdraws a queued request; `false` when it is not waiting.
        @discardableResult
        public func cancel(_ ticket: OverlayTicket) -> Bool { queue.cancel(ticket) }

        /// The overlay left the screen; the next may come.
        public func didDismiss(_ ticket: OverlayTicket) { queue.didDismiss(ticket) }

        /// Presents `overlay` again, without animation, over the top of `presenter`'s chain
        /// (an overlay taken along by a dismissal below it); `false` when the presenter is out
        /// of its scene. The queue is not told: the overlay keeps its turn.
        func rehost(_ overlay: UIViewController, from presenter: UIViewController?) -> Bool {
            guard let host = presenter?.keelPresentationHost else { return false }
            host.present(overlay, animated: false)
            return true
        }
    }

    extension UIViewController {
        /// The top of this controller's presentation chain, when it is in a window scene.
        fileprivate var keelPresentationHost: UIViewController? {
            viewIfLoaded?.window?.windowScene.map { _ in keelTopPresented }
        }
    }

    /// One queued overlay, with its presenter held weakly.
    @MainActor
    final class OverlayRequest {
        let overlay: UIViewController
        weak var presenter: UIViewController?

        init(overlay: UIViewController, presenter: UIViewController) {
            self.overlay = overlay
            self.presenter = presenter
        }

        /// Presents from the top of the presenter's chain when it is still in its scene (the
        /// queue reports a presenter that is gone or out of its scene back to itself).
        func present(ticket: OverlayTicket, queue: SceneOverlayQueue) {
            queue.presentTurn(
                ticket, overlay: overlay, presenter: presenter, host: { $0.keelPresentationHost })
        }
    }

    /// Keys for associated objects: the addresses of private objects.
    @MainActor
    enum AssociationKeys {
        private static let coordinatorToken = NSObject()
        static var coordinator: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(coordinatorToken).toOpaque())
        }
    }
#endif
