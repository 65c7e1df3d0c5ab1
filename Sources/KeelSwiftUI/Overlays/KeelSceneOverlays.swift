#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import SwiftUI
    import UIKit

    /// The SwiftUI overlays of one window scene in one `OverlayQueue` — the headless queue
    /// KeelUIKit's `KeelOverlayCoordinator` binds too (FIFO per channel, alerts above sheets,
    /// weak presenters, first failure wins). Each scene owns one, found from the presenting
    /// view's window; there is no key-window lookup.
    ///
    /// Binding only: it forwards requests and UIKit's answers to the queue as events and
    /// carries out the commands the queue returns. An overlay is presented from the top of
    /// the window's presentation chain, so an alert shows above a SwiftUI sheet.
    @MainActor
    final class KeelSceneOverlays {
        private var queue = OverlayQueue<KeelHostedOverlay>()

        /// A queue not attached to a scene (a presenter outside a window uses one, so the
        /// queue reports its failure the same way).
        init() {}

        /// The queue of the anchor's scene (a detached one when it is not in a window).
        static func overlays(for anchor: UIViewController?) -> KeelSceneOverlays {
            guard let scene = anchor?.viewIfLoaded?.window?.windowScene else { return KeelSceneOverlays() }
            return overlays(for: scene)
        }

        /// The queue of a scene, made on first use.
        static func overlays(for scene: UIWindowScene) -> KeelSceneOverlays {
            guard
                let existing = objc_getAssociatedObject(scene, KeelSceneOverlayKeys.overlays)
                    as? KeelSceneOverlays
            else {
                let overlays = KeelSceneOverlays()
                objc_setAssociatedObject(
                    scene, KeelSceneOverlayKeys.overlays, overlays, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
                return overlays
            }
            return existing
        }

        /// The state of a request.
        func state(of ticket: OverlayTicket) -> OverlayItemState? { queue.state(of: ticket) }

        /// Queues `overlay` on `channel`, presented over the anchor's window when its turn comes.
        func enqueue(
            _ overlay: UIViewController, on channel: OverlayChannel, from anchor: UIViewController?,
            onPresented: @escaping @MainActor () -> Void,
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
        ) -> OverlayTicket {
            let request = KeelHostedOverlay(
                overlay: overlay, anchor: anchor, onPresented: onPresented, onFailure: onFailure)
            let ticket = queue.nextTicket
            send(
                .enqueue(
                    request, on: channel, presenterIsAttachedToScene: anchor?.viewIfLoaded?.window != nil))
            return ticket
        }

        /// Withdraws a queued request; `false` when it is not waiting.
        @discardableResult
        func cancel(_ ticket: OverlayTicket) -> Bool { send(.cancel(ticket)) }

        /// The overlay left the screen; the next may come.
        func didDismiss(_ ticket: OverlayTicket) { send(.didDismiss(ticket)) }

        @discardableResult
        private func send(_ event: OverlayQueueEvent<KeelHostedOverlay>) -> Bool {
            let transition = queue.send(event)
            for command in transition.effects { perform(command) }
            return transition.isAccepted
        }

        private func perform(_ command: OverlayCommand<KeelHostedOverlay>) {
            switch command {
            case .reportFailure(_, let request, let failure): request.onFailure(failure)
            case .reportPresented(_, let request): request.onPresented()
            case .present(let ticket, let request, _): present(request, ticket: ticket)
            }
        }

        /// Presents over the top of the anchor window's presentation chain; an anchor that is
        /// gone or out of its window by now is reported back to the queue.
        private func present(_ request: KeelHostedOverlay, ticket: OverlayTicket) {
            guard let anchor = request.anchor else {
                send(.presentationDidFail(ticket, .presenterUnavailable))
                return
            }
            guard let root = anchor.viewIfLoaded?.window?.rootViewController else {
                send(.presentationDidFail(ticket, .presenterNotAttachedToScene))
                return
            }
            let top = sequence(first: root, next: \.presentedViewController).reduce(root) { $1 }
            request.overlay.modalPresentationStyle = .overFullScreen
            request.overlay.view.backgroundColor = .clear
            top.present(request.overlay, animated: false)
            // UIKit refuses some presentations without calling back: check on the next turn.
            Task { @MainActor [weak self] in
                self?.send(
                    .presentationChecked(ticket, isOnScreen: request.overlay.presentingViewController != nil))
            }
        }
    }

    /// One queued SwiftUI overlay (a hosting controller), with its anchor held weakly.
    @MainActor
    final class KeelHostedOverlay {
        let overlay: UIViewController
        weak var anchor: UIViewController?
        let onPresented: @MainActor () -> Void
        let onFailure: @MainActor (OverlayPresentationFailure) -> Void

        init(
            overlay: UIViewController, anchor: UIViewController?,
            onPresented: @escaping @MainActor () -> Void,
            onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
        ) {
            self.overlay = overlay
            self.anchor = anchor
            self.onPresented = onPresented
            self.onFailure = onFailure
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

    /// Keys for associated objects: the addresses of private objects.
    @MainActor
    enum KeelSceneOverlayKeys {
        private static let overlaysToken = NSObject()
        static var overlays: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(overlaysToken).toOpaque())
        }
    }
#endif
