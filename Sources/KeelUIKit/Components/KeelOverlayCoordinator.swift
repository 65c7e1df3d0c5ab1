#if canImport(UIKit)
    import KeelComponents
    import ObjectiveC
    import UIKit

    /// The overlays of one window scene — alerts and bottom sheets in one ``OverlayQueue``
    /// (FIFO per channel, alerts above sheets, weak presenters, first failure wins). Each scene
    /// owns one, found from any presenter in it; there is no key-window lookup.
    @MainActor
    public final class KeelOverlayCoordinator {
        private var queue = OverlayQueue<OverlayRequest>()
        private var references: [OverlayTicket: PresenterReference] = [:]
        private var requests: [OverlayTicket: OverlayRequest] = [:]

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
        /// never is.
        @discardableResult
        public func enqueue(
            _ overlay: UIViewController, on channel: OverlayChannel, from presenter: UIViewController,
            onPresented: @escaping @MainActor () -> Void,
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
        ) -> OverlayTicket {
            let reference = PresenterReference.reference(for: presenter)
            refreshPresenters(adding: reference)
            let request = OverlayRequest(overlay: overlay, onPresented: onPresented, onFailure: onFailure)
            let (ticket, commands) = queue.enqueue(request, on: channel, presenter: reference)
            references[ticket] = reference
            requests[ticket] = request
            run(commands)
            return ticket
        }

        /// Withdraws a queued request; `false` when it is not waiting.
        @discardableResult
        public func cancel(_ ticket: OverlayTicket) -> Bool {
            let cancelled = queue.cancel(ticket)
            if cancelled { forget(ticket) }
            return cancelled
        }

        /// The overlay left the screen; the next may come.
        public func didDismiss(_ ticket: OverlayTicket) {
            refreshPresenters()
            let commands = queue.didDismiss(ticket)
            forget(ticket)
            run(commands)
        }

        private func forget(_ ticket: OverlayTicket) {
            references[ticket] = nil
            requests[ticket] = nil
        }

        private func refreshPresenters(adding extra: PresenterReference? = nil) {
            for reference in Array(references.values) + (extra.map { [$0] } ?? []) {
                reference.isAttachedToScene = reference.controller?.viewIfLoaded?.window?.windowScene != nil
            }
        }

        private func run(_ commands: [OverlayCommand<OverlayRequest>]) {
            for command in commands {
                switch command {
                case .reportFailure(let ticket, let failure):
                    let request = requests[ticket]
                    forget(ticket)
                    request?.onFailure(failure)
                case .present(let ticket, let request, _, let presenter):
                    guard let host = (presenter as? PresenterReference)?.controller?.keelTopPresented else {
                        fail(ticket, .presenterUnavailable)
                        continue
                    }
                    request.overlay.modalPresentationStyle = .overFullScreen
                    host.present(request.overlay, animated: false)
                    // UIKit refuses some presentations without calling back: check on the
                    // next turn that it took.
                    Task { @MainActor [weak self] in
                        guard let self else { return }
                        if request.overlay.presentingViewController != nil {
                            _ = self.queue.presentationDidSucceed(ticket)
                            request.onPresented()
                        } else {
                            self.fail(ticket, .presentationRejected)
                        }
                    }
                }
            }
        }

        private func fail(_ ticket: OverlayTicket, _ failure: OverlayPresentationFailure) {
            refreshPresenters()
            run(queue.presentationDidFail(ticket, failure))
        }
    }

    /// One queued overlay.
    @MainActor
    final class OverlayRequest {
        let overlay: UIViewController
        let onPresented: @MainActor () -> Void
        let onFailure: @MainActor (OverlayPresentationFailure) -> Void

        init(
            overlay: UIViewController, onPresented: @escaping @MainActor () -> Void,
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
        ) {
            self.overlay = overlay
            self.onPresented = onPresented
            self.onFailure = onFailure
        }
    }

    /// A view controller as the headless queue sees it. It lives as long as its controller
    /// (an associated object), so the queue's weak reference ends when the controller does;
    /// `isAttachedToScene` is a snapshot the coordinator refreshes on the main actor before
    /// each queue call (the queue reads it synchronously).
    final class PresenterReference: OverlayPresenter {
        weak var controller: UIViewController?
        var isAttachedToScene = false

        private init(controller: UIViewController) { self.controller = controller }

        @MainActor static func reference(for controller: UIViewController) -> PresenterReference {
            if let existing = objc_getAssociatedObject(controller, AssociationKeys.presenter)
                as? PresenterReference
            {
                return existing
            }
            let reference = PresenterReference(controller: controller)
            objc_setAssociatedObject(
                controller, AssociationKeys.presenter, reference, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return reference
        }
    }

    /// Keys for associated objects: the addresses of private objects.
    @MainActor
    enum AssociationKeys {
        private static let coordinatorToken = NSObject()
        private static let presenterToken = NSObject()
        static var coordinator: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(coordinatorToken).toOpaque())
        }
        static var presenter: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(presenterToken).toOpaque())
        }
    }
#endif
