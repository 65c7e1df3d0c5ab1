#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import ObjectiveC
    import UIKit

    /// Shows snackbars (toasts) in a window scene: one at a time on the scene's overlay queue
    /// — after any alert, above sheets — shared with KeelSwiftUI's `.keelSnackbar`. Each sits a
    /// margin above the safe area, or above the keyboard when it covers more
    /// (`SnackbarPlacement`), goes away after a time chosen from its message's length — longer
    /// while VoiceOver runs, and only when used or swiped away if it has an action then
    /// (`SnackbarTiming`) — and can be swiped away sideways or down (`SnackbarSwipe`); the
    /// reason it went is a `SnackbarDismissalReason`.
    ///
    /// ```swift
    /// KeelSnackbarPresenter.presenter(for: self).show(
    ///     SnackbarConfiguration("Message deleted", action: SnackbarAction("Undo"), icon: "trash"),
    ///     from: self, onAction: { _ in mailbox.undoDelete() })
    /// ```
    @MainActor
    public final class KeelSnackbarPresenter {
        private let queue: SceneOverlayQueue
        private var requests: [OverlayTicket: KeelSnackbarRequest] = [:]

        /// A presenter not attached to a scene (its requests fail the way a presenter outside a
        /// window does).
        package convenience init() { self.init(queue: SceneOverlayQueue()) }

        /// A presenter over `queue` (a scene's queue from a registry, or a test's).
        package init(queue: SceneOverlayQueue) { self.queue = queue }

        /// The presenter of `viewController`'s window scene (a detached one outside a scene).
        public static func presenter(for viewController: UIViewController) -> KeelSnackbarPresenter {
            guard let scene = viewController.viewIfLoaded?.window?.windowScene else {
                return KeelSnackbarPresenter()
            }
            return presenter(for: scene, registry: .shared)
        }

        /// The presenter of a scene over the scene's queue in `registry`, made on first use.
        package static func presenter(for scene: UIWindowScene, registry: OverlayQueueRegistry)
            -> KeelSnackbarPresenter
        {
            if let existing = objc_getAssociatedObject(scene, SnackbarAssociationKeys.presenter)
                as? KeelSnackbarPresenter
            {
                return existing
            }
            let presenter = KeelSnackbarPresenter(queue: registry.queue(for: scene))
            objc_setAssociatedObject(
                scene, SnackbarAssociationKeys.presenter, presenter, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return presenter
        }

        /// Queues `configuration`, shown in `viewController`'s window when its turn comes;
        /// `replacingCurrent` puts it next in line, ahead of snackbars already waiting, and
        /// dismisses the one on screen (reason `.replaced`).
        /// `onAction` gets the action's identifier; `onDismiss` the reason it went; `onFailure`
        /// why it was never shown (at once, before `show` returns, for a view controller in no
        /// window scene; such a request is not kept and replaces nothing).
        @discardableResult
        public func show(
            _ configuration: SnackbarConfiguration, from viewController: UIViewController,
            replacingCurrent: Bool = false, onAction: (@MainActor (String) -> Void)? = nil,
            onDismiss: (@MainActor (SnackbarDismissalReason) -> Void)? = nil,
            onFailure: (@MainActor (OverlayPresentationFailure) -> Void)? = nil
        ) -> OverlayTicket {
            // The current one is looked up before the new one is queued, and told to go after:
            // when it leaves, the replacement is the next in line.
            let current = queue.activeTicket(on: .snackbar).flatMap { requests[$0] }
            let request = KeelSnackbarRequest(
                configuration: configuration, presenter: viewController, queue: queue, onAction: onAction)
            let ticket = queue.enqueue(
                on: .snackbar,
                presenterIsAttachedToScene: viewController.viewIfLoaded?.window?.windowScene != nil,
                next: replacingCurrent,
                present: { [weak request] ticket in request?.present(ticket) }, onPresented: {},
                onFailure: { [weak self] failure in
                    self?.forget(request)
                    onFailure?(failure)
                })
            // Failed already (no window scene): reported, not kept, and it replaces nothing.
            switch OverlayItemState.isKept(queue.state(of: ticket)) {
            case true:
                keep(
                    request, ticket: ticket, onDismiss: onDismiss, replacing: replacingCurrent,
                    current: current)
            case false: break
            }
            return ticket
        }

        /// Keeps a live request until it goes, and tells the one on screen to go when it is
        /// replaced.
        private func keep(
            _ request: KeelSnackbarRequest, ticket: OverlayTicket,
            onDismiss: (@MainActor (SnackbarDismissalReason) -> Void)?, replacing replacingCurrent: Bool,
            current: KeelSnackbarRequest?
        ) {
            request.ticket = ticket
            request.onDismiss = { [weak self, weak request] reason in
                onDismiss?(reason)
                self?.forget(request)
            }
            requests[ticket] = request
            if let event = SnackbarEvent.forCurrent(whenNewRequestReplaces: replacingCurrent) {
                current?.send(event)
            }
        }

        /// Dismisses the snackbar of `ticket` (reason `.programmatic`), shown or still waiting.
        public func dismiss(_ ticket: OverlayTicket) {
            requests[ticket]?.send(.dismiss)
        }

        private func forget(_ request: KeelSnackbarRequest?) {
            guard let ticket = request?.ticket else { return }
            requests[ticket] = nil
        }
    }

    /// Keys for associated objects: the addresses of private objects.
    @MainActor
    enum SnackbarAssociationKeys {
        private static let presenterToken = NSObject()
        static var presenter: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(presenterToken).toOpaque())
        }
    }

    /// One snackbar: its presentation (driven by `SnackbarDriver`), its view, and the queue
    /// it releases when it goes.
    @MainActor
    final class KeelSnackbarRequest: NSObject {
        let configuration: SnackbarConfiguration
        weak var presenter: UIViewController?
        weak var queue: SceneOverlayQueue?
        var ticket: OverlayTicket?
        let onAction: (@MainActor (String) -> Void)?
        var onDismiss: (@MainActor (SnackbarDismissalReason) -> Void)?
        let view: KeelSnackbarView
        private var driver: SnackbarDriver?

        init(
            configuration: SnackbarConfiguration, presenter: UIViewController, queue: SceneOverlayQueue,
            onAction: (@MainActor (String) -> Void)?
        ) {
            self.configuration = configuration
            self.presenter = presenter
            self.queue = queue
            self.onAction = onAction
            view = KeelSnackbarView(configuration: configuration)
            super.init()
            let theme = SnackbarTheme(resolver: KeelThemeContext.global.resolver())
            driver = SnackbarDriver(
                presentation: SnackbarPresentation(configuration: configuration, timing: theme.timing)
            ) { [weak self] effect in self?.perform(effect) }
            view.onEvent = { [weak self] event in self?.send(event) }
            NotificationCenter.default.addObserver(
                self, selector: #selector(voiceOverChanged),
                name: UIAccessibility.voiceOverStatusDidChangeNotification, object: nil)
        }

        func send(_ event: SnackbarEvent) { driver?.send(event) }

        /// The queue's turn: shown in the presenter's window, or failed when it has none.
        func present(_ ticket: OverlayTicket) {
            queue?.presentTurn(
                ticket, presenter: presenter, host: { $0.viewIfLoaded?.window },
                present: { [weak self] window in self?.show(in: window) },
                isOnScreen: { [weak view] in view?.window != nil })
        }

        private func show(in window: UIWindow) {
            view.appear(in: window)
            send(.appeared(voiceOverRunning: UIAccessibility.isVoiceOverRunning))
        }

        @objc private func voiceOverChanged() {
            send(SnackbarEvent.voiceOver(running: UIAccessibility.isVoiceOverRunning))
        }

        private func perform(_ effect: SnackbarEffect) {
            switch effect {
            case .announce(let text): KeelAccessibility.announce(text)
            case .performAction(let id): onAction?(id)
            case .settle: view.settle()
            case .dismissed(let reason): view.leave { [weak self] in self?.finish(reason) }
            // Never sent covered: it sits on the window, above whatever covers its presenter.
            case .scheduleTimeout, .cancelTimeout, .leaveChannel, .queue: break
            }
        }

        /// Releases the queue (a waiting request is withdrawn, a shown one dismissed: the queue
        /// accepts whichever applies) and reports the reason.
        private func finish(_ reason: SnackbarDismissalReason) {
            guard let ticket else { return }
            queue?.cancel(ticket)
            queue?.didDismiss(ticket)
            onDismiss?(reason)
        }
    }

    /// A snackbar's view: placed in its window by `SnackbarPlacement`, its parts by
    /// `SnackbarLayout`, swiped by `SnackbarSwipe`.
    @MainActor
    final class KeelSnackbarView: UIView {
        let configuration: SnackbarConfiguration
        var onEvent: (@MainActor (SnackbarEvent) -> Void)?
        private(set) var appearance: SnackbarAppearance
        private var theme: SnackbarTheme
        private var themeBinding: ThemeBinding?
        private let iconView = UIImageView()
        private let messageLabel = UILabel()
        private let actionButton = UIButton(type: .system)
        private let measurer = UIKitTextMeasurer()
        private var keyboardFrame: Rect?

        init(configuration: SnackbarConfiguration) {
            self.configuration = configuration
            let theme = SnackbarTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = SnackbarAppearance(theme: theme)
            super.init(frame: .zero)
            // Kept at the bottom centre when the window resizes (rotation, split view) until
            // the next placement.
            autoresizingMask = [.flexibleTopMargin, .flexibleLeftMargin, .flexibleRightMargin]
            messageLabel.numberOfLines = 0
            iconView.contentMode = .scaleAspectFit
            iconView.isAccessibilityElement = false
            iconView.image = configuration.icon.flatMap { UIImage(systemName: $0) }
            actionButton.setTitle(configuration.action?.title, for: .normal)
            actionButton.addTarget(self, action: #selector(actionTapped), for: .touchUpInside)
            for part in [iconView, messageLabel, actionButton] as [UIView] { addSubview(part) }
            addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(panned(_:))))
            accessibilityElements = [messageLabel, actionButton]
            NotificationCenter.default.addObserver(
                self, selector: #selector(keyboardWillChange(_:)),
                name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = SnackbarTheme(resolver: resolver)
                self?.updateAppearance()
            }
            updateAppearance()
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        private func updateAppearance() {
            appearance = SnackbarAppearance(theme: theme)
            backgroundColor = UIColor(keel: appearance.background)
            layer.cornerRadius = CGFloat(appearance.cornerRadius)
            iconView.tintColor = UIColor(keel: appearance.foreground)
            messageLabel.keelSet(
                configuration.message, font: appearance.messageFont, color: appearance.foreground,
                alignment: .natural)
            messageLabel.accessibilityLabel = appearance.accessibility(configuration: configuration).label
            actionButton.setTitleColor(UIColor(keel: appearance.actionColor), for: .normal)
            actionButton.titleLabel?.font = UIFont.keel(appearance.actionFont)
            actionButton.accessibilityLabel = configuration.action.flatMap {
                appearance.actionAccessibility($0).label
            }
            actionButton.isHidden = configuration.action == nil
            place()
        }

        /// Joins `window` (above everything in it, sheets included) and fades in.
        func appear(in window: UIWindow) {
            window.addSubview(self)
            themeBinding?.refresh()
            place()
            alpha = 0
            keelAnimate(appearance.motion, changes: { [weak self] in self?.alpha = 1 })
        }

        /// Places the snackbar in its window and its parts inside it.
        private func place() {
            guard let window else { return }
            let placement = SnackbarPlacement(
                container: Size(width: Double(window.bounds.width), height: Double(window.bounds.height)),
                safeArea: window.safeAreaInsets.keelInsets, keyboardFrame: keyboardFrame,
                appearance: appearance)
            let layout = SnackbarLayout(
                configuration: configuration, appearance: appearance, width: placement.width,
                measurer: measurer)
            bounds = CGRect(keel: Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height))
            center = CGPoint(keel: placement.frame(height: layout.size.height).center)
            iconView.frame = CGRect(keel: layout.placedFrame(of: .icon))
            messageLabel.frame = CGRect(keel: layout.placedFrame(of: .message))
            actionButton.frame = CGRect(keel: layout.placedFrame(of: .action))
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            themeBinding?.refresh()
        }

        @objc private func keyboardWillChange(_ note: Notification) {
            guard let window, let end = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue
            else {
                return
            }
            keyboardFrame = window.convert(end.cgRectValue, from: window.screen.coordinateSpace).keelRect
            let transition = KeyboardTransition(keyboardNotification: note.userInfo)
            keelAnimate(transition.motion, changes: { [weak self] in self?.place() })
        }

        @objc private func actionTapped() { onEvent?(.action) }

        @objc private func panned(_ gesture: UIPanGestureRecognizer) {
            let translation = gesture.translation(in: superview).keelPoint
            switch gesture.state {
            case .began: onEvent?(.interactionBegan)
            case .changed: follow(translation)
            case .ended, .cancelled, .failed:
                release(translation, velocity: gesture.velocity(in: superview).keelPoint)
            default: break
            }
        }

        private var swipe: SnackbarSwipe {
            SnackbarSwipe(
                size: Size(width: Double(bounds.width), height: Double(bounds.height)), theme: theme)
        }

        private func follow(_ translation: Point) {
            let offset = swipe.offset(forTranslation: translation)
            transform = CGAffineTransform(translationX: CGFloat(offset.x), y: CGFloat(offset.y))
            alpha = CGFloat(swipe.opacity(forTranslation: translation))
        }

        private func release(_ translation: Point, velocity: Point) {
            onEvent?(.swipeEnded(translation: translation, velocity: velocity, swipe: swipe))
        }

        /// Springs back after a swipe that did not dismiss.
        func settle() {
            keelAnimate(
                appearance.motion,
                changes: { [weak self] in
                    self?.transform = .identity
                    self?.alpha = 1
                })
        }

        /// Fades out, leaves the window and calls `completion`.
        func leave(_ completion: @escaping @MainActor () -> Void) {
            keelAnimate(
                appearance.motion, changes: { [weak self] in self?.alpha = 0 },
                completion: { [weak self] _ in
                    self?.removeFromSuperview()
                    completion()
                })
        }

        /// VoiceOver's escape gesture dismisses the snackbar.
        override func accessibilityPerformEscape() -> Bool {
            Task { @MainActor [weak self] in self?.onEvent?(.dismiss) }
            return true
        }
    }
#endif
