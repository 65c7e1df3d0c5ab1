#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import UIKit

    /// Shows the design system's alert, queued per scene with the bottom sheets.
    ///
    /// ```swift
    /// let configuration = try AlertConfiguration(
    ///     title: "Delete draft?", message: "This cannot be undone.",
    ///     actions: [
    ///         .cancel("Cancel"),
    ///         .destructive("Delete") { _ in drafts.delete() },
    ///     ])
    /// let handle = KeelAlert.show(on: self, configuration: configuration)
    /// if let failure = handle.presentationFailure { log.error("alert not shown: \(failure)") }
    /// ```
    ///
    /// Will- and did-dismiss report why the alert left (the same `OverlayDismissalReason`
    /// as a bottom sheet's), each once:
    ///
    /// ```swift
    /// KeelAlert.show(
    ///     on: self, configuration: configuration,
    ///     handlers: KeelAlertHandlers(onDidDismiss: { reason in analytics.log("alert", reason) }))
    /// ```
    ///
    /// Custom content (a view, or a view controller added as a child) sits between the
    /// message and the accessory and actions; it is measured with Auto Layout at the card's
    /// content width and scrolls in its slot when taller than the room the card has left:
    ///
    /// ```swift
    /// let picker = RatingView()  // Auto Layout content, any height
    /// let configuration = try AlertConfiguration(
    ///     title: "Rate this recipe", customContent: try AlertCustomContent(maximumHeight: 240),
    ///     actions: [.cancel("Later"), .primary("Send")])
    /// KeelAlert.show(on: self, configuration: configuration, contentView: picker) { id, _ in
    ///     if id == .primary { ratings.send(picker.rating) }
    /// }
    /// ```
    @MainActor
    public enum KeelAlert {
        /// Queues an alert on the presenter's scene. A triggered action runs its own
        /// `AlertAction/handler`, then `onAction` with the action's identifier; both receive
        /// one context (checkbox and text values, loading, dismissal).
        @discardableResult
        public static func show(
            on presenter: UIViewController, configuration: AlertConfiguration,
            handlers: KeelAlertHandlers = KeelAlertHandlers(),
            onAction:
                @escaping @MainActor (_ actionID: AlertActionID, _ context: any AlertActionContext) -> Void =
                {
                    _, _ in
                }
        ) -> KeelAlertHandle {
            enqueue(
                KeelAlertViewController(configuration: configuration, handlers: handlers, onAction: onAction),
                on: presenter)
        }

        /// Queues an alert whose custom content is `contentViewController`, added as a child
        /// of the alert while it is shown and removed when it leaves. Without a
        /// `AlertConfiguration/customContent` slot in `configuration`, a default one (as tall
        /// as the card allows) is used. Adopt ``KeelAlertContent`` to receive the alert's theme
        /// or choose the VoiceOver focus; call ``KeelAlertHandle/invalidateLayout(animated:)``
        /// when the content changes size.
        @discardableResult
        public static func show(
            on presenter: UIViewController, configuration: AlertConfiguration,
            contentViewController: UIViewController, handlers: KeelAlertHandlers = KeelAlertHandlers(),
            onAction:
                @escaping @MainActor (_ actionID: AlertActionID, _ context: any AlertActionContext) -> Void =
                {
                    _, _ in
                }
        ) -> KeelAlertHandle {
            enqueue(
                KeelAlertViewController(
                    configuration: configuration.withCustomContentSlot, content: contentViewController,
                    handlers: handlers,
                    onAction: onAction),
                on: presenter)
        }

        /// Queues an alert whose custom content is `contentView` (pinned to the edges of a
        /// child view controller; its constraints give its height at the card's content width).
        /// A view that adopts ``KeelAlertContent`` receives the alert's theme.
        @discardableResult
        public static func show(
            on presenter: UIViewController, configuration: AlertConfiguration, contentView: UIView,
            handlers: KeelAlertHandlers = KeelAlertHandlers(),
            onAction:
                @escaping @MainActor (_ actionID: AlertActionID, _ context: any AlertActionContext) -> Void =
                {
                    _, _ in
                }
        ) -> KeelAlertHandle {
            show(
                on: presenter, configuration: configuration,
                contentViewController: KeelAlertViewContentController(contentView: contentView),
                handlers: handlers, onAction: onAction)
        }

        /// XDDesignKit's alert: title, message, an optional accessory and actions with their own
        /// handlers, shown on `presenter`'s scene without `try`. An invalid combination (nothing
        /// to show, no action, an invalid text input …) is not shown: the handle's
        /// ``KeelAlertHandle/presentationFailure`` says why.
        ///
        /// ```swift
        /// KeelAlert.show(
        ///     on: self, title: "Delete category?", message: nil,
        ///     accessory: .checkbox(title: "Also delete its documents"),
        ///     actions: [.cancel("Cancel"), .primary("Delete") { context in print(context.checkboxIsSelected == true) }])
        /// ```
        @discardableResult
        public static func show(
            on presenter: UIViewController, title: String?, message: String?,
            accessory: AlertAccessory? = nil, actions: [AlertAction]
        ) -> KeelAlertHandle {
            show(
                on: presenter,
                configuration: .recording(
                    title: title, message: message, accessory: accessory, actions: actions))
        }

        private static func enqueue(_ controller: KeelAlertViewController, on presenter: UIViewController)
            -> KeelAlertHandle
        {
            let coordinator = KeelOverlayCoordinator.coordinator(for: presenter)
            let handle = KeelAlertHandle(
                controller: controller, coordinator: coordinator, presenter: presenter)
            controller.handle = handle
            controller.send(.enqueue)
            if let error = controller.configuration.validationError {
                controller.presentationFailed(.invalidConfiguration(String(describing: error)))
                return handle
            }
            handle.ticket = coordinator.enqueue(
                controller, on: .alert, from: presenter,
                onPresented: { [weak controller] in controller?.presentationDidStart() },
                onFailure: { [weak handle] failure in handle?.fail(failure) })
            return handle
        }
    }

    /// Callbacks of an alert beyond its actions: an app passes them once, to
    /// ``init(onLimitReached:onWillDismiss:onDidDismiss:onFailure:illustrationImage:)``, and the
    /// alert reads them.
    public struct KeelAlertHandlers {
        /// The text input reached its maximum length (fires on the edge only).
        package var onLimitReached: (@MainActor () -> Void)?
        /// The alert is about to leave the screen, and why (once).
        package var onWillDismiss: (@MainActor (OverlayDismissalReason) -> Void)?
        /// The alert left the screen, and why (once).
        package var onDidDismiss: (@MainActor (OverlayDismissalReason) -> Void)?
        /// The alert could not be shown.
        package var onFailure: (@MainActor (OverlayPresentationFailure) -> Void)?
        /// The image of an illustration name (asset catalogue, then SF Symbol, by default).
        package var illustrationImage: @MainActor (String) -> UIImage?

        /// Handlers: `onLimitReached` when the text input reaches its maximum length (on the edge
        /// only); `onWillDismiss` and `onDidDismiss` with why the alert leaves (once each);
        /// `onFailure` when it could not be shown; `illustrationImage` for an illustration name
        /// (the asset catalogue's image, else the SF Symbol, by default).
        public init(
            onLimitReached: (@MainActor () -> Void)? = nil,
            onWillDismiss: (@MainActor (OverlayDismissalReason) -> Void)? = nil,
            onDidDismiss: (@MainActor (OverlayDismissalReason) -> Void)? = nil,
            onFailure: (@MainActor (OverlayPresentationFailure) -> Void)? = nil,
            illustrationImage: @escaping @MainActor (String) -> UIImage? = {
                UIImage(named: $0) ?? UIImage(systemName: $0)
            }
        ) {
            self.onLimitReached = onLimitReached
            self.onWillDismiss = onWillDismiss
            self.onDidDismiss = onDidDismiss
            self.onFailure = onFailure
            self.illustrationImage = illustrationImage
        }
    }

    /// What an action handler can read and do: the UIKit `AlertActionContext` (handlers see
    /// the protocol, as they do for KeelSwiftUI's alerts and for `AlertAction`'s own handler).
    @MainActor
    package final class KeelAlertActionContext: AlertActionContext {
        /// The triggered action.
        package let actionID: AlertActionID
        /// Whether the checkbox accessory is selected (`nil` without one).
        package let checkboxIsSelected: Bool?
        /// The text input's text (`nil` without one).
        package let text: String?
        private weak var controller: KeelAlertViewController?

        init(
            actionID: AlertActionID, checkboxIsSelected: Bool?, text: String?,
            controller: KeelAlertViewController
        ) {
            self.actionID = actionID
            self.checkboxIsSelected = checkboxIsSelected
            self.text = text
            self.controller = controller
        }

        /// Shows the action as running: its button loads and the rest of the alert waits.
        /// A loading action does not dismiss by itself; call ``dismiss(animated:)``.
        package func setLoading(_ loading: Bool) {
            controller?.update { $0.setLoading(loading, forAction: actionID) }
        }

        /// Enables or disables an action (for example until the input is valid).
        package func setEnabled(_ enabled: Bool, forAction id: AlertActionID) {
            controller?.update { $0.setEnabled(enabled, forAction: id) }
        }

        /// Dismisses the alert.
        package func dismiss(animated: Bool) { controller?.dismissAlert(animated: animated) }
    }

    /// A queued or shown alert.
    @MainActor
    public final class KeelAlertHandle {
        /// The queue ticket.
        package internal(set) var ticket: OverlayTicket?
        /// Why the alert was not shown, once known (the first failure).
        public internal(set) var presentationFailure: OverlayPresentationFailure?
        private weak var controller: KeelAlertViewController?
        private weak var presenter: UIViewController?
        private let coordinator: KeelOverlayCoordinator

        init(
            controller: KeelAlertViewController, coordinator: KeelOverlayCoordinator,
            presenter: UIViewController
        ) {
            self.controller = controller
            self.coordinator = coordinator
            self.presenter = presenter
        }

        /// Whether the alert is on screen.
        public var isPresented: Bool { OverlayItemState.isPresented(ticket.flatMap(coordinator.state(of:))) }

        /// Whether the alert waits in the queue (the queue's state; apps read ``isPresented`` and
        /// ``presentationFailure``).
        package var isPending: Bool { OverlayItemState.isPending(ticket.flatMap(coordinator.state(of:))) }

        /// Dismisses a shown alert, or withdraws a queued one (reason: programmatic).
        public func dismiss(animated: Bool = true) {
            controller?.dismissAlert(animated: animated)
        }

        /// Enables or disables an action.
        public func setEnabled(_ enabled: Bool, forAction id: AlertActionID) {
            controller?.update { $0.setEnabled(enabled, forAction: id) }
        }

        /// Marks an action as running or not.
        public func setLoading(_ loading: Bool, forAction id: AlertActionID) {
            controller?.update { $0.setLoading(loading, forAction: id) }
        }

        /// Measures the custom content again and resizes the card (after the content changed
        /// size).
        public func invalidateLayout(animated: Bool = true) {
            controller?.invalidateLayout(animated: animated)
        }

        /// The queue could not show the alert: tell the machine (which records and reports the
        /// first failure only).
        func fail(_ failure: OverlayPresentationFailure) {
            controller?.presentationFailed(failure)
        }

        /// Takes the queued alert out of the queue; `false` when the queue refused (its turn
        /// already came: it is being presented), `nil` without a ticket.
        func withdraw() -> Bool? {
            ticket.map(coordinator.cancel)
        }

        /// Whether the view controller that asked for the alert is still in a window.
        var presenterIsInWindow: Bool { presenter?.viewIfLoaded?.window != nil }

        /// Something below the alert was dismissed and took it along: once that dismissal is
        /// over (the next turn), present it again over the presenter's window; when that does
        /// not take, the machine treats it as gone with its presenter.
        func rehost(_ alert: KeelAlertViewController) {
            let coordinator = coordinator
            Task { @MainActor [weak self, weak alert] in
                guard let alert else { return }
                _ = coordinator.rehost(alert, from: self?.presenter)
                Task { @MainActor [weak alert] in
                    alert?.send(
                        .hostDisappeared(
                            isBeingDismissed: false, hasPresenter: alert?.presentingViewController != nil,
                            presenterIsInWindow: false))
                }
            }
        }

        /// The alert left the screen: the next overlay may come.
        func didDismiss() {
            _ = ticket.map(coordinator.didDismiss)
        }
    }
#endif
