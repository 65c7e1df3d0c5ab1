#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import UIKit

    /// The design system's chip: a filter chip that is selected or not (a checkmark leads
    /// while selected), or an input chip with a remove button. Colours, frames, touch areas
    /// and what VoiceOver hears come from `ChipAppearance` and `ChipLayout` in KeelComponents;
    /// selection is a `ConfirmableSelection`, the toggle's and checkbox's state machine.
    ///
    /// ```swift
    /// let jazz = KeelChip(title: "Jazz", kind: .filter)
    /// jazz.onSelectionChange = { selected in filters.jazz = selected }
    /// let ada = KeelChip(title: "Ada", kind: .input)
    /// ada.onRemove = { chip in chip.removeFromSuperview() }
    /// ```
    ///
    /// The chip's touch target is 44 points high; the remove button's area runs from midway
    /// before its icon to the trailing edge. VoiceOver offers "Remove" as an action.
    @MainActor
    public final class KeelChip: KeelThemedControl {
        /// The title.
        public var title: String {
            didSet { contentDidChange() }
        }
        /// Filter or input.
        package let kind: ChipKind
        /// Called when a tap changed a filter chip's selection (also sends `.valueChanged`).
        public var onSelectionChange: (@MainActor (Bool) -> Void)?
        /// Called on a tap on an input chip (or on a filter chip in a ``KeelChipGroup``).
        public var onTap: (@MainActor (KeelChip) -> Void)?
        /// Called when the remove button (or VoiceOver's Remove action) is used.
        public var onRemove: (@MainActor (KeelChip) -> Void)?
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { updateAppearance() }
        }
        /// Whether a group decides this chip's selection (its taps are reported, not applied).
        package var isGrouped = false

        /// The appearance currently drawn.
        package private(set) var appearance: ChipAppearance
        private var selection: ConfirmableSelection
        private var theme: ChipTheme
        private var lastTouchTarget: ChipTouchTarget?
        private let titleLabel = UILabel()
        private let checkmarkView = UIImageView(image: UIImage(systemName: "checkmark"))
        private let removeView = UIImageView(image: UIImage(systemName: "xmark"))
        private let measurer = UIKitTextMeasurer()

        /// A chip.
        public init(title: String, kind: ChipKind = .filter, isSelected: Bool = false) {
            self.title = title
            self.kind = kind
            selection = ConfirmableSelection(value: isSelected)
            let theme = ChipTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = ChipAppearance(theme: theme, kind: kind, state: [])
            super.init(frame: .zero)
            setUp()
        }

        /// An empty filter chip from a storyboard or nib.
        required init?(coder: NSCoder) {
            title = ""
            kind = .filter
            selection = ConfirmableSelection(value: false)
            let theme = ChipTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = ChipAppearance(theme: theme, kind: .filter, state: [])
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            titleLabel.lineBreakMode = .byTruncatingTail
            for view in [titleLabel, checkmarkView, removeView] as [UIView] {
                view.isUserInteractionEnabled = false
                addSubview(view)
            }
            checkmarkView.contentMode = .scaleAspectFit
            removeView.contentMode = .scaleAspectFit
            isAccessibilityElement = true
            addTarget(self, action: #selector(tapped), for: .touchUpInside)
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = ChipTheme(resolver: resolver)
                self?.contentDidChange()
            }
            updateAppearance()
        }

        override public var isSelected: Bool {
            get { selection.value }
            set {
                selection.send(.setValue(newValue))
                updateAppearance()
            }
        }

        override public var isEnabled: Bool {
            didSet {
                selection.isEnabled = isEnabled
                updateAppearance()
            }
        }

        override public var isHighlighted: Bool {
            didSet { updateAppearance() }
        }

        private var chipState: ChipState {
            ChipState(isEnabled: isEnabled, isHighlighted: isHighlighted, isSelected: selection.value)
        }

        private func contentDidChange() {
            updateAppearance()
            invalidateIntrinsicContentSize()
        }

        private func updateAppearance() {
            appearance = ChipAppearance(theme: theme, kind: kind, state: chipState)
            backgroundColor = UIColor(keel: appearance.colors.background)
            layer.borderColor = UIColor(keel: appearance.colors.border).cgColor
            layer.borderWidth = CGFloat(appearance.borderWidth)
            layer.cornerRadius = CGFloat(appearance.cornerRadius)
            titleLabel.keelSet(
                title, font: appearance.titleFont, color: appearance.colors.title, alignment: .natural)
            checkmarkView.tintColor = UIColor(keel: appearance.colors.icon)
            removeView.tintColor = UIColor(keel: appearance.colors.icon)
            checkmarkView.alpha = CGFloat(appearance.checkmarkOpacity)
            removeView.alpha = CGFloat(appearance.removeButtonOpacity)
            let snapshot = appearance
            let title = title
            let strings = accessibilityStrings
            spoken.update { label, _ in snapshot.accessibility(title: title, label: label, strings: strings) }
            accessibilityCustomActions = snapshot.accessibility(title: title, strings: strings).actions.map {
                action in
                UIAccessibilityCustomAction(name: action.name) { [weak self] _ in
                    self?.perform(ChipAction(accessibilityAction: action.identifier))
                    return true
                }
            }
            setNeedsLayout()
        }

        private var currentLayout: ChipLayout {
            ChipLayout(title: title, appearance: appearance, bounds: bounds.size.keelSize, measurer: measurer)
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            let layout = currentLayout
            checkmarkView.frame = CGRect(keel: layout.placedFrame(of: .checkmark))
            titleLabel.frame = CGRect(keel: layout.placedFrame(of: .title))
            removeView.frame = CGRect(keel: layout.placedFrame(of: .removeButton))
        }

        override func traitsDidChange() {
            invalidateIntrinsicContentSize()
        }

        override public var intrinsicContentSize: CGSize {
            CGSize(keel: ChipLayout.intrinsicSize(title: title, appearance: appearance, measurer: measurer))
        }

        override public func sizeThatFits(_ size: CGSize) -> CGSize {
            CGSize(
                keel: ChipLayout.intrinsicSize(
                    title: title, appearance: appearance, measurer: measurer,
                    maximumWidth: Double(size.width)))
        }

        // MARK: - Touches

        override public func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            appearance.hitTarget.disposition(
                of: point.keelPoint, bounds: bounds.keelRect, isHidden: isHidden,
                isInteractive: appearance.isInteractive
            ).receivesTouch
        }

        override public func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            lastTouchTarget = currentLayout.touchTarget(
                at: touch.location(in: self).keelPoint, bounds: bounds.keelRect, appearance: appearance)
            return super.beginTracking(touch, with: event)
        }

        @objc private func tapped() {
            perform(ChipAction(target: lastTouchTarget, kind: kind, isGrouped: isGrouped))
        }

        private func perform(_ action: ChipAction) {
            switch action {
            case .toggleSelection: toggleSelection()
            case .reportTap: onTap?(self)
            case .remove: onRemove?(self)
            case .none: break
            }
        }

        private func toggleSelection() {
            SelectionEffectBinding.perform(
                selection.send(.tap(hasRequestHandler: false)), on: self, onActivated: {},
                onValueChanged: onSelectionChange, onValueChangeRequest: nil)
            updateAppearance()
        }
    }
#endif
