#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelUIKitBinding
    import UIKit

    /// The alert's controller, binding only: it builds every view of the card once, places
    /// them from ``AlertLayout/resolve(_:measurer:)`` on every layout pass, themes them from
    /// ``AlertTheme`` and drives the ``AlertPresentation`` lifecycle by sending events and
    /// performing the effects it returns. Presented `.overFullScreen` by
    /// `KeelOverlayCoordinator`.
    @MainActor
    final class KeelAlertViewController: KeelOverlayController {
        private(set) var presentation: AlertPresentation
        let handlers: KeelAlertHandlers
        private let onAction: @MainActor (AlertActionID, any AlertActionContext) -> Void
        /// Held strongly (the handle holds the controller weakly): an app may drop the handle
        /// `show` returns, and the alert must still release its queue turn when it leaves.
        var handle: KeelAlertHandle?

        private var theme: AlertTheme
        private var buttonTheme: ButtonTheme
        private let card = UIView()
        private let scrollView = UIScrollView()
        private let titleLabel = UILabel()
        private let messageLabel = UILabel()
        private let illustrationView = UIImageView()
        private let captionLabel = UILabel()
        private var actionButtons: [AlertActionID: KeelButton] = [:]
        private let checkbox: KeelCheckboxButton
        private let checkboxLabel = UILabel()
        private let textInput: KeelAlertTextInputView
        private let closeButton = KeelCloseButton()
        private let contentHost: KeelAlertContentHost?
        private let measurer = UIKitTextMeasurer()
        private var layout: AlertLayoutResult?
        /// The machine as last left, readable from UIKit's nonisolated accessibility call.
        nonisolated(unsafe) private var snapshot: AlertPresentation

        var configuration: AlertConfiguration { presentation.configuration }

        init(
            configuration: AlertConfiguration, content: UIViewController? = nil, handlers: KeelAlertHandlers,
            onAction: @escaping @MainActor (AlertActionID, any AlertActionContext) -> Void
        ) {
            presentation = AlertPresentation(configuration: configuration)
            snapshot = presentation
            contentHost = content.map(KeelAlertContentHost.init(content:))
            checkbox = KeelCheckboxButton(isSelected: configuration.checkboxIsSelected)
            textInput = KeelAlertTextInputView(input: configuration.textInputOrPlain)
            self.handlers = handlers
            self.onAction = onAction
            let resolver = KeelThemeContext.global.resolver()
            theme = AlertTheme(resolver: resolver)
            buttonTheme = ButtonTheme(resolver: resolver)
            super.init()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            installOverlay()
            view.addSubview(card)
            card.clipsToBounds = true
            card.addSubview(scrollView)
            scrollView.keyboardDismissMode = .interactive
            buildContent()
            card.addSubview(closeButton)
            closeButton.onTap = { [weak self] _ in self?.send(.dismiss(.closeButton, animated: true)) }
            card.alpha = 0
            dimming.alpha = 0
            themeBinding = ThemeBinding(view: view) { [weak self] resolver in
                guard let self else { return }
                self.theme = AlertTheme(resolver: resolver)
                self.buttonTheme = ButtonTheme(resolver: resolver)
                self.applyTheme()
                self.contentHost?.applyTheme(self.theme, resolver: resolver)
            }
            refreshState()
        }

        // MARK: - Content

        /// Every view exists; the layout result hides the ones the configuration lacks.
        private func buildContent() {
            illustrationView.image = configuration.illustration.flatMap {
                handlers.illustrationImage($0.imageName)
            }
            illustrationView.contentMode = .scaleAspectFit
            illustrationView.isAccessibilityElement = configuration.illustrationIsAccessibilityElement
            illustrationView.accessibilityLabel = configuration.illustration?.accessibilityLabel
            titleLabel.numberOfLines = 0
            titleLabel.accessibilityTraits = KeelAccessibility.headerTrait
            messageLabel.numberOfLines = 0
            captionLabel.numberOfLines = 0
            checkbox.isEnabled = configuration.checkboxIsEnabled
            checkbox.accessibilityLabel = configuration.checkboxTitle
            checkboxLabel.text = configuration.checkboxTitle
            checkboxLabel.numberOfLines = 0
            checkboxLabel.isAccessibilityElement = false
            checkboxLabel.isUserInteractionEnabled = true
            checkboxLabel.onTap { [weak checkbox] _ in checkbox?.sendActions(for: .touchUpInside) }
            let input = configuration.textInputOrPlain
            let onLimitReached = handlers.onLimitReached
            textInput.onLimitReached = {
                onLimitReached?()
                input.reportLimitReached()
            }
            textInput.onReturn = { [weak self] in self?.send(.returnKey) }
            textInput.onTextChange = { [weak self] in self?.view.setNeedsLayout() }
            for subview in [
                illustrationView, captionLabel, titleLabel, messageLabel, checkbox, checkboxLabel, textInput,
            ]
                as [UIView]
            {
                scrollView.addSubview(subview)
            }
            contentHost?.attach(to: self, in: scrollView)
            for action in configuration.actions {
                let button = KeelButton(style: action.buttonStyle, size: action.buttonSize)
                button.title = action.title
                button.onTap = { [weak self] _ in self?.send(.trigger(action.id, reason: .action(action.id)))
                }
                actionButtons[action.id] = button
                scrollView.addSubview(button)
            }
        }

        private func applyTheme() {
            card.backgroundColor = UIColor(keel: theme.cardBackground)
            card.layer.cornerRadius = CGFloat(theme.cornerRadius)
            dimming.backgroundColor = UIColor(keel: theme.dimming)
            titleLabel.keelSet(
                configuration.title, font: theme.titleFont, color: theme.titleColor, alignment: .natural)
            messageLabel.keelSet(
                configuration.message, font: theme.messageFont, color: theme.messageColor, alignment: .natural
            )
            captionLabel.keelSet(
                configuration.illustration?.caption, font: theme.supportingFont, color: theme.supportingColor,
                alignment: .center)
            checkboxLabel.keelSet(
                configuration.checkboxTitle, font: theme.checkboxFont, color: theme.messageColor,
                alignment: .natural)
            textInput.apply(theme)
            view.setNeedsLayout()
        }

        // MARK: - Layout

        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            layoutCard()
        }

        /// What the layout needs from UIKit: the container, safe area, keyboard, the input's
        /// text, the image's size and the custom content's measured height.
        private func layoutInput() -> AlertLayoutInput {
            let container = view.bounds.size.keelSize
            let safeArea = view.safeAreaInsets.keelInsets
            let width = AlertLayout.contentWidth(
                cardWidth: AlertLayout.cardWidth(container: container, safeArea: safeArea, theme: theme),
                theme: theme)
            return AlertLayoutInput(
                configuration: configuration, theme: theme, buttonTheme: buttonTheme, container: container,
                safeArea: safeArea, keyboardOverlap: keyboardOverlap, inputText: textInput.text,
                illustrationSize: illustrationView.image?.size.keelSize,
                customContentFittingHeight: contentHost?.fittingHeight(width: width) ?? 0)
        }

        private func layoutCard() {
            let result = AlertLayout.resolve(layoutInput(), measurer: measurer)
            layout = result
            let transform = card.transform
            card.transform = .identity
            card.frame = CGRect(keel: result.placedFrame(of: .card))
            card.transform = transform
            scrollView.frame = CGRect(keel: result.placedFrame(of: .scroll))
            scrollView.contentSize = CGSize(keel: result.contentSize)
            scrollView.isScrollEnabled = result.scrolls
            illustrationView.frame = CGRect(keel: result.placedFrame(of: .illustration))
            illustrationView.isHidden = result.illustrationIsHidden
            apply(result.caption, at: result.placedFrame(of: .caption), to: captionLabel)
            apply(result.title, at: result.placedFrame(of: .title), to: titleLabel)
            apply(result.message, at: result.placedFrame(of: .message), to: messageLabel)
            checkbox.frame = CGRect(keel: result.placedFrame(of: .checkbox))
            checkbox.isHidden = result.checkbox.isHidden
            checkboxLabel.frame = CGRect(keel: result.placedFrame(of: .checkboxLabel))
            checkboxLabel.isHidden = result.checkbox.isHidden
            textInput.frame = CGRect(keel: result.placedFrame(of: .textInput))
            textInput.isHidden = result.textInput.isHidden
            textInput.apply(result.textInput)
            contentHost?.apply(result.customContent)
            for action in result.actions {
                actionButtons[action.id]?.frame = CGRect(keel: result.placedFrame(of: .action(action.id)))
                actionButtons[action.id]?.isLoading = action.isLoading
                actionButtons[action.id]?.isEnabled = action.isEnabled
                actionButtons[action.id]?.borderColorOverride = action.borderOverride
            }
            closeButton.frame = CGRect(keel: result.placedFrame(of: .closeButton))
            closeButton.isHidden = result.closeButton.isHidden
            closeButton.isEnabled = result.closeButton.isEnabled
        }

        private func apply(_ text: AlertTextFrame, at frame: Rect, to label: UILabel) {
            label.frame = CGRect(keel: frame)
            label.isHidden = text.isHidden
            label.numberOfLines = text.numberOfLines
            label.textAlignment = NSTextAlignment(keel: text.alignment)
        }

        // MARK: - State

        /// Applies a configuration change (loading, enabled) and lays the card out again.
        func update(_ change: (inout AlertConfiguration) -> Void) {
            change(&presentation.configuration)
            refreshState()
        }

        private func refreshState() {
            snapshot = presentation
            dimming.isAccessibilityElement = configuration.backgroundTapDismisses
            dimming.accessibilityLabel = KeelAccessibility.strings.string(.dismiss)
            dimming.accessibilityTraits = KeelAccessibility.buttonTrait
            viewIfLoaded?.setNeedsLayout()
        }

        /// Sends `event` to the lifecycle machine and performs its effects in order.
        func send(_ event: AlertPresentationEvent) {
            let effects = presentation.send(event).effects
            snapshot = presentation
            for effect in effects { perform(effect) }
        }

        private func perform(_ effect: AlertPresentationEffect) {
            switch effect {
            case .lifecycle(.animateIn): animateIn()
            case .lifecycle(.didPresent): focusInitialElement()
            case .lifecycle(.willDismiss(let reason)): willDismiss(reason)
            case .lifecycle(.animateOut(let animated)): animateOut(animated: animated)
            case .lifecycle(.didDismiss(let reason)): didDismiss(reason)
            case .lifecycle(.failed(let failure)): reportFailure(failure)
            // The queue refuses when the alert's turn already came: it is dismissed as it starts.
            case .lifecycle(.withdrawFromQueue):
                _ = AlertPresentationEvent.afterWithdrawal(accepted: handle?.withdraw()).map { send($0) }
            case .runAction(let id, let reason): run(id, reason: reason)
            case .endEditing: textInput.editor.resignFirstResponder()
            case .rehost: handle?.rehost(self)
            }
        }

        private func reportFailure(_ failure: OverlayPresentationFailure) {
            handle?.presentationFailure = failure
            handlers.onFailure?(failure)
        }

        /// Runs the tapped action's own handler, then the alert-wide callback, with one context.
        private func run(_ id: AlertActionID, reason: OverlayDismissalReason) {
            let context = context(for: id)
            configuration.handler(for: id)?(context)
            onAction(id, context)
            send(.actionFinished(id, reason: reason))
        }

        private func context(for id: AlertActionID) -> KeelAlertActionContext {
            KeelAlertActionContext(
                actionID: id,
                checkboxIsSelected: configuration.accessoryCheckboxValue(checkbox.selection.value),
                text: configuration.accessoryText(textInput.text), controller: self)
        }

        override func dimmingTapped() {
            send(.dismiss(.backgroundTap, animated: true))
        }

        /// The VoiceOver escape gesture: the cancel action, else a dismissal when allowed.
        override func accessibilityPerformEscape() -> Bool {
            let accepted = snapshot.accepts(.escape)
            Task { @MainActor [weak self] in self?.send(.escape) }
            return accepted
        }

        // MARK: - Presentation

        /// On screen (no animation yet): the machine starts presenting.
        func presentationDidStart() {
            send(.startPresenting)
        }

        /// The queue could not show the alert.
        func presentationFailed(_ failure: OverlayPresentationFailure) {
            send(.fail(failure))
        }

        /// Dismisses for `reason` (the app's call: programmatic), or withdraws a queued alert.
        func dismissAlert(reason: OverlayDismissalReason = .programmatic, animated: Bool) {
            send(.dismiss(reason, animated: animated))
        }

        /// Fades and scales the card in, then tells the machine.
        private func animateIn() {
            loadViewIfNeeded()
            view.layoutIfNeeded()
            KeelHaptics.play(HapticEvent.alertPresented(configuration))
            let scale = CGFloat(theme.presentationScale)
            card.transform = CGAffineTransform(scaleX: scale, y: scale)
            view.keelAnimate(
                theme.motion,
                changes: { [weak self] in
                    self?.card.alpha = 1
                    self?.dimming.alpha = 1
                    self?.card.transform = .identity
                },
                completion: { [weak self] _ in self?.send(.presentationFinished) })
        }

        private func focusInitialElement() {
            let target: Any?
            switch configuration.initialAccessibilityFocus {
            case .textInput: target = textInput.focus()
            case .title: target = titleLabel
            case .message: target = messageLabel
            case .illustration: target = illustrationView
            case .customContent: target = contentHost?.accessibilityFocus
            case .checkbox: target = checkbox
            case .action(let id): target = actionButtons[id]
            case .closeButton: target = closeButton
            }
            KeelAccessibility.screenChanged(focusing: target ?? card)
        }

        private func willDismiss(_ reason: OverlayDismissalReason) {
            view.endEditing(true)
            handlers.onWillDismiss?(reason)
        }

        /// Animates out, then removes the controller and tells the machine.
        private func animateOut(animated: Bool) {
            let scale = CGFloat(theme.presentationScale)
            view.keelAnimate(
                theme.motion, animated: animated,
                changes: { [weak self] in
                    self?.card.alpha = 0
                    self?.dimming.alpha = 0
                    self?.card.transform = CGAffineTransform(scaleX: scale, y: scale)
                },
                completion: { [weak self] _ in self?.removeFromPresenter() })
        }

        private func removeFromPresenter() {
            guard let presenter = presentingViewController else { return send(.dismissalFinished) }
            presenter.dismiss(animated: false) { [weak self] in self?.send(.dismissalFinished) }
        }

        private func didDismiss(_ reason: OverlayDismissalReason) {
            contentHost?.detach()
            handle?.didDismiss()
            handlers.onDidDismiss?(reason)
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            // Removed by something else: taken along by a dismissal below it while its presenter
            // stays (the machine re-hosts it), or gone with its presenter (it completes once).
            send(
                .hostDisappeared(
                    isBeingDismissed: isBeingDismissed, hasPresenter: presentingViewController != nil,
                    presenterIsInWindow: handle?.presenterIsInWindow ?? false))
        }

        /// Measures and places the card again (the custom content changed size), animated
        /// with the alert's motion.
        func invalidateLayout(animated: Bool) {
            view.setNeedsLayout()
            view.keelAnimate(
                theme.motion, animated: animated, changes: { [weak self] in self?.view.layoutIfNeeded() })
        }

        /// The content controller asked for another size: measure again.
        override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
            super.preferredContentSizeDidChange(forChildContentContainer: container)
            viewIfLoaded?.setNeedsLayout()
        }

        // MARK: - Keyboard and traits

        override func keyboardOverlapDidChange(duration: TimeInterval, options: UIView.AnimationOptions) {
            UIView.animate(
                withDuration: duration, delay: 0, options: options,
                animations: { [weak self] in self?.layoutCard() },
                completion: { [weak self] _ in self?.scrollFocusIntoView() })
        }

        private func scrollFocusIntoView() {
            for rect in layout?.keyboardFocusRects ?? [] {
                scrollView.scrollRectToVisible(CGRect(keel: rect), animated: true)
            }
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            themeBinding?.refresh()
        }
    }

    extension NSTextAlignment {
        /// The UIKit alignment of a resolved alert text alignment.
        init(keel alignment: ResolvedTextAlignment) {
            switch alignment {
            case .center: self = .center
            case .natural: self = .natural
            }
        }
    }
#endif
