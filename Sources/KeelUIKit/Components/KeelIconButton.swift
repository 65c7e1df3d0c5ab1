#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import UIKit

    /// The icon-only controls (checkbox, more, close) share this class: one touch target,
    /// one icon layout, one theme binding, from `IconButtonSpec` (the reference copied them
    /// three times). Icons are template images tinted by the theme, so they stay visible in
    /// dark mode and high contrast; the large content viewer shows them at accessibility sizes.
    @MainActor
    public class KeelIconButton: KeelThemedControl {
        /// Called on a tap (not while disabled or pending).
        public var onTap: (@MainActor (KeelIconButton) -> Void)?
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { updateAppearance() }
        }
        /// Maps the spec's semantic icon name (`checkbox.selected`, `more`, `close` …) to an
        /// image; SF Symbols by default.
        public var iconProvider: @MainActor (_ name: String, _ pointSize: Double) -> UIImage? =
            KeelIconButton.systemIcon
        {
            didSet { updateAppearance() }
        }

        override public var isEnabled: Bool {
            didSet { updateAppearance() }
        }

        /// The spec currently drawn.
        package private(set) var spec: IconButtonSpec
        let iconView = UIImageView()

        init(kind: IconButtonKind) {
            spec = IconButtonSpec(kind: kind, resolver: KeelThemeContext.global.resolver())
            super.init(frame: .zero)
            setUp()
        }

        /// A button of `kind` from a storyboard or nib (the subclasses' `init?(coder:)`).
        init?(coder: NSCoder, kind: IconButtonKind) {
            spec = IconButtonSpec(kind: kind, resolver: KeelThemeContext.global.resolver())
            super.init(coder: coder)
            setUp()
        }

        /// A storyboard or nib icon button: a more button, with the global theme context until
        /// ``KeelThemedControl/bindThemeContext(_:)`` binds its scene's (the subclasses decode as
        /// themselves).
        required init?(coder: NSCoder) {
            spec = IconButtonSpec(kind: .more, resolver: KeelThemeContext.global.resolver())
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            iconView.contentMode = .center
            iconView.isUserInteractionEnabled = false
            addSubview(iconView)
            isAccessibilityElement = true
            showsLargeContentViewer = true
            addInteraction(UILargeContentViewerInteraction())
            addTarget(self, action: #selector(tapped), for: .touchUpInside)
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                guard let self else { return }
                self.spec = IconButtonSpec(kind: self.spec.kind, resolver: resolver)
                self.updateAppearance()
                self.invalidateIntrinsicContentSize()
            }
        }

        /// SF Symbols for the spec's icon names (`IconButtonSpec/systemSymbolNames`).
        package static func systemIcon(_ name: String, pointSize: Double) -> UIImage? {
            let configuration = UIImage.SymbolConfiguration(pointSize: CGFloat(pointSize))
            return UIImage(
                systemName: IconButtonSpec.systemSymbolName(for: name), withConfiguration: configuration
            )?.withRenderingMode(.alwaysTemplate)
        }

        /// Whether the control acts on touches now (subclasses add pending states).
        var isInteractive: Bool { isEnabled }
        /// Whether the icon shows the selected variant.
        var showsSelectedIcon: Bool { false }

        /// What assistive technology is told, for the caller's label and value.
        func describe() -> @Sendable (String?, String?) -> AccessibilityDescription {
            let spec = spec
            let strings = accessibilityStrings
            let enabled = isEnabled
            return { label, _ in spec.accessibility(label: label, isEnabled: enabled, strings: strings) }
        }

        /// Applies the spec: icon, tint, opacity, accessibility.
        func updateAppearance() {
            let selected = showsSelectedIcon
            iconView.image = iconProvider(spec.iconName(isSelected: selected), spec.iconSize)
            iconView.tintColor = UIColor(keel: spec.iconTint(isSelected: selected))
            alpha = CGFloat(spec.opacity(isInteractive: isInteractive))
            spoken.update(describe())
            largeContentTitle = spoken.label
            largeContentImage = iconView.image
            setNeedsLayout()
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            iconView.frame = CGRect(keel: spec.iconFrame(in: bounds.size.keelSize))
        }

        override public var intrinsicContentSize: CGSize { CGSize(keel: spec.intrinsicSize) }

        override public func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            spec.hitTarget.disposition(
                of: point.keelPoint, bounds: bounds.keelRect, isHidden: isHidden, isInteractive: isInteractive
            ).receivesTouch
        }

        override public func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            isInteractive && super.beginTracking(touch, with: event)
        }

        @objc private func tapped() {
            handleTap()
        }

        /// A tap the control acts on.
        func handleTap() {
            guard isInteractive else { return }
            onTap?(self)
        }

    }

    /// The "more actions" icon button.
    @MainActor
    public final class KeelMoreButton: KeelIconButton {
        /// A more button.
        public init() { super.init(kind: .more) }

        /// A more button from a storyboard or nib.
        required init?(coder: NSCoder) { super.init(coder: coder, kind: .more) }
    }

    /// The close icon button (24 pt icon, or 28 pt when `large`).
    @MainActor
    public final class KeelCloseButton: KeelIconButton {
        /// A close button.
        public init(large: Bool = false) { super.init(kind: .close(large: large)) }

        /// A (24 pt) close button from a storyboard or nib.
        required init?(coder: NSCoder) { super.init(coder: coder, kind: .close(large: false)) }
    }

    /// A checkbox: immediate, or asking first (`SelectionBehavior/requiresConfirmation`)
    /// through `ConfirmableSelection`.
    ///
    /// ```swift
    /// let done = KeelCheckboxButton(isSelected: false, selectionBehavior: .requiresConfirmation)
    /// done.onValueChangeRequest = { requested in
    ///     Task { done.resolveSelectionChange(to: try await api.setDone(requested)) }
    /// }
    /// ```
    @MainActor
    public final class KeelCheckboxButton: KeelIconButton {
        /// The selection state machine.
        package private(set) var selection: ConfirmableSelection
        /// Called when the value changed (also sends `.valueChanged`).
        public var onValueChanged: (@MainActor (Bool) -> Void)?
        /// Called with the requested value in confirmation mode; answer with
        /// ``resolveSelectionChange(to:)`` or ``cancelSelectionChange()``.
        public var onValueChangeRequest: (@MainActor (Bool) -> Void)? {
            didSet { updateAppearance() }
        }

        /// A checkbox.
        public init(isSelected: Bool = false, selectionBehavior: SelectionBehavior = .immediate) {
            selection = ConfirmableSelection(value: isSelected, behavior: selectionBehavior)
            super.init(kind: .checkbox)
            super.isSelected = isSelected
            updateAppearance()
        }

        /// An unselected, immediate checkbox from a storyboard or nib (its `isSelected` from the
        /// archive is taken silently).
        required init?(coder: NSCoder) {
            selection = ConfirmableSelection(value: false, behavior: .immediate)
            super.init(coder: coder, kind: .checkbox)
            selection = ConfirmableSelection(value: super.isSelected, behavior: .immediate)
            updateAppearance()
        }

        /// Setting it changes the value silently (no events).
        override public var isSelected: Bool {
            didSet { perform(selection.send(.setValue(isSelected))) }
        }

        override public var isEnabled: Bool {
            didSet {
                selection.isEnabled = isEnabled
                updateAppearance()
            }
        }

        /// Whether a request waits for an answer (drawn like disabled; taps ignored).
        public var isPending: Bool { selection.isPending }

        /// Commits the answer to a pending request (events only if the value changed).
        public func resolveSelectionChange(to value: Bool) { perform(selection.send(.resolve(value))) }

        /// Withdraws a pending request; the value stays.
        public func cancelSelectionChange() { perform(selection.send(.cancel)) }

        override var isInteractive: Bool { selection.isInteractive }
        override var showsSelectedIcon: Bool { selection.displayedValue }

        override func describe() -> @Sendable (String?, String?) -> AccessibilityDescription {
            let spec = spec
            let strings = accessibilityStrings
            let selection = selection
            return { label, _ in spec.accessibility(selection: selection, label: label, strings: strings) }
        }

        override func handleTap() {
            perform(selection.send(.tap(hasRequestHandler: onValueChangeRequest != nil)))
        }

        private func perform(_ transition: StateTransition<SelectionEffect>) {
            super.isSelected = selection.value
            SelectionEffectBinding.perform(
                transition, on: self, onActivated: { self.onTap?(self) },
                onValueChanged: onValueChanged, onValueChangeRequest: onValueChangeRequest)
            updateAppearance()
        }
    }
#endif
