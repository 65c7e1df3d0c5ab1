#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelUIKitBinding
    import UIKit

    /// The design system's badge: a dot, or a count that shows `99+` past the theme's maximum,
    /// in a status tone, with a ring in the surface's colour. Colours, size (grown with
    /// Dynamic Type) and where it sits on its host come from `BadgeAppearance` and
    /// `BadgeLayout` in KeelComponents.
    ///
    /// ```swift
    /// let badge = KeelBadge(content: .count(unread))
    /// inboxIcon.addSubview(badge)
    /// // in the host's layoutSubviews:
    /// badge.placeOnSuperview()
    /// ```
    ///
    /// A count of zero or less hides the badge. VoiceOver reads "3 new" (its
    /// `accessibilityLabel`, which a host that speaks for its badge reads; `nil` while hidden).
    @MainActor
    public final class KeelBadge: KeelThemedView {
        /// What the badge shows.
        public var content: BadgeContent {
            didSet { contentDidChange() }
        }
        /// The colour pair.
        public var tone: BadgeTone {
            didSet { contentDidChange() }
        }
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { contentDidChange() }
        }

        /// The appearance currently drawn.
        package private(set) var appearance: BadgeAppearance
        private var theme: BadgeTheme
        private let label = UILabel()
        private let ringLayer = CALayer()
        private let measurer = UIKitTextMeasurer()

        /// A badge.
        public init(content: BadgeContent, tone: BadgeTone = .critical) {
            self.content = content
            self.tone = tone
            let theme = BadgeTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = BadgeAppearance(theme: theme, content: content, tone: tone)
            super.init(frame: .zero)
            setUp()
        }

        /// A dot badge from a storyboard or nib.
        required init?(coder: NSCoder) {
            content = .dot
            tone = .critical
            let theme = BadgeTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = BadgeAppearance(theme: theme, content: .dot, tone: .critical)
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            isUserInteractionEnabled = false
            isAccessibilityElement = true
            label.textAlignment = .center
            layer.addSublayer(ringLayer)
            addSubview(label)
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = BadgeTheme(resolver: resolver)
                self?.contentDidChange()
            }
        }

        /// What VoiceOver hears for the badge ("3 new", "More than 99 new", "New"), for a host
        /// that speaks for it; `nil` while hidden.
        package var spokenText: String? { appearance.spokenText(strings: accessibilityStrings) }

        /// Moves the badge onto its superview's top-trailing corner (call it from the host's
        /// `layoutSubviews`).
        public func placeOnSuperview() {
            guard let host = superview else { return }
            frame = CGRect(
                keel: currentLayout.frame(onHost: host.bounds.size.keelSize, appearance: appearance))
        }

        private var currentLayout: BadgeLayout { BadgeLayout(appearance: appearance, measurer: measurer) }

        private func contentDidChange() {
            appearance = BadgeAppearance(theme: theme, content: content, tone: tone)
            isHidden = !appearance.isShown
            backgroundColor = UIColor(keel: appearance.background)
            layer.cornerRadius = CGFloat(appearance.cornerRadius)
            ringLayer.borderWidth = CGFloat(appearance.ringWidth)
            ringLayer.borderColor = UIColor(keel: appearance.ringColor).cgColor
            label.keelSet(
                appearance.text, font: appearance.font, color: appearance.textColor, alignment: .center)
            let description = appearance.accessibility(strings: accessibilityStrings)
            accessibilityLabel = description?.label
            accessibilityTraits = description?.uiAccessibilityTraits ?? []
            invalidateIntrinsicContentSize()
            setNeedsLayout()
            superview?.setNeedsLayout()
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            let layout = currentLayout
            label.frame = CGRect(keel: layout.displayedTextFrame)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            ringLayer.frame = CGRect(keel: layout.displayedRingFrame)
            ringLayer.cornerRadius = CGFloat(layout.ringCornerRadius)
            CATransaction.commit()
        }

        override public var intrinsicContentSize: CGSize { CGSize(keel: currentLayout.size) }

        override public func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(keel: currentLayout.size) }
    }
#endif
