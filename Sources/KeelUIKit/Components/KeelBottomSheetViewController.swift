#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import UIKit

    /// The sheet's controller, binding only: every frame comes from `BottomSheetLayout`,
    /// the current detent and the drag from ``BottomSheetDetents`` (with
    /// ``SheetScrollArbitration`` inside it), the lifecycle from ``SheetPresentation``, and the
    /// keyboard from ``KeyboardGeometry``. This file builds their inputs from UIKit, assigns
    /// what they return and performs their effects.
    @MainActor
    final class KeelBottomSheetViewController: KeelOverlayController, UIGestureRecognizerDelegate {
        private(set) var presentation: SheetPresentation
        private var detents: BottomSheetDetents
        let configuration: BottomSheetConfiguration
        private let events: KeelBottomSheetEvents
        private let content: UIViewController
        weak var coordinator: KeelOverlayCoordinator?
        var ticket: OverlayTicket?
        /// Called with every state the presentation reaches.
        var onStateChange: (@MainActor (SheetPresentationState) -> Void)?
        weak var primaryScrollView: UIScrollView?

        private var theme: BottomSheetTheme
        private let shadowView = UIView()
        private let surface = UIView()
        private var offscreenOffset = 0.0
        private var dismissCompletions: [@MainActor () -> Void] = []
        private let pan = UIPanGestureRecognizer()
        private let grabber = KeelSheetGrabberView()
        /// Whether the escape gesture would dismiss, readable from UIKit's nonisolated call.
        nonisolated(unsafe) private var escapeAllowed = false

        init(
            content: UIViewController, configuration: BottomSheetConfiguration, events: KeelBottomSheetEvents
        ) {
            self.content = content
            self.configuration = configuration
            self.events = events
            presentation = SheetPresentation(
                allowsBackgroundDismissal: configuration.allowsBackgroundDismissal)
            let theme = BottomSheetTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            detents = BottomSheetDetents(configuration: configuration, theme: theme)
            super.init()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            installOverlay()
            view.addSubview(shadowView)
            shadowView.addSubview(surface)
            surface.clipsToBounds = true
            addChild(content)
            surface.addSubview(content.view)
            content.didMove(toParent: self)
            surface.addSubview(grabber)
            grabber.onAction = { [weak self] in self?.grabberAction($0) ?? false }
            pan.addTarget(self, action: #selector(panned(_:)))
            pan.delegate = self
            shadowView.addGestureRecognizer(pan)
            themeBinding = ThemeBinding(view: view) { [weak self] resolver in
                self?.apply(BottomSheetTheme(resolver: resolver))
            }
        }

        private func apply(_ theme: BottomSheetTheme) {
            self.theme = theme
            detents.theme = theme
            surface.backgroundColor = UIColor(keel: theme.surface)
            grabber.bar.backgroundColor = UIColor(keel: theme.grabber)
            let shadow = theme.shadow
            shadowView.layer.shadowColor = UIColor(keel: shadow.color.withAlpha(1)).cgColor
            shadowView.layer.shadowOpacity = Float(shadow.color.alpha)
            shadowView.layer.shadowOffset = CGSize(width: shadow.offsetX, height: shadow.offsetY)
            shadowView.layer.shadowRadius = CGFloat(shadow.radius)
            applyLayout()
        }

        // MARK: - Presentation state machine

        @discardableResult
        private func send(_ event: SheetPresentationEvent) -> Bool {
            let transition = presentation.send(event)
            escapeAllowed = presentation.allowsEscape
            for effect in transition.effects { perform(effect) }
            onStateChange?(presentation.state)
            return transition.isAccepted
        }

        private func perform(_ effect: OverlayPresentationEffect) {
            switch effect {
            case .animateIn: animateIn()
            case .didPresent: didPresent()
            case .willDismiss(let reason): events.onWillDismiss?(reason)
            case .didDismiss(let reason): didDismiss(reason)
            case .failed(let failure): didFail(failure)
            case .animateOut(let animated): slideOut(animated: animated)
            // `requestDismissal` withdraws the ticket before it tells the machine.
            case .withdrawFromQueue: return
            }
        }

        private func didPresent() {
            events.onDidPresent?()
            KeelAccessibility.screenChanged(
                focusing: (content as? KeelBottomSheetContent)?.sheetAccessibilityFocus ?? surface)
        }

        private func didDismiss(_ reason: OverlayDismissalReason) {
            content.willMove(toParent: nil)
            content.view.removeFromSuperview()
            content.removeFromParent()
            if let ticket { coordinator?.didDismiss(ticket) }
            events.onDidDismiss?(reason)
            finishCompletions()
        }

        private func didFail(_ failure: OverlayPresentationFailure) {
            events.onFailure?(failure)
            finishCompletions()
        }

        func enqueue() { send(.enqueue) }

        func fail(_ failure: OverlayPresentationFailure) { send(.fail(failure)) }

        func cancelPending() -> Bool {
            guard let ticket, let coordinator, coordinator.cancel(ticket) else { return false }
            send(.cancel)
            finishCompletions()
            return true
        }

        func setInteractiveDismissal(_ enabled: Bool) {
            presentation.isInteractiveDismissalEnabled = enabled
            escapeAllowed = presentation.allowsEscape
        }

        private func finishCompletions() {
            let completions = dismissCompletions
            dismissCompletions = []
            for completion in completions { completion() }
        }

        // MARK: - Presentation

        func presentationDidStart() { send(.startPresenting) }

        private func animateIn() {
            loadViewIfNeeded()
            view.layoutIfNeeded()
            shadowView.transform = CGAffineTransform(translationX: 0, y: offscreenOffset)
            dimming.alpha = 0
            view.keelAnimate(
                theme.motion,
                changes: { [weak self] in
                    self?.shadowView.transform = .identity
                    self?.dimming.alpha = 1
                },
                completion: { [weak self] _ in self?.send(.presentationFinished) })
        }

        func requestDismissal(
            _ reason: OverlayDismissalReason, animated: Bool, completion: (@MainActor () -> Void)? = nil
        ) {
            let route = presentation.dismissalRoute(
                for: reason, animated: animated, isInWindow: viewIfLoaded?.window != nil)
            switch route {
            case .withdraw: withdraw(completion)
            case .animateOut(let animated): animateOut(reason, animated: animated, completion: completion)
            case .complete: complete(reason, completion: completion)
            case .rejected: completion?()
            }
        }

        private func withdraw(_ completion: (@MainActor () -> Void)?) {
            dismissCompletions.append(contentsOf: [completion].compactMap { $0 })
            // Refused when the sheet's turn already came: the machine dismisses it as it starts.
            _ = SheetPresentationEvent.afterWithdrawal(accepted: cancelPending()).map { send($0) }
        }

        private func complete(_ reason: OverlayDismissalReason, completion: (@MainActor () -> Void)?) {
            dismissCompletions.append(contentsOf: [completion].compactMap { $0 })
            send(.dismiss(reason))
        }

        private func animateOut(
            _ reason: OverlayDismissalReason, animated: Bool, completion: (@MainActor () -> Void)?
        ) {
            dismissCompletions.append(contentsOf: [completion].compactMap { $0 })
            send(.dismiss(reason, animated: animated))
        }

        /// The machine's `animateOut`: slides the sheet out, then removes it.
        private func slideOut(animated: Bool) {
            view.endEditing(true)
            view.keelAnimate(
                theme.motion, animated: animated,
                changes: { [weak self] in
                    guard let self else { return }
                    self.shadowView.transform = CGAffineTransform(translationX: 0, y: self.offscreenOffset)
                    self.dimming.alpha = 0
                },
                completion: { [weak self] _ in self?.finishDismissal() })
        }

        private func finishDismissal() {
            guard let presenter = presentingViewController else {
                send(.dismissalFinished)
                return
            }
            presenter.dismiss(animated: false) { [weak self] in self?.send(.dismissalFinished) }
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            // Removed by something else: report once, as a system dismissal.
            if presentingViewController == nil { send(.dismiss(.system)) }
        }

        override func dimmingTapped() {
            requestDismissal(.backgroundTap, animated: true)
        }

        /// The VoiceOver escape gesture dismisses when interactive dismissal is enabled (the
        /// presentation rejects it otherwise).
        override func accessibilityPerformEscape() -> Bool {
            Task { @MainActor [weak self] in self?.requestDismissal(.accessibilityEscape, animated: true) }
            return escapeAllowed
        }

        func presentOverlay(_ overlay: UIViewController, animated: Bool, completion: (@MainActor () -> Void)?)
            -> Bool
        {
            let allowed = presentation.canPresentOverlay(
                isOverlayShown: presentedViewController != nil,
                overlayHasParent: overlay.parent != nil,
                overlayHasPresenter: overlay.presentingViewController != nil)
            guard allowed else { return false }
            overlay.modalPresentationStyle = .overFullScreen
            present(overlay, animated: animated) { completion?() }
            return true
        }

        // MARK: - Layout

        func invalidateLayout(animated: Bool) {
            guard let window = viewIfLoaded?.window else { return }
            view.keelAnimate(theme.motion, animated: animated) { [weak self] in
                self?.view.setNeedsLayout()
                window.layoutIfNeeded()
            }
        }

        override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
            super.preferredContentSizeDidChange(forChildContentContainer: container)
            invalidateLayout(animated: configuration.animatesContentSizeChanges)
        }

        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            let container = SheetContainer(
                bounds: view.bounds.size.keelSize, safeArea: view.safeAreaInsets.keelInsets,
                keyboardOverlap: keyboardOverlap)
            _ = detents.send(.containerChanged(container))
            _ = detents.send(.contentHeightChanged(content.keelFittingHeight(width: detents.contentWidth)))
            applyLayout()
        }

        /// Assigns the layout of the detent machine's state (measured content, current detent,
        /// drag) to the views.
        private func applyLayout() {
            let layout = BottomSheetLayout.resolve(detents.layoutInput)
            dimming.frame = CGRect(keel: layout.dimming)
            dimming.backgroundColor = UIColor(keel: layout.dimmingColor)
            // Bounds and centre, not frame: the surface may carry a presentation transform.
            shadowView.bounds = CGRect(keel: layout.surfaceBounds)
            shadowView.center = CGPoint(keel: layout.surface.center)
            surface.frame = CGRect(keel: layout.surfaceBounds)
            surface.layer.cornerRadius = CGFloat(layout.cornerRadius)
            surface.layer.maskedCorners = CACornerMask(keel: layout.roundedCorners)
            content.view.frame = CGRect(keel: layout.content)
            grabber.apply(layout.grabber, strings: KeelAccessibility.strings)
            surface.bringSubviewToFront(grabber)
            offscreenOffset = layout.offscreenOffset
        }

        /// Performs what the detent machine asks for.
        private func perform(_ transition: StateTransition<SheetDetentEffect>) {
            for effect in transition.effects { perform(effect) }
        }

        private func perform(_ effect: SheetDetentEffect) {
            switch effect {
            case .beginDrag: send(.beginDrag)
            case .animate(_, _, let motion): settle(motion)
            case .follow: applyLayout()
            case .pinScrollView(let id, let offsetY): scrollView(id: id)?.contentOffset.y = CGFloat(offsetY)
            case .dismiss(let reason): requestDismissal(reason, animated: true)
            case .haptic(let event): KeelHaptics.play(event)
            }
        }

        private func settle(_ motion: ResolvedMotion) {
            send(.endDragSettled)
            view.keelAnimate(motion) { [weak self] in self?.applyLayout() }
        }

        /// VoiceOver activated, adjusted or dismissed through the grabber.
        private func grabberAction(_ adjustment: SheetGrabberAdjustment) -> Bool {
            let transition = detents.send(.adjustGrabber(adjustment, presentation: presentation))
            perform(transition)
            return transition.isAccepted
        }

        // MARK: - Drag

        private var scrollViews: [UIScrollView] {
            content.view.keelScrollViews(descendingIntoScrollViews: false)
        }

        private func scrollView(id: Int?) -> UIScrollView? {
            scrollViews.first { ObjectIdentifier($0).hashValue == id }
        }

        /// Asks without moving: the pan sends the same event when it has begun.
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            detents.accepts(dragBegan(pan))
        }

        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer,
            shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
        ) -> Bool {
            (other.view as? UIScrollView)?.isDescendant(of: content.view) ?? false
        }

        @objc private func panned(_ recognizer: UIPanGestureRecognizer) {
            switch recognizer.state {
            case .began: perform(detents.send(dragBegan(recognizer)))
            case .changed: perform(detents.send(dragChanged(recognizer)))
            case .ended: perform(detents.send(dragEnded(recognizer)))
            case .cancelled, .failed: perform(detents.send(.dragCancelled))
            default: break
            }
        }

        private func dragBegan(_ recognizer: UIPanGestureRecognizer) -> SheetDetentEvent {
            .dragBegan(
                velocity: recognizer.velocity(in: view).keelPoint,
                candidates: scrollViews.map(\.keelScrollCandidate),
                primary: primaryScrollView.map { ObjectIdentifier($0).hashValue }, presentation: presentation)
        }

        private func dragChanged(_ recognizer: UIPanGestureRecognizer) -> SheetDetentEvent {
            .dragChanged(
                translation: Double(recognizer.translation(in: view).y),
                velocityY: Double(recognizer.velocity(in: view).y),
                scroll: scrollView(id: detents.trackedScrollID)?.keelScrollCandidate)
        }

        private func dragEnded(_ recognizer: UIPanGestureRecognizer) -> SheetDetentEvent {
            .dragEnded(
                translation: Double(recognizer.translation(in: view).y),
                velocity: Double(recognizer.velocity(in: view).y), presentation: presentation)
        }

        // MARK: - Keyboard and traits

        override var keyboardOwnerView: UIView { content.view }

        override func keyboardOverlapDidChange(duration: TimeInterval, options: UIView.AnimationOptions) {
            UIView.animate(
                withDuration: duration, delay: 0, options: options,
                animations: { [weak self] in
                    self?.view.setNeedsLayout()
                    self?.view.layoutIfNeeded()
                })
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            themeBinding?.refresh()
        }
    }

    extension CACornerMask {
        /// The mask of a sheet surface's rounded corners.
        init(keel corners: [SheetSurfaceCorner]) {
            self = []
            for corner in corners { insert(Self(keel: corner)) }
        }

        /// One corner's mask.
        init(keel corner: SheetSurfaceCorner) {
            switch corner {
            case .topLeft: self = .layerMinXMinYCorner
            case .topRight: self = .layerMaxXMinYCorner
            case .bottomLeft: self = .layerMinXMaxYCorner
            case .bottomRight: self = .layerMaxXMaxYCorner
            }
        }
    }
#endif
