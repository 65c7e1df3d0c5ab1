#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import UIKit

    /// The design system's switch: geometry and colours from `ToggleLayout` (the thumb
    /// mirrors in right-to-left layouts), immediate or confirmed changes from
    /// `ConfirmableSelection`, announced by VoiceOver as a switch.
    ///
    /// ```swift
    /// let sync = KeelToggle(isOn: true, selectionBehavior: .requiresConfirmation)
    /// sync.onValueChangeRequest = { requested in
    ///     Task { sync.resolveValueChange(to: await settings.setSync(requested)) }
    /// }
    /// ```
    @MainActor
    public final class KeelToggle: KeelThemedControl {
        /// The selection state machine.
        package private(set) var selection: ConfirmableSelection
        /// Called when the value changed (also sends `.valueChanged`).
        public var onValueChanged: (@MainActor (Bool) -> Void)?
        /// Called with the requested value in confirmation mode; answer with
        /// ``resolveValueChange(to:)`` or ``cancelValueChange()``.
        public var onValueChangeRequest: (@MainActor (Bool) -> Void)? {
            didSet { updateAppearance(animated: false) }
        }
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { updateAppearance(animated: false) }
        }

        private var theme: ToggleTheme
        private let track = UIView()
        private let thumb = UIView()

        /// A toggle.
        public init(isOn: Bool = false, selectionBehavior: SelectionBehavior = .immediate) {
            selection = ConfirmableSelection(value: isOn, behavior: selectionBehavior)
            theme = ToggleTheme(resolver: KeelThemeContext.global.resolver())
            super.init(frame: .zero)
            setUp()
        }

        /// An off, immediate toggle from a storyboard or nib, with the global theme context until
        /// ``KeelThemedControl/bindThemeContext(_:)`` binds its scene's.
        required init?(coder: NSCoder) {
            selection = ConfirmableSelection(value: false, behavior: .immediate)
            theme = ToggleTheme(resolver: KeelThemeContext.global.resolver())
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            track.isUserInteractionEnabled = false
            thumb.isUserInteractionEnabled = false
            addSubview(track)
            addSubview(thumb)
            isAccessibilityElement = true
            showsLargeContentViewer = true
            addInteraction(UILargeContentViewerInteraction())
            addTarget(self, action: #selector(tapped), for: .touchUpInside)
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = ToggleTheme(resolver: resolver)
                self?.updateAppearance(animated: false)
                self?.invalidateIntrinsicContentSize()
            }
        }

        /// The value; setting it sends no events.
        public var isOn: Bool {
            get { selection.value }
            set { setOn(newValue, animated: false) }
        }

        /// Sets the value without events, optionally animated.
        public func setOn(_ on: Bool, animated: Bool) {
            perform(selection.send(.setValue(on)), animated: animated)
        }

        /// Whether a request waits for an answer (drawn like disabled; taps ignored).
        public var isPending: Bool { selection.isPending }

        /// Commits the answer to a pending request (events only if the value changed).
        public func resolveValueChange(to value: Bool) {
            perform(selection.send(.resolve(value)), animated: true)
        }

        /// Withdraws a pending request; the value stays.
        public func cancelValueChange() { perform(selection.send(.cancel), animated: true) }

        override public var isEnabled: Bool {
            didSet {
                selection.isEnabled = isEnabled
                updateAppearance(animated: false)
            }
        }

        @objc private func tapped() {
            perform(selection.send(.tap(hasRequestHandler: onValueChangeRequest != nil)), animated: true)
        }

        private func perform(_ transition: StateTransition<SelectionEffect>, animated: Bool) {
            SelectionEffectBinding.perform(
                transition, on: self, onActivated: {}, onValueChanged: onValueChanged,
                onValueChangeRequest: onValueChangeRequest)
            updateAppearance(animated: animated)
        }

        private var currentLayout: ToggleLayout {
            ToggleLayout(
                theme: theme, selection: selection, bounds: bounds.size.keelSize,
                direction: traitCollection.keelTraits.layoutDirection)
        }

        private func updateAppearance(animated: Bool) {
            let selection = selection
            let strings = accessibilityStrings
            spoken.update { label, _ in
                ToggleLayout.accessibility(selection: selection, label: label, strings: strings)
            }
            largeContentTitle = spoken.label
            let layout = currentLayout
            keelAnimate(theme.motion, animated: animated) { [weak self] in
                self?.apply(layout)
            }
        }

        private func apply(_ layout: ToggleLayout) {
            track.frame = CGRect(keel: layout.trackFrame)
            track.layer.cornerRadius = CGFloat(layout.trackCornerRadius)
            track.backgroundColor = UIColor(keel: layout.trackColor)
            thumb.frame = CGRect(keel: layout.thumbFrame)
            thumb.layer.cornerRadius = CGFloat(layout.thumbCornerRadius)
            thumb.backgroundColor = UIColor(keel: layout.thumbColor)
            alpha = CGFloat(layout.opacity)
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            apply(currentLayout)
        }

        /// Re-measures after a trait change.
        override func traitsDidChange() {
            setNeedsLayout()
        }

        override public var intrinsicContentSize: CGSize { CGSize(keel: currentLayout.intrinsicSize) }

        override public func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            theme.hitTarget.disposition(
                of: point.keelPoint, bounds: bounds.keelRect, isHidden: isHidden,
                isInteractive: selection.isInteractive
            ).receivesTouch
        }

    }
#endif
