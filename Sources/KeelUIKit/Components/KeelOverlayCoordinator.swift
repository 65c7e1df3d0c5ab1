#if canImport(UIKit)
    import KeelComponents
    import ObjectiveC
    import UIKit

    /// The overlays of one window scene — alerts and bottom sheets in one `OverlayQueue`
    /// (FIFO per channel, alerts above sheets, weak presenters, first failure wins). Each scene
    /// owns one, found from any presenter in it; there is no key-window lookup.
    ///
    /// Binding only: it forwards requests and UIKit's answers to the queue as events (with
    /// the presenter's scene membership as a payload — nothing is refreshed behind the
    /// queue's back) and carries out the commands the queue returns.
    @MainActor
    public final class KeelOverlayCoordinator {
        private var queue = OverlayQueue<OverlayRequest>()

        /// A coordinator not attached to a scene (presenters outside a scene use one, so the
        /// queue reports their failure the same way).
        public init() {}

        /// The coordinator of the presenter's scene (a detached one when it has none).
        public static func coordinator(for presenter: UIViewController) -> KeelOverlayCoordinator {
            guard let scene = presenter.viewIfLoaded?.window?.windowScene else {
                return KeelOverlayCoordinator()
            }
            return coordinator(for: scene)
        }

        /// The coordinator of a scene, made on first use.
        public static func coordinator(for scene: UIWindowScene) -> KeelOverlayCoordinator {
            if let existing = objc_getAssociatedObject(scene, AssociationKeys.coordinator)
                as? KeelOverlayCoordinator
            {
                return existing
            }
            let coordinator = KeelOverlayCoordinator()
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
            let request = OverlayRequest(
                overlay: overlay, presenter: presenter, onPresented: onPresented, onFailure: onFailure)
            let ticket = queue.nextTicket
            send(
                .enqueue(
                    request, on: channel,
                    presenterIsAttachedToScene: presenter.viewIfLoaded?.window?.windowScene != nil))
            return ticket
        }

        /// Withdraws a queued request; `false` when it is not waiting.
        @discardableResult
        public func cancel(_ ticket: OverlayTicket) -> Bool { send(.cancel(ticket)) }

        /// The overlay left the screen; the next may come.
        public func didDismiss(_ ticket: OverlayTicket) { send(.didDismiss(ticket)) }

        /// Sends `event` to the queue and carries out its commands; whether it was accepted.
        @discardableResult
        private func send(_ event: OverlayQueueEvent<OverlayRequest>) -> Bool {
            let transition = queue.send(event)
            for command in transition.effects { perform(command) }
            return transition.isAccepted
        }

        private func perform(_ command: OverlayCommand<OverlayRequest>) {
            switch command {
            case .reportFailure(_, let request, let failure): request.onFailure(failure)
            case .reportPresented(_, let request): request.onPresented()
            case .present(let ticket, let request, _): present(request, ticket: ticket)
            }
        }

        /// Presents from the top of the presenter's chain; a presenter that is gone or out of
        /// its scene by now is reported back to the queue.
        private func present(_ request: OverlayRequest, ticket: OverlayTicket) {
            guard let presenter = request.presenter else {
                send(.presentationDidFail(ticket, .presenterUnavailable))
                return
            }
            guard let host = presenter.keelPresentationHost else {
                send(.presentationDidFail(ticket, .presenterNotAttachedToScene))
                return
            }
            request.overlay.modalPresentationStyle = .overFullScreen
            host.present(request.overlay, animated: false)
            // UIKit refuses some presentations without calling back: check on the next turn
            // that it took.
            Task { @MainActor [weak self] in
                self?.send(
                    .presentationChecked(ticket, isOnScreen: request.overlay.presentingViewController != nil))
            }
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
        let onPresented: @MainActor () -> Void
        let onFailure: @MainActor (OverlayPresentationFailure) -> Void

        init(
            overlay: UIViewController, presenter: UIViewController,
            onPresented: @escaping @MainActor () -> Void,
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
        ) {
            self.overlay = overlay
            self.presenter = presenter
            self.onPresented = onPresented
            self.onFailure = onFailure
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
