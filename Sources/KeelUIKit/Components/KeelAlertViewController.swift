#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import UIKit

    /// The alert's controller: builds the card from ``AlertConfiguration`` (sections in its
    /// order, custom content as a child controller), places it with ``AlertLayout`` (card
    /// width and frame, custom content clamp, keyboard split, action axis, alignment,
    /// section spacing) and themes it from ``AlertTheme``. Presented `.overFullScreen` by
    /// ``KeelOverlayCoordinator``.
    @MainActor
    final class KeelAlertViewController: KeelOverlayController {
        private(set) var configuration: AlertConfiguration
        let handlers: KeelAlertHandlers
        private let onAction: @MainActor (String, KeelAlertActionContext) -> Void
        weak var handle: KeelAlertHandle?

        private var theme: AlertTheme
        private var buttonTheme: ButtonTheme
        private let card = UIView()
        private let scrollView = UIScrollView()
        private let stack = UIStackView()
        private let titleLabel = UILabel()
        private let messageLabel = UILabel()
        private let illustrationView = UIImageView()
        private let captionLabel = UILabel()
        private lazy var illustrationHeight = illustrationView.heightAnchor.constraint(
            lessThanOrEqualToConstant: 0)
        private let actionStack = UIStackView()
        private var actionButtons: [String: KeelButton] = [:]
        private var checkbox: KeelCheckboxButton?
        private let checkboxLabel = UILabel()
        private var checkboxRow: UIStackView?
        private var textInput: KeelAlertTextInputView?
        private let closeButton = KeelCloseButton()
        private let contentHost: KeelAlertContentHost?
        private var isDismissing = false
        private var didReportDismissal = false
        private let measurer = UIKitTextMeasurer()
        /// What the escape gesture would do, readable from UIKit's nonisolated accessibility call.
        nonisolated(unsafe) private var escapeSnapshot: AlertEscapeBehavior = .ignored

        init(
            configuration: AlertConfiguration, content: UIViewController? = nil, handlers: KeelAlertHandlers,
            onAction: @escaping @MainActor (String, KeelAlertActionContext) -> Void
        ) {
            self.configuration = configuration
            contentHost = content.map(KeelAlertContentHost.init(content:))
            self.handlers = handlers
            self.onAction = onAction
            let resolver = ThemeContextRegistry.shared.global.resolver()
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
            scrollView.addSubview(stack)
            scrollView.keyboardDismissMode = .interactive
            stack.axis = .vertical
            stack.alignment = .fill
            buildContent()
            card.addSubview(closeButton)
            closeButton.isHidden = !configuration.showsCloseButton
            closeButton.onTap = { [weak self] _ in self?.closeTapped() }
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

        private func buildContent() {
            for section in configuration.sections {
                switch section {
                case .illustration: buildIllustration()
                case .title:
                    titleLabel.numberOfLines = 0
                    titleLabel.accessibilityTraits = KeelAccessibility.headerTrait
                    stack.addArrangedSubview(titleLabel)
                case .message:
                    messageLabel.numberOfLines = 0
                    stack.addArrangedSubview(messageLabel)
                case .customContent:
                    guard let contentHost else { continue }
                    contentHost.attach(to: self)
                    stack.addArrangedSubview(contentHost)
                case .checkbox, .textInput: buildAccessory()
                case .action: buildActions()
                case .closeButton: break
                }
            }
        }

        private func buildIllustration() {
            guard let illustration = configuration.illustration else { return }
            illustrationView.image = handlers.illustrationImage(illustration.imageName)
            illustrationView.contentMode = .scaleAspectFit
            illustrationHeight.isActive = true
            illustrationView.isAccessibilityElement = illustration.accessibilityLabel != nil
            illustrationView.accessibilityLabel = illustration.accessibilityLabel
            illustrationView.accessibilityTraits = KeelAccessibility.imageTrait
            stack.addArrangedSubview(illustrationView)
            if let caption = illustration.caption {
                captionLabel.text = caption
                captionLabel.numberOfLines = 0
                stack.addArrangedSubview(captionLabel)
            }
        }

        private func buildAccessory() {
            switch configuration.accessory {
            case .checkbox(let title, let isSelected, let isEnabled):
                let box = KeelCheckboxButton(isSelected: isSelected)
                box.isEnabled = isEnabled
                box.accessibilityLabel = title
                checkboxLabel.text = title
                checkboxLabel.numberOfLines = 0
                checkboxLabel.isAccessibilityElement = false
                checkboxLabel.isUserInteractionEnabled = true
                checkboxLabel.onTap { [weak box] _ in box?.sendActions(for: .touchUpInside) }
                let row = UIStackView(arrangedSubviews: [box, checkboxLabel])
                row.axis = .horizontal
                row.alignment = .center
                checkbox = box
                checkboxRow = row
                stack.addArrangedSubview(row)
            case .textInput(let input):
                let inputView = KeelAlertTextInputView(input: input)
                inputView.onLimitReached = handlers.onLimitReached
                inputView.onReturn = { [weak self] in self?.returnPressed() }
                inputView.onHeightChange = { [weak self] in self?.view.setNeedsLayout() }
                textInput = inputView
                stack.addArrangedSubview(inputView)
            case nil:
                break
            }
        }

        private func buildActions() {
            for action in configuration.actions {
                let button = KeelButton(style: action.buttonStyle, size: action.buttonSize)
                button.title = action.title
                button.onTap = { [weak self] _ in self?.trigger(action.id) }
                actionButtons[action.id] = button
                actionStack.addArrangedSubview(button)
            }
            stack.addArrangedSubview(actionStack)
        }

        /// The section each arranged view stands for (the spacing rules are stated per section).
        private func section(of view: UIView) -> AlertFocusTarget? {
            switch view {
            case titleLabel: .title
            case messageLabel: .message
            case illustrationView, captionLabel: .illustration
            case checkboxRow: .checkbox
            case textInput: .textInput
            case contentHost: .customContent
            case actionStack: configuration.actions.first.map { .action($0.id) }
            default: nil
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
                checkboxLabel.text, font: theme.checkboxFont, color: theme.messageColor, alignment: .natural)
            checkboxRow?.spacing = CGFloat(theme.checkboxSpacing)
            textInput?.apply(theme)
            illustrationHeight.constant = CGFloat(theme.illustrationMaximumSize.height)
            actionStack.spacing = CGFloat(theme.actionHorizontalSpacing)
            for action in configuration.actions where action.usesCancelBorder {
                actionButtons[action.id]?.borderColorOverride = theme.cancelBorder
            }
            let views = stack.arrangedSubviews
            for (view, next) in zip(views, views.dropFirst()) {
                guard let first = section(of: view), let second = section(of: next) else { continue }
                let gap =
                    view === illustrationView && next === captionLabel
                    ? theme.sectionInset
                    : AlertLayout.spacing(
                        between: first, and: second, hasIllustration: configuration.illustration != nil,
                        theme: theme)
                stack.setCustomSpacing(CGFloat(gap), after: view)
            }
            view.setNeedsLayout()
        }

        // MARK: - Layout

        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            layoutCard()
        }

        private func layoutCard() {
            let container = view.bounds.size.keelSize
            let safeArea = view.safeAreaInsets.keelInsets
            let width = AlertLayout.cardWidth(container: container, safeArea: safeArea, theme: theme)
            let insets = theme.contentInsets.resolved(in: view.traitCollection.keelTraits.layoutDirection)
            let inner = AlertLayout.contentWidth(cardWidth: width, theme: theme)
            // Decisions that depend on the width: the action axis and the adaptive alignment.
            let axis = AlertLayout.actionAxis(
                for: configuration.actions, cardWidth: width, theme: theme, buttonTheme: buttonTheme,
                measurer: measurer)
            actionStack.axis = axis == .horizontal ? .horizontal : .vertical
            actionStack.distribution = axis == .horizontal ? .fillEqually : .fill
            actionStack.spacing = CGFloat(
                axis == .horizontal ? theme.actionHorizontalSpacing : theme.actionVerticalSpacing)
            titleLabel.textAlignment = alignment(
                configuration.titleAlignment, configuration.title, theme.titleFont, inner)
            messageLabel.textAlignment = alignment(
                configuration.messageAlignment, configuration.message, theme.messageFont, inner)
            // The rest of the card is the stack less the custom content's slot (whose spacing
            // still counts); the content is measured on its own at the content width.
            let fitting = stack.systemLayoutSizeFitting(
                CGSize(width: inner, height: UIView.layoutFittingCompressedSize.height),
                withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            let result = AlertLayout.cardFrame(
                contentHeight: Double(fitting.height) - (contentHost?.slotHeight ?? 0),
                customContent: configuration.customContent,
                customContentFittingHeight: contentHost?.fittingHeight(width: inner) ?? 0,
                container: container,
                safeArea: safeArea, keyboardOverlap: keyboardOverlap, theme: theme)
            if let custom = result.customContent { contentHost?.apply(custom) }
            let transform = card.transform
            card.transform = .identity
            card.frame = CGRect(keel: result.frame)
            card.transform = transform
            scrollView.frame = card.bounds
            stack.frame = CGRect(x: insets.left, y: insets.top, width: inner, height: result.contentHeight)
            scrollView.contentSize = CGSize(
                width: result.frame.width, height: result.contentHeight + insets.top + insets.bottom)
            scrollView.isScrollEnabled = result.scrollsContent
            let side = CGFloat(theme.closeButtonSize)
            let closeX =
                view.effectiveUserInterfaceLayoutDirection == .rightToLeft ? 0 : card.bounds.width - side
            closeButton.frame = CGRect(x: closeX, y: 0, width: side, height: side)
        }

        private func alignment(
            _ rule: AlertTextAlignment, _ text: String?, _ font: FontDescriptor, _ width: Double
        )
            -> NSTextAlignment
        {
            AlertLayout.alignment(
                rule, text: text ?? "", font: font, availableWidth: width, measurer: measurer)
                == .center ? .center : .natural
        }

        // MARK: - State

        /// Applies a configuration change (loading, enabled) and redraws the action states.
        func update(_ change: (inout AlertConfiguration) -> Void) {
            change(&configuration)
            refreshState()
        }

        private func refreshState() {
            let busy = configuration.isBusy
            for action in configuration.actions {
                guard let button = actionButtons[action.id] else { continue }
                let state = action.buttonState(alertIsBusy: busy)
                button.isLoading = state.contains(.loading)
                button.isEnabled = !state.contains(.disabled) || state.contains(.loading)
            }
            closeButton.isEnabled = !busy
            escapeSnapshot = configuration.escapeBehavior
            dimming.isAccessibilityElement = configuration.backgroundTapDismisses
            dimming.accessibilityLabel = KeelAccessibility.strings.string(.dismiss)
            dimming.accessibilityTraits = KeelAccessibility.buttonTrait
        }

        private func context(for id: String) -> KeelAlertActionContext {
            KeelAlertActionContext(
                actionID: id, checkboxIsSelected: checkbox?.selection.value, text: textInput?.text,
                controller: self)
        }

        private func trigger(_ id: String) {
            guard configuration.canTrigger(id), !isDismissing else { return }
            onAction(id, context(for: id))
            if configuration.dismissesAfterTriggering(id) { dismissAlert(animated: true) }
        }

        private func returnPressed() {
            if let id = configuration.returnKeyActionID {
                trigger(id)
            } else {
                textInput?.editor.resignFirstResponder()
            }
        }

        override func dimmingTapped() {
            guard configuration.backgroundTapDismisses else { return }
            dismissAlert(animated: true)
        }

        private func closeTapped() {
            guard !configuration.isBusy else { return }
            dismissAlert(animated: true)
        }

        private func escape() {
            switch configuration.escapeBehavior {
            case .trigger(let id): trigger(id)
            case .dismiss: dismissAlert(animated: true)
            case .ignored: break
            }
        }

        /// The VoiceOver escape gesture: the cancel action, else a dismissal when allowed.
        override func accessibilityPerformEscape() -> Bool {
            guard escapeSnapshot != .ignored else { return false }
            Task { @MainActor [weak self] in self?.escape() }
            return true
        }

        // MARK: - Presentation

        /// On screen (no animation yet): fade and scale the card in, move VoiceOver focus.
        func presentationDidStart() {
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
                completion: { [weak self] _ in self?.focusInitialElement() })
        }

        private func focusInitialElement() {
            let target: Any?
            switch configuration.initialAccessibilityFocus {
            case .textInput:
                textInput?.editor.becomeFirstResponder()
                target = textInput?.editor
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

        /// Animates out, then removes the controller and tells the queue (once).
        func dismissAlert(animated: Bool) {
            guard !isDismissing else { return }
            isDismissing = true
            view.endEditing(true)
            let scale = CGFloat(theme.presentationScale)
            view.keelAnimate(
                theme.motion, animated: animated && viewIfLoaded?.window != nil,
                changes: { [weak self] in
                    self?.card.alpha = 0
                    self?.dimming.alpha = 0
                    self?.card.transform = CGAffineTransform(scaleX: scale, y: scale)
                },
                completion: { [weak self] _ in
                    guard let self else { return }
                    if let presenter = self.presentingViewController {
                        presenter.dismiss(animated: false) { [weak self] in self?.reportDismissal() }
                    } else {
                        self.reportDismissal()
                    }
                })
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            // Removed by something else (the presenter went away): still report once.
            if isBeingDismissed || presentingViewController == nil { reportDismissal() }
        }

        private func reportDismissal() {
            guard !didReportDismissal else { return }
            didReportDismissal = true
            contentHost?.detach()
            handle?.didDismiss()
            handlers.onDismiss?()
        }

        /// Measures and places the card again (the custom content changed size), animated
        /// with the alert's motion.
        func invalidateLayout(animated: Bool) {
            guard isViewLoaded else { return }
            view.setNeedsLayout()
            view.keelAnimate(
                theme.motion, animated: animated && view.window != nil,
                changes: { [weak self] in self?.view.layoutIfNeeded() })
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
                completion: { [weak self] _ in self?.scrollInputIntoView() })
        }

        private func scrollInputIntoView() {
            guard let input = textInput else { return }
            scrollView.scrollRectToVisible(input.convert(input.bounds, to: scrollView), animated: true)
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            themeBinding?.refresh()
        }
    }
#endif
