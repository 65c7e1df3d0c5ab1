#if canImport(UIKit)
    import KeelComponents
    import KeelUIKitBinding
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
    /// back) and presents when the queue says it is a request's turn. `package`: apps queue
    /// through `KeelAlert`, `KeelBottomSheet` and `KeelSnackbarPresenter`, whose handles and
    /// tickets do what an app does with a request.
    @MainActor
    package final class KeelOverlayCoordinator {
        private let host: OverlayHost

        /// A coordinator not attached to a scene (presenters outside a scene use one, so the
        /// queue reports their failure the same way).
        package convenience init() { self.init(queue: SceneOverlayQueue()) }

        /// A coordinator over `queue` (the scene's queue from a registry, or one of a test's).
        package init(queue: SceneOverlayQueue) { host = OverlayHost(queue: queue) }

        /// The coordinator of the presenter's scene (a detached one when it has none).
        package static func coordinator(for presenter: UIViewController) -> KeelOverlayCoordinator {
            guard let scene = presenter.viewIfLoaded?.window?.windowScene else {
                return KeelOverlayCoordinator()
            }
            return coordinator(for: scene)
        }

        /// The coordinator of a scene, made on first use over the scene's queue (the one
        /// KeelSwiftUI's overlays in that scene share).
        package static func coordinator(for scene: UIWindowScene) -> KeelOverlayCoordinator {
            coordinator(for: scene, registry: .shared)
        }

        /// The coordinator of a scene, made on first use over the scene's queue in `registry`.
        package static func coordinator(
            for scene: UIWindowScene, registry: OverlayQueueRegistry
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
        package func state(of ticket: OverlayTicket) -> OverlayItemState? { host.state(of: ticket) }

        /// Queues `overlay` on `channel`, presented from the top of `presenter`'s presentation
        /// chain (skipping a controller being dismissed) when its turn comes. `onPresented`
        /// runs once it is on screen; `onFailure` if it never is. The presenter is held weakly.
        @discardableResult
        package func enqueue(
            _ overlay: UIViewController, on channel: OverlayChannel, from presenter: UIViewController,
            onPresented: @escaping @MainActor () -> Void,
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
        ) -> OverlayTicket {
            host.enqueue(
                overlay, on: channel, from: presenter, onPresented: onPresented, onFailure: onFailure)
        }

        /// Withdraws a queued request; `false` when it is not waiting.
        @discardableResult
        package func cancel(_ ticket: OverlayTicket) -> Bool { host.cancel(ticket) }

        /// The overlay left the screen; the next may come.
        package func didDismiss(_ ticket: OverlayTicket) { host.didDismiss(ticket) }

        /// Presents `overlay` again, without animation, over the top of `presenter`'s chain
        /// (an overlay taken along by a dismissal below it); `false` when the presenter is out
        /// of its scene. The queue is not told: the overlay keeps its turn.
        func rehost(_ overlay: UIViewController, from presenter: UIViewController?) -> Bool {
            presenter?.keelRehost(overlay) ?? false
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
