#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelUIKitBinding
    import UIKit

    /// The design system's button: styles, sizes, icon placement, loading, gradient
    /// background, a 44-point touch target and right-to-left layout, all decided by
    /// `ButtonAppearance` and `ButtonLayout` in KeelComponents.
    ///
    /// ```swift
    /// let save = KeelButton(style: .brand, size: .large)
    /// save.setTitle("Save", for: .normal)
    /// save.setIcon(.checkmarkCircle, placement: .leading)
    /// save.onTap = { button in button.isLoading = true }
    /// ```
    ///
    /// A button made by a storyboard or nib is a primary, large button drawing with the
    /// global theme context until ``KeelThemedControl/bindThemeContext(_:)`` gives it its
    /// scene's.
    ///
    /// While loading it shows an activity indicator in the icon slot, absorbs touches (they no
    /// longer fall through to the cell below) and sends no actions; `isEnabled` is untouched.
    @MainActor
    public final class KeelButton: KeelThemedControl {
        /// The style.
        public private(set) var style: ButtonVariant
        /// The size.
        public private(set) var size: ButtonSize
        /// Called on a tap (not while loading or disabled).
        public var onTap: (@MainActor (KeelButton) -> Void)?
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { updateAppearance() }
        }

        /// The title.
        public var title: String? {
            didSet { contentDidChange() }
        }
        /// Where the icon sits.
        public var iconPlacement: ButtonIconPlacement = .leading {
            didSet { contentDidChange() }
        }
        /// How the content is placed horizontally.
        public var horizontalContentPlacement: ButtonContentHorizontalAlignment = .center {
            didSet { contentDidChange() }
        }
        /// How the content is placed vertically.
        public var verticalContentPlacement: ButtonContentVerticalAlignment = .center {
            didSet { contentDidChange() }
        }
        /// When the title may wrap (at accessibility text sizes by default).
        public var titleLines: ButtonTitleLines = .automatic {
            didSet { contentDidChange() }
        }
        /// Replaces the size's top and bottom padding for stacked (top/bottom icon) content.
        public var stackedPaddingOverride: Double? {
            didSet { contentDidChange() }
        }
        /// What VoiceOver says as the value while loading (`nil`: the localised "Loading").
        public var loadingAccessibilityValue: String? {
            didSet { updateAppearance() }
        }
        /// The semantic icon, resolved through the theme again on every theme change (`nil`
        /// when there is none or an image was set instead).
        package private(set) var iconToken: KeelIconToken?
        /// Draws a semantic icon: the theme's style for the token (its symbol or asset name) at
        /// the appearance's icon size. SF Symbols by default; inject the app's own (XDDesignKit's
        /// `XDIconProviding`) to draw asset icons.
        public var iconProvider: @MainActor (_ style: IconStyle, _ pointSize: Double) -> UIImage? =
            KeelButton.systemIcon
        {
            didSet { themeBinding?.resolver.map(resolveIconToken) }
        }
        /// Whether the button runs its action: an activity indicator replaces the icon, touches
        /// are absorbed and no actions are sent.
        public var isLoading = false {
            didSet { updateAppearance() }
        }

        override public var isEnabled: Bool {
            didSet { updateAppearance() }
        }
        override public var isHighlighted: Bool {
            didSet { updateAppearance() }
        }
        override public var isSelected: Bool {
            didSet { updateAppearance() }
        }

        /// Replaces the style's border colour (the alert's cancel action), keeping its width.
        var borderColorOverride: KeelDesign.ColorValue? {
            didSet { updateAppearance() }
        }

        /// The appearance currently drawn.
        package private(set) var appearance: ButtonAppearance
        private var buttonTheme: ButtonTheme
        private var icon: UIImage?
        private var iconIsDirectional = false
        private var iconSide: Double?
        private let titleLabel = UILabel()
        private let iconView = UIImageView()
        private let spinner = UIActivityIndicatorView(style: .medium)
        private let gradientLayer = CAGradientLayer()
        private let focusLayer = CALayer()
        private let measurer = UIKitTextMeasurer()
        private lazy var largeContentInteraction = UILargeContentViewerInteraction()

        /// A button in `style` and `size`.
        public init(style: ButtonVariant = .primary, size: ButtonSize = .large) {
            self.style = style
            self.size = size
            let theme = ButtonTheme(resolver: KeelThemeContext.global.resolver())
            buttonTheme = theme
            appearance = ButtonAppearance(theme: theme, style: style, size: size, state: [])
            super.init(frame: .zero)
            setUp()
        }

        /// A button drawing with `themeContext` (a scene's or window's own context) rather than
        /// the one it finds in its window.
        public convenience init(
            style: ButtonVariant = .primary, size: ButtonSize = .large, themeContext: KeelThemeContext
        ) {
            self.init(style: style, size: size)
            bindThemeContext(themeContext)
        }

        /// A button from a storyboard or nib: primary and large, with the global theme context
        /// until ``KeelThemedControl/bindThemeContext(_:)`` binds its scene's.
        required init?(coder: NSCoder) {
            style = .primary
            size = .large
            let theme = ButtonTheme(resolver: KeelThemeContext.global.resolver())
            buttonTheme = theme
            appearance = ButtonAppearance(theme: theme, style: .primary, size: .large, state: [])
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            layer.insertSublayer(gradientLayer, at: 0)
            layer.addSublayer(focusLayer)
            titleLabel.lineBreakMode = .byTruncatingTail
            titleLabel.isUserInteractionEnabled = false
            iconView.contentMode = .scaleAspectFit
            iconView.isUserInteractionEnabled = false
            spinner.hidesWhenStopped = true
            spinner.isUserInteractionEnabled = false
            [titleLabel, iconView, spinner].forEach(addSubview)
            isAccessibilityElement = true
            addInteraction(largeContentInteraction)
            addTarget(self, action: #selector(tapped), for: .touchUpInside)
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.buttonTheme = ButtonTheme(resolver: resolver)
                self?.updateAppearance()
                self?.resolveIconToken(with: resolver)
            }
        }

        /// Sets a semantic icon: the theme maps `token` to a symbol (and says whether it is
        /// directional, so it mirrors in right-to-left layouts); a theme change resolves it again.
        public func setIcon(_ token: KeelIconToken, placement: ButtonIconPlacement? = nil) {
            iconToken = token
            if let placement { iconPlacement = placement }
            themeBinding?.resolver.map(resolveIconToken)
        }

        private func resolveIconToken(with resolver: KeelThemeResolver) {
            guard let iconToken, let style = resolver.iconStyle(iconToken) else { return }
            showIcon(
                iconProvider(style, appearance.iconSize), isDirectional: style.mirrorsInRightToLeft, side: nil
            )
        }

        /// The SF Symbol named by `style`, as a template image tinted by the button's style.
        package static func systemIcon(_ style: IconStyle, pointSize: Double) -> UIImage? {
            let configuration = UIImage.SymbolConfiguration(pointSize: CGFloat(pointSize))
            return UIImage(systemName: style.symbolName, withConfiguration: configuration)?
                .withRenderingMode(.alwaysTemplate)
        }

        /// Changes style and size together.
        public func apply(style: ButtonVariant, size: ButtonSize) {
            self.style = style
            self.size = size
            contentDidChange()
        }

        /// Sets the icon (`nil` removes it). A directional icon (an arrow) is mirrored in
        /// right-to-left layouts; a template image takes the style's icon tint.
        public func setIcon(
            _ image: UIImage?, placement: ButtonIconPlacement? = nil, isDirectional: Bool = false,
            side: Double? = nil
        ) {
            iconToken = nil
            if let placement { iconPlacement = placement }
            showIcon(image, isDirectional: isDirectional, side: side)
        }

        private func showIcon(_ image: UIImage?, isDirectional: Bool, side: Double?) {
            icon = image
            iconIsDirectional = isDirectional
            iconSide = side
            iconView.image = icon
            contentDidChange()
        }

        /// What the headless layout sees.
        package var content: ButtonContent {
            ButtonContent(
                title: title,
                icon: icon.map { _ in ButtonIcon(isDirectional: iconIsDirectional, size: iconSide) },
                iconPlacement: iconPlacement, horizontalAlignment: horizontalContentPlacement,
                verticalAlignment: verticalContentPlacement, titleLines: titleLines,
                stackedPaddingOverride: stackedPaddingOverride)
        }

        private var buttonState: ButtonState {
            ButtonState(
                isEnabled: isEnabled, isHighlighted: isHighlighted, isSelected: isSelected,
                isLoading: isLoading,
                isFocused: isFocused)
        }

        private func contentDidChange() {
            updateAppearance()
            invalidateIntrinsicContentSize()
        }

        private func updateAppearance() {
            appearance = ButtonAppearance(
                theme: buttonTheme, style: style, size: size, state: buttonState,
                borderColorOverride: borderColorOverride)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.cornerRadius = CGFloat(appearance.cornerRadius)
            gradientLayer.cornerRadius = layer.cornerRadius
            backgroundColor = UIColor(keel: appearance.fillColor)
            gradientLayer.isHidden = appearance.gradientIsHidden
            gradientLayer.colors = appearance.gradientStops.map { UIColor(keel: $0.color).cgColor }
            gradientLayer.locations = appearance.gradientStops.map { NSNumber(value: $0.location) }
            gradientLayer.startPoint = CGPoint(keel: appearance.gradientStart)
            gradientLayer.endPoint = CGPoint(keel: appearance.gradientEnd)
            layer.borderWidth = CGFloat(appearance.borderWidth)
            layer.borderColor = appearance.border.map { UIColor(keel: $0.color).cgColor }
            focusLayer.isHidden = appearance.focusRingIsHidden
            focusLayer.borderWidth = CGFloat(appearance.focusRingWidth)
            focusLayer.borderColor = appearance.focusRing.map { UIColor(keel: $0.color).cgColor }
            CATransaction.commit()
            iconView.tintColor = UIColor(keel: appearance.iconTint)
            spinner.color = UIColor(keel: appearance.iconTint)
            switch appearance.activityIndicator {
            case .animating: spinner.startAnimating()
            case .stopped: spinner.stopAnimating()
            }
            let content = content
            iconView.isHidden = appearance.iconIsHidden(for: content)
            let snapshot = appearance
            let title = title
            let strings = accessibilityStrings
            let loadingValue = loadingAccessibilityValue
            spoken.update { label, value in
                snapshot.accessibility(
                    title: title, label: label, value: value, strings: strings, loadingValue: loadingValue)
            }
            showsLargeContentViewer = content.isIconOnly
            largeContentTitle = content.largeContent(spoken.label)
            largeContentImage = content.largeContent(icon)
            scalesLargeContentImage = true
            setNeedsLayout()
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            let layout = ButtonLayout(
                content: content, appearance: appearance, bounds: bounds.size.keelSize, measurer: measurer)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            gradientLayer.frame = bounds
            focusLayer.frame = CGRect(keel: layout.focusRingFrame)
            focusLayer.cornerRadius = CGFloat(layout.focusRingCornerRadius)
            CATransaction.commit()
            titleLabel.numberOfLines = layout.titleNumberOfLines
            titleLabel.keelSet(
                layout.displayedTitle(title), font: appearance.titleFont, color: appearance.titleColor,
                alignment: .center)
            titleLabel.isHidden = layout.titleIsHidden
            titleLabel.frame = CGRect(keel: layout.displayedTitleFrame)
            iconView.transform = .identity
            iconView.frame = CGRect(keel: layout.displayedIconFrame)
            iconView.transform = CGAffineTransform(scaleX: CGFloat(layout.iconScaleX), y: 1)
            spinner.center = CGPoint(keel: layout.displayedIconFrame.center)
        }

        /// Re-measures after a trait change.
        override func traitsDidChange() {
            invalidateIntrinsicContentSize()
        }

        override public var intrinsicContentSize: CGSize {
            CGSize(
                keel: ButtonLayout.intrinsicSize(content: content, appearance: appearance, measurer: measurer)
            )
        }

        override public func sizeThatFits(_ size: CGSize) -> CGSize {
            CGSize(
                keel: ButtonLayout.intrinsicSize(
                    content: content, appearance: appearance, measurer: measurer,
                    width: ButtonLayout.fittingWidth(proposed: Double(size.width))))
        }

        // MARK: - Touches

        override public func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            appearance.touchDisposition(at: point.keelPoint, bounds: bounds.keelRect, isHidden: isHidden)
                .receivesTouch
        }

        override public func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            appearance.isInteractive && super.beginTracking(touch, with: event)
        }

        override public func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
            guard appearance.isInteractive else { return }
            super.sendAction(action, to: target, for: event)
        }

        @objc private func tapped() {
            onTap?(self)
        }

        // MARK: - Theme and traits

        override public func didUpdateFocus(
            in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator
        ) {
            super.didUpdateFocus(in: context, with: coordinator)
            updateAppearance()
        }
    }
#endif
