#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import UIKit

    /// The design system's inline banner: info, success, warning or error in the palette's
    /// status pair, with an optional title, a message, actions and a close button. Every
    /// frame comes from `BannerLayout` (the icon above the text at accessibility sizes,
    /// actions stacked when they do not fit, mirrored right to left), colours and fonts from
    /// `BannerAppearance`, and closing from `BannerPresentation`.
    ///
    /// ```swift
    /// let banner = KeelBanner(configuration: BannerConfiguration(
    ///     status: .warning, title: "You're offline", message: "Changes sync when you reconnect.",
    ///     actions: [BannerAction("Retry")]))
    /// banner.onAction = { id in sync.retry() }
    /// banner.onDismiss = { reason in layoutFeed() }
    /// ```
    ///
    /// VoiceOver reads the status word first ("Warning, You're offline"), then the message;
    /// warnings and errors are announced when the banner appears. Closing fades it out with
    /// the `standard` motion (a cross-fade or nothing under Reduce Motion) and removes it.
    @MainActor
    public final class KeelBanner: KeelThemedView {
        /// What the banner shows; setting it shows it again.
        public var configuration: BannerConfiguration {
            didSet { configurationDidChange() }
        }
        /// Whether using an action also dismisses the banner (by default it does).
        public var actionsDismiss = true
        /// Called with the action's identifier when an action is used.
        public var onAction: (@MainActor (String) -> Void)?
        /// Called once the banner has been dismissed and removed from its superview.
        public var onDismiss: (@MainActor (BannerDismissalReason) -> Void)?
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { updateAppearance() }
        }

        /// The appearance currently drawn.
        package private(set) var appearance: BannerAppearance
        private var presentation: BannerPresentation
        private var theme: BannerTheme
        private let iconView = UIImageView()
        private let titleLabel = UILabel()
        private let messageLabel = UILabel()
        private let closeButton = UIButton(type: .system)
        private var actionButtons: [UIButton] = []
        private let measurer = UIKitTextMeasurer()

        /// A banner.
        public init(configuration: BannerConfiguration) {
            self.configuration = configuration
            presentation = BannerPresentation(configuration: configuration)
            let theme = BannerTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = BannerAppearance(theme: theme, status: configuration.status)
            super.init(frame: .zero)
            setUp()
        }

        /// An empty information banner from a storyboard or nib.
        required init?(coder: NSCoder) {
            configuration = BannerConfiguration(status: .info, message: "")
            presentation = BannerPresentation(configuration: configuration)
            let theme = BannerTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = BannerAppearance(theme: theme, status: .info)
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            iconView.contentMode = .scaleAspectFit
            iconView.isAccessibilityElement = false
            titleLabel.numberOfLines = 0
            titleLabel.isAccessibilityElement = false
            messageLabel.numberOfLines = 0
            messageLabel.isAccessibilityElement = true
            closeButton.setImage(UIImage(systemName: "xmark"), for: .normal)
            closeButton.addTarget(self, action: #selector(closeTapped), for: .touchUpInside)
            for view in [iconView, titleLabel, messageLabel, closeButton] as [UIView] { addSubview(view) }
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = BannerTheme(resolver: resolver)
                self?.updateAppearance()
            }
            configurationDidChange()
        }

        /// Removes the banner as if closed by the app.
        public func dismiss() {
            perform(presentation.send(.dismiss))
        }

        private func configurationDidChange() {
            presentation = BannerPresentation(configuration: configuration)
            for button in actionButtons { button.removeFromSuperview() }
            actionButtons = configuration.actions.map { action in
                let button = UIButton(type: .system)
                button.setTitle(action.title, for: .normal)
                button.addTarget(self, action: #selector(actionTapped(_:)), for: .touchUpInside)
                addSubview(button)
                return button
            }
            for (index, button) in actionButtons.enumerated() { button.tag = index }
            updateAppearance()
        }

        private func updateAppearance() {
            appearance = BannerAppearance(theme: theme, status: configuration.status)
            backgroundColor = UIColor(keel: appearance.background)
            layer.cornerRadius = CGFloat(appearance.cornerRadius)
            let foreground = UIColor(keel: appearance.foreground)
            iconView.image = UIImage(systemName: appearance.iconSymbolName)
            iconView.tintColor = foreground
            titleLabel.keelSet(
                configuration.shownTitle, font: appearance.titleFont, color: appearance.foreground,
                alignment: .natural)
            messageLabel.keelSet(
                configuration.message, font: appearance.messageFont, color: appearance.foreground,
                alignment: .natural)
            let spoken = appearance.accessibility(configuration: configuration, strings: accessibilityStrings)
            messageLabel.accessibilityLabel = spoken.label
            messageLabel.accessibilityValue = spoken.value
            messageLabel.accessibilityTraits = spoken.uiAccessibilityTraits
            closeButton.tintColor = foreground
            closeButton.isHidden = !configuration.isDismissible
            closeButton.accessibilityLabel =
                appearance.closeAccessibility(strings: accessibilityStrings).label
            for button in actionButtons {
                button.setTitleColor(foreground, for: .normal)
                button.titleLabel?.font = UIFont.keel(appearance.actionFont)
            }
            let reading: [[UIView]] = [[messageLabel], actionButtons, [closeButton]]
            accessibilityElements = Array(reading.joined())
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }

        private func currentLayout(width: Double) -> BannerLayout {
            BannerLayout(
                configuration: configuration, appearance: appearance, width: width, measurer: measurer)
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            let layout = currentLayout(width: Double(bounds.width))
            iconView.frame = CGRect(keel: layout.iconFrame)
            titleLabel.frame = CGRect(keel: layout.displayedTitleFrame)
            messageLabel.frame = CGRect(keel: layout.messageFrame)
            closeButton.frame = CGRect(keel: layout.displayedCloseTouchFrame)
            for (index, button) in actionButtons.enumerated() {
                button.frame = CGRect(keel: layout.actionFrame(at: index))
            }
            // The height depends on the width Auto Layout gave.
            reportIntrinsicHeightIfChanged()
        }

        override public var intrinsicContentSize: CGSize {
            CGSize(
                width: UIView.noIntrinsicMetric,
                height: CGFloat(currentLayout(width: Double(bounds.width)).size.height))
        }

        override public func sizeThatFits(_ size: CGSize) -> CGSize {
            let width = BannerLayout.width(proposed: Double(size.width), fallback: Double(bounds.width))
            return CGSize(keel: currentLayout(width: width).size)
        }

        override func windowDidChange() {
            guard window != nil,
                let announcement = appearance.announcement(
                    configuration: configuration, strings: accessibilityStrings)
            else { return }
            KeelAccessibility.announce(announcement)
        }

        @objc private func closeTapped() {
            perform(presentation.send(.close))
        }

        @objc private func actionTapped(_ sender: UIButton) {
            let action = configuration.actions[sender.tag]
            perform(presentation.send(.action(id: action.id, dismisses: actionsDismiss)))
        }

        private func perform(_ transition: StateTransition<BannerEffect>) {
            for effect in transition.effects {
                switch effect {
                case .performAction(let id): onAction?(id)
                case .dismissed(let reason): leave(reason)
                }
            }
        }

        private func leave(_ reason: BannerDismissalReason) {
            keelAnimate(
                appearance.motion, changes: { [weak self] in self?.alpha = 0 },
                completion: { [weak self] _ in
                    self?.removeFromSuperview()
                    self?.onDismiss?(reason)
                })
        }
    }
#endif
