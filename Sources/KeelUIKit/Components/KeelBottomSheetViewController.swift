#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import UIKit

    /// The sheet's controller: sizing from ``BottomSheetSizing``, keyboard from
    /// ``KeyboardGeometry``, drag from ``BottomSheetDrag`` and ``SheetScrollArbitration``
    /// (re-decided as the finger moves), lifecycle from ``SheetPresentation``.
    @MainActor
    final class KeelBottomSheetViewController: KeelOverlayController, UIGestureRecognizerDelegate {
        private(set) var presentation: SheetPresentation
        let configuration: BottomSheetConfiguration
        private let events: KeelBottomSheetEvents
        private let content: UIViewController
        weak var coordinator: KeelOverlayCoordinator?
        var ticket: OverlayTicket?
        var onFinalState: (@MainActor (SheetPresentationState) -> Void)?
        weak var primaryScrollView: UIScrollView?

        private var theme: BottomSheetTheme
        private let shadowView = UIView()
        private let surface = UIView()
        private var frame: SheetFrame?
        private var restingHeight: Double?
        private var arbitration = SheetScrollArbitration()
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
            theme = BottomSheetTheme(resolver: ThemeContextRegistry.shared.global.resolver())
            super.init()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            installOverlay()
            view.addSubview(shadowView)
            shadowView.addSubview(surface)
            surface.clipsToBounds = true
            surface.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            addChild(content)
            surface.addSubview(content.view)
            content.didMove(toParent: self)
            surface.addSubview(grabber)
            grabber.onActivate = { [weak self] in self?.activateGrabber() ?? false }
            pan.addTarget(self, action: #selector(panned(_:)))
            pan.delegate = self
            shadowView.addGestureRecognizer(pan)
            themeBinding = ThemeBinding(view: view) { [weak self] resolver in
                self?.theme = BottomSheetTheme(resolver: resolver)
                self?.applyTheme()
            }
        }

        private func applyTheme() {
            surface.backgroundColor = UIColor(keel: theme.surface)
            surface.layer.cornerRadius = CGFloat(theme.cornerRadius)
            grabber.bar.backgroundColor = UIColor(keel: theme.grabber)
            let shadow = theme.shadow
            shadowView.layer.shadowColor = UIColor(keel: shadow.color.withAlpha(1)).cgColor
            shadowView.layer.shadowOpacity = Float(shadow.color.alpha)
            shadowView.layer.shadowOffset = CGSize(width: shadow.offsetX, height: shadow.offsetY)
            shadowView.layer.shadowRadius = CGFloat(shadow.radius)
            updateDimming(translation: 0)
        }

        private func updateDimming(translation: Double) {
            let drag = BottomSheetDrag(height: restingHeight ?? 0, theme: theme)
            dimming.backgroundColor = UIColor(
                keel: theme.dimming.withAlpha(drag.dimmingAlpha(forTranslation: translation)))
        }

        // MARK: - State machine

        private func send(_ event: SheetPresentationEvent) -> Bool {
            guard let effects = presentation.handle(event) else { return false }
            escapeAllowed = presentation.state == .presented && presentation.isAllowed(.accessibilityEscape)
            for effect in effects {
                switch effect {
                case .didPresent:
                    events.onDidPresent?()
                    KeelAccessibility.screenChanged(
                        focusing: (content as? KeelBottomSheetContent)?.sheetAccessibilityFocus ?? surface)
                case .willDismiss(let reason):
                    events.onWillDismiss?(reason)
                case .didDismiss(let reason):
                    removeContent()
                    if let ticket { coordinator?.didDismiss(ticket) }
                    events.onDidDismiss?(reason)
                    finishCompletions()
                case .failed(let failure):
                    events.onFailure?(failure)
                    finishCompletions()
                }
            }
            switch presentation.state {
            case .dismissed, .failed, .cancelled: onFinalState?(presentation.state)
            default: break
            }
            return true
        }

        func enqueue() { _ = send(.enqueue) }

        func fail(_ failure: OverlayPresentationFailure) { _ = send(.fail(failure)) }

        func cancelPending() -> Bool {
            guard let ticket, coordinator?.cancel(ticket) == true else { return false }
            _ = send(.cancel)
            finishCompletions()
            return true
        }

        func setInteractiveDismissal(_ enabled: Bool) {
            presentation.isInteractiveDismissalEnabled = enabled
            escapeAllowed = presentation.state == .presented && presentation.isAllowed(.accessibilityEscape)
        }

        private func finishCompletions() {
            let completions = dismissCompletions
            dismissCompletions = []
            for completion in completions { completion() }
        }

        private func removeContent() {
            guard content.parent === self else { return }
            content.willMove(toParent: nil)
            content.view.removeFromSuperview()
            content.removeFromParent()
        }

        // MARK: - Presentation

        func presentationDidStart() {
            guard send(.startPresenting) else { return }
            loadViewIfNeeded()
            view.layoutIfNeeded()
            shadowView.transform = CGAffineTransform(translationX: 0, y: shadowView.bounds.height)
            dimming.alpha = 0
            view.keelAnimate(
                theme.motion,
                changes: { [weak self] in
                    self?.shadowView.transform = .identity
                    self?.dimming.alpha = 1
                },
                completion: { [weak self] _ in _ = self?.send(.presentationFinished) })
        }

        func requestDismissal(
            _ reason: OverlayDismissalReason, animated: Bool, completion: (@MainActor () -> Void)? = nil
        ) {
            if presentation.state == .queued, reason == .programmatic {
                if let completion { dismissCompletions.append(completion) }
                _ = cancelPending()
                return
            }
            guard send(.dismiss(reason)) else {
                completion?()
                return
            }
            if let completion { dismissCompletions.append(completion) }
            guard case .dismissing = presentation.state else { return }
            view.endEditing(true)
            view.keelAnimate(
                theme.motion, animated: animated && viewIfLoaded?.window != nil,
                changes: { [weak self] in
                    guard let self else { return }
                    self.shadowView.transform = CGAffineTransform(
                        translationX: 0, y: self.shadowView.bounds.height + self.view.safeAreaInsets.bottom)
                    self.dimming.alpha = 0
                },
                completion: { [weak self] _ in
                    guard let self else { return }
                    if let presenter = self.presentingViewController {
                        presenter.dismiss(animated: false) { [weak self] in _ = self?.send(.dismissalFinished)
                        }
                    } else {
                        _ = self.send(.dismissalFinished)
                    }
                })
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            // Removed by something else: report once, as a system dismissal.
            if presentingViewController == nil { _ = send(.dismiss(.system)) }
        }

        override func dimmingTapped() {
            requestDismissal(.backgroundTap, animated: true)
        }

        /// The VoiceOver escape gesture dismisses when interactive dismissal is enabled.
        override func accessibilityPerformEscape() -> Bool {
            guard escapeAllowed else { return false }
            Task { @MainActor [weak self] in self?.requestDismissal(.accessibilityEscape, animated: true) }
            return true
        }

        func presentOverlay(_ overlay: UIViewController, animated: Bool, completion: (@MainActor () -> Void)?)
            -> Bool
        {
            let allowed = presentation.canPresentOverlay(
                isOverlayShown: presentedViewController != nil,
                overlayHasParentOrPresenter: overlay.parent != nil || overlay.presentingViewController != nil)
            guard allowed else { return false }
            overlay.modalPresentationStyle = .overFullScreen
            present(overlay, animated: animated) { completion?() }
            return true
        }

        // MARK: - Layout

        func invalidateLayout(animated: Bool) {
            frame = nil
            guard viewIfLoaded?.window != nil else { return }
            view.keelAnimate(theme.motion, animated: animated) { [weak self] in
                self?.view.setNeedsLayout()
                self?.view.layoutIfNeeded()
            }
        }

        override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
            super.preferredContentSizeDidChange(forChildContentContainer: container)
            invalidateLayout(animated: configuration.animatesContentSizeChanges)
        }

        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            layoutSheet()
        }

        private func layoutSheet() {
            let container = SheetContainer(
                bounds: view.bounds.size.keelSize, safeArea: view.safeAreaInsets.keelInsets,
                keyboardOverlap: keyboardOverlap)
            let content = self.content
            let resolved = BottomSheetSizing.resolve(configuration, in: container) { width in
                content.keelFittingHeight(width: width)
            }
            frame = resolved
            let height =
                restingHeight.flatMap { resting in resolved.detentHeights.contains(resting) ? resting : nil }
                ?? resolved.surface.height
            restingHeight = height
            let transform = shadowView.transform
            shadowView.transform = .identity
            shadowView.frame = CGRect(
                x: resolved.surface.minX, y: resolved.surface.maxY - height, width: resolved.surface.width,
                height: height)
            shadowView.transform = transform
            surface.frame = shadowView.bounds
            self.content.view.frame = CGRect(
                x: 0, y: 0, width: resolved.surface.width, height: max(0, height - resolved.bottomPadding))
            grabber.isHidden = !SheetGrabber.isShown(configuration, detentCount: resolved.detentHeights.count)
            grabber.layout(surfaceWidth: resolved.surface.width)
            grabber.applyStrings(KeelAccessibility.strings, resizes: resolved.detentHeights.count > 1)
            grabber.canActivate =
                SheetGrabber.activation(
                    detentHeights: resolved.detentHeights, restingHeight: height,
                    allowsDismissal: configuration.allowsSwipeDismissal) != .none
            surface.bringSubviewToFront(grabber)
        }

        /// VoiceOver activated the grabber: the next detent, or dismissal with a single one.
        private func activateGrabber() -> Bool {
            guard presentation.state == .presented else { return false }
            let action = SheetGrabber.activation(
                detentHeights: frame?.detentHeights ?? [], restingHeight: restingHeight ?? 0,
                allowsDismissal: configuration.allowsSwipeDismissal && presentation.isAllowed(.swipe))
            switch action {
            case .settle(let height):
                KeelHaptics.play(HapticEvent.sheetSettled(from: restingHeight, to: height))
                restingHeight = height
                view.keelAnimate(theme.motion) { [weak self] in
                    self?.view.setNeedsLayout()
                    self?.view.layoutIfNeeded()
                }
                return true
            case .dismiss:
                requestDismissal(.swipe, animated: true)
                return true
            case .none:
                return false
            }
        }

        // MARK: - Drag

        private func scrollViews(in root: UIView) -> [UIScrollView] {
            root.keelScrollViews(descendingIntoScrollViews: false)
        }

        private var trackedScrollView: UIScrollView? {
            guard case .scrollView(let id) = arbitration.owner else {
                return scrollViews(in: content.view).first { ObjectIdentifier($0).hashValue == lastScrollID }
            }
            return scrollViews(in: content.view).first { ObjectIdentifier($0).hashValue == id }
        }
        private var lastScrollID: Int?

        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard gestureRecognizer === pan, presentation.state == .presented, presentation.isAllowed(.swipe)
            else { return false }
            let velocity = pan.velocity(in: view)
            let candidates = scrollViews(in: content.view).map(\.keelScrollCandidate)
            let primary = primaryScrollView.map { ObjectIdentifier($0).hashValue }
            let owner = arbitration.begin(
                velocityY: Double(velocity.y), candidates: candidates, primary: primary)
            if case .single(let scroll) = SheetScrollArbitration.resolve(candidates, primary: primary) {
                lastScrollID = scroll.id
            } else {
                lastScrollID = nil
            }
            return BottomSheetDrag.canBegin(
                velocity: velocity.keelPoint, sheetMayPan: owner.sheetTracksGesture)
        }

        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer,
            shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
        ) -> Bool {
            gestureRecognizer === pan && other.view is UIScrollView
                && other.view?.isDescendant(of: content.view) == true
        }

        @objc private func panned(_ recognizer: UIPanGestureRecognizer) {
            let translation = Double(recognizer.translation(in: view).y)
            let velocity = Double(recognizer.velocity(in: view).y)
            let drag = BottomSheetDrag(
                height: restingHeight ?? 0, theme: theme, allowsDismissal: configuration.allowsSwipeDismissal)
            switch recognizer.state {
            case .began:
                _ = send(.beginDrag)
            case .changed:
                let scroll = trackedScrollView
                let owner = arbitration.drag(
                    translation: translation, velocityY: velocity, scroll: scroll.map(\.keelScrollCandidate))
                guard owner == .sheet else {
                    shadowView.transform = .identity
                    updateDimming(translation: 0)
                    return
                }
                if let scroll {
                    // The sheet owns the drag: keep the content at its top.
                    scroll.contentOffset.y = -scroll.adjustedContentInset.top
                }
                let sheetTranslation = arbitration.sheetTranslation(forFingerTranslation: translation)
                shadowView.transform = CGAffineTransform(
                    translationX: 0, y: drag.offset(forTranslation: sheetTranslation))
                updateDimming(translation: sheetTranslation)
            case .ended, .cancelled, .failed:
                let sheetTranslation = arbitration.sheetTranslation(forFingerTranslation: translation)
                let decision =
                    recognizer.state == .ended && arbitration.owner == .sheet
                    ? drag.release(
                        translation: sheetTranslation, velocity: velocity,
                        detentHeights: frame?.detentHeights ?? [])
                    : .settle(height: restingHeight ?? 0)
                switch decision {
                case .dismiss:
                    requestDismissal(.swipe, animated: true)
                case .settle(let height):
                    _ = send(.endDragSettled)
                    KeelHaptics.play(HapticEvent.sheetSettled(from: restingHeight, to: height))
                    restingHeight = height
                    view.keelAnimate(theme.motion) { [weak self] in
                        self?.shadowView.transform = .identity
                        self?.updateDimming(translation: 0)
                        self?.view.setNeedsLayout()
                        self?.view.layoutIfNeeded()
                    }
                }
            default:
                break
            }
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
#endif
