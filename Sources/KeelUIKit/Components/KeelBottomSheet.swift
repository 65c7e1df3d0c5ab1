#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import UIKit

    /// Shows content in a bottom sheet, queued per scene below alerts.
    ///
    /// ```swift
    /// let configuration = try BottomSheetConfiguration(height: .content(maximum: 520), width: .centered(maximumWidth: 560))
    /// let handle = KeelBottomSheet.show(
    ///     on: self, contentViewController: FiltersViewController(), configuration: configuration,
    ///     events: KeelBottomSheetEvents(onDidDismiss: { reason in print("sheet gone:", reason) }))
    /// handle.setPrimaryScrollView(filters.tableView)
    /// ```
    @MainActor
    public enum KeelBottomSheet {
        /// Queues a sheet holding `contentViewController` (a child view controller of the
        /// sheet), as XDDesignKit and ``KeelAlert`` spell it. A configuration made without `try`
        /// that is invalid is not shown; the handle's ``KeelBottomSheetHandle/presentationFailure``
        /// says why.
        @discardableResult
        public static func show(
            on presenter: UIViewController, contentViewController: UIViewController,
            configuration: BottomSheetConfiguration, events: KeelBottomSheetEvents = KeelBottomSheetEvents()
        ) -> KeelBottomSheetHandle {
            let controller = KeelBottomSheetViewController(
                content: contentViewController, configuration: configuration, events: events)
            let coordinator = KeelOverlayCoordinator.coordinator(for: presenter)
            let handle = KeelBottomSheetHandle(controller: controller, coordinator: coordinator)
            controller.coordinator = coordinator
            controller.enqueue()
            if let error = configuration.validationError {
                controller.fail(.invalidConfiguration(String(describing: error)))
                return handle
            }
            controller.ticket = coordinator.enqueue(
                controller, on: .sheet, from: presenter,
                onPresented: { [weak controller] in controller?.presentationDidStart() },
                onFailure: { [weak controller] failure in controller?.fail(failure) })
            return handle
        }

        /// Queues a sheet holding a plain view (wrapped in a child view controller).
        @discardableResult
        public static func show(
            on presenter: UIViewController, contentView: UIView, configuration: BottomSheetConfiguration,
            events: KeelBottomSheetEvents = KeelBottomSheetEvents()
        ) -> KeelBottomSheetHandle {
            let wrapper = UIViewController()
            contentView.translatesAutoresizingMaskIntoConstraints = false
            wrapper.view.addSubview(contentView)
            NSLayoutConstraint.activate([
                contentView.topAnchor.constraint(equalTo: wrapper.view.topAnchor),
                contentView.leadingAnchor.constraint(equalTo: wrapper.view.leadingAnchor),
                contentView.trailingAnchor.constraint(equalTo: wrapper.view.trailingAnchor),
                contentView.bottomAnchor.constraint(equalTo: wrapper.view.bottomAnchor),
            ])
            return show(
                on: presenter, contentViewController: wrapper, configuration: configuration, events: events)
        }
    }

    /// A sheet's lifecycle callbacks: an app passes them once, to
    /// ``init(onDidPresent:onWillDismiss:onDidDismiss:onFailure:)``, and the sheet reads them.
    /// Will- and did-dismiss fire at most once each.
    public struct KeelBottomSheetEvents {
        /// The sheet finished appearing.
        package var onDidPresent: (@MainActor () -> Void)?
        /// The sheet is about to leave, and why.
        package var onWillDismiss: (@MainActor (OverlayDismissalReason) -> Void)?
        /// The sheet left, and why.
        package var onDidDismiss: (@MainActor (OverlayDismissalReason) -> Void)?
        /// The sheet could not be shown.
        package var onFailure: (@MainActor (OverlayPresentationFailure) -> Void)?

        /// Events: `onDidPresent` once the sheet finished appearing; `onWillDismiss` and
        /// `onDidDismiss` with why it leaves; `onFailure` when it could not be shown.
        public init(
            onDidPresent: (@MainActor () -> Void)? = nil,
            onWillDismiss: (@MainActor (OverlayDismissalReason) -> Void)? = nil,
            onDidDismiss: (@MainActor (OverlayDismissalReason) -> Void)? = nil,
            onFailure: (@MainActor (OverlayPresentationFailure) -> Void)? = nil
        ) {
            self.onDidPresent = onDidPresent
            self.onWillDismiss = onWillDismiss
            self.onDidDismiss = onDidDismiss
            self.onFailure = onFailure
        }
    }

    /// Content that names the element VoiceOver focuses when the sheet appears.
    @MainActor
    public protocol KeelBottomSheetContent: AnyObject {
        /// The element to focus (the sheet itself when `nil`).
        var sheetAccessibilityFocus: Any? { get }
    }

    /// A queued or shown sheet.
    @MainActor
    public final class KeelBottomSheetHandle {
        private weak var controller: KeelBottomSheetViewController?
        private let coordinator: KeelOverlayCoordinator

        init(controller: KeelBottomSheetViewController, coordinator: KeelOverlayCoordinator) {
            self.controller = controller
            self.coordinator = coordinator
            controller.onStateChange = { [weak self] state in self?.state = state }
        }

        /// The presentation state (the last one the sheet reported; it outlives the sheet).
        package private(set) var state: SheetPresentationState = .idle

        /// Whether the sheet is on screen: animating in, at rest, dragged or animating out (it
        /// holds its turn in the overlay queue until its did-dismiss).
        public var isPresented: Bool { state.isOnScreen }

        /// Whether the sheet waits in the queue (the queue's state; apps read ``isPresented`` and
        /// ``presentationFailure``).
        package var isPending: Bool { state.isPending }

        /// Whether the sheet shows an overlay of its own.
        package var isPresentingOverlay: Bool { controller?.presentedViewController != nil }

        /// Why the sheet was not shown, if it was not.
        public var presentationFailure: OverlayPresentationFailure? { state.failure }

        /// Whether swipes, background taps and the escape gesture may dismiss.
        public var isInteractiveDismissalEnabled: Bool {
            get { controller?.presentation.isInteractiveDismissalEnabled ?? false }
            set { controller?.setInteractiveDismissal(newValue) }
        }

        /// Dismisses the sheet (withdraws it when still queued); `completion` runs once.
        public func dismiss(animated: Bool = true, completion: (@MainActor () -> Void)? = nil) {
            guard let controller else {
                completion?()
                return
            }
            controller.requestDismissal(.programmatic, animated: animated, completion: completion)
        }

        /// Withdraws a queued sheet; `false` if it is not waiting. (Apps call
        /// ``dismiss(animated:completion:)``, which withdraws a queued sheet too.)
        @discardableResult
        package func cancelPendingPresentation() -> Bool { controller?.cancelPending() ?? false }

        /// Measures and places the sheet again (after the content changed).
        public func invalidateLayout(animated: Bool = true) {
            controller?.invalidateLayout(animated: animated)
        }

        /// Names the scroll view that takes part in drag arbitration when the content has several.
        public func setPrimaryScrollView(_ scrollView: UIScrollView?) {
            controller?.primaryScrollView = scrollView
        }

        /// Presents a full-screen controller over the sheet, keeping the sheet; `false` when
        /// the sheet is not at rest, already shows one, or `overlay` has a parent or presenter.
        @discardableResult
        public func presentOverlay(
            _ overlay: UIViewController, animated: Bool = true, completion: (@MainActor () -> Void)? = nil
        ) -> Bool {
            controller?.presentOverlay(overlay, animated: animated, completion: completion) ?? false
        }
    }
#endif
